/**
 * The API's clock when TEST_CLOCK=true (never in production, env.ts refuses it): the system time plus
 * an offset the browser tests set through `PUT /v1/dev/clock`, so a journey moves the server past the
 * one-minute code resend instead of waiting a real minute. The offset only ever moves what the API
 * reads through `app.clock`; the operating system's time and the database's `now()` stay as they are.
 */
export type OffsetClock = {
  /** What the app reads (`app.clock`). */
  now: () => Date;
  /** How far ahead (or behind, negative) of the system time the clock runs, in ms. */
  offsetMs: () => number;
  setOffsetMs: (ms: number) => void;
};

export function createOffsetClock(systemNow: () => number = Date.now): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(systemNow() + offset),
    offsetMs: () => offset,
    setOffsetMs: (ms) => {
      offset = ms;
    },
  };
}
