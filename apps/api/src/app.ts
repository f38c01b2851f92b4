import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createGeocoder, type Geocoder } from './adapters/geocoder/index.ts';
import { createLoyaltyProgram, type LoyaltyProgram } from './adapters/loyalty/index.ts';
import { createOrderEvents, type OrderEvents } from './adapters/order-events/index.ts';
import { createSmsSender, type SmsSender } from './adapters/sms/index.ts';
import { registerJobs, runTimedJobs } from './app-jobs.ts';
import { ReadCache, registerReadCache } from './cache/read-cache.ts';
import { createDb, type Db, type DbHandle } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { assertProductionReady, type Env, loadEnv, trustProxyOption } from './env.ts';
import { registerCustomerAuth } from './http/auth.ts';
import { BODY_LIMIT } from './http/body-limits.ts';
import { registerClientHeaders } from './http/client-headers.ts';
import { serializeError } from './http/database-errors.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { clientErrorHandler, frameworkErrorHandler, MAX_PARAM_LENGTH } from './http/http-layer.ts';
import { openApiTransform, SECURITY_SCHEMES, securedBy } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { DOCS_CSP, registerSecurityHeaders } from './http/security-headers.ts';
import { SignedInTokens } from './http/signed-in-tokens.ts';
import { addressRoutes } from './modules/addresses/addresses.routes.ts';
import { newestApiKey } from './modules/api-keys/api-keys.repository.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { autoAddRoutes } from './modules/auto-add/auto-add.routes.ts';
import { branchRoutes } from './modules/branches/branches.routes.ts';
import { catalogueChangeRoutes } from './modules/catalogue-changes/catalogue-changes.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { devOutboxRoutes } from './modules/customers/dev-outbox.routes.ts';
import { geocoderRoutes } from './modules/geocoder/geocoder.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { modifierRoutes } from './modules/modifiers/modifiers.routes.ts';
import { currentStatusEvents } from './modules/order-status/order-status.repository.ts';
import { orderingRoutes } from './modules/ordering/ordering.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { clickRoutes } from './modules/payments/click.routes.ts';
import { paymeRoutes } from './modules/payments/payme.routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { shipperRoutes } from './modules/shippers/shippers.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffManageRoutes } from './modules/staff-manage/staff-manage.routes.ts';
import { staffStreamRoutes } from './modules/staff-stream/staff-stream.routes.ts';
import { testClockRoutes } from './modules/test-clock/test-clock.routes.ts';
import { createOffsetClock, type OffsetClock } from './modules/test-clock/test-clock.ts';
import { zoneRoutes } from './modules/zones/zones.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Env;
    /** The time every rule about expiry and limits reads (injectable: tests move it, never sleep). */
    clock: () => Date;
    /** Where one-time codes go (SMS_PROVIDER). */
    sms: SmsSender;
    /** Who answers GET /v1/map/geocoder (GEOCODER_PROVIDER). */
    geocoder: Geocoder;
    /** The order status bus: publish in a transaction, subscribe per order (LISTEN/NOTIFY). */
    orderEvents: OrderEvents;
    /** The accumulative card (LOYALTY_PROVIDER). */
    loyalty: LoyaltyProgram;
    /** Wakes the loyalty outbox job (iiko, jobs on: registerLoyaltyOutboxJob); absent otherwise. */
    nudgeLoyaltyOutbox?: () => void;
  }
}

export type BuildAppOptions = {
  /** Overrides on top of the environment (tests set what they need here). */
  env?: Partial<Env>;
  /**
   * An open, migrated (and seeded) database the caller owns and closes. Absent: the app opens the
   * database named by the environment, migrates it, seeds it (SEED=auto) and closes it on `close()`.
   */
  db?: DbHandle;
  /** Fastify's logger option; defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /**
   * The current time; default the system clock, or with TEST_CLOCK=true (never in production) the
   * system clock plus an offset the browser tests set through `PUT /v1/dev/clock`.
   */
  clock?: () => Date;
  /** The SMS provider; default the one SMS_PROVIDER names. */
  sms?: SmsSender;
  /** The geocoder; default the one GEOCODER_PROVIDER names. */
  geocoder?: Geocoder;
  /** The accumulative card; default the one LOYALTY_PROVIDER names. */
  loyalty?: LoyaltyProgram;
  /** Background jobs (scheduled orders becoming due); default on. buildTestApp turns them off. */
  runJobs?: boolean;
};

/**
 * JSON logs at LOG_LEVEL, or the logger options a caller gives (tests pass a stream), always with the
 * app's `err` serializer: a failed database query is logged without its parameters (client data).
 */
function loggerOptions(env: Env, given: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = given && typeof given === 'object' ? given : {};
  return {
    level: env.LOG_LEVEL,
    ...base,
    serializers: { ...base.serializers, err: serializeError },
  };
}

