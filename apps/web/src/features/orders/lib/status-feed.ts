import type { TOrderDetail, TOrderStatusEvent } from '@app/contracts';
import type { TResponseSchema } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import {
  createSseConnection,
  defaultSseTimers,
  isFatalStreamStatus,
  type TSseTimers,
} from '@/lib/sse-connection';
import { isLive } from './order-view';

/**
 * Keeps an order's status page current: reads the Server-Sent Events stream (GET
 * /v2/orders/{id}/status-stream) with fetch, since EventSource cannot send the Authorization header.
 * When the stream drops (network, server restart, a proxy's timeout, heartbeats stop) it polls GET
 * /v2/orders/{id} every 10 s and tries the stream again later, backing off; once a reconnected stream
 * delivers, polling stops. An order that is no longer live (delivered, finished, cancelled: `isLive`)
 * ends it all.
 */
export type TFeedState = 'connecting' | 'live' | 'polling' | 'closed';

export type TTimers = TSseTimers;

export type TStatusFeedOptions = {
  /** Opens the stream (fetch with the customer's headers). */
  openStream: (signal: AbortSignal) => Promise<Response>;
  /** Reads the order (the fallback); rejects with `{ status }` like the api client. */
  fetchOrder: (signal: AbortSignal) => Promise<TOrderDetail>;
  onEvent: (event: TOrderStatusEvent) => void;
  onOrder: (order: TOrderDetail) => void;
  onState: (state: TFeedState) => void;
  /** The stream or the order answered 4xx (unknown order, signed out): nothing more to try. */
  onFatal?: (status: number) => void;
  pollIntervalMs?: number;
  /** Delays before each new attempt at the stream; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  /** No bytes for this long (the server sends a heartbeat every 15 s) and the stream counts as dropped. */
  silenceTimeoutMs?: number;
  timers?: TTimers;
  /** The schema of one message (default: the contract's `ZOrderStatusEvent`, loaded with the first stream). */
  eventSchema?: () => Promise<TResponseSchema<TOrderStatusEvent>>;
};

export const POLL_INTERVAL_MS = 10_000;
export const RECONNECT_DELAYS_MS = [3_000, 10_000, 30_000, 60_000] as const;
export const SILENCE_TIMEOUT_MS = 45_000;
/** A status message is well under 1 KB: a stream that buffers more without ending an event is broken. */
export const MAX_EVENT_CHARS = 64 * 1024;

const statusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;

export function startStatusFeed(options: TStatusFeedOptions): { stop: () => void } {
  const timers = options.timers ?? defaultSseTimers;
  const pollEvery = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const eventSchema = options.eventSchema ?? contract('ZOrderStatusEvent');

  let pollAbort: AbortController | null = null;
  let pollTimer: unknown = null;

  const stopPolling = () => {
    if (pollTimer !== null) timers.clearTimeout(pollTimer);
    pollTimer = null;
    pollAbort?.abort();
    pollAbort = null;
  };

  const poll = async () => {
    pollTimer = null;
    if (sse.isClosed()) return;
    const abort = new AbortController();
    pollAbort = abort;
    try {
      const order = await options.fetchOrder(abort.signal);
      if (sse.isClosed() || abort.signal.aborted) return;
      options.onOrder(order);
      if (!isLive(order.status)) {
        sse.close();
        return;
      }
    } catch (error) {
      if (sse.isClosed() || abort.signal.aborted) return;
      const status = statusOf(error);
      if (status !== null && isFatalStreamStatus(status)) {
        sse.fatal(status);
        return;
      }
      // A failed poll is tried again at the next tick.
    }
    if (!sse.isClosed() && sse.state() === 'polling' && pollAbort === abort) {
      pollAbort = null;
      pollTimer = timers.setTimeout(() => void poll(), pollEvery);
    }
  };

  const sse = createSseConnection({
    open: (signal) => Promise.all([options.openStream(signal), eventSchema()]),
    droppedState: 'polling',
    onState: (state) => options.onState(state),
    onFatal: (status) => options.onFatal?.(status),
    // The stream is gone: poll now and every interval (the stream is tried again after a while).
    onDropped: (wasPolling) => {
      if (!wasPolling || (pollTimer === null && pollAbort === null)) void poll();
    },
    onClose: stopPolling,
    onMessage: (message, schema) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) return;
      // The stream delivers: it is live again, polling and its back-off end.
      sse.resetBackoff();
      stopPolling();
      sse.cancelReconnect();
      sse.setState('live');
      options.onEvent(parsed.data);
      if (!isLive(parsed.data.status)) sse.close();
    },
    reconnectDelaysMs: options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS,
    fallbackDelayMs: POLL_INTERVAL_MS,
    silenceMs: options.silenceTimeoutMs ?? SILENCE_TIMEOUT_MS,
    maxEventChars: MAX_EVENT_CHARS,
    timers,
  });

  sse.start();
  return { stop: sse.close };
}
