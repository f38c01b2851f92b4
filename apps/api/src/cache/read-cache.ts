import type { TCacheTag } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ReadSnapshot, TagGenerations, TaggedCache } from './tagged-cache.ts';

/**
 * A cached answer: the serialised body as sent, already UTF-8 encoded, so a hit costs no query, no
 * serialisation and no encoding.
 */
export type CachedAnswer = { body: Buffer; contentType: string };

export type ReadCacheOptions = {
  /** Answers kept at most; 0 turns every cache of the process off. */
  maxEntries: number;
  /** Bytes of answer bodies kept at most. */
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
      sizeOf: (answer, key) => answer.body.length + key.length,
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
 * A route's `config` for a cached read. Only for public answers: the key is the shipper and the URL
 * (path and query as sent), nothing of the customer. Only 200 answers to GET are stored.
 */
export const cachedRead = (tags: readonly TCacheTag[], options: { perMinute?: boolean } = {}) => ({
  readCache: { tags, ...options } satisfies CachedReadConfig,
});

const keyOf = (request: FastifyRequest, config: CachedReadConfig) =>
  `${request.shipperId} ${request.url}${config.perMinute ? ` @${Math.floor(Date.now() / 60_000)}` : ''}`;

/**
 * Serves cached routes from `cache`: a hit is answered before the handler (after the header check,
 * rate limits and validation, which still run), with the stored body and content type; a miss's
 * 200 answer is stored as serialised, unless a change of its tags was announced while it was read.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorate('readCache', cache);
  app.decorateRequest('readCacheMiss', null);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config.readCache;
    if (!config || request.method !== 'GET') return;
    const key = keyOf(request, config);
    const hit = cache.answers.get(key);
    if (hit) {
      reply.header('content-type', hit.contentType);
      return reply.send(hit.body);
    }
    request.readCacheMiss = { key, snapshot: cache.answers.begin(config.tags) };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const miss = request.readCacheMiss;
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('application/json')) {
      cache.answers.set(miss.key, { body: Buffer.from(payload, 'utf8'), contentType }, miss.snapshot);
    }
    return payload;
  });
}