/** Signed-in tokens kept per process (about 100 bytes each) and the safety net's age of one. */
export const SIGNED_IN_TOKENS_MAX = 50_000;
export const SIGNED_IN_TOKENS_TTL_MS = 60_000;

export const imagesDir = (env: Pick<Env, 'DATA_DIR'>) => join(env.DATA_DIR, 'images');

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env: Env = { ...loadEnv(), ...options.env };
  // Overrides from code never went through loadEnv's production rules.
  assertProductionReady(env);
  const app = Fastify({
    logger: loggerOptions(env, options.logger),
    // The storefront's server may pass its own id along (x-request-id); only tame ones are kept,
    // so a client cannot write arbitrary text into the logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Errors before routing answer in the API's error shape too (http/http-layer.ts).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // Whose X-Forwarded-For names the client (request.ip, the per-address limits): TRUST_PROXY.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // A body is parsed before any sign-in or limit: 64 KB, more only for an order (http/body-limits.ts).
    bodyLimit: BODY_LIMIT,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = options.db ?? (await openDatabase(env, app));
  app.decorate('db', handle.db);
  app.decorate('config', env);
  if (!options.db) app.addHook('onClose', () => handle.close());
  let orderEvents: OrderEvents | undefined;
  try {
    // Checked again here: production never gets a clock a request can move, whatever `env` says.
    const testClock =
      !options.clock && env.TEST_CLOCK && env.NODE_ENV !== 'production' ? createOffsetClock() : undefined;
    const clock = options.clock ?? testClock?.now ?? (() => new Date());
    app.decorate('clock', clock);
    app.decorate('sms', options.sms ?? createSmsSender(env, { db: handle.db, log: app.log, now: clock }));
    app.decorate(
      'geocoder',
      options.geocoder ??
        createGeocoder(env, {
          db: handle.db,
          apiKey: (shipperId) => newestApiKey(handle.db, shipperId, 'geocoder'),
        }),
    );
    app.decorate<LoyaltyProgram>('loyalty', options.loyalty ?? createLoyaltyProgram(env, clock));
    orderEvents = await createOrderEvents(handle.db, {
      log: app.log,
      currentStatuses: (ids) => currentStatusEvents(handle.db, ids),
    });
    app.decorate('orderEvents', orderEvents);
    const bus = orderEvents;
    app.addHook('onClose', () => bus.close());
    // Public reads, dropped by tag when the database announces a write (src/cache/, migration 0009).
    const readCache = new ReadCache({
      maxEntries: env.READ_CACHE_MAX_ENTRIES,
      maxBytes: env.READ_CACHE_MAX_MB * 1024 * 1024,
      ttlMs: env.READ_CACHE_TTL_SECONDS * 1000,
      listening: () => bus.listening,
    });
    const stopInvalidating = bus.onCatalogueChanged((change) => readCache.invalidate(change.tags));
    app.addHook('onClose', async () => stopInvalidating());
    registerReadCache(app, readCache);
    // Who a token belongs to, for the order routes; dropped on sign-out (http/signed-in-tokens.ts).
    const signedInTokens = new SignedInTokens({
      maxEntries: SIGNED_IN_TOKENS_MAX,
      ttlMs: SIGNED_IN_TOKENS_TTL_MS,
      listening: () => bus.listening,
    });
    const stopRevoking = bus.onTokensRevoked((revocation) => signedInTokens.handle(revocation));
    app.addHook('onClose', async () => stopRevoking());
    await registerEverything(app, env, testClock, signedInTokens);
    if (options.runJobs !== false) registerJobs(app);
  } catch (error) {
    await orderEvents?.close();
    if (!options.db) await handle.close();
    throw error;
  }
  return app;
}

async function registerEverything(
  app: FastifyInstance,
  env: Env,
  testClock: OffsetClock | undefined,
  signedInTokens: SignedInTokens,
): Promise<void> {
  // First: its onRequest hook must run before any other that may throw (issue 9, finding 7).
  await registerSecurityHeaders(app, {
    production: env.NODE_ENV === 'production',
    crossOriginPrefixes: ['/images/'],
  });
  registerErrorHandling(app);
  registerClientHeaders(app);
  registerCustomerAuth(app, signedInTokens);
  securedBy('customerToken', app.requireCustomer);
  securedBy('customerToken', app.requireSignedIn);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCors, {
    origin: env.CORS_ORIGINS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'Shipper',
      'Platform',
      'Accept-Language',
      'X-Request-Id',
      // POST /v2/ondemand-order (issue 5): retries of one checkout submit carry the same key.
      'Idempotency-Key',
      // GET /v1/staff/stream (issue 13): the staff workspace resumes its stream after the last event.
      'Last-Event-ID',
    ],
    // Retry-After is not a CORS-safelisted response header: without this the storefront cannot read
    // how long a 429 asks it to wait.
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Baraka customer API',
        description:
          'The API behind the storefront. Every /v1, /v2 and /v3 request carries the `Shipper` and `Platform` headers.',
        version: '1.0.0',
      },
      // Relative: the document is served by the API itself, so "Try it out" calls the same origin.
      servers: [{ url: '/', description: 'This API (the origin serving this document)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'shipper', description: 'The chain, its cities' },
        { name: 'catalogue', description: 'Products, menus, modifiers, auto-add products' },
        { name: 'branches', description: 'Restaurants' },
        { name: 'reviews', description: 'Product reviews' },
        {
          name: 'customers',
          description:
            'Sign-in by phone with a one-time code, the profile. Customer routes take the token in `Authorization` (bare or `Bearer`).',
        },
        { name: 'content', description: 'News, gallery, stocks, vacancies, recipes, pages' },
        { name: 'zones', description: 'Delivery zones and the branch that serves a point' },
        {
          name: 'maps',
          description:
            "The address search (Yandex Geocoder's parameters and answer, whoever the provider) and keys of map services",
        },
        {
          name: 'pricing',
          description: 'Delivery fare and discounts (quotes; an order is priced again by the server)',
        },
        {
          name: 'orders',
          description:
            "Placing an order and the signed-in customer's orders: the lists, one order, its live status (Server-Sent Events)",
        },
        {
          name: 'staff',
          description:
            'Operators, branch kitchens (vendors) and couriers move orders along. Staff routes take a staff token in `Authorization: Bearer <token>` (a customer token is refused).',
        },
        {
          name: 'payments',
          description:
            "The payment providers' merchant endpoints (Payme, Click call them; no client headers)",
        },
        { name: 'system', description: 'Health' },
      ],
    },
    // operationId, security and the errors every route shares (http/openapi.ts), then zod → JSON Schema.
    transform: openApiTransform,
  });
  // Swagger UI's own CSP (its scripts and styles, never framed) in place of the API's. Off in
  // production unless DOCS_ENABLED=true (issue 9, finding 9).
  if (env.DOCS_ENABLED) await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });

  const images = imagesDir(env);
  mkdirSync(images, { recursive: true });
  await app.register(fastifyStatic, {
    root: images,
    prefix: '/images/',
    // File names describe their content completely (src/images/images.ts), so they never change.
    immutable: true,
    maxAge: '365d',
    index: false,
    list: false,
  });

  // Before the routes: a route's `config.rateLimit` is read when it is registered.
  await registerRateLimit(app, env);

  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  if (env.DOCS_ENABLED) zodApp.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(shipperRoutes);
  await app.register(productRoutes);
  await app.register(menuRoutes);
  await app.register(modifierRoutes);
  await app.register(autoAddRoutes);
  await app.register(branchRoutes);
  await app.register(reviewRoutes);
  await app.register(contentRoutes);
  await app.register(catalogueChangeRoutes);
  await app.register(customerRoutes);
  // Location (issue 4).
  await app.register(zoneRoutes);
  await app.register(geocoderRoutes);
  await app.register(apiKeyRoutes);
  await app.register(addressRoutes);
  // The accumulative card (issue 12).
  await app.register(loyaltyRoutes);
  // Orders (issue 5).
  await app.register(orderingRoutes);
  await app.register(orderRoutes);
  await app.register(staffRoutes);
  // The staff workspace (issue 13): the manager's routes and the live stream.
  await app.register(staffManageRoutes);
  await app.register(staffStreamRoutes);
  // Pricing (issue 5).
  await app.register(pricingRoutes);
  // Online payments (issue 12): Click's merchant endpoints.
  await app.register(clickRoutes);
  // Payme's Merchant API (issue 12): its own body parser and JSON-RPC errors, no client headers.
  await app.register(paymeRoutes);
  if (app.sms.name === 'outbox') await app.register(devOutboxRoutes);
  // The payment sandbox (issue 12): never in production, where /dev/pay/... answers 404; outside it
  // too for a provider on its own key (not the demo one): sandbox.routes.ts asks usesSandbox.
  if (env.NODE_ENV !== 'production') await app.register(sandboxRoutes);
  // Moving the test clock runs the timed jobs at once, so a journey that jumps past a deadline finds
  // the order moved when the PUT answers, not up to an interval later.
  if (testClock) await app.register(testClockRoutes, { clock: testClock, onMoved: () => runTimedJobs(app) });
}

async function openDatabase(env: Env, app: FastifyInstance): Promise<DbHandle> {
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  try {
    await prepareDatabase(handle, {
      seed: env.SEED,
      log: app.log,
      staffPassword: env.STAFF_DEMO_PASSWORD,
      production: env.NODE_ENV === 'production',
      payments: env,
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
