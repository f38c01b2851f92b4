import { PassThrough } from 'node:stream';
import type { TCatalogueChange, TStaffStreamOrder } from '@app/contracts';
import { isCancelledStatus, isOrderEvent, isOrderStatus } from '@app/domain';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import type { StaffChangeListener } from './staff-feed.ts';
import type { StaffChangeRow } from './staff-stream.repository.ts';

/** How often an idle stream sends a comment, so proxies keep the connection open. */
export const HEARTBEAT_MS = 15_000;
/** How long an EventSource-like client waits before reconnecting. */
export const RETRY_MS = 3_000;
/** At most this many outbox rows are replayed on a reconnect; more: `event: reset` (re-read). */
export const REPLAY_LIMIT = 1_000;

/** Who reads the stream: the staff member, as the guard found it. */
export type StaffReader = Pick<StaffAccountRow, 'id' | 'shipperId' | 'role' | 'branchId'>;

/**
 * Whether `change` is in `reader`'s scope (the same as GET /v1/staff/orders): an operator and a chain
 * manager every order of the chain; a vendor and a branch's manager their branch's; a courier delivery
 * orders that become ready to take, one another courier has just taken (so it leaves the others'
 * lists), one cancelled before any courier took it (so it leaves the 'to take' lists), and its own
 * (it took it, or it sent the step).
 */
export function inScope(reader: StaffReader, change: StaffChangeRow): boolean {
  if (change.shipperId !== reader.shipperId || change.status === 'payment-awaited') return false;
  switch (reader.role) {
    case 'operator':
      return true;
    case 'manager':
      return reader.branchId === null || change.branchId === reader.branchId;
    case 'vendor':
      return change.branchId === reader.branchId;
    case 'courier':
      return (
        change.deliveryType === 'delivery' &&
        (change.status === 'vendor-ready' ||
          change.event === 'courier-accepted' ||
          change.courierId === reader.id ||
          change.staffId === reader.id ||
          // Cancelled before any courier took it: it may be on every courier's 'to take' list.
          (change.courierId === null && isOrderStatus(change.status) && isCancelledStatus(change.status)))
      );
    default:
      return false;
  }
}

export function toStreamOrder(change: StaffChangeRow): TStaffStreamOrder | null {
  if (!isOrderStatus(change.status)) return null;
  return {
    order_id: change.orderId,
    external_order_id: change.externalOrderId,
    branch_id: change.branchId,
    status: change.status,
    event: isOrderEvent(change.event) ? change.event : null,
    at: change.at,
  };
}

export const formatOrder = (outboxId: number, order: TStaffStreamOrder) =>
  `id: ${outboxId}\nevent: order\ndata: ${JSON.stringify(order)}\n\n`;
/** Re-read everything; `id`: where a reconnect resumes from. */
export const formatReset = (outboxId: number) => `id: ${outboxId}\nevent: reset\ndata: {}\n\n`;
export const formatCatalogue = (change: TCatalogueChange) =>
  `event: catalogue\ndata: ${JSON.stringify({ tags: change.tags })}\n\n`;

export type StaffStreamDeps = {
  reader: StaffReader;
  /** Last-Event-ID of a reconnecting client; null: a fresh connection. */
  lastEventId: number | null;
  /** The process's feed of changes (staff-feed.ts). */
  subscribe: (listener: StaffChangeListener) => () => void;
  onCatalogueChanged: (listener: (change: TCatalogueChange) => void) => () => void;
  /** Where the outbox stands (staff-stream.repository.ts outboxBounds). */
  outboxBounds: () => Promise<{ oldest: number | null; newest: number }>;
  /** The outbox rows after an id, of the reader's chain, at most `limit`. */
  changesAfter: (afterId: number, limit: number) => Promise<StaffChangeRow[]>;
  log: { error: (obj: object, msg: string) => void };
  heartbeatMs?: number;
};

/**
 * The body of GET /v1/staff/stream. Subscribes to the feed first (changes heard meanwhile wait), then:
 * - without Last-Event-ID, or when the events after it are no longer all kept (the outbox's oldest row
 *   is beyond the next id, or the id was never drawn): `event: reset` with the newest id drawn, so
 *   the client re-reads and a later reconnect resumes from there;
 * - else every outbox row after it in the reader's scope, in id order (`event: reset` instead when more
 *   than REPLAY_LIMIT rows follow it);
 * then the waiting and later changes, each outbox id once (what the replay sent is not sent again).
 * The feed's rows of concurrent transactions can arrive out of id order; each is still sent once.
 */
export async function openStaffStream(deps: StaffStreamDeps): Promise<PassThrough> {
  const out = new PassThrough();
  let live = false;
  let done = false;
  const waiting: StaffChangeRow[] = [];
  /** Outbox ids already sent by the replay (a change heard live may be one of them). */
  const replayed = new Set<number>();
  const write = (text: string) => {
    if (!done && !out.writableEnded && !out.destroyed) out.write(text);
  };
  const send = (change: StaffChangeRow) => {
    if (replayed.has(change.outboxId) || !inScope(deps.reader, change)) return;
    const order = toStreamOrder(change);
    if (order) write(formatOrder(change.outboxId, order));
  };

  const unsubscribe = deps.subscribe((change) => {
    if (live) send(change);
    else waiting.push(change);
  });
  const stopCatalogue = deps.onCatalogueChanged((change) => write(formatCatalogue(change)));
  let heartbeat: NodeJS.Timeout | null = null;
  const cleanup = () => {
    if (done) return;
    done = true;
    unsubscribe();
    stopCatalogue();
    if (heartbeat) clearInterval(heartbeat);
  };
  out.on('close', cleanup);
  out.on('error', cleanup);
  out.on('finish', cleanup);

  try {
    write(`retry: ${RETRY_MS}\n\n`);
    const bounds = await deps.outboxBounds();
    const last = deps.lastEventId;
    const kept =
      last !== null &&
      last <= bounds.newest &&
      (bounds.oldest === null ? last === bounds.newest : last >= bounds.oldest - 1);
    let reset = !kept;
    if (kept && last !== null) {
      const rows = await deps.changesAfter(last, REPLAY_LIMIT + 1);
      if (rows.length > REPLAY_LIMIT) reset = true;
      else {
        for (const row of rows) {
          send(row);
          replayed.add(row.outboxId);
        }
      }
    }
    if (reset) write(formatReset(bounds.newest));
    live = true;
    for (const change of waiting.splice(0)) send(change);
  } catch (error) {
    cleanup();
    out.destroy();
    throw error;
  }
  heartbeat = setInterval(() => write(': heartbeat\n\n'), deps.heartbeatMs ?? HEARTBEAT_MS);
  return out;
}
