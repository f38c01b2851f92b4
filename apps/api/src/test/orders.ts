/**
 * Placing orders in API tests (issue 5): a signed-in customer and a valid order of the fixture chain
 * (./fixture-catalog.ts), for the tests of order reads, the status stream, reviews and staff.
 *
 *   const customer = await signInTestCustomer(t);
 *   const order = await placeTestOrder(t, customer.token);                       // delivery, cash
 *   const pickup = await placeTestOrder(t, customer.token, { delivery_type: 'self-pickup' });
 *
 * The default order is a delivery from 'chilonzor' (open around the clock, so any test clock works)
 * to a point of the 'west' zone: 2 beef wraps with the garlic sauce, paid in cash. With the fixture's
 * prices that is goods 64 000, delivery 12 000, the automatic 'wrap-fixed' discount 10 000, total
 * 66 000 (see ordering.test.ts for the arithmetic).
 */
import {
  type TCreateOrderRequest,
  type TCreateOrderResponse,
  ZAuthResponse,
  ZCreateOrderResponse,
} from '@app/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { stableId } from '../db/seed/ids.ts';
import { customerClient, freshIp, freshPhone } from '../modules/customers/customers.fixtures.ts';
import { CLIENT_HEADERS, type TestApp } from './app.ts';

/** Ids of the fixture chain an order names. */
export const ORDER_FIXTURE = {
  /** Open 00:00-23:59, menu 'tashkent', serves the 'west' zone; 'tandoor-pastry' is stopped there. */
  chilonzor: stableId('branch', 'chilonzor'),
  /** Open 10:00-03:00, serves 'centre' and 'north'. */
  yunusobod: stableId('branch', 'yunusobod'),
  /** Inactive. */
  oybek: stableId('branch', 'oybek'),
  /** Samarkand, menu 'regions', 10:00-22:00. */
  registan: stableId('branch', 'registan'),
  westZone: stableId('zone', 'west'),
  centreZone: stableId('zone', 'centre'),
  /** A point in 'west', about 840 m from chilonzor (41.3, 69.2). */
  westPoint: { lat: 41.3, long: 69.21 },
  products: {
    beefWrap: stableId('product', 'beef-wrap'),
    tandoorPastry: stableId('product', 'tandoor-pastry'),
    lambShashlik: stableId('product', 'lamb-shashlik'),
    capitalPlov: stableId('product', 'capital-plov'),
    margherita: stableId('product', 'margherita'),
    margherita25: stableId('product', 'margherita-25'),
    margherita35: stableId('product', 'margherita-35'),
    cola: stableId('product', 'cola'),
    lunchCombo: stableId('product', 'lunch-combo'),
    napkins: stableId('product', 'napkins'),
    ketchup: stableId('product', 'ketchup'),
  },
  /** beef-wrap's modifiers: a single 'cheese' (0..2, 5 000) and the group 'sauce' (1..2). */
  modifiers: {
    cheese: stableId('single-modifier', 'beef-wrap/cheese'),
    sauce: stableId('group-modifier', 'beef-wrap/sauce'),
    garlic: stableId('group-modifier-variant', 'beef-wrap/sauce/garlic'),
    chili: stableId('group-modifier-variant', 'beef-wrap/sauce/chili'),
  },
  /** lunch-combo's groups: 'main' (beef-wrap +0, lamb-shashlik +3 000) and 'drink' (cola +0). */
  combo: {
    main: stableId('combo-group', 'lunch-combo/main'),
    drink: stableId('combo-group', 'lunch-combo/drink'),
  },
} as const;

const P = ORDER_FIXTURE.products;
const M = ORDER_FIXTURE.modifiers;

type OrderProducts = TCreateOrderRequest['steps'][number]['products'];

/**
 * The ordering tests' day: Monday 2 March 2026, 09:00 in Tashkent (04:00 UTC). Chilonzor (around the
 * clock) is open; yunusobod (10:00-03:00) and registan (10:00-22:00) are closed.
 */
export const ORDER_TEST_MORNING = new Date('2026-03-02T04:00:00.000Z');
/** The same day at 12:00 in Tashkent: every branch but the inactive oybek is open. */
export const ORDER_TEST_NOON = new Date('2026-03-02T07:00:00.000Z');

