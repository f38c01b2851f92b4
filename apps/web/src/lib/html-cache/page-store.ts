import { LRUCache } from 'lru-cache';
import { deflateParts } from './gzip';

/**
 * The store of rendered pages behind the HTML cache (html-cache.ts: which requests and pages, and how
 * a stored page is answered with a fresh nonce): one render per key at a time, stored while the
 * change stream is live and nothing changed during the render, served within the minute it was
 * rendered in, and rendered again at the minute's turn while visitors ask for it. Pure logic: the
 * render is a function the caller gives (serve.ts), the clock and the timer can be given (tests).
 */

/** Says how a page was answered: `hit` (stored render) or `miss` (rendered for this request). */
export const STATUS_HEADER = 'x-html-cache';

/** What a render answered, as the proxy's render request received it. */
export type TRendered = {
  status: number;
  headers: [string, string][];
  body: string;
};

/**
 * A render ready to serve: its body cut at every occurrence of the placeholder, each part encoded
 * (UTF-8) once here. A response is then the parts' bytes with the nonce's between them
 * (`bodyWithNonce`): no per-request join of a 229 KB string, no conversion and encoding of it by
 * `Response` (a third of the served page's CPU in a profile; docs/perf/issue-11.md, 2026-11-29).
 */
export type TStoredPage = {
  status: number;
  headers: [string, string][];
  parts: Uint8Array[];
  /** The body's length in bytes (UTF-8). */
  bytes: number;
  /** Each part deflated once, for a browser that asks for gzip (gzip.ts: `gzipWithNonce`). */
  gzip: Uint8Array[];
  /** What the page holds in memory, its parts and their gzip: what `maxBytes` bounds. */
  size: number;
  /** The render set a cookie (its `Set-Cookie` is not kept): never stored, never served for a visitor. */
  setsCookie: boolean;
};

type TEntry = TStoredPage & {
  seq: number;
  expiresAt: number;
  /** How the page is rendered again (at its minute's turn, when a visitor asked for it). */
  render: () => Promise<TRendered>;
  /** A visitor was answered with it (its render was for a request, or a request hit it). */
  served: boolean;
};

/**
 * At a minute's turn, how many of the pages visitors were served in the minute that ended are
 * rendered again at once (most recently used first, one after another), so that the next visitor
 * of a page in use finds it rendered rather than waiting for its render.
 */
export const REFRESH_MAX_PAGES = 16;

/** Runs `run` after `delayMs` without keeping the process alive (setTimeout, unref'd). */
const defaultSchedule = (run: () => void, delayMs: number): void => {
  setTimeout(run, delayMs).unref();
};

/** The change stream's state: `seq` grows with every change or reset; `live` while connected. */
export type TFreshness = { seq: number; live: boolean };

export type THtmlCacheOptions = {
  maxEntries: number;
  maxBytes: number;
  placeholder: string;
  freshness: () => TFreshness;
  now?: () => number;
  /** The timer of the minute's turn (tests run it by hand). */
  schedule?: (run: () => void, delayMs: number) => void;
};

export type TLookup = { outcome: 'hit' | 'miss'; page: TStoredPage };

/** Response headers that belong to one transfer, or are set per response: never replayed. */
const PER_RESPONSE_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'date',
  'keep-alive',
  'set-cookie',
  'strict-transport-security',
  'transfer-encoding',
  STATUS_HEADER,
]);

/** The first minute boundary after `t`: a page rendered now is not served past it. */
export function nextMinute(t: number): number {
  return Math.floor(t / 60_000) * 60_000 + 60_000;
}

/**
 * A page may be stored when it is a 200 HTML document that sets no cookie. Anything else (a 404 of
 * an unknown city, a redirect, an error) is forgotten once its own requests are answered (serve.ts:
 * a 404 from this render, the rest the ordinary way).
 */
export function isStorable(rendered: TRendered): boolean {
  if (rendered.status !== 200) return false;
  let html = false;
  for (const [name, value] of rendered.headers) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') return false;
    if (lower === 'content-type' && value.startsWith('text/html')) html = true;
  }
  return html;
}

export class HtmlCache {
  private readonly entries: LRUCache<string, TEntry>;
  private readonly inFlight = new Map<string, { seq: number; promise: Promise<TStoredPage> }>();
  private readonly placeholder: string;
  private readonly freshness: () => TFreshness;
  private readonly now: () => number;
  private readonly schedule: (run: () => void, delayMs: number) => void;
  /** The minute's turn the refresh is planned for (null: none planned). */
  private refreshAt: number | null = null;
  /** Renders started (for tests and the stampede check). */
  renders = 0;

