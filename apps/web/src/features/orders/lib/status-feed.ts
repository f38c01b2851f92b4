import type { TOrderDetail, TOrderStatusEvent } from '@app/contracts';
import { createParser } from 'eventsource-parser';
import type { TResponseSchema } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
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

export type TTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

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

const defaultTimers: TTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const statusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;

/** 4xx other than 408/429 will not get better by asking again. */
const isFatalStatus = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export function startStatusFeed(options: TStatusFeedOptions): { stop: () => void } {
  const timers = options.timers ?? defaultTimers;
  const pollEvery = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const silenceMs = options.silenceTimeoutMs ?? SILENCE_TIMEOUT_MS;
  const eventSchema = options.eventSchema ?? contract('ZOrderStatusEvent');

  let stopped = false;
  let state: TFeedState | null = null;
  let attempt = 0;
  let stream: AbortController | null = null;
  let pollAbort: AbortController | null = null;
  let pollTimer: unknown = null;
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;

  const setState = (next: TFeedState) => {
    if (state === next) return;
    state = next;
    options.onState(next);
  };

  const clearTimer = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
  };

  const stopPolling = () => {
    clearTimer(pollTimer);
    pollTimer = null;
    pollAbort?.abort();
    pollAbort = null;
  };

  const close = () => {
    if (stopped) return;
    stopped = true;
    stopPolling();
    clearTimer(reconnectTimer);
    clearTimer(silenceTimer);
    reconnectTimer = null;
    silenceTimer = null;
    stream?.abort();
    stream = null;
    setState('closed');
  };

  const fatal = (status: number) => {
    close();
    options.onFatal?.(status);
  };

  const poll = async () => {
    pollTimer = null;
    if (stopped) return;
    const abort = new AbortController();
    pollAbort = abort;
    try {
      const order = await options.fetchOrder(abort.signal);
      if (stopped || abort.signal.aborted) return;
      options.onOrder(order);
      if (!isLive(order.status)) {
        close();
        return;
      }
    } catch (error) {
      if (stopped || abort.signal.aborted) return;
      const status = statusOf(error);
      if (status !== null && isFatalStatus(status)) {
        fatal(status);
        return;
      }
      // A failed poll is tried again at the next tick.
    }
    if (!stopped && state === 'polling' && pollAbort === abort) {
      pollAbort = null;
      pollTimer = timers.setTimeout(() => void poll(), pollEvery);
    }
  };

  /** The stream is gone: poll now and every interval, and try the stream again after a while. */
  const fallBack = () => {
    if (stopped) return;
    clearTimer(silenceTimer);
    silenceTimer = null;
    stream?.abort();
    stream = null;
    const wasPolling = state === 'polling';
    setState('polling');
    if (!wasPolling || (pollTimer === null && pollAbort === null)) void poll();
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? POLL_INTERVAL_MS;
    attempt += 1;
    clearTimer(reconnectTimer);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  };

  const armSilence = (abort: AbortController) => {
    clearTimer(silenceTimer);
    silenceTimer = timers.setTimeout(() => {
      silenceTimer = null;
      if (stream === abort) fallBack();
    }, silenceMs);
  };

  const connect = async () => {
    if (stopped) return;
    const abort = new AbortController();
    stream = abort;
    if (state !== 'polling') setState('connecting');
    let response: Response;
    let schema: TResponseSchema<TOrderStatusEvent>;
    try {
      [response, schema] = await Promise.all([options.openStream(abort.signal), eventSchema()]);
    } catch {
      if (stream === abort) fallBack();
      return;
    }
    if (stopped || stream !== abort) return;
    if (!response.ok || !response.body) {
      if (isFatalStatus(response.status)) fatal(response.status);
      else fallBack();
      return;
    }
    armSilence(abort);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createParser({
      maxBufferSize: MAX_EVENT_CHARS,
      // Unknown fields and a bad `retry` are ignored; an event that never ends drops the stream.
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') abort.abort();
      },
      onEvent: (message) => {
        if (stopped || stream !== abort) return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = schema.safeParse(data);
        if (!parsed.success) return;
        // The stream delivers: it is live again, polling and its back-off end.
        attempt = 0;
        stopPolling();
        clearTimer(reconnectTimer);
        reconnectTimer = null;
        setState('live');
        options.onEvent(parsed.data);
        if (!isLive(parsed.data.status)) close();
      },
    });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped || stream !== abort) break;
        armSilence(abort);
        parser.feed(value);
      }
    } catch {
      // Aborted or the connection broke: handled below like an end.
    } finally {
      // An event the stream ended in the middle of is dropped, as the SSE spec says.
      parser.reset();
      // Frees the connection when the loop stopped early; on a stream already ended or broken it is a no-op.
      reader.cancel().catch(() => undefined);
    }
    if (!stopped && stream === abort) fallBack();
  };

  void connect();
  return { stop: close };
}
