import type { TStaffStreamOrder } from '@app/contracts';
import { createParser } from 'eventsource-parser';
import type { TResponseSchema } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/**
 * The staff workspace's live feed: GET /v1/staff/stream (Server-Sent Events) read with fetch, since
 * EventSource cannot send the Authorization header. `event: order` (an order of the reader's scope
 * moved), `event: catalogue` (stop list, prices, branches), `event: reset` (re-read everything). When
 * the stream drops (network, server restart, heartbeats stop) it connects again after a growing delay,
 * naming the last event it received (`Last-Event-ID`), so the server sends what was missed, or a
 * `reset` when it no longer keeps it. A reconnection with no event id to resume from is a reset here.
 */
export type TStreamState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export type TStreamTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type TStaffStreamOptions = {
  /** Opens the stream (fetch with the staff token), resuming after `lastEventId` when there is one. */
  openStream: (signal: AbortSignal, lastEventId: string | null) => Promise<Response>;
  onOrder: (event: TStaffStreamOrder) => void;
  /** Re-read every list: the events since the last one may be lost. */
  onReset: () => void;
  onCatalogue?: () => void;
  onState: (state: TStreamState) => void;
  /** The stream answered 401/403/404...: asking again will not help (signed out). */
  onFatal?: (status: number) => void;
  /** Delays before each new attempt; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  /** No bytes for this long (the server sends heartbeats) and the stream counts as dropped. */
  silenceTimeoutMs?: number;
  timers?: TStreamTimers;
  eventSchema?: () => Promise<TResponseSchema<TStaffStreamOrder>>;
};

export const STAFF_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
export const STAFF_SILENCE_TIMEOUT_MS = 45_000;
/** An event is well under 1 KB: a stream buffering more without ending one is broken. */
export const MAX_STAFF_EVENT_CHARS = 64 * 1024;

const defaultTimers: TStreamTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** 4xx other than 408/429 will not get better by asking again. */
export const isFatalStreamStatus = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The delay before attempt number `attempt` (0-based) after a drop. */
export const reconnectDelay = (attempt: number, delays: readonly number[]): number =>
  delays[Math.min(attempt, delays.length - 1)] ?? 30_000;

export function startStaffStream(options: TStaffStreamOptions): { stop: () => void } {
  const timers = options.timers ?? defaultTimers;
  const delays = options.reconnectDelaysMs ?? STAFF_RECONNECT_DELAYS_MS;
  const silenceMs = options.silenceTimeoutMs ?? STAFF_SILENCE_TIMEOUT_MS;
  const eventSchema = options.eventSchema ?? contract('ZStaffStreamOrder');

  let stopped = false;
  let state: TStreamState | null = null;
  let attempt = 0;
  let connections = 0;
  let lastEventId: string | null = null;
  let stream: AbortController | null = null;
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;

  const setState = (next: TStreamState) => {
    if (state === next) return;
    state = next;
    options.onState(next);
  };
  const clearTimer = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
  };

  const close = () => {
    if (stopped) return;
    stopped = true;
    clearTimer(reconnectTimer);
    clearTimer(silenceTimer);
    reconnectTimer = null;
    silenceTimer = null;
    stream?.abort();
    stream = null;
    setState('closed');
  };

  /** The connection is gone: try again after the next delay. */
  const dropped = () => {
    if (stopped) return;
    clearTimer(silenceTimer);
    silenceTimer = null;
    stream?.abort();
    stream = null;
    setState('reconnecting');
    const delay = reconnectDelay(attempt, delays);
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
      if (stream === abort) dropped();
    }, silenceMs);
  };

  const connect = async () => {
    if (stopped) return;
    const abort = new AbortController();
    stream = abort;
    if (state !== 'reconnecting') setState('connecting');
    let response: Response;
    let schema: TResponseSchema<TStaffStreamOrder>;
    try {
      [response, schema] = await Promise.all([options.openStream(abort.signal, lastEventId), eventSchema()]);
    } catch {
      if (stream === abort) dropped();
      return;
    }
    if (stopped || stream !== abort) return;
    if (!response.ok || !response.body) {
      if (isFatalStreamStatus(response.status)) {
        close();
        options.onFatal?.(response.status);
      } else dropped();
      return;
    }
    connections += 1;
    setState('live');
    // Nothing to resume from after a drop: what happened meanwhile is only known by reading again.
    if (connections > 1 && lastEventId === null) options.onReset();
    armSilence(abort);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createParser({
      maxBufferSize: MAX_STAFF_EVENT_CHARS,
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') abort.abort();
      },
      onEvent: (message) => {
        if (stopped || stream !== abort) return;
        // The connection delivers: the next drop starts the back-off from its first delay again.
        attempt = 0;
        if (message.id) lastEventId = message.id;
        if (message.event === 'reset') options.onReset();
        else if (message.event === 'catalogue') options.onCatalogue?.();
        else if (message.event === 'order') {
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          const parsed = schema.safeParse(data);
          if (parsed.success) options.onOrder(parsed.data);
        }
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
      // Aborted or broken: handled below like an end.
    } finally {
      parser.reset();
      reader.cancel().catch(() => undefined);
    }
    if (!stopped && stream === abort) dropped();
  };

  void connect();
  return { stop: close };
}
