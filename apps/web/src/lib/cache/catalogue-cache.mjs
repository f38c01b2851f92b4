// @ts-check
/**
 * The storefront's cache of API reads (Next's data cache and rendered pages, through
 * `apps/web/cache-handler.mjs`), kept fresh by the API's change stream. Plain JavaScript: Next loads
 * the cache handler with Node's `import()`, unbundled (see catalogue-change.mjs).
 *
 * - Entries live in memory, in a bounded LRU (count and approximate bytes).
 * - Every entry carries tags (`catalogue`, `branches`, `shipper`, `content`, and Next's own). A
 *   `change` event drops the entries of its tags, a `reset` event everything.
 * - A read that was on its way while a change of its tags arrived is not stored: the cache notes the
 *   invalidation sequence when Next asks for a key (`get`), and `set` refuses an answer older than an
 *   invalidation of its tags.
 * - While the stream is not live (not connected yet, reconnecting, no heartbeat), an entry is served
 *   for at most `fallbackTtlMs` after it was stored, so a lost stream means "stale for at most N
 *   seconds", not forever; entries tagged LIVE_ONLY_TAG are not served at all then.
 * - One subscription per process: the state lives on `globalThis`, because the handler file and the
 *   instrumentation hook reach this module through different loaders (Node's and Next's bundle).
 */
import { createParser } from 'eventsource-parser';
import { LRUCache } from 'lru-cache';
import { parseStreamEvent } from './catalogue-change.mjs';

/** An entry with this tag is served only while the change stream is live (per-branch stop lists). */
export const LIVE_ONLY_TAG = 'live-only';

export const DEFAULT_MAX_ENTRIES = 2000;
/** Approximate: the length of the stored body (fetch answers) or a flat guess (rendered pages). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const PAGE_SIZE_GUESS = 64 * 1024;

/**
 * @typedef {{
 *   value: unknown,
 *   tags: readonly string[],
 *   storedAt: number,
 *   seq: number,
 *   size: number,
 * }} TEntry
 *
 * @typedef {{
 *   maxEntries?: number,
 *   maxBytes?: number,
 *   fallbackTtlMs?: number,
 *   now?: () => number,
 * }} TCacheOptions
 *
 * @typedef {{
 *   url: string,
 *   headers?: Record<string, string>,
 *   initialBackoffMs?: number,
 *   maxBackoffMs?: number,
 *   heartbeatTimeoutMs?: number,
 *   fetch?: typeof fetch,
 *   random?: () => number,
 *   log?: (message: string) => void,
 * }} TStreamOptions
 */

