import type { FastifyInstance } from 'fastify';

/** A timed job: runs once when the app is ready and every `intervalMs` after, until the app closes. */
export type IntervalJob<T> = {
  /** What the log says it is ('the payment timeout job'). */
  name: string;
  /**
   * One round. `closing` is aborted when the app starts closing: a round that loops over many rows
   * checks it between them, so the close waits for one row, not the whole backlog.
   */
  run: (closing: AbortSignal) => Promise<T[]>;
  /** The log line when a round did something (its ids). */
  didWork: string;
  intervalMs: number;
};

/** How a registered job is run outside its timer. */
export type IntervalJobControl = {
  /** Runs a round now, or joins the one running. */
  tick: () => Promise<void>;
  /**
   * A writer committed something the job must read: runs a round now, or, when one is running (it
   * may have read before the write), one more right after it (one, however many nudges).
   */
  nudge: () => Promise<void>;
};

/**
 * Registers `job` on the app's life: a round at onReady, then one every interval; a slow round is never
 * overlapped by the next, and a timer's tick during it is skipped; a failed round is logged and the job
 * runs again later; onClose stops the timer, aborts `closing` and waits for a round in progress.
 */
export function registerIntervalJob<T>(app: FastifyInstance, job: IntervalJob<T>): IntervalJobControl {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const closing = new AbortController();
  const tick = (): Promise<void> => {
    if (running || closing.signal.aborted) return running ?? Promise.resolve();
    running = job
      .run(closing.signal)
      .then((ids) => {
        if (ids.length) app.log.info({ orders: ids }, job.didWork);
      })
      .catch((error: unknown) => {
        if (!closing.signal.aborted) app.log.error({ err: error }, `${job.name} failed; it runs again later`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const nudge = (): Promise<void> => {
    if (!running) return tick();
    next ??= running.then(() => {
      next = null;
      return tick();
    });
    return next;
  };
  app.addHook('onReady', async () => {
    await tick();
    timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing.abort();
    if (timer) clearInterval(timer);
    await running;
  });
  return { tick, nudge };
}
