import type { TCacheTag, TCatalogueChange, TStaffStreamOrder } from '@app/contracts';
import type { TResponseSchema } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { createSseConnection, defaultSseTimers, type TSseTimers } from '@/lib/sse-connection';

/**
 * The staff workspace's live feed: GET /v1/staff/stream (Server-Sent Events) read with fetch, since
 * EventSource cannot send the Authorization header. `event: order` (an order of the reader's scope
 * moved), `event: catalogue` (stop list, prices, branches), `event: reset` (re-read everything). When
 * the stream drops (network, server restart, heartbeats stop) it connects again after a growing delay,
 * naming the last event it received (`Last-Event-ID`), so the server sends what was missed, or a
 * `reset` when it no longer keeps it. Every reconnection is a reset here too (the lists and open cards
 * are read again): the server replays by outbox id, and two transactions can commit out of id order,
 * so an event with an id below the last one received may never be replayed.
 */
export type TStreamState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export type TStreamTimers = TSseTimers;

export type TStaffStreamOptions = {
  /** Opens the stream (fetch with the staff token), resuming after `lastEventId` when there is one. */
  openStream: (signal: AbortSignal, lastEventId: string | null) => Promise<Response>;
  onOrder: (event: TStaffStreamOrder) => void;
  /** Re-read every list: the events since the last one may be lost. */
  onReset: () => void;
  /**
   * Cached answers went stale: `tags` names which (`catalogue`, `branches`, `shipper`, `content`),
   * null when the event did not say or named a tag this build does not know (treat it as all of them).
   */
  onCatalogue?: (tags: readonly TCacheTag[] | null) => void;
  onState: (state: TStreamState) => void;
  /** The stream answered 401/403/404...: asking again will not help (signed out). */
  onFatal?: (status: number) => void;
  /** Delays before each new attempt; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  /** No bytes for this long (the server sends heartbeats) and the stream counts as dropped. */
  silenceTimeoutMs?: number;
  timers?: TStreamTimers;
  eventSchema?: () => Promise<TResponseSchema<TStaffStreamOrder>>;
  changeSchema?: () => Promise<TResponseSchema<TCatalogueChange>>;
};

export const STAFF_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
export const STAFF_SILENCE_TIMEOUT_MS = 45_000;
/** An event is well under 1 KB: a stream buffering more without ending one is broken. */
export const MAX_STAFF_EVENT_CHARS = 64 * 1024;
/** The delay when no delays are given. */
const STAFF_FALLBACK_DELAY_MS = 30_000;

/** 4xx other than 408/429 will not get better by asking again. */
export { isFatalStreamStatus } from '@/lib/sse-connection';

/** The delay before attempt number `attempt` (0-based) after a drop. */
export const reconnectDelay = (attempt: number, delays: readonly number[]): number =>
  delays[Math.min(attempt, delays.length - 1)] ?? STAFF_FALLBACK_DELAY_MS;

/**
 * The tags of a `catalogue` event's data (`{"tags":["branches"]}`, the contracts' ZCatalogueChange);
 * null when it names none, is unreadable or names a tag this build does not know (all of them, then).
 */
export function catalogueTags(
  data: string,
  schema: TResponseSchema<TCatalogueChange>,
): readonly TCacheTag[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const change = schema.safeParse(parsed);
  return change.success ? change.data.tags : null;
}

export function startStaffStream(options: TStaffStreamOptions): { stop: () => void } {
  const eventSchema = options.eventSchema ?? contract('ZStaffStreamOrder');
  const changeSchema = options.changeSchema ?? contract('ZCatalogueChange');
  const schemas = () => Promise.all([eventSchema(), changeSchema()]);
  let connections = 0;
  let lastEventId: string | null = null;

  const sse = createSseConnection({
    open: (signal) => Promise.all([options.openStream(signal, lastEventId), schemas()]),
    droppedState: 'reconnecting',
    onState: (state) => options.onState(state),
    onFatal: (status) => options.onFatal?.(status),
    onOpen: () => {
      connections += 1;
      sse.setState('live');
      // Back after a drop: read everything again. With no id to resume from, what happened meanwhile
      // is only known that way; with one, the replay can still miss an event committed out of id order.
      if (connections > 1) options.onReset();
    },
    onMessage: (message, [orderSchema, tagsSchema]) => {
      // The connection delivers: the next drop starts the back-off from its first delay again.
      sse.resetBackoff();
      if (message.id) lastEventId = message.id;
      if (message.event === 'reset') options.onReset();
      else if (message.event === 'catalogue') options.onCatalogue?.(catalogueTags(message.data, tagsSchema));
      else if (message.event === 'order') {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = orderSchema.safeParse(data);
        if (parsed.success) options.onOrder(parsed.data);
      }
    },
    reconnectDelaysMs: options.reconnectDelaysMs ?? STAFF_RECONNECT_DELAYS_MS,
    fallbackDelayMs: STAFF_FALLBACK_DELAY_MS,
    silenceMs: options.silenceTimeoutMs ?? STAFF_SILENCE_TIMEOUT_MS,
    maxEventChars: MAX_STAFF_EVENT_CHARS,
    timers: options.timers ?? defaultSseTimers,
  });

  sse.start();
  return { stop: sse.close };
}