export class CatalogueCache {
  /** @param {TCacheOptions} [options] */
  constructor(options = {}) {
    this.fallbackTtlMs = options.fallbackTtlMs ?? 5000;
    this.now = options.now ?? Date.now;
    /** @type {LRUCache<string, TEntry>} */
    this.entries = new LRUCache({
      max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.size),
    });
    /** Invalidation sequence: every change or reset increments it. */
    this.seq = 0;
    this.resetSeq = 0;
    /** @type {Map<string, number>} the sequence of each tag's last invalidation */
    this.tagSeq = new Map();
    /** @type {LRUCache<string, number>} the sequence when Next last asked for a key (its read starts) */
    this.asked = new LRUCache({ max: (options.maxEntries ?? DEFAULT_MAX_ENTRIES) * 2 });
    /** True between a `reset` event and the loss of that connection. */
    this.live = false;
  }

  /** @param {number} seq @param {Iterable<string>} tags */
  isCurrent(seq, tags) {
    if (this.resetSeq > seq) return false;
    for (const tag of tags) if ((this.tagSeq.get(tag) ?? 0) > seq) return false;
    return true;
  }

  /**
   * The entry of a key, or null when missing or no longer to be served. `extraTags` are the tags the
   * caller knows for the key (Next's soft tags of the page being rendered).
   *
   * @param {string} key
   * @param {readonly string[]} [extraTags]
   * @returns {{ value: unknown, storedAt: number } | null}
   */
  get(key, extraTags = []) {
    this.asked.set(key, this.seq);
    const entry = this.entries.get(key);
    if (!entry) return null;
    const fresh =
      this.isCurrent(entry.seq, entry.tags) &&
      this.isCurrent(entry.seq, extraTags) &&
      (this.live ||
        (!entry.tags.includes(LIVE_ONLY_TAG) && this.now() - entry.storedAt <= this.fallbackTtlMs));
    if (!fresh) {
      this.entries.delete(key);
      return null;
    }
    return { value: entry.value, storedAt: entry.storedAt };
  }

  /**
   * Stores an answer, unless a change of its tags (or a reset) arrived since Next asked for the key:
   * then the answer may predate that change.
   *
   * @param {string} key
   * @param {unknown} value
   * @param {readonly string[]} tags
   * @param {number} [size]
   * @returns {boolean} whether it was stored
   */
  set(key, value, tags, size = PAGE_SIZE_GUESS) {
    const seq = this.asked.get(key) ?? this.seq;
    this.asked.delete(key);
    if (!this.isCurrent(seq, tags)) {
      this.entries.delete(key);
      return false;
    }
    this.entries.set(key, { value, tags: [...tags], storedAt: this.now(), seq, size });
    return true;
  }

  /** @param {string} key */
  delete(key) {
    this.entries.delete(key);
  }

  /** Drops every entry carrying one of the tags, and any answer to a read begun before now. */
  invalidateTags(/** @type {Iterable<string>} */ tags) {
    this.seq += 1;
    const dropped = new Set(tags);
    for (const tag of dropped) this.tagSeq.set(tag, this.seq);
    for (const [key, entry] of this.entries.entries()) {
      if (entry.tags.some((tag) => dropped.has(tag))) this.entries.delete(key);
    }
  }

  /** Drops everything. */
  reset() {
    this.seq += 1;
    this.resetSeq = this.seq;
    this.entries.clear();
  }

  /** @param {boolean} live */
  setLive(live) {
    this.live = live;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * Subscribes to the change stream until the returned function is called: reconnects with
   * exponential backoff (with jitter) after any failure, and treats a silence longer than
   * `heartbeatTimeoutMs` (the API sends a comment about every 15 s) as a lost connection.
   *
   * @param {TStreamOptions} options
   * @returns {{ stop: () => void, state: () => { live: boolean, attempts: number, connects: number, failures: number } }}
   */
  subscribe(options) {
    const initialBackoff = options.initialBackoffMs ?? 250;
    const maxBackoff = options.maxBackoffMs ?? 15_000;
    const heartbeatTimeout = options.heartbeatTimeoutMs ?? 45_000;
    const doFetch = options.fetch ?? globalThis.fetch;
    const random = options.random ?? Math.random;
    const log = options.log ?? ((message) => console.warn(message));
    let stopped = false;
    let backoff = initialBackoff;
    let attempts = 0;
    let connects = 0;
    let failures = 0;
    /** @type {AbortController | undefined} */
    let controller;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let retryTimer;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let silenceTimer;
    let reportedDown = false;

    const clearSilence = () => {
      if (silenceTimer) clearTimeout(silenceTimer);
      silenceTimer = undefined;
    };

    /** @param {string} reason */
    const lost = (reason) => {
      clearSilence();
      controller?.abort();
      this.setLive(false);
      if (stopped) return;
      failures += 1;
      if (!reportedDown)
        log(
          `[catalogue-cache] change stream down (${reason}); entries expire after ${this.fallbackTtlMs} ms until it is back`,
        );
      reportedDown = true;
      // Full backoff plus up to 20% jitter, so many storefront processes do not reconnect in step.
      const delay = Math.round(backoff * (1 + 0.2 * random()));
      backoff = Math.min(backoff * 2, maxBackoff);
      retryTimer = setTimeout(connect, delay);
      retryTimer.unref?.();
    };

    const connect = async () => {
      retryTimer = undefined;
      if (stopped) return;
      attempts += 1;
      const own = new AbortController();
      controller = own;
      const armSilence = () => {
        clearSilence();
        silenceTimer = setTimeout(() => own.abort(new Error('no heartbeat')), heartbeatTimeout);
        silenceTimer.unref?.();
      };
      const parser = createParser({
        onEvent: (message) => {
          const action = parseStreamEvent(message.event, message.data);
          if (action.kind === 'reset') {
            this.reset();
            this.setLive(true);
            backoff = initialBackoff;
            if (reportedDown) log('[catalogue-cache] change stream back');
            reportedDown = false;
          } else if (action.kind === 'change') {
            this.invalidateTags(action.tags);
          }
        },
      });
      armSilence();
      try {
        const response = await doFetch(options.url, {
          headers: { ...options.headers, Accept: 'text/event-stream', 'Cache-Control': 'no-cache' },
          signal: own.signal,
          cache: 'no-store',
        });
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
          await response.body?.cancel().catch(() => undefined);
          throw new Error(`HTTP ${response.status} ${type || 'no content type'}`);
        }
        connects += 1;
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          armSilence();
          parser.feed(decoder.decode(value, { stream: true }));
        }
        if (controller === own) lost('stream ended');
      } catch (error) {
        if (controller !== own || stopped) return;
        const reason = own.signal.aborted ? own.signal.reason : error;
        lost(reason instanceof Error ? reason.message : String(reason));
      }
    };

    void connect();
    return {
      stop: () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        clearSilence();
        controller?.abort();
        this.setLive(false);
      },
      state: () => ({ live: this.live, attempts, connects, failures }),
    };
  }
}

const GLOBAL_KEY = Symbol.for('@app/web/catalogue-cache');

/**
 * @typedef {{ cache: CatalogueCache, subscription?: ReturnType<CatalogueCache['subscribe']> }} TProcessCache
 */

/**
 * The process's one cache. Its options apply when it is first created (instrumentation's
 * `register()`, before any request; a build without instrumentation gets the defaults).
 *
 * @param {TCacheOptions} [options]
 * @returns {TProcessCache}
 */
export function processCache(options) {
  const holder = /** @type {Record<symbol, TProcessCache | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  let current = holder[GLOBAL_KEY];
  if (!current) {
    current = { cache: new CatalogueCache(options) };
    holder[GLOBAL_KEY] = current;
  }
  return current;
}

/**
 * Creates the process's cache with these options and subscribes it to the stream (null: none), once.
 *
 * @param {TCacheOptions} cacheOptions
 * @param {TStreamOptions | null} streamOptions
 */
export function startProcessCache(cacheOptions, streamOptions) {
  const current = processCache(cacheOptions);
  current.cache.fallbackTtlMs = cacheOptions.fallbackTtlMs ?? current.cache.fallbackTtlMs;
  if (streamOptions) current.subscription ??= current.cache.subscribe(streamOptions);
  return current;
}
