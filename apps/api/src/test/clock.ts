/** A clock tests move by hand: `now` is what the app reads, `advance` skips time without sleeping. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (at: Date) => void };

export function createTestClock(start = new Date('2026-03-01T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
