/**
 * The guard around an outside service a customer's request waits on (iiko Cloud: the card's balance
 * at checkout, and an order's charge, made before the order's transaction; no call to it is made
 * inside a transaction, so none holds a pool connection):
 *
 * - **A breaker** (`createBreaker`): after `failuresToOpen` failed calls in a row (no answer in time,
 *   or an answer of 5xx), calls are refused at once for `openMs`; then one call at a time tries
 *   again, and its success closes the breaker. A service that is down costs a few timeouts, not one
 *   per order.
 *
 * A refusal is the caller's `refuse()` error (LoyaltyUnavailableError: 503 LOYALTY_UNAVAILABLE), the
 * same the caller gets when the service cannot be reached, so nothing new reaches a client.
 */

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
