import { ZApiError, ZCatalogueChange } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANGED_CHANNEL } from '../../adapters/order-events/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';

type Event = { event: string; data: string };

/** GET /v1/catalogue-changes read with fetch, as a storefront server reads it. */
async function openChanges(base: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/v1/catalogue-changes`, {
    headers: { ...CLIENT_HEADERS, ...headers },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    response,
    close: () => controller.abort(),
    /** The next event (comments and `retry:` blocks are skipped). */
    next: async (ms = 3_000): Promise<Event> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) return { event, data: field('data') ?? '' };
          continue;
        }
        if (!reader) throw new Error('no body');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event in ${ms} ms; got ${JSON.stringify(buffer)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), left)),
        ]);
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

describe('GET /v1/catalogue-changes', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CATALOGUE_STREAM_LIMIT: 2 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    const closing = t?.close();
    // Connections fetch opened ahead without a request would hold the close until their headers timeout.
    t?.app.server.closeAllConnections();
    await closing;
  });

  it('sends reset first, then a change per committed write with its tags, nothing for a rollback', async () => {
    const stream = await openChanges(base);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await stream.next()).toEqual({ event: 'reset', data: '{}' });

    await expect(
      t.app.db.transaction(async (tx) => {
        // Another tag than the write below: had it been announced, it would come first.
        await tx.execute(sql`update pages set slug = slug`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Malformed notifications are not forwarded either.
    await t.app.db.execute(sql`select pg_notify(${CATALOGUE_CHANGED_CHANNEL}, 'not json')`);
    await t.app.db.execute(sql`update branch_stop_list set product_id = product_id`);
    const change = await stream.next();
    expect(change.event).toBe('change');
    expect(ZCatalogueChange.parse(JSON.parse(change.data))).toEqual({ tags: ['catalogue'] });
    expect(change.data).toBe('{"tags":["catalogue"]}');

    // One transaction writing two kinds: both tags arrive (in one or two events).
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`update branches set slug = slug`);
      await tx.execute(sql`update shippers set name = name`);
    });
    const tags = new Set<string>();
    while (tags.size < 2) for (const tag of JSON.parse((await stream.next()).data).tags) tags.add(tag);
    expect([...tags].sort()).toEqual(['branches', 'shipper']);
    stream.close();
  });

  it('refuses streams beyond CATALOGUE_STREAM_LIMIT with a 503 JSON error, and takes one again when one closes', async () => {
    const first = await openChanges(base);
    const second = await openChanges(base);
    expect(await first.next()).toMatchObject({ event: 'reset' });
    expect(await second.next()).toMatchObject({ event: 'reset' });
    const refused = await fetch(`${base}/v1/catalogue-changes`, {
      headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(ZApiError.parse(await refused.json())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable',
    });
    first.close();
    let again: Awaited<ReturnType<typeof openChanges>> | undefined;
    for (let i = 0; i < 50 && !again; i++) {
      const next = await openChanges(base);
      if (next.response.status === 200) again = next;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(again).toBeDefined();
    expect(await again?.next()).toMatchObject({ event: 'reset' });
    again?.close();
    second.close();
  });

  it('needs the client headers like every /v1 route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/catalogue-changes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MISSING_HEADER' });
  });

  it('is in the API reference as an event stream', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const op = doc.paths['/v1/catalogue-changes']?.get;
    expect(Object.keys(op?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404', '503']));
  });
});

describe('GET /v1/catalogue-changes from one client address', () => {
  let t: TestApp;
  let base: string;
  /** Behind a proxy on this machine, which names the client in X-Forwarded-For (TRUST_PROXY). */
  const from = (ip: string) => ({ 'x-forwarded-for': ip, 'accept-language': 'en' });
  beforeAll(async () => {
    t = await buildTestApp({
      env: { CATALOGUE_STREAM_LIMIT: 10, CATALOGUE_STREAM_LIMIT_PER_ADDRESS: 2, TRUST_PROXY: ['127.0.0.1'] },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    const closing = t?.close();
    // Connections fetch opened ahead without a request would hold the close until their headers timeout.
    t?.app.server.closeAllConnections();
    await closing;
  });

  it('refuses streams beyond CATALOGUE_STREAM_LIMIT_PER_ADDRESS with 429, while other addresses still get theirs', async () => {
    const mine = [await openChanges(base, from('203.0.113.5')), await openChanges(base, from('203.0.113.5'))];
    for (const stream of mine) expect(await stream.next()).toMatchObject({ event: 'reset' });
    const refused = await fetch(`${base}/v1/catalogue-changes`, {
      headers: { ...CLIENT_HEADERS, ...from('203.0.113.5') },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(ZApiError.parse(await refused.json())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // An IPv6 client counts by its /64: another address of it is the same client.
    const v6 = [await openChanges(base, from('2001:db8::1')), await openChanges(base, from('2001:db8::2'))];
    for (const stream of v6) expect(stream.response.status).toBe(200);
    const v6Refused = await fetch(`${base}/v1/catalogue-changes`, {
      headers: { ...CLIENT_HEADERS, ...from('2001:db8::3') },
    });
    expect(v6Refused.status).toBe(429);
    await v6Refused.arrayBuffer();

    // The storefront's server, connecting from its own address, is not locked out.
    const storefront = await openChanges(base, from('198.51.100.7'));
    expect(storefront.response.status).toBe(200);
    expect(await storefront.next()).toMatchObject({ event: 'reset' });

    // A closed stream gives its address's place back.
    mine[0]?.close();
    let again: Awaited<ReturnType<typeof openChanges>> | undefined;
    for (let i = 0; i < 50 && !again; i++) {
      const next = await openChanges(base, from('203.0.113.5'));
      if (next.response.status === 200) again = next;
      else {
        next.close();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(await again?.next()).toMatchObject({ event: 'reset' });
    for (const stream of [again, mine[1], ...v6, storefront]) stream?.close();
  });

  it('answers HEAD 404 in JSON without taking a place: after five HEADs the address still has both of its places', async () => {
    // Fastify would answer HEAD by running the GET handler and dropping the body: a stream nobody
    // reads, whose place (and heartbeat, and bus listener) was never given back.
    for (let i = 0; i < 5; i++) {
      const head = await fetch(`${base}/v1/catalogue-changes`, {
        method: 'HEAD',
        headers: { ...CLIENT_HEADERS, ...from('203.0.113.77') },
      });
      expect(head.status).toBe(404);
      expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/v1/catalogue-changes',
      headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
    });
    expect(head.statusCode).toBe(404);
    // A HEAD answer has no body; its headers are those of the JSON error a GET of an unknown route gets.
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Route HEAD /v1/catalogue-changes not found',
    };
    expect(ZApiError.parse(body)).toEqual(body);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
    // CATALOGUE_STREAM_LIMIT_PER_ADDRESS is 2 here: both of the address's places are free.
    const streams = [
      await openChanges(base, from('203.0.113.77')),
      await openChanges(base, from('203.0.113.77')),
    ];
    for (const stream of streams) {
      expect(stream.response.status).toBe(200);
      expect(await stream.next()).toMatchObject({ event: 'reset' });
    }
    for (const stream of streams) stream.close();
  });
});
