/**
 * Guards around an outside service whose calls are made while a database transaction waits (iiko
 * Cloud: the card's spend and its balance when an order is placed run inside the order's transaction,
 * so each holds one of the pool's few connections, and row locks, for as long as iiko takes; refunds
 * and cashback go through the loyalty outbox, outside any transaction, and only the breaker counts
 * them):
 *
 * - **A bulkhead** (`createBulkhead`): at most `max` operations at once. One more is refused at once
 *   rather than queued: a slow service then holds at most that many connections, and the rest of the
 *   pool keeps serving the menu and the orders without bonuses. It counts whole operations (a token,
 *   the guest and the movement), so callers waiting on a shared token request count too.
 * - **A breaker** (`createBreaker`): after `failuresToOpen` failed calls in a row (no answer in time,
 *   or an answer of 5xx), calls are refused at once for `openMs`; then one call at a time tries
 *   again, and its success closes the breaker. A service that is down costs a few timeouts, not one
 *   per order.
 *
 * A refusal is the caller's `refuse()` error (LoyaltyUnavailableError: 503 LOYALTY_UNAVAILABLE), the
 * same the caller gets when the service cannot be reached, so nothing new reaches a client.
 */

export type Bulkhead = {
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Operations running now. */
  inFlight: () => number;
};

export function createBulkhead(options: { max: number; refuse: (why: string) => Error }): Bulkhead {
  let inFlight = 0;
  return {
    async run(work) {
      if (inFlight >= options.max) throw options.refuse(`${inFlight} operations already waiting on it`);
      inFlight += 1;
      try {
        return await work();
      } finally {
        inFlight -= 1;
      }
    },
    inFlight: () => inFlight,
  };
}

export type BreakerOptions = {
  failuresToOpen: number;
  openMs: number;
  /** Milliseconds now (tests move it). */
  now: () => number;
  /** The error a refused call throws, with why. */
  refuse: (why: string) => Error;
};

export type Breaker = {
  /** Runs `work` if the breaker lets it; `failed` says whether its outcome counts as a failure. */
  run: <T>(
    work: () => Promise<T>,
    failed: (outcome: { value: T } | { error: unknown }) => boolean,
  ) => Promise<T>;
  /** For logs and tests: failures in a row, and until when calls are refused. */
  state: () => { failures: number; openUntil: number };
};

export function createBreaker(options: BreakerOptions): Breaker {
  let failures = 0;
  let openUntil = 0;
  let trying = false;

  return {
    async run<T>(work: () => Promise<T>, failed: (outcome: { value: T } | { error: unknown }) => boolean) {
      const open = failures >= options.failuresToOpen;
      if (open && options.now() < openUntil) {
        throw options.refuse(
          `refused for ${Math.ceil((openUntil - options.now()) / 1000)} s after ${failures} failures in a row`,
        );
      }
      // Half open: the breaker's time is up, and one call finds out whether the service is back.
      if (open && trying) throw options.refuse('another call is finding out whether it is back');
      const trial = open;
      if (trial) trying = true;
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await work() };
      } catch (error) {
        outcome = { error };
      } finally {
        if (trial) trying = false;
      }
      if (failed(outcome)) {
        failures += 1;
        if (failures >= options.failuresToOpen) openUntil = options.now() + options.openMs;
      } else failures = 0;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    state: () => ({ failures, openUntil }),
  };
}
