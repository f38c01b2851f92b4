import { gzipSync } from 'node:zlib';
import type { TCacheTag } from '@app/contracts';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ReadSnapshot, TagGenerations, TaggedCache } from './tagged-cache.ts';

/**
 * A cached answer: the serialised body as sent, already UTF-8 encoded, so a hit costs no query, no
 * serialisation and no encoding; and its gzip, made once when it is stored, for clients that take
 * gzip (the menu's 95 KB of three languages travel as ~19 KB to a phone). Null for a small body.
 */
export type CachedAnswer = { body: Buffer; contentType: string; gzip: Buffer | null };

/** Bodies below this are sent as they are: gzip's header and a round trip's worth of bytes. */
export const GZIP_MIN_BYTES = 1_024;

/** The answer to store for a serialised JSON body: the bytes and, for a large one, their gzip. */
export function cachedAnswer(body: Buffer, contentType: string): CachedAnswer {
  const gzip = body.length >= GZIP_MIN_BYTES ? gzipSync(body, { level: 6 }) : null;
  return { body, contentType, gzip: gzip && gzip.length < body.length ? gzip : null };
}

/**
 * Whether a client's Accept-Encoding (RFC 9110, 12.5.3) takes gzip over the plain body: gzip named
 * with a weight above 0 and above identity's. `*` alone, or a header refusing gzip, gets the plain
 * body, which every client takes.
 */
export function prefersGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  // Codings are case-insensitive; the negotiator compares as written.
  return value ? negotiate(value.toLowerCase(), ['identity', 'gzip']) === 'gzip' : false;
}

/** Adds Accept-Encoding to the reply's Vary (CORS may have put Origin there already). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export type ReadCacheOptions = {
  /** Answers kept at most; 0 turns every cache of the process off. */
  maxEntries: number;
  /** Bytes of answer bodies and their gzip kept at most. */
  maxBytes: number;
  ttlMs: number;
  /** Whether changes are being heard now (the bus's `listening`); while not, nothing is cached. */
  listening?: () => boolean;
};

/** Shipper ids remembered as existing (a deployment has a handful of chains). */
const KNOWN_SHIPPERS = 64;
/**
 * Shipper ids remembered as unknown: a client sending random uuids gets its 404 without a query
 * each time, and, in a list of its own, can never push a real chain out.
 */
const UNKNOWN_SHIPPERS = 1_024;

/**
 * The process's read cache: answers of public read routes, and whether a shipper exists (asked by
 * every /v1, /v2, /v3 request). Invalidated by tag when the database announces a change
 * (`invalidate`, fed by the order-events bus), bounded (LRU by count and bytes), with a TTL as a
 * safety net. See ARCHITECTURE.md, "Cached reads".
 */
export class ReadCache {
  readonly generations: TagGenerations;
  readonly answers: TaggedCache<CachedAnswer>;
  readonly knownShippers: TaggedCache<true>;
  readonly unknownShippers: TaggedCache<true>;

  constructor(options: ReadCacheOptions) {
    this.generations = new TagGenerations(options.listening);
    const on = options.maxEntries > 0;
    this.answers = new TaggedCache<CachedAnswer>(this.generations, {
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeOf: (answer, key) => answer.body.length + (answer.gzip?.length ?? 0) + key.length,
      ttlMs: options.ttlMs,
    });
    this.knownShippers = new TaggedCache<true>(this.generations, {
      max: on ? KNOWN_SHIPPERS : 0,
      ttlMs: options.ttlMs,
    });
    this.unknownShippers = new TaggedCache<true>(this.generations, {
      max: on ? UNKNOWN_SHIPPERS : 0,
      ttlMs: options.ttlMs,
    });
  }

  /** A change was announced: entries of these tags go, and reads already running will not store. */
  invalidate(tags: readonly TCacheTag[]): void {
    this.generations.bump(tags);
    this.answers.drop(tags);
    this.knownShippers.drop(tags);
    this.unknownShippers.drop(tags);
  }

