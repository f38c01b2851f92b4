import type { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { StaffChangeListener } from './staff-feed.ts';
import type { StaffChangeRow } from './staff-stream.repository.ts';
import { openStaffStream, type StaffReader } from './staff-stream.ts';

// The switch from replay to live, with the feed and the outbox driven by hand.

const SHIPPER = '00000000-0000-4000-8000-00000000000a';
const BRANCH = '00000000-0000-4000-8000-00000000000b';
const operator: StaffReader = {
  id: '00000000-0000-4000-8000-000000000001',
  shipperId: SHIPPER,
  role: 'operator',
  branchId: null,
};

const change = (outboxId: number, status = 'operator-accepted'): StaffChangeRow => ({
  outboxId,
  orderId: `00000000-0000-4000-8000-${String(outboxId).padStart(12, '0')}`,
  status,
  at: '2026-03-01T09:00:00.000Z',
  shipperId: SHIPPER,
  externalOrderId: `B-${outboxId}`,
  branchId: BRANCH,
  deliveryType: 'delivery',
  courierId: null,
  event: status,
  staffId: null,
});

function collect(stream: PassThrough) {
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return () =>
    chunks
      .join('')
      .split('\n\n')
      .filter((b) => b.startsWith('id: '))
      .map((b) => `${b.split('\n')[1]?.slice(7)}:${b.split('\n')[0]?.slice(4)}`);
}

function harness(rows: StaffChangeRow[], bounds = { oldest: 1 as number | null, newest: 20 }) {
  let listener: StaffChangeListener | null = null;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const unsubscribe = vi.fn();
  return {
    deps: {
      reader: operator,
      subscribe: (l: StaffChangeListener) => {
        listener = l;
        return unsubscribe;
      },
      onCatalogueChanged: () => () => {},
      outboxBounds: async () => bounds,
      changesAfter: async (afterId: number) => {
        await gate;
        return rows.filter((r) => r.outboxId > afterId);
      },
      log: { error: vi.fn() },
      heartbeatMs: 60_000,
    },
    hear: (c: StaffChangeRow) => listener?.(c),
    release: () => release(),
    unsubscribe,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('openStaffStream: replay, then live', () => {
  it('sends each change once across the switch: heard during the replay and replayed, or heard only', async () => {
    const h = harness([change(11), change(12), change(13)]);
    const opening = openStaffStream({ ...h.deps, lastEventId: 10 });
    await tick();
    // Heard while the replay reads: 12 and 13 were committed before the read (the replay has them),
    // 14 committed after it.
    h.hear(change(12));
    h.hear(change(13));
    h.hear(change(14));
    h.release();
    const stream = await opening;
    const sent = collect(stream);
    h.hear(change(15));
    await tick();
    expect(sent()).toEqual(['order:11', 'order:12', 'order:13', 'order:14', 'order:15']);
    stream.end();
    await tick();
    expect(h.unsubscribe).toHaveBeenCalled();
  });

  it('listens before it reads the outbox, so a change committed meanwhile is not lost', async () => {
    const h = harness([change(11)]);
    const opening = openStaffStream({ ...h.deps, lastEventId: 10 });
    await tick();
    h.hear(change(12));
    h.release();
    const stream = await opening;
    const sent = collect(stream);
    await tick();
    expect(sent()).toEqual(['order:11', 'order:12']);
    stream.end();
  });

  it.each([
    ['no Last-Event-ID', null, { oldest: 1, newest: 20 }],
    ['pruned past it', 5, { oldest: 8, newest: 20 }],
    ['an empty outbox that moved on', 5, { oldest: null, newest: 20 }],
    ['an id never drawn', 25, { oldest: 1, newest: 20 }],
  ])('says reset for %s', async (_, lastEventId, bounds) => {
    const h = harness([], bounds as { oldest: number | null; newest: number });
    h.release();
    const stream = await openStaffStream({ ...h.deps, lastEventId });
    const sent = collect(stream);
    await tick();
    expect(sent()).toEqual(['reset:20']);
    stream.end();
  });

  it('resumes without a reset right after the oldest row kept, or from the newest of an empty outbox', async () => {
    for (const [lastEventId, bounds] of [
      [7, { oldest: 8, newest: 20 }],
      [20, { oldest: null, newest: 20 }],
    ] as const) {
      const h = harness([]);
      h.release();
      const stream = await openStaffStream({ ...h.deps, lastEventId, outboxBounds: async () => bounds });
      const sent = collect(stream);
      await tick();
      expect(sent()).toEqual([]);
      stream.end();
    }
  });
});