/** `quantity` beef wraps with the garlic sauce (the sauce group needs at least one). */
export const wrapLines = (quantity = 2): OrderProducts => [
  {
    product_id: P.beefWrap,
    type: 'simple',
    quantity,
    variants: [],
    order_modifiers: [{ modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce }],
  },
];

/** 2 beef wraps with the garlic sauce. */
export const defaultOrderProducts = (): OrderProducts => wrapLines(2);

/** The `steps` of an order of these products from one branch (chilonzor by default). */
export const withProducts = (products: OrderProducts, branchId: string = ORDER_FIXTURE.chilonzor) => ({
  steps: [{ branch_id: branchId, products }],
});

/** A valid delivery order from chilonzor to the 'west' zone, paid in cash. */
export function deliveryOrderBody(overrides: Partial<TCreateOrderRequest> = {}): TCreateOrderRequest {
  return {
    delivery_type: 'delivery',
    payment_type: 'cash',
    to_address: 'ул. Тестовая, 5',
    to_location: ORDER_FIXTURE.westPoint,
    delivery_zone_id: ORDER_FIXTURE.westZone,
    is_courier_call: true,
    steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products: defaultOrderProducts() }],
    ...overrides,
  };
}

/** A valid self-pickup order from chilonzor, paid in cash (no address). */
export function pickupOrderBody(overrides: Partial<TCreateOrderRequest> = {}): TCreateOrderRequest {
  return {
    delivery_type: 'self-pickup',
    payment_type: 'cash',
    steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products: defaultOrderProducts() }],
    ...overrides,
  };
}

type AppLike = Pick<TestApp, 'app'> | FastifyInstance;
const fastifyOf = (app: AppLike): FastifyInstance => ('app' in app ? app.app : app);

export type OrderCallOptions = {
  /** The Idempotency-Key header. */
  idempotencyKey?: string;
  /** Accept-Language (the message's language); default none (ru). */
  locale?: 'ru' | 'uz' | 'en';
  headers?: Record<string, string>;
};

/** POST /v2/ondemand-order with the client headers and the token; the raw answer (refusals too). */
export function postOrder(
  app: AppLike,
  token: string | null,
  body: unknown,
  options: OrderCallOptions = {},
): Promise<LightMyRequestResponse> {
  return fastifyOf(app).inject({
    method: 'POST',
    url: '/v2/ondemand-order',
    headers: {
      ...CLIENT_HEADERS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.idempotencyKey !== undefined ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...(options.locale ? { 'accept-language': options.locale } : {}),
      ...options.headers,
    },
    payload: body as object,
  });
}

/**
 * Places an order and returns its ids; throws (with the API's answer) unless it was created.
 * `overrides` replace top-level fields of the default body: deliveryOrderBody(), or pickupOrderBody()
 * when `overrides.delivery_type` is 'self-pickup'.
 */
export async function placeTestOrder(
  app: AppLike,
  token: string,
  overrides: Partial<TCreateOrderRequest> = {},
  options: OrderCallOptions = {},
): Promise<TCreateOrderResponse> {
  const body =
    overrides.delivery_type === 'self-pickup' ? pickupOrderBody(overrides) : deliveryOrderBody(overrides);
  const res = await postOrder(app, token, body, options);
  if (res.statusCode !== 201) {
    throw new Error(`placeTestOrder: expected 201, got ${res.statusCode}: ${res.body}`);
  }
  return ZCreateOrderResponse.parse(res.json());
}

export type TestCustomer = { id: string; phone: string; token: string };

/**
 * A new customer signed up through the real one-time-code flow (the SMS outbox, the default provider
 * of the test app), each from its own client address so the per-IP limit never trips.
 */
export async function signInTestCustomer(app: AppLike): Promise<TestCustomer> {
  const c = customerClient({ app: fastifyOf(app) } as TestApp);
  const phone = freshPhone('99897');
  const ip = freshIp();
  const sent = await c.post('/v1/customers/register', { phone }, { ip });
  if (sent.statusCode !== 200) throw new Error(`signInTestCustomer: register answered ${sent.body}`);
  const code = await c.lastCode(phone);
  const res = await c.post('/v1/customers/register-confirm', { phone, code }, { ip });
  if (res.statusCode !== 200) throw new Error(`signInTestCustomer: confirm answered ${res.body}`);
  const auth = ZAuthResponse.parse(res.json());
  return { id: auth.user.id, phone, token: auth.access_token };
}
