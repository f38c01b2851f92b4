import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * One Server-Sent Events connection read with fetch (EventSource cannot send the Authorization
 * header), kept up: a stream that ends, breaks, answers a passing error or goes silent (no bytes, not
 * even the server's heartbeat, for `silenceMs`) counts as dropped and is opened again after a growing
 * delay; a 4xx other than 408/429 closes it for good. Shared by the staff workspace's stream
 * (features/staff/lib/staff-stream.ts) and the customer's order status feed
 * (features/orders/lib/status-feed.ts), which say what a message means and what a drop does besides.
 */
export type TSseTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const defaultSseTimers: TSseTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** 4xx other than 408/429 will not get better by asking again. */
export const isFatalStreamStatus = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

type TBaseState = 'connecting' | 'live' | 'closed';

export type TSseConnectionOptions<TDropped extends string, TContext> = {
  /** Opens the stream; `context` comes with it (the message schema, loaded with the first stream). */
  open: (signal: AbortSignal) => Promise<[Response, TContext]>;
  /** The state while the stream is down and waits to be opened again ('reconnecting', 'polling'). */
  droppedState: TDropped;
  onState: (state: TBaseState | TDropped) => void;
  /** A stream answered 4xx (other than 408/429): closed, nothing more to try. */
  onFatal?: (status: number) => void;
  /** A stream answered and its body starts (before the first message). */
  onOpen?: () => void;
  /** A message of the current stream (never one of an older stream or after closing). */
  onMessage: (message: EventSourceMessage, context: TContext) => void;
  /** Just dropped, before the next attempt is planned; `wasDropped`: it was already down. */
  onDropped?: (wasDropped: boolean) => void;
  /** Closing: the caller's own clean-up, first. */
  onClose?: () => void;
  /** Delays before each new attempt; the last one repeats; `fallbackDelayMs` when there are none. */
  reconnectDelaysMs: readonly number[];
  fallbackDelayMs: number;
  silenceMs: number;
  /** A stream that buffers more than this without ending an event is broken. */
  maxEventChars: number;
  timers: TSseTimers;
};

export type TSseConnection<TDropped extends string> = {
  start: () => void;
  close: () => void;
  /** Closes, then tells `onFatal`. */
  fatal: (status: number) => void;
  setState: (state: TBaseState | TDropped) => void;
  state: () => TBaseState | TDropped | null;
  isClosed: () => boolean;
  /** The connection delivers: the next drop starts the back-off from its first delay again. */
  resetBackoff: () => void;
  /** Forgets the planned attempt, if any. */
  cancelReconnect: () => void;
};

export function createSseConnection<TDropped extends string, TContext>(
  options: TSseConnectionOptions<TDropped, TContext>,
): TSseConnection<TDropped> {
  const { timers, reconnectDelaysMs: delays } = options;
  let stopped = false;
  let state: TBaseState | TDropped | null = null;
  let attempt = 0;
  let stream: AbortController | null = null;
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;

  const setState = (next: TBaseState | TDropped) => {
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
    options.onClose?.();
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

  /** The connection is gone: try again after the next delay. */
  const dropped = () => {
    if (stopped) return;
    clearTimer(silenceTimer);
    silenceTimer = null;
    stream?.abort();
    stream = null;
    const wasDropped = state === options.droppedState;
    setState(options.droppedState);
    options.onDropped?.(wasDropped);
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? options.fallbackDelayMs;
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
    }, options.silenceMs);
  };

  const connect = async () => {
    if (stopped) return;
    const abort = new AbortController();
    stream = abort;
    if (state !== options.droppedState) setState('connecting');
    let response: Response;
    let context: TContext;
    try {
      [response, context] = await options.open(abort.signal);
    } catch {
      if (stream === abort) dropped();
      return;
    }
    if (stopped || stream !== abort) return;
    if (!response.ok || !response.body) {
      if (isFatalStreamStatus(response.status)) fatal(response.status);
      else dropped();
      return;
    }
    options.onOpen?.();
    armSilence(abort);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createParser({
      maxBufferSize: options.maxEventChars,
      // Unknown fields and a bad `retry` are ignored; an event that never ends drops the stream.
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') abort.abort();
      },
      onEvent: (message) => {
        if (stopped || stream !== abort) return;
        options.onMessage(message, context);
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
    if (!stopped && stream === abort) dropped();
  };

  return {
    start: () => void connect(),
    close,
    fatal,
    setState,
    state: () => state,
    isClosed: () => stopped,
    resetBackoff: () => {
      attempt = 0;
    },
    cancelReconnect: () => {
      clearTimer(reconnectTimer);
      reconnectTimer = null;
    },
  };
}
