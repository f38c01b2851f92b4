import type { TCacheTag, TOrderStatus, TStaffStreamOrder } from '@app/contracts';
import { ZCatalogueChange, ZStaffStreamOrder } from '@app/contracts/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openFakeSse, type TFakeSse } from '@/test/fake-sse';
import {
  MAX_STAFF_EVENT_CHARS,
  reconnectDelay,
  startStaffStream,
  type TStaffStreamOptions,
  type TStreamState,
} from './staff-stream';

const ORDER_ID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const BRANCH_ID = '1b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

type TFakeStream = TFakeSse & { order: (id: string, status: TOrderStatus) => void };

function openFake(signal: AbortSignal, status: number): { response: Response; stream: TFakeStream } {
  const { response, stream: sse } = openFakeSse(signal, status);
  const stream: TFakeStream = {
    ...sse,
    order: (id, s) => sse.send(`event: order\nid: ${id}\ndata: ${JSON.stringify(orderEvent(s))}\n\n`),
  };
  return { response, stream };
}

function orderEvent(status: TOrderStatus): TStaffStreamOrder {
  return {
    order_id: ORDER_ID,
    external_order_id: 'B-10001',
    branch_id: BRANCH_ID,
    status,
    event: null,
    at: new Date().toISOString(),
  };
}

