import type { TOrderDetail, TOrderStatus, TOrderStatusEvent } from '@app/contracts';
import { ZOrderStatusEvent } from '@app/contracts/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openFakeSse, type TFakeSse } from '@/test/fake-sse';
import { MAX_EVENT_CHARS, startStatusFeed, type TFeedState, type TStatusFeedOptions } from './status-feed';

const ORDER_ID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

type TFakeStream = TFakeSse & { event: (status: TOrderStatus) => void };

function openFake(signal: AbortSignal, status = 200): { response: Response; stream: TFakeStream } {
  const { response, stream: sse } = openFakeSse(signal, status);
  const stream: TFakeStream = {
    ...sse,
    event: (s) => sse.send(`event: status\ndata: ${JSON.stringify(statusEvent(s))}\n\n`),
  };
  return { response, stream };
}

function statusEvent(status: TOrderStatus): TOrderStatusEvent {
  return { order_id: ORDER_ID, status, at: new Date().toISOString(), courier: null };
}

const order = (status: TOrderStatus) => ({ id: ORDER_ID, status }) as TOrderDetail;

/** A feed over fakes: every stream opened is kept, every state and event recorded. */
function harness(overrides: Partial<TStatusFeedOptions> = {}) {
  const streams: TFakeStream[] = [];
  const states: TFeedState[] = [];
  const events: TOrderStatus[] = [];
  const orders: TOrderStatus[] = [];
  const fatal: number[] = [];
  let streamStatus = 200;
  let failOpen = false;
  let pollStatus: TOrderStatus = 'operator-accepted';
  const fetchOrder = vi.fn(async () => order(pollStatus));
  const openStream = vi.fn(async (signal: AbortSignal) => {
    if (failOpen) throw new TypeError('Failed to fetch');
    const { response, stream } = openFake(signal, streamStatus);
    streams.push(stream);
    return response;
  });
  const feed = startStatusFeed({
    openStream,
    fetchOrder,
    onEvent: (e) => events.push(e.status),
    onOrder: (o) => orders.push(o.status),
    onState: (s) => states.push(s),
    onFatal: (s) => fatal.push(s),
    // The contract itself, already loaded (the feed's default loads it with the first stream).
    eventSchema: async () => ZOrderStatusEvent,
    ...overrides,
  });
  return {
    feed,
    streams,
    states,
    events,
    orders,
    fatal,
    openStream,
    fetchOrder,
    last: () => streams.at(-1) as TFakeStream,
    setStreamStatus: (s: number) => {
      streamStatus = s;
    },
    setFailOpen: (v: boolean) => {
      failOpen = v;
    },
    setPollStatus: (s: TOrderStatus) => {
      pollStatus = s;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('status feed', () => {
  it('delivers each status of the stream and closes at a terminal one', async () => {
    const h = harness();
    await tick();
    expect(h.states).toEqual(['connecting']);
    h.last().send(': heartbeat\n\n');
    h.last().event('new');
    await tick();
    expect(h.states).toEqual(['connecting', 'live']);
    h.last().event('operator-accepted');
    h.last().send('data: not json\n\n');
    h.last().send(`data: ${JSON.stringify({ order_id: ORDER_ID, status: 'eaten' })}\n\n`);
    h.last().event('finished');
    await tick();
    expect(h.events).toEqual(['new', 'operator-accepted', 'finished']);
    expect(h.states.at(-1)).toBe('closed');
    await tick(120_000);
    expect(h.openStream).toHaveBeenCalledTimes(1);
    expect(h.fetchOrder).not.toHaveBeenCalled();
  });

  it('closes once the order is delivered: nothing the customer waits for follows', async () => {
    const h = harness();
    await tick();
    h.last().event('courier-picked');
    await tick();
    expect(h.states.at(-1)).toBe('live');
    h.last().event('delivered');
    await tick();
    expect(h.events).toEqual(['courier-picked', 'delivered']);
    expect(h.states.at(-1)).toBe('closed');
    await tick(120_000);
    expect(h.openStream).toHaveBeenCalledTimes(1);
    expect(h.fetchOrder).not.toHaveBeenCalled();
  });

  it('polls every 10 s when the stream drops, and stops polling once a new stream delivers', async () => {
    const h = harness();
    await tick();
    h.last().event('new');
    await tick();
    h.last().end();
    await tick();
    expect(h.states.at(-1)).toBe('polling');
    expect(h.fetchOrder).toHaveBeenCalledTimes(1);
    expect(h.orders).toEqual(['operator-accepted']);

    // The first retry of the stream comes after 3 s; it opens but delivers nothing yet.
    await tick(3_000);
    expect(h.openStream).toHaveBeenCalledTimes(2);
    expect(h.states.at(-1)).toBe('polling');
    await tick(7_000);
    expect(h.fetchOrder).toHaveBeenCalledTimes(2);

    h.last().event('vendor-accepted');
    await tick();
    expect(h.states.at(-1)).toBe('live');
    await tick(40_000);
    expect(h.fetchOrder).toHaveBeenCalledTimes(2);
    expect(h.events).toEqual(['new', 'vendor-accepted']);
    h.feed.stop();
  });

  it('backs off between attempts while the stream cannot be opened, polling meanwhile', async () => {
    const h = harness();
    h.setFailOpen(true);
    // The first attempt was already started with a working stream: break it.
    await tick();
    h.last().fail();
    await tick();
    expect(h.states.at(-1)).toBe('polling');
    const attemptsAt = (ms: number) => tick(ms).then(() => h.openStream.mock.calls.length);
    expect(await attemptsAt(3_000)).toBe(2); // +3 s
    expect(await attemptsAt(9_999)).toBe(2);
    expect(await attemptsAt(1)).toBe(3); // +10 s
    expect(await attemptsAt(30_000)).toBe(4); // +30 s
    expect(await attemptsAt(60_000)).toBe(5); // +60 s, and 60 s from then on
    expect(await attemptsAt(60_000)).toBe(6);
    // Polled all along, every 10 s.
    expect(h.fetchOrder.mock.calls.length).toBeGreaterThanOrEqual(16);
    h.feed.stop();
  });

  it('treats a silent stream (no heartbeat for 45 s) as dropped', async () => {
    const h = harness();
    await tick();
    h.last().event('new');
    await tick(30_000);
    h.last().send(': heartbeat\n\n');
    await tick(30_000);
    expect(h.states.at(-1)).toBe('live');
    await tick(15_001);
    expect(h.states.at(-1)).toBe('polling');
    expect(h.fetchOrder).toHaveBeenCalledTimes(1);
    h.feed.stop();
  });

  it('closes when a poll finds the order finished or cancelled', async () => {
    const h = harness();
    await tick();
    h.last().end();
    await tick();
    h.setPollStatus('vendor-cancelled');
    await tick(10_000);
    expect(h.orders.at(-1)).toBe('vendor-cancelled');
    expect(h.states.at(-1)).toBe('closed');
    const calls = [h.openStream.mock.calls.length, h.fetchOrder.mock.calls.length];
    await tick(300_000);
    expect([h.openStream.mock.calls.length, h.fetchOrder.mock.calls.length]).toEqual(calls);
  });

  it('gives up on a 4xx from the stream (unknown order, signed out) without polling', async () => {
    const first = harness({ openStream: async () => openFake(new AbortController().signal, 404).response });
    await tick(60_000);
    expect(first.fatal).toEqual([404]);
    expect(first.states).toEqual(['connecting', 'closed']);
    expect(first.fetchOrder).not.toHaveBeenCalled();

    // The same when a reconnect is refused: polling stops too.
    const later = harness();
    await tick();
    later.setStreamStatus(401);
    later.last().end();
    await tick(3_000);
    expect(later.fatal).toEqual([401]);
    expect(later.states.at(-1)).toBe('closed');
    const polls = later.fetchOrder.mock.calls.length;
    await tick(60_000);
    expect(later.fetchOrder.mock.calls.length).toBe(polls);
  });

  it('retries a 5xx from the stream', async () => {
    const h = harness();
    await tick();
    h.setStreamStatus(503);
    h.last().end();
    await tick(3_000);
    expect(h.fatal).toEqual([]);
    expect(h.states.at(-1)).toBe('polling');
    h.setStreamStatus(200);
    await tick(10_000);
    h.last().event('vendor-ready');
    await tick();
    expect(h.states.at(-1)).toBe('live');
    h.feed.stop();
  });

  it('a poll answered 404 ends the feed', async () => {
    const h = harness({
      fetchOrder: vi.fn(async () => {
        throw { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'x' } };
      }),
    });
    await tick();
    h.last().end();
    await tick();
    expect(h.fatal).toEqual([404]);
    expect(h.states.at(-1)).toBe('closed');
  });

  it('stop() ends the stream and every timer', async () => {
    const h = harness();
    await tick();
    h.last().end();
    await tick();
    h.feed.stop();
    const calls = [h.openStream.mock.calls.length, h.fetchOrder.mock.calls.length];
    await tick(600_000);
    expect([h.openStream.mock.calls.length, h.fetchOrder.mock.calls.length]).toEqual(calls);
    expect(h.states.at(-1)).toBe('closed');
  });

  it('reads the event stream format: events across chunks, CRLF, names, ids and comments', async () => {
    const h = harness();
    await tick();
    const text = `event: status\r\nid: 1\r\n: a comment\r\ndata: ${JSON.stringify(statusEvent('new'))}\r\n\r\n`;
    for (const ch of text) h.last().send(ch);
    // A second event split inside its data line, with the data on two lines of JSON.
    const [head, tail] = JSON.stringify(statusEvent('operator-accepted'), null, 1).split('\n', 2);
    const rest = JSON.stringify(statusEvent('operator-accepted'), null, 1).split('\n').slice(2);
    h.last().send(`retry: 5000\ndata: ${head}\ndata: ${(tail ?? '').slice(0, 3)}`);
    h.last().send(`${(tail ?? '').slice(3)}\n${rest.map((line) => `data: ${line}\n`).join('')}\n`);
    await tick();
    expect(h.events).toEqual(['new', 'operator-accepted']);
    // An event the stream ended in the middle of is dropped, then the feed polls.
    h.last().send(`data: ${JSON.stringify(statusEvent('vendor-accepted'))}\n`);
    h.last().end();
    await tick();
    expect(h.events).toEqual(['new', 'operator-accepted']);
    expect(h.states.at(-1)).toBe('polling');
    h.feed.stop();
  });

  it('drops a stream that sends an event without end (more than MAX_EVENT_CHARS)', async () => {
    const h = harness();
    await tick();
    h.last().event('new');
    await tick();
    h.last().send(`data: ${'x'.repeat(MAX_EVENT_CHARS + 1)}\n`);
    await tick();
    expect(h.states.at(-1)).toBe('polling');
    expect(h.fetchOrder).toHaveBeenCalledTimes(1);
    h.feed.stop();
  });
});

describe('status feed with its default schema', () => {
  it('loads the contract of a message with the first stream and refuses what it refuses', async () => {
    const events: TOrderStatusEvent[] = [];
    let stream: TFakeStream | undefined;
    const feed = startStatusFeed({
      openStream: async (signal) => {
        const fake = openFake(signal);
        stream = fake.stream;
        return fake.response;
      },
      fetchOrder: async () => order('new'),
      onEvent: (e) => events.push(e),
      onOrder: () => undefined,
      onState: () => undefined,
    });
    await vi.waitFor(() => expect(stream).toBeDefined());
    stream?.send(`data: ${JSON.stringify({ ...statusEvent('new'), at: 'yesterday' })}\n\n`);
    stream?.event('vendor-ready');
    await vi.waitFor(() => expect(events.map((e) => e.status)).toEqual(['vendor-ready']));
    feed.stop();
  });
});