  /** Whether the shipper exists, asking `load` (the database) only when not remembered. */
  async shipperExists(id: string, load: (id: string) => Promise<boolean>): Promise<boolean> {
    if (this.knownShippers.get(id)) return true;
    if (this.unknownShippers.get(id)) return false;
    const snapshot = this.knownShippers.begin(['shipper']);
    const exists = await load(id);
    (exists ? this.knownShippers : this.unknownShippers).set(id, true, snapshot);
    return exists;
  }
}

/** A route's cache settings (`config.readCache`, set with `cachedRead`). */
export type CachedReadConfig = {
  /** What the answer is read from. */
  tags: readonly TCacheTag[];
  /**
   * The answer depends on the current time too (news and stocks published or ended by the clock):
   * entries are keyed by the minute, so such a change shows within a minute even without a write.
   */
  perMinute?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    readCache?: CachedReadConfig;
  }
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyRequest {
    /** Set on a cache miss of a cached route: where the answer is to be stored, and since when. */
    readCacheMiss: { key: string; snapshot: ReadSnapshot } | null;
  }
}

/**
 * A route's `config` for a cached read. Only for public answers: the key is what the answer is made
 * of (cacheKeyOf), nothing of the customer. Only 200 answers to GET are stored. The handler reads the
 * query only through its route's `querystring` schema: a route without one is keyed without a query.
 */
export const cachedRead = (tags: readonly TCacheTag[], options: { perMinute?: boolean } = {}) => ({
  readCache: { tags, ...options } satisfies CachedReadConfig,
});

/** JSON with every object's keys sorted, so equal values are equal text whatever their order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a cached answer is made of, as its key: the chain (the Shipper header, the one header an
 * answer depends on: every text carries all three languages, and the encoding is chosen when a hit
 * is sent), the route, its path parameters and its query as validated (read after validation, in
 * preHandler), with its keys sorted. Never the URL as sent: a parameter the route does not know is
 * dropped by validation, so `?x=<random>` would be a miss, and a database read, every time. By the
 * minute too for an answer that changes with the clock.
 */
export function cacheKeyOf(request: FastifyRequest, config: CachedReadConfig): string {
  const query = request.routeOptions.schema?.querystring ? canonicalJson(request.query) : '';
  const minute = config.perMinute ? ` @${Math.floor(Date.now() / 60_000)}` : '';
  return `${request.shipperId} ${request.routeOptions.url} ${canonicalJson(request.params)} ${query}${minute}`;
}

/**
 * Serves cached routes from `cache`: a hit is answered before the handler (after the header check,
 * rate limits and validation, which still run), with the stored body and content type, or its
 * stored gzip to a client that prefers it; a miss's 200 answer is stored as serialised (with its
 * gzip), unless a change of its tags was announced while it was read. Every answer of a cached route
 * varies by Accept-Encoding, a miss's plain one included, for the caches between.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorate('readCache', cache);
  app.decorateRequest('readCacheMiss', null);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config.readCache;
    if (!config || request.method !== 'GET') return;
    const key = cacheKeyOf(request, config);
    varyOnEncoding(reply);
    const hit = cache.answers.get(key);
    if (hit) {
      reply.header('content-type', hit.contentType);
      if (hit.gzip && prefersGzip(request.headers['accept-encoding'])) {
        reply.header('content-encoding', 'gzip');
        return reply.send(hit.gzip);
      }
      return reply.send(hit.body);
    }
    request.readCacheMiss = { key, snapshot: cache.answers.begin(config.tags) };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const miss = request.readCacheMiss;
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // The cache off, or a change announced meanwhile: nothing would be stored, so nothing is built.
    if (!cache.answers.accepts(miss.snapshot)) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('application/json')) {
      cache.answers.set(miss.key, cachedAnswer(Buffer.from(payload, 'utf8'), contentType), miss.snapshot);
    }
    return payload;
  });
}
