import { availableParallelism } from 'node:os';

/** Every slot is taken and the wait queue is full: the caller answers "busy" at once. */
export class HashSlotsFull extends Error {
  constructor() {
    super('Every password-hashing slot is busy and the queue is full');
    this.name = 'HashSlotsFull';
  }
}

/**
 * A counting semaphore with a bounded wait queue, for CPU-heavy work (scrypt) that must not crowd out
 * the rest of the process. At most `slots` runs at once; up to `maxWaiting` more wait their turn in
 * arrival order; any further one is refused at once (HashSlotsFull) instead of queueing without end,
 * so a flood of sign-ins costs a bounded amount of CPU and memory and every waiter's wait is bounded
 * (maxWaiting / slots hashes). `stats` is what tests and operators read: nothing here is timed.
 */
export class HashSlots {
  #inFlight = 0;
  readonly #waiting: Array<() => void> = [];
  readonly stats = {
    /** The most runs ever in flight at once. */
    peakInFlight: 0,
    /** Runs started (each one is one password hash). */
    started: 0,
    /** Runs refused because the queue was full. */
    refused: 0,
  };

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(slots) || slots < 1)
      throw new Error(`HashSlots needs at least one slot, got ${slots}`);
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0)
      throw new Error(`Bad HashSlots queue size ${maxWaiting}`);
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` in a slot (waiting for one if need be); throws HashSlotsFull when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#inFlight < this.slots) {
      this.#inFlight += 1;
    } else if (this.#waiting.length < this.maxWaiting) {
      // release() hands its slot straight to us: #inFlight already counts this run when we wake.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.stats.refused += 1;
      throw new HashSlotsFull();
    }
    this.stats.started += 1;
    this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.#inFlight);
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight -= 1;
  }
}

/**
 * How many password hashes one API process computes at once. scrypt (N=2^14, about 16 MB and tens of
 * milliseconds each) runs on libuv's thread pool (4 threads) and keeps a core busy: 8 in flight on two
 * cores raised GET /v1/cities' p99 from ~10 ms to 280 ms. One core is left to the event loop and the
 * database, and never more than 2 (staff sign in a few times a shift; 2 slots already check ~40
 * passwords a second), so the thread pool always has threads left for file and DNS work.
 */
export const PASSWORD_HASH_SLOTS = Math.min(2, Math.max(1, availableParallelism() - 1));
/**
 * Sign-ins that may wait for a slot: 8 means a waiter waits at most ~8 hashes (a few hundred
 * milliseconds); beyond that the answer is 503 with Retry-After rather than an ever longer queue.
 */
export const PASSWORD_HASH_MAX_WAITING = 8;

/** The process's password checks (one pool per process, as the CPU is the process's). */
export const passwordCheckSlots = new HashSlots(PASSWORD_HASH_SLOTS, PASSWORD_HASH_MAX_WAITING);
