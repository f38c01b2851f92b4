import { PassThrough } from 'node:stream';
import { type TOrderStatusEvent, ZOrderStatusEvent } from '@app/contracts';
import { isTerminalStatus } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';

/** How often an idle stream sends a comment, so proxies and browsers keep the connection open. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser's EventSource waits before reconnecting (the storefront's fetch reader has its own). */
export const RETRY_MS = 5_000;

/** Stops a subscription; may be async (a LISTEN connection). */
type Unsubscribe = () => void | Promise<void>;

export type StatusStreamDeps = {
  /** The order followed; events name it in any case (a uuid's case carries no meaning). */
  orderId: string;
  /**
   * Listens for the order's status changes (the bus, `app.orderEvents.subscribe`). Called before the
   * first read, so no change can fall between the read and the subscription.
   */
  subscribe: (listener: (event: unknown) => void) => Unsubscribe | Promise<Unsubscribe>;
  /** The order's status now, from the database. */
  readCurrent: () => Promise<TOrderStatusEvent | null>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
};

/** One Server-Sent Event: `event: status`, the JSON of a TOrderStatusEvent as data. */
export const formatStatusEvent = (event: TOrderStatusEvent) =>
  `event: status\nid: ${event.at}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * The body of GET /v2/orders/{id}/status-stream: the current status first, then every change the bus
 * reports, a comment every `heartbeatMs`; it ends after a terminal status (finished, cancelled) and
 * cleans up (unsubscribes, stops the heartbeat) when the client goes away or the stream is ended.
 *
 * Events that arrive while the first read runs, and any the reader has already seen, are dropped:
 * an event is sent only when it is newer than the last one sent (or as new, with another status).
 * A bus message that is not a full status event (only the order's id, say) makes the stream read
 * the status again. Resolves once subscribed (a failed subscription rejects, nothing is left open).
 */
export async function openStatusStream(deps: StatusStreamDeps): Promise<PassThrough> {
  const out = new PassThrough();
  const orderId = deps.orderId.toLowerCase();
  let last: TOrderStatusEvent | null = null;
  let done = false;
  let started = false;
  let unsubscribe: Unsubscribe | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  /** Bus messages that arrived before the first read finished. */
  const early: unknown[] = [];
  /** Serialises reads so events leave in the order they were handled. */
  let queue: Promise<void> = Promise.resolve();

  const cleanup = () => {
    if (done) return;
    done = true;
    if (heartbeat) clearInterval(heartbeat);
    const stop = unsubscribe;
    unsubscribe = null;
    if (stop) {
      Promise.resolve()
        .then(stop)
        .catch((error: unknown) => deps.log.warn({ err: error }, 'status stream: unsubscribe failed'));
    }
  };
  out.on('close', cleanup);
  out.on('error', cleanup);
  // Ended from outside (the app closing): stop at once, before a late write could fail.
  out.on('finish', cleanup);
  const open = () => !done && !out.writableEnded;
  const finish = () => {
    cleanup();
    if (!out.writableEnded) out.end();
  };

  const send = (event: TOrderStatusEvent) => {
    if (!open() || event.order_id.toLowerCase() !== orderId) return;
    if (last) {
      const newer = Date.parse(event.at) - Date.parse(last.at);
      if (newer < 0 || (newer === 0 && event.status === last.status)) return;
    }
    last = event;
    out.write(formatStatusEvent(event));
    if (isTerminalStatus(event.status)) {
      finish();
    }
  };

  const handle = (message: unknown) => {
    const parsed = ZOrderStatusEvent.safeParse(message);
    queue = queue
      .then(async () => {
        if (done) return;
        if (parsed.success) send(parsed.data);
        else {
          const current = await deps.readCurrent();
          if (current) send(current);
        }
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'status stream: reading the status failed');
        finish();
      });
  };

  const onBus = (message: unknown) => {
    if (done) return;
    if (started) handle(message);
    else early.push(message);
  };

  // Subscribing first: a failure here is the route's error (a JSON answer), not a broken stream.
  unsubscribe = await deps.subscribe(onBus);
  const start = async () => {
    out.write(`retry: ${RETRY_MS}\n\n`);
    const current = await deps.readCurrent();
    if (!current) {
      // Gone between the route's check and here: nothing to follow.
      finish();
      return;
    }
    send(current);
    started = true;
    for (const message of early.splice(0)) handle(message);
    if (!done) {
      heartbeat = setInterval(() => {
        if (open()) out.write(': heartbeat\n\n');
      }, deps.heartbeatMs ?? HEARTBEAT_MS);
    }
  };
  start().catch((error: unknown) => {
    deps.log.error({ err: error }, 'status stream: reading the status failed');
    finish();
  });
  return out;
}