  constructor(options: THtmlCacheOptions) {
    this.placeholder = options.placeholder;
    this.freshness = options.freshness;
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? defaultSchedule;
    this.entries = new LRUCache({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry) => Math.max(1, entry.size),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.entries.calculatedSize;
  }

  /**
   * Cuts a render at the placeholder and drops the headers that are set per response, and Next's
   * internal ones (`x-middleware-*`: a proxy's answer must not carry them).
   */
  prepare(rendered: TRendered): TStoredPage {
    const parts = rendered.body.split(this.placeholder).map((part) => Buffer.from(part, 'utf8'));
    // ~12 ms for the menu page, once per render (a render itself takes ~95 ms).
    const gzip = deflateParts(parts, this.placeholder.length);
    const bytes = Buffer.byteLength(rendered.body);
    return {
      status: rendered.status,
      headers: rendered.headers.filter(([name]) => {
        const lower = name.toLowerCase();
        return !PER_RESPONSE_HEADERS.has(lower) && !lower.startsWith('x-middleware-');
      }),
      parts,
      bytes,
      gzip,
      size: bytes + gzip.reduce((sum, part) => sum + part.length, 0),
      setsCookie: rendered.headers.some(([name]) => name.toLowerCase() === 'set-cookie'),
    };
  }

  /**
   * The stored page of a key, or a render of it: at most one render per key at a time (later
   * requests wait for it), and only while the change stream is live (null otherwise: the caller
   * renders the ordinary way). A render is stored when it is storable, no change arrived while it
   * ran, and its minute has not ended.
   */
  async lookup(key: string, render: () => Promise<TRendered>): Promise<TLookup | null> {
    return this.find(key, render, true);
  }

  /** `lookup`, for a visitor's request (`served`) or for the refresh at a minute's turn. */
  private async find(
    key: string,
    render: () => Promise<TRendered>,
    served: boolean,
  ): Promise<TLookup | null> {
    const { seq, live } = this.freshness();
    if (!live) return null;
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.seq === seq && this.now() < entry.expiresAt) {
        if (served) entry.served = true;
        return { outcome: 'hit', page: entry };
      }
      this.entries.delete(key);
    }
    const running = this.inFlight.get(key);
    // A render begun before a change may show the old catalogue: a request after it does not wait for it.
    if (running && running.seq === seq) {
      const page = await running.promise;
      if (served) this.markServed(key, page);
      return { outcome: 'miss', page };
    }

    const startedAt = this.now();
    this.renders += 1;
    const promise = render().then((rendered) => {
      const page = this.prepare(rendered);
      const after = this.freshness();
      const expiresAt = nextMinute(startedAt);
      if (isStorable(rendered) && after.live && after.seq === seq && this.now() < expiresAt) {
        this.entries.set(key, { ...page, seq, expiresAt, render, served });
        this.planRefresh(expiresAt);
      }
      return page;
    });
    const own = { seq, promise };
    this.inFlight.set(key, own);
    try {
      return { outcome: 'miss', page: await promise };
    } finally {
      if (this.inFlight.get(key) === own) this.inFlight.delete(key);
    }
  }

  /** A visitor waited for the page a refresh was rendering: it counts as served. */
  private markServed(key: string, page: TStoredPage): void {
    const entry = this.entries.peek(key);
    if (entry && entry.parts === page.parts) entry.served = true;
  }

  /** Plans the refresh at the minute's turn `at` (once per turn, whatever the number of pages). */
  private planRefresh(at: number): void {
    if (this.refreshAt !== null && this.refreshAt <= at) return;
    this.refreshAt = at;
    this.schedule(
      () => {
        this.refreshAt = null;
        void this.refreshServed().then(() => {
          // A page stored just before this turn's timer ran, for the next turn, is planned here.
          const next = this.nextServedExpiry();
          if (next !== null) this.planRefresh(next);
        });
      },
      Math.max(0, at - this.now()) + 1,
    );
  }

  /** The earliest minute's turn of a page visitors were served and that has not reached it yet. */
  private nextServedExpiry(): number | null {
    const now = this.now();
    let next: number | null = null;
    for (const entry of this.entries.values()) {
      if (entry.served && entry.expiresAt > now && (next === null || entry.expiresAt < next)) {
        next = entry.expiresAt;
      }
    }
    return next;
  }

  /**
   * Renders again, one after another, the pages whose minute has ended and that visitors were served
   * during it (at most REFRESH_MAX_PAGES, most recently used first): pages are stored for their
   * minute only (html-cache's rule: a paused branch's reopening shows on time), and without this the
   * first visitor of each page after every minute's turn waited for its render (~0.1 s, and each
   * Lighthouse run of the menu page, issue 11). A page rendered this way and not asked for during its
   * minute is not rendered again: a page nobody visits costs one render after its last visit. A
   * visitor arriving meanwhile waits for the render under way, as at any miss. Returns how many were
   * rendered; a failed render is left to the next visitor.
   */
  async refreshServed(): Promise<number> {
    if (!this.freshness().live) return 0;
    const now = this.now();
    const due: [string, TEntry][] = [];
    // lru-cache lists the most recently used first.
    for (const [key, entry] of this.entries.entries()) {
      if (due.length >= REFRESH_MAX_PAGES) break;
      if (entry.served && entry.expiresAt <= now) due.push([key, entry]);
    }
    let done = 0;
    for (const [key, entry] of due) {
      try {
        if ((await this.find(key, entry.render, false)) !== null) done += 1;
      } catch {
        // The next visitor's request renders it (and sees the failure, if it lasts).
      }
    }
    return done;
  }

  clear(): void {
    this.entries.clear();
  }
}
