/**
 * A guard around the calls to an outside service made while a database transaction waits (iiko
 * Cloud: the card's balance, spend, refund and earn run inside the order's transaction, so each call
 * holds one of the pool's few connections, and row locks, for as long as it takes):
 *
 * - **At most `maxConcurrent` calls at once.** One more is refused at once rather than queued: a
 *   slow service then holds at most that many connections, and the rest of the pool keeps serving
 *   the menu and the orders without bonuses.
 * - **A breaker.** After `failuresToOpen` failures in a row (no answer in time, or an answer of 5xx),
 *   calls are refused at once for `openMs`; then one call at a time tries again, and its success
 *   closes the breaker. A service that is down costs a few timeouts, not one per order.
 *
 * A refusal is the caller's `refuse()` error (LoyaltyUnavailableError: 503 LOYALTY_UNAVAILABLE), the
 * same the caller gets when the service cannot be reached, so nothing new reaches a client.
 */
export type CallGuardOptions = {
  maxConcurrent: number;
  failuresToOpen: number;
  openMs: number;
  /** Milliseconds now (tests move it). */
  now: () => number;
  /** The error a refused call throws, with why. */
  refuse: (why: string) => Error;
};

export type CallGuard = {
  /** Runs `work` if the guard lets it; `failed` says whether its outcome counts as a failure. */
  run: <T>(
    work: () => Promise<T>,
    failed: (outcome: { value: T } | { error: unknown }) => boolean,
  ) => Promise<T>;
  /** For logs and tests: calls running, failures in a row, and until when calls are refused. */
  state: () => { inFlight: number; failures: number; openUntil: number };
};

export function createCallGuard(options: CallGuardOptions): CallGuard {
  let inFlight = 0;
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
      if (inFlight >= options.maxConcurrent) throw options.refuse(`${inFlight} calls already waiting on it`);
      const trial = open;
      if (trial) trying = true;
      inFlight += 1;
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await work() };
      } catch (error) {
        outcome = { error };
      } finally {
        inFlight -= 1;
        if (trial) trying = false;
      }
      if (failed(outcome)) {
        failures += 1;
        if (failures >= options.failuresToOpen) openUntil = options.now() + options.openMs;
      } else failures = 0;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    state: () => ({ inFlight, failures, openUntil }),
  };
}
