import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerIntervalJob } from './interval-job.ts';

/** A job whose rounds end when the test says so; `rounds` counts the rounds started. */
function controlledJob() {
  const ends: Array<() => void> = [];
  const job = {
    rounds: 0,
    signals: [] as AbortSignal[],
    endRound: () => ends.shift()?.(),
    run: (closing: AbortSignal) => {
      job.rounds += 1;
      job.signals.push(closing);
      return new Promise<string[]>((resolve) => ends.push(() => resolve([])));
    },
  };
  return job;
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('registerIntervalJob', () => {
  it('runs one more round after the running one when nudged during it, however many nudges', async () => {
    const app = Fastify({ logger: false });
    const job = controlledJob();
    const { nudge } = registerIntervalJob(app, {
      name: 'a test job',
      run: job.run,
      didWork: 'done',
      intervalMs: 60_000,
    });
    const first = nudge();
    expect(job.rounds).toBe(1);
    // Nudges during the round (a writer's commit): the round may have read before the write.
    const second = nudge();
    const third = nudge();
    expect(job.rounds).toBe(1);
    job.endRound();
    await first;
    await settle();
    expect(job.rounds).toBe(2);
    job.endRound();
    await Promise.all([second, third]);
    await settle();
    expect(job.rounds).toBe(2);
    await app.close();
  });

  it('joins the running round on a tick (the timer): no round piles up behind a slow one', async () => {
    const app = Fastify({ logger: false });
    const job = controlledJob();
    const { tick } = registerIntervalJob(app, {
      name: 'a test job',
      run: job.run,
      didWork: 'done',
      intervalMs: 60_000,
    });
    const first = tick();
    const second = tick();
    job.endRound();
    await Promise.all([first, second]);
    await settle();
    expect(job.rounds).toBe(1);
    await app.close();
  });

  it('tells the running round that the app is closing, waits for it, and runs no round after', async () => {
    const app = Fastify({ logger: false });
    const job = controlledJob();
    const { tick, nudge } = registerIntervalJob(app, {
      name: 'a test job',
      run: job.run,
      didWork: 'done',
      intervalMs: 60_000,
    });
    void tick();
    const signal = job.signals[0];
    expect(signal?.aborted).toBe(false);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await settle();
    expect(signal?.aborted).toBe(true);
    expect(closed).toBe(false);
    job.endRound();
    await closing;
    await tick();
    await nudge();
    expect(job.rounds).toBe(1);
  });
});
