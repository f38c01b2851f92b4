// @ts-check
/**
 * A bound on the pages the storefront renders per request at once (everything the HTML cache does
 * not answer: a query it does not take, a junk path, `?login`, the client router's payloads, server
 * actions, the signed-in pages). Without it a flood of such requests (a bot appending `?x=N`, a
 * scan of made-up paths) has the process render all of them side by side: each takes its share of
 * the one thread, and a cached menu page waited behind them (measured: 456 -> 27.5 req/s, p99 2.9 s
 * under 50 connections of `/?x=1`; docs/perf/issue-11.md).
 *
 * - At most `maxRenders` requests are past the gate at once; the rest wait in arrival order, at most
 *   `maxQueued` of them and for at most `maxWaitMs` each. A request beyond that is refused (the proxy
 *   answers 503 with Retry-After), as is one whose client went away while it waited.
 * - Cached pages never come here (the proxy answers them before the gate), so they keep their pace
 *   while renders queue.
 * - One process: the server (`server.mjs`) gives every request an id in the private header
 *   `x-render-slot` (overwriting a client's), and frees the id's place when the response closes,
 *   whatever answered it; the proxy asks the gate with that id. Without the server in front of Next
 *   (`next dev`, `next start`) there is no id and no gate: a client's own header is then never
 *   trusted, since nothing would free its place.
 *
 * Plain JavaScript (`// @ts-check`): the server loads it with Node's own `import()`, unbundled; the
 * proxy's bundle reaches the same gate through `globalThis` (precompressed.mjs does the same).
 */

/** The private request header carrying the server's id of a request. */
export const SLOT_HEADER = 'x-render-slot';

const KEY = Symbol.for('@app/web/render-gate');

/**
 * @typedef {{ maxRenders: number; maxQueued: number; maxWaitMs: number }} TRenderGateLimits
 * @typedef {{ id: string; resolve: (admitted: boolean) => void; timer: ReturnType<typeof setTimeout> }} TWaiter
 */

export class RenderGate {
  /** @param {TRenderGateLimits} limits */
  constructor(limits) {
    /** @type {TRenderGateLimits} */
    this.limits = { ...limits };
    /** @type {Set<string>} ids past the gate, until their response closes */
    this.admitted = new Set();
    /** @type {Map<string, TWaiter>} by id, in arrival order (a Map keeps it): `release` runs on every response */
    this.queue = new Map();
    /** Requests refused since the start (queue full, waited too long, client gone). */
    this.refused = 0;
    /** `refused` at the last report, and when that was (`reportDue`). */
    this.reported = { refused: 0, at: Number.NEGATIVE_INFINITY };
  }

  /** The limits, changed at run time (the proxy passes its settings on every request). */
  /** @param {TRenderGateLimits} limits */
  configure(limits) {
    this.limits = { ...limits };
    this.#admitWaiting();
  }

  /**
   * Resolves true when the request may render now (its place is kept until `release(id)`), false
   * when it is refused. An id already admitted is admitted again without a second place.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  admit(id) {
    if (this.admitted.has(id)) return Promise.resolve(true);
    if (this.queue.size === 0 && this.admitted.size < this.limits.maxRenders) {
      this.admitted.add(id);
      return Promise.resolve(true);
    }
    if (this.queue.size >= this.limits.maxQueued || this.limits.maxWaitMs <= 0) {
      this.refused += 1;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      /** @type {TWaiter} */
      const waiter = {
        id,
        resolve,
        timer: setTimeout(() => this.#drop(waiter), this.limits.maxWaitMs),
      };
      this.queue.set(id, waiter);
    });
  }

  /**
   * The request's response closed (or its client went away): its place goes to the next in line; a
   * request still waiting is refused. Unknown ids (a request that never came to the gate) are ignored.
   * @param {string} id
   */
  release(id) {
    if (this.admitted.delete(id)) {
      this.#admitWaiting();
      return;
    }
    const waiter = this.queue.get(id);
    if (waiter) this.#drop(waiter);
  }

  /**
   * The requests refused since the last report, when there are any and the last report is at least
   * `everyMs` old (then this is the report: the count starts again); else null. One log line a
   * minute at most, however long a flood lasts.
   * @param {number} now
   * @param {number} everyMs
   * @returns {number | null}
   */
  reportDue(now, everyMs) {
    const count = this.refused - this.reported.refused;
    if (count === 0 || now - this.reported.at < everyMs) return null;
    this.reported = { refused: this.refused, at: now };
    return count;
  }

  /** Places taken and requests waiting, for tests and the log. */
  get stats() {
    return { rendering: this.admitted.size, waiting: this.queue.size, refused: this.refused };
  }

  /** @param {TWaiter} waiter */
  #drop(waiter) {
    if (this.queue.get(waiter.id) !== waiter) return;
    this.queue.delete(waiter.id);
    clearTimeout(waiter.timer);
    this.refused += 1;
    waiter.resolve(false);
  }

  #admitWaiting() {
    for (const waiter of this.queue.values()) {
      if (this.admitted.size >= this.limits.maxRenders) break;
      this.queue.delete(waiter.id);
      clearTimeout(waiter.timer);
      this.admitted.add(waiter.id);
      waiter.resolve(true);
    }
  }
}

/**
 * The server says it gives every request an id and frees it when the response closes: from here on
 * the proxy's gate is in force. Returns the process's gate (made with generous limits; the proxy
 * sets its configured ones on each request).
 * @returns {RenderGate}
 */
export function installRenderGate() {
  const holder = /** @type {Record<symbol, RenderGate | undefined>} */ (/** @type {unknown} */ (globalThis));
  let gate = holder[KEY];
  if (!gate) {
    gate = new RenderGate({ maxRenders: 1_000, maxQueued: 0, maxWaitMs: 0 });
    holder[KEY] = gate;
  }
  return gate;
}

/**
 * The process's gate, or null when no server in front of Next gives requests their ids.
 * @returns {RenderGate | null}
 */
export function installedRenderGate() {
  const holder = /** @type {Record<symbol, RenderGate | undefined>} */ (/** @type {unknown} */ (globalThis));
  return holder[KEY] ?? null;
}

/** Removes the process's gate (tests). */
export function uninstallRenderGate() {
  delete (/** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[KEY]);
}

let lastId = 0;

/**
 * What the server does with every request before Next sees it: an id of its own in `SLOT_HEADER`
 * (a client's value is overwritten), and its place freed when the response closes.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {RenderGate} gate
 */
export function trackRequest(req, res, gate) {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(lastId);
  req.headers[SLOT_HEADER] = id;
  res.once('close', () => gate.release(id));
}
