import type { FastifyInstance } from 'fastify';

/** A timed job: runs once when the app is ready and every `intervalMs` after, until the app closes. */
export type IntervalJob<T> = {
  /** What the log says it is ('the payment timeout job'). */
  name: string;
  run: () => Promise<T[]>;
  /** The log line when a round did something (its ids). */
  didWork: string;
  intervalMs: number;
};

/**
 * Registers `job` on the app's life: a round at onReady, then one every interval; a slow round is never
 * overlapped by the next; a failed round is logged and the job runs again later; onClose stops the
 * timer and waits for a round in progress. Returns `tick`, which runs a round now (or joins the one
 * running): the test clock's move uses it.
 */
export function registerIntervalJob<T>(app: FastifyInstance, job: IntervalJob<T>): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const tick = (): Promise<void> => {
    if (running || closed) return running ?? Promise.resolve();
    running = job
      .run()
      .then((ids) => {
        if (ids.length) app.log.info({ orders: ids }, job.didWork);
      })
      .catch((error: unknown) => {
        if (!closed) app.log.error({ err: error }, `${job.name} failed; it runs again later`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await tick();
    timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running;
  });
  return tick;
}
