import { createHash } from 'node:crypto';
import { ZApiError } from '@app/contracts';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { addressBucket } from './client-address.ts';
import { apiError, tooManyRequests } from './errors.ts';
import { type Counter, connectRedis, postgresCounter, redisCounter, storeOf } from './rate-limit-stores.ts';

/**
 * The one rate-limit mechanism of the API (issue 9): @fastify/rate-limit, registered once with
 * `global: false`; a route opts in with `config: rateLimited(app, '<policy>')` and declares
 * `...rateLimitResponses('<policy>')` in its OpenAPI responses. A policy is a counter shared by its
 * routes, per client address bucket (an IPv4 address, an IPv6 /64: addressBucket) or per signed-in
 * customer, with its allowance in the environment (RATE_LIMIT_*, '<max>/<window>'). The counters
 * live where every API process sees them: PostgreSQL (rate_limits) or Redis when REDIS_URL is set.
 * Over the allowance: 429 in the API's error shape, translated, with Retry-After.
 *
 * The one-time-code limits (per phone, per address, the SMS budget: otp.service.ts) and the staff
 * sign-in delays stay where they are: they count events in their own tables, in the transaction
 * that records them. These limits count requests.
 */

type PolicyDef = {
  /** The variable holding its allowance. */
  env:
    | 'RATE_LIMIT_SIGN_IN'
    | 'RATE_LIMIT_CODE_CONFIRM'
    | 'RATE_LIMIT_GEOCODER'
    | 'RATE_LIMIT_SEARCH'
    | 'RATE_LIMIT_PRICING'
    | 'RATE_LIMIT_QUOTE'
    | 'RATE_LIMIT_ORDER'
    | 'RATE_LIMIT_VACANCY_APPLICATION'
    | 'RATE_LIMIT_REVIEW'
    | 'RATE_LIMIT_CUSTOMER_WRITES'
    | 'RATE_LIMIT_PAYMENTS';
  /** Who is counted: the client address bucket, or the signed-in customer (after requireCustomer). */
  per: 'address' | 'customer';
  /**
   * When the store cannot count (database or Redis down): 'refuse' answers 503, for routes whose
   * only protection is this limit and whose abuse costs money or leaks something; 'allow' lets the
   * request through (logged), for routes that have other limits in the database or are the sale.
   */
  onStoreError: 'refuse' | 'allow';
  /** Only requests this says yes to are counted (default all). */
  counts?: (request: FastifyRequest) => boolean;
};

export const RATE_LIMIT_POLICIES = {
  /** Phone lookup, register (409), login (404), login-without-otp: each tells whether a phone is a customer. */
  'sign-in': { env: 'RATE_LIMIT_SIGN_IN', per: 'address', onStoreError: 'refuse' },
  /** register-confirm, confirm-login, phone-confirm: each code has 5 tries; this bounds guessing across codes. */
  'code-confirm': { env: 'RATE_LIMIT_CODE_CONFIRM', per: 'address', onStoreError: 'allow' },
  /** GET /v1/map/geocoder: every call may spend the paid provider's quota. */
  geocoder: { env: 'RATE_LIMIT_GEOCODER', per: 'address', onStoreError: 'refuse' },
  /** GET /v2/product with `search`: a text search over every title in three languages. */
  search: {
    env: 'RATE_LIMIT_SEARCH',
    per: 'address',
    onStoreError: 'allow',
    counts: (request) => {
      const { search } = (request.query ?? {}) as { search?: unknown };
      return typeof search === 'string' && search.trim() !== '';
    },
  },
  /** compute-price and the two discount quotes: public reads that price a whole cart. */
  pricing: { env: 'RATE_LIMIT_PRICING', per: 'address', onStoreError: 'allow' },
  /** POST /v2/ondemand-order/quote: the whole order priced, per keystroke of the checkout at worst. */
  quote: { env: 'RATE_LIMIT_QUOTE', per: 'customer', onStoreError: 'allow' },
  /** POST /v2/ondemand-order. */
  order: { env: 'RATE_LIMIT_ORDER', per: 'customer', onStoreError: 'allow' },
  /** POST /v1/vacancies/{id}/applications: personal data anyone can post. */
  'vacancy-application': { env: 'RATE_LIMIT_VACANCY_APPLICATION', per: 'address', onStoreError: 'refuse' },
  /** POST /v1/user_reviews. */
  review: { env: 'RATE_LIMIT_REVIEW', per: 'customer', onStoreError: 'allow' },
  /** Profile and saved-address writes of a signed-in customer, and the loyalty card's reads (iiko Cloud). */
  'customer-writes': { env: 'RATE_LIMIT_CUSTOMER_WRITES', per: 'customer', onStoreError: 'allow' },
  /**
   * The payment providers' merchant endpoints (POST /v1/payments/payme, /v1/payments/click/prepare
   * and /complete, one count): every call is recorded, so a flood is bounded; let through when the
   * store fails (a lost sale otherwise).
   */
  payments: { env: 'RATE_LIMIT_PAYMENTS', per: 'address', onStoreError: 'allow' },
} as const satisfies Record<string, PolicyDef>;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