function harness(overrides: Partial<TStaffStreamOptions> = {}) {
  const streams: TFakeStream[] = [];
  const states: TStreamState[] = [];
  const orders: TOrderStatus[] = [];
  const fatal: number[] = [];
  const lastIds: (string | null)[] = [];
  let resets = 0;
  let catalogues = 0;
  const catalogueTagsSeen: (readonly TCacheTag[] | null)[] = [];
  let status = 200;
  let failOpen = false;
  const openStream = vi.fn(async (signal: AbortSignal, lastEventId: string | null) => {
    lastIds.push(lastEventId);
    if (failOpen) throw new TypeError('Failed to fetch');
    const { response, stream } = openFake(signal, status);
    streams.push(stream);
    return response;
  });
  const feed = startStaffStream({
    openStream,
    onOrder: (e) => orders.push(e.status),
    onReset: () => {
      resets += 1;
    },
    onCatalogue: (tags) => {
      catalogues += 1;
      catalogueTagsSeen.push(tags);
    },
    onState: (s) => states.push(s),
    onFatal: (s) => fatal.push(s),
    eventSchema: async () => ZStaffStreamOrder,
    changeSchema: async () => ZCatalogueChange,
    ...overrides,
  });
  return {
    feed,
    streams,
    states,
    orders,
    fatal,
    lastIds,
    openStream,
    resets: () => resets,
    catalogues: () => catalogues,
    catalogueTags: catalogueTagsSeen,
    last: () => streams.at(-1) as TFakeStream,
    setStatus: (s: number) => {
      status = s;
    },
    setFailOpen: (v: boolean) => {
      failOpen = v;
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

describe('staff stream', () => {
  it('parses order, reset and catalogue events, ignoring comments, bad JSON and unknown shapes', async () => {
    const h = harness();
    await tick();
    expect(h.states).toEqual(['connecting', 'live']);
    h.last().send(': heartbeat\n\n');
    h.last().order('7', 'new');
    h.last().send('event: order\ndata: not json\n\n');
    h.last().send(`event: order\ndata: ${JSON.stringify({ order_id: ORDER_ID, status: 'eaten' })}\n\n`);
    // An event split across chunks is put together.
    const text = `event: order\nid: 8\ndata: ${JSON.stringify(orderEvent('operator-accepted'))}\n\n`;
    h.last().send(text.slice(0, 20));
    h.last().send(text.slice(20));
    h.last().send('event: reset\ndata: {}\n\n');
    h.last().send('event: catalogue\ndata: {}\n\n');
    h.last().send('event: catalogue\ndata: {"tags":["branches","catalogue"]}\n\n');
    h.last().send('event: catalogue\ndata: {"tags":[]}\n\n');
    h.last().send('event: catalogue\ndata: not json\n\n');
    h.last().send('event: catalogue\ndata: {"tags":["branches","zones"]}\n\n');
    await tick();
    expect(h.orders).toEqual(['new', 'operator-accepted']);
    expect(h.resets()).toBe(1);
    expect(h.catalogues()).toBe(5);
    // The tags it names; none named, unreadable or one this build does not know: null, which the
    // workspace takes as all of them.
    expect(h.catalogueTags).toEqual([null, ['branches', 'catalogue'], null, null, null]);
    expect(h.fatal).toEqual([]);
  });

  it('reconnects after a drop with Last-Event-ID of the last event, backing off while it fails', async () => {
    const h = harness({ reconnectDelaysMs: [1_000, 5_000, 20_000] });
    await tick();
    h.last().order('41', 'new');
    h.last().order('42', 'operator-accepted');
    await tick();
    h.setFailOpen(true);
    h.last().fail();
    await tick();
    expect(h.states.at(-1)).toBe('reconnecting');
    await tick(999);
    expect(h.openStream).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(h.openStream).toHaveBeenCalledTimes(2);
    // Fails again: the next delays grow, and the last one repeats.
    await tick(4_999);
    expect(h.openStream).toHaveBeenCalledTimes(2);
    await tick(1);
    expect(h.openStream).toHaveBeenCalledTimes(3);
    await tick(20_000);
    expect(h.openStream).toHaveBeenCalledTimes(4);
    await tick(20_000);
    expect(h.openStream).toHaveBeenCalledTimes(5);
    h.setFailOpen(false);
    await tick(20_000);
    expect(h.states.at(-1)).toBe('live');
    expect(h.lastIds).toEqual([null, '42', '42', '42', '42', '42']);
    // Resumed from an event id: the server sends what was missed, and the lists are read again once.
    expect(h.resets()).toBe(1);
    // Delivering again resets the back-off: the next drop waits the first delay.
    h.last().order('43', 'vendor-accepted');
    await tick();
    h.last().end();
    await tick(1_000);
    expect(h.openStream).toHaveBeenCalledTimes(7);
    expect(h.lastIds.at(-1)).toBe('43');
  });

  it('re-reads after a resumed reconnection too: a replay by id can miss an event committed out of order', async () => {
    const h = harness({ reconnectDelaysMs: [1_000] });
    await tick();
    h.last().order('41', 'new');
    await tick();
    expect(h.resets()).toBe(0);
    h.last().end();
    await tick(1_000);
    expect(h.lastIds).toEqual([null, '41']);
    expect(h.states.at(-1)).toBe('live');
    // Event 40's transaction committed after 41 was sent: the replay after 41 never has it. Only a
    // re-read of the lists and the open cards shows its change.
    h.last().order('42', 'operator-accepted');
    await tick();
    expect(h.orders).toEqual(['new', 'operator-accepted']);
    expect(h.resets()).toBe(1);
    // Each drop does it again; a connection that stays up does not.
    h.last().end();
    await tick(1_000);
    expect(h.resets()).toBe(2);
    await tick(10_000);
    expect(h.resets()).toBe(2);
  });

  it('re-reads everything after a reconnection with no event to resume from', async () => {
    const h = harness({ reconnectDelaysMs: [1_000] });
    await tick();
    expect(h.resets()).toBe(0);
    h.last().end();
    await tick(1_000);
    expect(h.states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(h.resets()).toBe(1);
  });

  it('counts a silent stream as dropped (no heartbeat)', async () => {
    const h = harness({ silenceTimeoutMs: 30_000, reconnectDelaysMs: [1_000] });
    await tick();
    await tick(20_000);
    h.last().send(': heartbeat\n\n');
    await tick(20_000);
    expect(h.states.at(-1)).toBe('live');
    await tick(10_000);
    expect(h.states.at(-1)).toBe('reconnecting');
    await tick(1_000);
    expect(h.openStream).toHaveBeenCalledTimes(2);
  });

  it('stops for good on 401 (signed out) but retries a 503 or 429', async () => {
    const h = harness({ reconnectDelaysMs: [1_000] });
    await tick();
    h.setStatus(503);
    h.last().end();
    await tick(1_000);
    expect(h.states.at(-1)).toBe('reconnecting');
    h.setStatus(429);
    await tick(1_000);
    expect(h.states.at(-1)).toBe('reconnecting');
    h.setStatus(401);
    await tick(1_000);
    expect(h.fatal).toEqual([401]);
    expect(h.states.at(-1)).toBe('closed');
    await tick(60_000);
    expect(h.openStream).toHaveBeenCalledTimes(4);
  });

  it('drops an event that never ends, and stop() ends everything', async () => {
    const h = harness({ reconnectDelaysMs: [1_000] });
    await tick();
    h.last().send(`event: order\ndata: ${'x'.repeat(MAX_STAFF_EVENT_CHARS + 10)}`);
    await tick();
    expect(h.states.at(-1)).toBe('reconnecting');
    h.feed.stop();
    await tick(10_000);
    expect(h.states.at(-1)).toBe('closed');
    expect(h.openStream).toHaveBeenCalledTimes(1);
  });

  it('takes the delays in order and repeats the last', () => {
    expect([0, 1, 2, 3, 9].map((a) => reconnectDelay(a, [1, 2, 3]))).toEqual([1, 2, 3, 3, 3]);
  });
});
