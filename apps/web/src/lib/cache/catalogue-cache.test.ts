import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueCache, LIVE_ONLY_TAG } from './catalogue-cache.mjs';

/** A fake `GET /v1/catalogue-changes` on 127.0.0.1: each connection's response is held for the test to write. */
class FakeStream {
  server: Server;
  connections: { res: ServerResponse; headers: IncomingHttpHeaders; at: number }[] = [];
  /** The status of the next connections (200: an event stream). */
  status = 200;
  private waiters: (() => void)[] = [];

  constructor() {
    this.server = createServer((req, res) => {
      if (this.status !== 200) {
        res.writeHead(this.status, { 'content-type': 'application/json' }).end('{"message":"down"}');
        this.connections.push({ res, headers: req.headers, at: Date.now() });
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.flushHeaders();
        this.connections.push({ res, headers: req.headers, at: Date.now() });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/catalogue-changes`;
  }

  /** Resolves when the n-th connection (1-based) has arrived. */
  async connection(n: number): Promise<ServerResponse> {
    while (this.connections.length < n) await new Promise<void>((wake) => this.waiters.push(wake));
    return (this.connections[n - 1] as { res: ServerResponse }).res;
  }

  async close(): Promise<void> {
    for (const { res } of this.connections) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const write = (res: ServerResponse, text: string) =>
  new Promise<void>((resolve) => res.write(text, () => resolve()));

/** Waits (at most `ms`) until the condition holds; fails the test otherwise. */
async function until(condition: () => boolean, ms = 2000): Promise<number> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - start;
}

describe('CatalogueCache (in memory)', () => {
  it('stores and serves entries while live, with their tags', () => {
    const cache = new CatalogueCache();
    cache.setLive(true);
    expect(cache.get('a')).toBeNull();
    expect(cache.set('a', { body: 1 }, ['catalogue'])).toBe(true);
    expect(cache.get('a')?.value).toEqual({ body: 1 });
  });

  it('drops the entries of a changed tag and keeps the others', () => {
    const cache = new CatalogueCache();
    cache.setLive(true);
    cache.set('menu', 'm', ['catalogue']);
    cache.set('branch', 'b', ['branches']);
    cache.set('both', 'mb', ['branches', 'catalogue']);
    cache.invalidateTags(['catalogue']);
    expect(cache.get('menu')).toBeNull();
    expect(cache.get('both')).toBeNull();
    expect(cache.get('branch')?.value).toBe('b');
    expect(cache.size).toBe(1);
  });

  it("checks the caller's soft tags too (a page's implicit tags)", () => {
    const cache = new CatalogueCache();
    cache.setLive(true);
    cache.set('k', 'v', []);
    cache.invalidateTags(['_N_T_/en']);
    expect(cache.get('k', ['_N_T_/en'])).toBeNull();
  });

  it('does not store an answer whose read began before a change of its tags', () => {
    const cache = new CatalogueCache();
    cache.setLive(true);
    expect(cache.get('menu')).toBeNull(); // Next asks, misses, fetches...
    cache.invalidateTags(['catalogue']); // ...a price changes while the answer is on its way...
    expect(cache.set('menu', 'old price', ['catalogue'])).toBe(false); // ...so it may hold the old price.
    expect(cache.get('menu')).toBeNull();
    // A change of another tag meanwhile does not matter.
    cache.get('branch');
    cache.invalidateTags(['content']);
    expect(cache.set('branch', 'b', ['branches'])).toBe(true);
  });

  it('drops everything on reset, including answers still on their way', () => {
    const cache = new CatalogueCache();
    cache.setLive(true);
    cache.set('a', 1, ['catalogue']);
    cache.get('b');
    cache.reset();
    expect(cache.get('a')).toBeNull();
    expect(cache.set('b', 2, ['content'])).toBe(false);
    expect(cache.set('b', 2, ['content'])).toBe(true);
  });

  it('serves entries for the fallback TTL only while not live, and live-only entries not at all', () => {
    let now = 1_000_000;
    const cache = new CatalogueCache({ fallbackTtlMs: 5000, now: () => now });
    cache.set('menu', 'm', ['catalogue']);
    cache.set('stops', 's', ['catalogue', LIVE_ONLY_TAG]);
    expect(cache.get('stops')).toBeNull();
    now += 5000;
    expect(cache.get('menu')?.value).toBe('m');
    now += 1;
    expect(cache.get('menu')).toBeNull();
    // While live, age alone does not expire an entry (Next's revalidate window still applies).
    cache.setLive(true);
    cache.set('menu', 'm', ['catalogue']);
    cache.set('stops', 's', ['catalogue', LIVE_ONLY_TAG]);
    now += 3_600_000;
    expect(cache.get('menu')?.value).toBe('m');
    expect(cache.get('stops')?.value).toBe('s');
    // Losing the stream: the hour-old entry is past the TTL at once.
    cache.setLive(false);
    expect(cache.get('menu')).toBeNull();
  });

  it('is bounded in entries and in bytes, dropping the least recently used', () => {
    const cache = new CatalogueCache({ maxEntries: 3, maxBytes: 1000 });
    cache.setLive(true);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, [], 10);
    cache.get('a');
    cache.set('d', 'd', [], 10);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')?.value).toBe('a');
    cache.set('big', 'x', [], 985);
    expect(cache.get('big')?.value).toBe('x');
    expect(cache.size).toBeLessThanOrEqual(2);
    // Larger than the whole cache: not kept.
    cache.set('huge', 'y', [], 5000);
    expect(cache.get('huge')).toBeNull();
  });
});

describe('CatalogueCache subscribed to a fake change stream on 127.0.0.1', () => {
  let fake: FakeStream;
  let url: string;
  const stops: (() => void)[] = [];

  beforeEach(async () => {
    fake = new FakeStream();
    url = await fake.listen();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    await fake.close();
  });

  const subscribe = (
    cache: CatalogueCache,
    options: Partial<Parameters<CatalogueCache['subscribe']>[0]> = {},
  ) => {
    const sub = cache.subscribe({
      url,
      headers: { Shipper: 'shipper-id', Platform: 'platform-id' },
      initialBackoffMs: 20,
      maxBackoffMs: 80,
      random: () => 0,
      log: () => undefined,
      ...options,
    });
    stops.push(sub.stop);
    return sub;
  };

  it('sends the headers, goes live on reset and drops a changed tag within one event', async () => {
    const cache = new CatalogueCache();
    subscribe(cache);
    const res = await fake.connection(1);
    expect(fake.connections[0]?.headers).toMatchObject({
      shipper: 'shipper-id',
      platform: 'platform-id',
      accept: 'text/event-stream',
    });
    expect(cache.live).toBe(false);
    cache.set('stale-from-before', 'x', ['content']);
    await write(res, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    expect(cache.get('stale-from-before')).toBeNull();

    cache.set('menu', 'm', ['catalogue']);
    cache.set('branch', 'b', ['branches']);
    await write(res, 'event: change\ndata: {"tags":["catalogue"]}\n\n');
    const took = await until(() => cache.get('menu') === null, 1000);
    expect(took).toBeLessThan(1000);
    expect(cache.get('branch')?.value).toBe('b');
  });

  it('parses events split anywhere across chunks, skips comments and ignores malformed data', async () => {
    const cache = new CatalogueCache();
    subscribe(cache);
    const res = await fake.connection(1);
    await write(res, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    cache.set('menu', 'm', ['catalogue']);
    cache.set('news', 'n', ['content']);
    cache.set('shipper', 's', ['shipper']);

    // Malformed: not JSON, no tags, tags not strings, an unknown event. Nothing is dropped.
    for (const text of [
      ': ping\n\n',
      'event: change\ndata: {"tags":\n\n',
      'event: change\ndata: {}\n\n',
      'event: change\ndata: {"tags":[1]}\n\n',
      'event: change\ndata: {"tags":[]}\n\n',
      'event: something\ndata: {"tags":["catalogue"]}\n\n',
      'data: {"tags":["catalogue"]}\n\n',
    ]) {
      await write(res, text);
    }
    // The next well-formed event, byte by byte and with CRLF line ends: the parser has kept up.
    const event = 'event: change\r\ndata: {"tags":["content"]}\r\n\r\n';
    for (const char of event) await write(res, char);
    await until(() => cache.get('news') === null);
    expect(cache.get('menu')?.value).toBe('m');
    expect(cache.get('shipper')?.value).toBe('s');

    // Two events in one chunk, the second cut in the middle of its data line.
    await write(res, 'event: change\ndata: {"tags":["shipper"]}\n\nevent: change\ndata: {"tags":["cata');
    await until(() => cache.get('shipper') === null);
    expect(cache.get('menu')?.value).toBe('m');
    await write(res, 'logue"]}\n\n');
    await until(() => cache.get('menu') === null);
  });

  it('treats a tag it does not know as a reset', async () => {
    const cache = new CatalogueCache();
    subscribe(cache);
    const res = await fake.connection(1);
    await write(res, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    cache.set('news', 'n', ['content']);
    await write(res, 'event: change\ndata: {"tags":["loyalty"]}\n\n');
    await until(() => cache.get('news') === null);
  });

  it('falls back to the TTL when the stream drops, reconnects with backoff and resets on return', async () => {
    let now = 0;
    const cache = new CatalogueCache({ fallbackTtlMs: 5000, now: () => now });
    const sub = subscribe(cache);
    const first = await fake.connection(1);
    await write(first, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    cache.set('menu', 'm', ['catalogue']);
    now += 60_000;
    expect(cache.get('menu')?.value).toBe('m');

    // The API goes away: no longer live, the minute-old entry is past the TTL; answers read now
    // are served for the TTL only.
    fake.status = 503;
    first.destroy();
    await until(() => !cache.live);
    expect(cache.get('menu')).toBeNull();
    cache.set('menu', 'm2', ['catalogue']);
    now += 4000;
    expect(cache.get('menu')?.value).toBe('m2');
    now += 1001;
    expect(cache.get('menu')).toBeNull();

    // Two refused attempts, growing apart (20 ms, then 40 ms, then 80 ms), then the stream is back.
    await fake.connection(3);
    fake.status = 200;
    const back = await fake.connection(4);
    const at = fake.connections.map((c) => c.at);
    const [second = 0, third = 0, fourth = 0] = at.slice(1);
    expect(third - second).toBeGreaterThanOrEqual(35);
    expect(fourth - third).toBeGreaterThanOrEqual(third - second);
    cache.set('menu', 'during-outage', ['catalogue']);
    await write(back, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    // The reset drops what was read while changes could not be heard.
    expect(cache.get('menu')).toBeNull();
    expect(sub.state()).toMatchObject({ live: true, connects: 2 });
    expect(sub.state().failures).toBeGreaterThanOrEqual(3);
  });

  it('counts a silent connection (no heartbeat) as lost and reconnects', async () => {
    const cache = new CatalogueCache();
    subscribe(cache, { heartbeatTimeoutMs: 500 });
    const first = await fake.connection(1);
    await write(first, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    // Heartbeats keep it alive...
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await write(first, ': ping\n\n');
    }
    expect(cache.live).toBe(true);
    expect(fake.connections).toHaveLength(1);
    // ...silence does not.
    await until(() => !cache.live, 2000);
    await fake.connection(2);
  });

  it('stops: no more connections after stop()', async () => {
    const cache = new CatalogueCache();
    const sub = subscribe(cache);
    const res = await fake.connection(1);
    await write(res, 'event: reset\ndata: {}\n\n');
    await until(() => cache.live);
    sub.stop();
    expect(cache.live).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.connections).toHaveLength(1);
  });
});