const policyDef = (policy: RateLimitPolicy): PolicyDef => RATE_LIMIT_POLICIES[policy];

/**
 * The address part of a key. A trusted proxy could hand over any text as the client address; a long
 * one is hashed so keys stay short.
 */
function addressKey(request: FastifyRequest): string {
  const bucket = addressBucket(request.ip);
  return `a:${bucket.length <= 64 ? bucket : createHash('sha256').update(bucket).digest('hex')}`;
}

const customerKey = (request: FastifyRequest): string =>
  request.customerId ? `c:${request.customerId}` : addressKey(request);

/** A route's `config`: its policy's limit. */
export function rateLimited(app: FastifyInstance, policy: RateLimitPolicy): { rateLimit: RateLimitOptions } {
  const def = policyDef(policy);
  const { max, windowMs } = app.config[def.env];
  const counts = def.counts;
  // `policy` is read by the store (rate-limit-stores.ts) to count the policy's routes together; the
  // plugin passes the route's options, this one included, to the store's child().
  const options: RateLimitOptions & { policy: RateLimitPolicy } = {
    policy,
    max,
    timeWindow: windowMs,
    // Customers are counted once requireCustomer (the route's preHandler) has found them.
    hook: def.per === 'customer' ? 'preHandler' : 'onRequest',
    keyGenerator: def.per === 'customer' ? customerKey : addressKey,
    skipOnError: def.onStoreError === 'allow',
    ...(counts ? { allowList: (request: FastifyRequest) => !counts(request) } : {}),
  };
  return { rateLimit: options };
}

/** The statuses a limited route adds to its OpenAPI responses. */
export function rateLimitResponses(policy: RateLimitPolicy): {
  429: typeof ZApiError;
  503?: typeof ZApiError;
} {
  return policyDef(policy).onStoreError === 'refuse'
    ? { 429: ZApiError, 503: ZApiError }
    : { 429: ZApiError };
}

export type RateLimitStoreOptions = {
  /** A counter in place of the one the environment names (tests). */
  counter?: Counter;
};

/** Registers the plugin with the shared store; call before the routes are registered. */
export async function registerRateLimit(app: FastifyInstance, env: Env, options: RateLimitStoreOptions = {}) {
  let counter = options.counter;
  let storeName = 'custom';
  if (!counter && env.REDIS_URL) {
    const redis = await connectRedis(env.REDIS_URL, app.log);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    counter = redisCounter({ redis, clock: app.clock });
    storeName = 'redis';
  } else if (!counter) {
    counter = postgresCounter({ db: app.db, clock: app.clock, log: app.log });
    storeName = 'postgres';
  }

  const onStoreError = (error: unknown, policy: string) => {
    const refuse = (RATE_LIMIT_POLICIES as Record<string, PolicyDef>)[policy]?.onStoreError !== 'allow';
    app.log.error(
      { err: error, policy, store: storeName },
      refuse ? 'rate limit store failed: request refused' : 'rate limit store failed: request let through',
    );
    return apiError(503, 'SERVICE_UNAVAILABLE');
  };

  await app.register(fastifyRateLimit, {
    global: false,
    store: storeOf(counter, onStoreError),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('RATE_LIMITED', context.ttl / 1000, {
        minutes: Math.max(1, Math.ceil(context.ttl / 60_000)),
      }),
  });
}
