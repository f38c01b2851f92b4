import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { rateLimits } from '../db/schema/index.ts';

/**
 * Where @fastify/rate-limit counts: a store every API process shares, PostgreSQL (the API's own
 * database; works on PGlite too) or Redis. Both read the time from the app's clock, so tests move
 * time instead of sleeping, and both keep the plugin's window rule: a client's window starts with
 * its first hit and lasts `timeWindow`; hits beyond `max` in it are refused.
 */

/** One hit on a counter: the hits of the current window (this one included) and its ms left. */
export type Counter = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

/** What a failed count becomes (logged there): the error the plugin raises, unless skipOnError. */
export type OnStoreError = (error: unknown, policy: string) => Error;

/**
 * The plugin's store interface over a counter. The plugin makes one store, then a child per limited
 * route; a route's child counts under its policy's name (routes of one policy share one counter).
 */
export function storeOf(counter: Counter, onError: OnStoreError): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _pluginOptions?: unknown,
      private readonly policy = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter(`${this.policy}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(onError(error, this.policy)),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The route's rate-limit options, merged by the plugin (rate-limit.ts adds `policy`).
      const { policy } = routeOptions as { policy?: unknown };
      return new Store(undefined, typeof policy === 'string' ? policy : 'global');
    }
  }
  return Store;
}

const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 500;

/**
 * One hit: the upsert built once (db/prepared.ts; it runs before every limited request, placing an
 * order included). `now` is ISO text, read as timestamptz.
 */
const countHit = preparedQuery<{ key: string; resetAt: Date; now: string }>()((db, p) => {
  const at = sql`${p('now')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key: p('key'), hits: 1, resetAt: p('resetAt') })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
});

/**
 * Counts in the rate_limits table: one atomic upsert per hit (a window that has ended starts again
 * at 1). About once a minute per process, one hit also deletes up to 500 rows of ended windows
 * (`skip locked`: never waits for, or deadlocks with, another process doing the same).
 */
export function postgresCounter(deps: { db: Db; clock: () => Date; log: FastifyBaseLogger }): Counter {
  let nextPurge = 0;
  return async (key, windowMs) => {
    const now = deps.clock();
    const [row] = await countHit(deps.db, {
      key,
      resetAt: new Date(now.getTime() + windowMs),
      now: now.toISOString(),
    });
    if (!row) throw new Error('rate limit upsert returned no row');
    if (now.getTime() >= nextPurge) {
      nextPurge = now.getTime() + PURGE_EVERY_MS;
      const at = sql`${now.toISOString()}::timestamptz`;
      try {
        await deps.db.execute(sql`
          delete from ${rateLimits} where ${rateLimits.key} in (
            select ${rateLimits.key} from ${rateLimits} where ${rateLimits.resetAt} <= ${at}
            order by ${rateLimits.resetAt} limit ${PURGE_BATCH} for update skip locked)`);
      } catch (error) {
        // The hit itself was counted; a failed clean-up only leaves rows for the next one.
        deps.log.warn({ err: error }, 'rate limit clean-up failed');
      }
    }
    return { current: row.hits, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
  };
}

/**
 * The same window rule in Redis, in one Lua script (atomic), with the time passed in from the app's
 * clock rather than Redis's own (the plugin's bundled RedisStore reads Redis's clock, which tests
 * cannot move and which would make Redis windows differ from PostgreSQL ones). The key also gets a
 * Redis expiry a minute past its window, so ended windows clean themselves up.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
local hits
if reset == nil or reset <= now then
  reset = now + window
  hits = 1
  redis.call('HSET', KEYS[1], 'hits', 1, 'reset', string.format('%d', reset))
else
  hits = redis.call('HINCRBY', KEYS[1], 'hits', 1)
end
redis.call('PEXPIRE', KEYS[1], string.format('%d', reset - now + 60000))
return {hits, reset - now}
`;

type HitCommand = {
  rateLimitHit: (key: string, now: number, windowMs: number) => Promise<[number, number]>;
};

export const REDIS_KEY_PREFIX = 'baraka:rate-limit:';

export function redisCounter(deps: { redis: Redis; clock: () => Date; prefix?: string }): Counter {
  deps.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const redis = deps.redis as Redis & HitCommand;
  const prefix = deps.prefix ?? REDIS_KEY_PREFIX;
  return async (key, windowMs) => {
    const [current, ttl] = await redis.rateLimitHit(`${prefix}${key}`, deps.clock().getTime(), windowMs);
    return { current, ttl };
  };
}

/**
 * A Redis client for the rate limits that fails fast instead of queueing: while Redis is away a
 * command errors at once (the route's store-failure rule decides), and the client reconnects in
 * the background. Waits for the first connection (or its first failure) so the first requests
 * do not fail only because the connection was still being made; an unreachable Redis is logged
 * and does not stop the API from starting.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  let healthy = true;
  redis.on('error', (error: Error) => {
    // ioredis repeats the error at every reconnection attempt: one line when it goes away.
    if (healthy) log.error({ err: error }, 'rate limit redis unreachable');
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.info('rate limit redis connected');
    healthy = true;
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}
