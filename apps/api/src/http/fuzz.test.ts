/**
 * The fuzz test of issue 9: every operation of the OpenAPI document gets malformed and hostile values
 * in every parameter (path, query, header) and body field: wrong types, missing fields, 100 KB
 * strings and a 2 MB body, control characters and lone surrogates, numbers at and past their limits,
 * NaN and Infinity as text, objects and arrays where scalars go, prototype keys, bad JSON, wrong
 * content types, missing client headers, bad tokens; and the same with a signed-in customer's, a
 * staff member's and the administrator's token where the operation takes one.
 *
 * It fails on any 5xx, on any 4xx that is not in the error shape (ZApiError), and on any status the
 * operation does not declare (a shaped 429 of a rate limit is accepted anywhere: limits are
 * configuration). Seeded: the seed is printed, `FUZZ_SEED=<n>` replays a run; `FUZZ_PER_OPERATION`
 * sets how many requests each operation gets beyond the fixed ones (default 40).
 */
import { randomInt } from 'node:crypto';
import { ZApiError, ZStaffLoginResponse } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newsEvents, recipes, stocks, vacancies } from '../db/schema/index.ts';
import { stableId } from '../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../env.ts';
import { addTestManagers, signIn } from '../modules/staff-manage/staff-manage.fixtures.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../test/fixture-staff.ts';
import {
  bodySchemaOf,
  createRandom,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  opensEndlessStream,
  operationsOf,
  type Random,
  type RequestParts,
  toInject,
  type ValueContext,
  validRequest,
} from '../test/openapi-requests.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON, placeTestOrder, signInTestCustomer } from '../test/orders.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 40);
/** An answer slower than this is a failure of its own (a request that hangs the API). */
const ANSWER_TIMEOUT_MS = 15_000;
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef01234';

let t: TestApp;
let doc: OpenApiDocument;
const tokens = { customer: '', customerId: '', staff: '', manager: '', admin: ADMIN_TOKEN };
/** Real ids of the test data, so valid requests reach the code behind the lookups. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
  t = await buildTestApp({
    seed: { content: true },
    clock: createTestClock(ORDER_TEST_NOON).now,
    env: { ADMIN_TOKEN },
  });
  doc = t.app.swagger() as unknown as OpenApiDocument;
  const customer = await signInTestCustomer(t);
  tokens.customer = customer.token;
  tokens.customerId = customer.id;
  const staff = await t.app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    headers: CLIENT_HEADERS,
    payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
  });
  tokens.staff = ZStaffLoginResponse.parse(staff.json()).access_token;
  // The manager's workspace (issue 13) is a chain manager's: the fixture chain has none, so one is added.
  await addTestManagers(t);
  tokens.manager = await signIn(t, 'manager');
  ids.order = (await placeTestOrder(t, customer.token)).order_id;
  const address = await t.app.inject({
    method: 'POST',
    url: '/v1/customer-addresses',
    headers: { ...CLIENT_HEADERS, authorization: customer.token },
    payload: { name: 'Home', address: 'Amir Temur 1', location: ORDER_FIXTURE.westPoint },
  });
  ids.address = address.json().addresses[0].id;
  const firstId = async (table: typeof vacancies | typeof newsEvents | typeof stocks | typeof recipes) =>
    (
      await t.db.db
        .select({ id: table.id })
        .from(table)
        // An open vacancy, so an application reaches the database.
        .where(
          and(
            eq(table.shipperId, DEMO_SHIPPER_ID),
            table === vacancies ? eq(vacancies.isActive, true) : undefined,
          ),
        )
        .limit(1)
    )[0]?.id;
  for (const [name, table] of [
    ['vacancy', vacancies],
    ['news', newsEvents],
    ['stock', stocks],
    ['recipe', recipes],
  ] as const) {
    const id = await firstId(table);
    if (id) ids[name] = id;
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Valid values

const SAMPLE_PHONE = '998901234567';

/** A real id (or value) for a parameter or field by its name and place; undefined: generated. */
function knownValue({ name, path, operation }: ValueContext): unknown {
  if (path === 'path' && name === 'id') return pathId(operation.path);
  if (path === 'path' && name === 'slug') return 'about';
  const byName: Record<string, unknown> = {
    shipper: CLIENT_HEADERS.shipper,
    platform: CLIENT_HEADERS.platform,
    product_id: ORDER_FIXTURE.products.beefWrap,
    branch_id: ORDER_FIXTURE.chilonzor,
    delivery_zone_id: ORDER_FIXTURE.westZone,
    menu_id: stableId('menu', 'tashkent'),
    // The manager's menu prices (issue 13): a product the fuzzed orders do not need.
    productId: ORDER_FIXTURE.products.cola,
    order_id: ids.order,
    modifier_id: ORDER_FIXTURE.modifiers.garlic,
    parent_id: ORDER_FIXTURE.modifiers.sauce,
    products: path === 'query' ? `${ORDER_FIXTURE.products.beefWrap}:2` : undefined,
    promo_code: 'Open5k',
    // As soon as possible: a scheduled time would have to follow the test clock.
    future_time: null,
    include_ended: 'true',
    fields: 'title,out_price',
    product_types: 'simple,combo',
    geocode: 'Amir Temur',
    phone: SAMPLE_PHONE,
    login: 'operator',
    password: FIXTURE_STAFF_PASSWORD,
    event: 'operator-accepted',
    lat: path === 'query' ? '41.3' : ORDER_FIXTURE.westPoint.lat,
    long: path === 'query' ? '69.21' : ORDER_FIXTURE.westPoint.long,
    lon: '69.21',
  };
  return byName[name];
}

function pathId(path: string): string | undefined {
  // Never a real order for the status stream: a valid one opens a stream that does not end.
  if (path === '/v2/orders/{id}/status-stream') return undefined;
  if (path.startsWith('/v1/shippers/')) return DEMO_SHIPPER_ID;
  if (path.startsWith('/v2/product/')) return 'beef-wrap';
  if (path.startsWith('/v1/branches/')) return 'chilonzor';
  if (path.startsWith('/v1/customers/')) return tokens.customerId;
  if (path.startsWith('/v1/customer-addresses/')) return ids.address;
  if (path.startsWith('/v2/orders/') || path.startsWith('/v1/staff/orders/')) return ids.order;
  // The manager's workspace (issue 13): a branch, a menu, and the courier's account (never the manager's own).
  if (path.startsWith('/v1/staff/branches/')) return ORDER_FIXTURE.chilonzor;
  if (path.startsWith('/v1/staff/menus/')) return stableId('menu', 'tashkent');
  if (path.startsWith('/v1/staff/accounts/')) return stableId('staff', 'courier');
  if (path.startsWith('/v1/vacancies/')) return ids.vacancy;
  if (path.startsWith('/v1/news-events/')) return ids.news;
  if (path.startsWith('/v1/stocks/')) return ids.stock;
  if (path.startsWith('/v2/recipes/')) return ids.recipe;
  return undefined;
}

/** The manager's workspace (modules/staff-manage): refused to the operator, so fuzzed with a chain manager's token. */
const isManagerRoute = (path: string) =>
  /^\/v1\/staff\/(branches|menus|accounts|figures|audit)(\/|$)/.test(path);

/** The token a valid request of the operation carries. */
function authorizationFor(operation: Operation): string | undefined {
  const schemes = (operation.op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('staffToken'))
    return `Bearer ${isManagerRoute(operation.path) ? tokens.manager : tokens.staff}`;
  if (schemes.includes('adminToken')) return `Bearer ${tokens.admin}`;
  // Bare, as the storefront sends it (Bearer is tried by the other cases).
  if (schemes.includes('customerToken')) return tokens.customer;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const KB100 = 'a'.repeat(100_000);
/** Strings for parameters, headers and string fields. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  'line\nbreak',
  'line\u2028sep',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  'zero\u200bwidth',
  KB100,
  '😀'.repeat(2_000),
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '9007199254740993',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '%00',
  '%',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  '${7*7}{{7*7}}',
  '\\',
  '"',
  'a,b,,c',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '5F1C2A9E-6B7D-4C3E-8A1F-0D2B3C4E5F60',
];

/** An object whose own key is `__proto__` (as JSON.parse makes it), so JSON.stringify keeps it. */
const protoKey = (value: unknown) => JSON.parse(`{"__proto__": ${JSON.stringify(value)}}`) as object;

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** JSON values for body fields: the strings above and everything that is not a string. */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  [],
  {},
  [1, 2, 3],
  ['a'],
  [null],
  { a: 1 },
  nested(200),
  Array.from({ length: 10_000 }, (_, i) => i),
  protoKey({ polluted: true }),
  { constructor: { prototype: { polluted: true } } },
];

/** Numbers at and just past a schema's limits. */
function boundaryNumbers(schema: JsonSchema): number[] {
  const found: number[] = [];
  if (typeof schema.minimum === 'number')
    found.push(schema.minimum, schema.minimum - 1, schema.minimum - 0.5);
  if (typeof schema.maximum === 'number')
    found.push(schema.maximum, schema.maximum + 1, schema.maximum + 0.5);
  if (typeof schema.maxLength === 'number') found.push(schema.maxLength);
  return found;
}

/** Strings at and past a string schema's length limits. */
function boundaryStrings(schema: JsonSchema): string[] {
  const found: string[] = [];
  if (typeof schema.maxLength === 'number')
    found.push('b'.repeat(schema.maxLength), 'b'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    found.push('b'.repeat(schema.minLength - 1));
  return found;
}

const BAD_TOKENS = [
  'garbage',
  'Bearer',
  'Bearer ',
  'Bearer  x',
  `Bearer ${'a'.repeat(5_000)}`,
  'Basic dXNlcjpwYXNz',
  `Bearer ${'0'.repeat(64)}`,
  'Bearer \u0000',
];

const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  'null',
  '"text"',
  '[]',
  '123',
  'true',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '\ufeff{}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'foo',
  ';;;',
  'application/json\u0000',
];

// ---------------------------------------------------------------------------------------------
// Cases

type Case = { label: string; request: InjectOptions };

/** A string schema that takes free text (not an enum, a constant or a uuid). */
const isText = (schema: JsonSchema) =>
  schema.type === 'string' && !schema.enum && schema.const === undefined && schema.format !== 'uuid';

type Path = (string | number)[];
/** Every field of a sample body with its schema, parents before children. */
function fieldsOf(schema: JsonSchema, value: unknown, path: Path = []): { path: Path; schema: JsonSchema }[] {
  const branch = schema.anyOf?.find((b) => b.type !== 'null') ?? schema.oneOf?.[0] ?? schema;
  const found = path.length ? [{ path, schema: branch }] : [];
  if (Array.isArray(value) && branch.items) {
    value.forEach((item, i) => {
      found.push(...fieldsOf(branch.items as JsonSchema, item, [...path, i]));
    });
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const childSchema = branch.properties?.[key];
      if (childSchema) found.push(...fieldsOf(childSchema, child, [...path, key]));
    }
  }
  return found;
}

/** A copy of `body` with the value at `path` replaced (or deleted when `value` is DELETE). */
const DELETE = Symbol('delete');
function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

const fieldName = (path: Path) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** The fixed cases of an operation (always run) and the pool its random ones are drawn from. */
function casesOf(operation: Operation, random: Random): { fixed: Case[]; pool: Case[] } {
  const base = validRequest(operation, { random, known: knownValue });
  const auth = authorizationFor(operation);
  if (auth) base.headers.authorization = auth;
  const make = (label: string, parts: RequestParts): Case => {
    // Each request its own phone, so a duplicate check (one application per phone, one code a
    // minute) does not stop the rest of them before they reach the database.
    const body = parts.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && body.phone === SAMPLE_PHONE) {
      const phone = `99890${String(random.int(10_000_000)).padStart(7, '0')}`;
      return { label, request: toInject(operation, { ...parts, body: { ...body, phone } }) };
    }
    return { label, request: toInject(operation, parts) };
  };
  const variant = (change: (parts: RequestParts) => void): RequestParts => {
    const parts = structuredClone(base);
    change(parts);
    return parts;
  };
  const fixed: Case[] = [make('a valid request', base)];
  const pool: Case[] = [];
  const isClientApi = /^\/v[123]\//.test(operation.path);

  // Client headers and tokens.
  if (isClientApi) {
    fixed.push(
      make(
        'no Shipper header',
        variant((p) => delete p.headers.shipper),
      ),
    );
    fixed.push(
      make(
        'no Platform header',
        variant((p) => delete p.headers.platform),
      ),
    );
    fixed.push(
      make(
        'an unknown Shipper',
        variant((p) => {
          p.headers.shipper = random.uuid();
        }),
      ),
    );
  }
  if (operation.op.security?.some((s) => Object.keys(s).length > 0)) {
    fixed.push(
      make(
        'no token',
        variant((p) => delete p.headers.authorization),
      ),
    );
    for (const token of BAD_TOKENS)
      pool.push(
        make(
          `Authorization ${show(token)}`,
          variant((p) => {
            p.headers.authorization = token;
          }),
        ),
      );
    pool.push(
      make(
        'a customer token',
        variant((p) => {
          p.headers.authorization = `Bearer ${tokens.customer}`;
        }),
      ),
    );
    pool.push(
      make(
        'a staff token',
        variant((p) => {
          p.headers.authorization = `Bearer ${tokens.staff}`;
        }),
      ),
    );
  }
  for (const value of HOSTILE_STRINGS.slice(0, 14)) {
    pool.push(
      make(
        `Accept-Language ${show(value)}`,
        variant((p) => {
          p.headers['accept-language'] = value;
        }),
      ),
    );
  }

  // Every parameter: hostile strings, its limits, missing, repeated.
  for (const parameter of operation.op.parameters ?? []) {
    if (parameter.in === 'cookie') continue;
    const where = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers';
    const set = (value: string | string[] | undefined) =>
      variant((p) => {
        const target = p[where] as Record<string, string | string[]>;
        if (value === undefined) delete target[parameter.name];
        else target[parameter.name] = where === 'headers' ? String(value) : value;
      });
    if (isText(parameter.schema))
      fixed.push(make(`${parameter.in} ${parameter.name}="…\\u0000"`, set('text\u0000')));
    const values = [
      ...HOSTILE_STRINGS,
      ...boundaryNumbers(parameter.schema).map(String),
      ...boundaryStrings(parameter.schema),
    ];
    for (const value of values)
      pool.push(make(`${parameter.in} ${parameter.name}=${show(value)}`, set(value)));
    if (parameter.in === 'query') {
      pool.push(make(`query ${parameter.name} repeated`, set(['1', '2'])));
      pool.push(make(`query ${parameter.name} missing`, set(undefined)));
    }
    if (parameter.in === 'header' && parameter.name !== 'shipper' && parameter.name !== 'platform') {
      pool.push(make(`header ${parameter.name} missing`, set(undefined)));
    }
  }
  if (operation.method === 'GET') {
    pool.push(
      make(
        'query __proto__',
        variant((p) => {
          // An own key named __proto__ (an assignment would set the prototype instead).
          Object.defineProperty(p.query, '__proto__', { value: 'x', enumerable: true });
        }),
      ),
    );
    pool.push(
      make(
        'query constructor[prototype][polluted]',
        variant((p) => {
          p.query['constructor[prototype][polluted]'] = '1';
        }),
      ),
    );
    pool.push(
      make(
        'an unknown query parameter',
        variant((p) => {
          p.query.unknown_thing = KB100;
        }),
      ),
    );
  }

  // The body: whole-body cases, then every field.
  const bodySchema = bodySchemaOf(operation);
  if (operation.method !== 'GET') {
    const raw = (label: string, body: string, contentType = 'application/json') =>
      make(
        label,
        variant((p) => {
          p.body = body;
          p.headers['content-type'] = contentType;
        }),
      );
    fixed.push(raw('a 2 MB body', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) })));
    fixed.push(raw('bad JSON', '{"a":'));
    fixed.push(raw('an empty JSON body', ''));
    fixed.push(raw('a text/plain body', 'hello', 'text/plain'));
    for (const body of BAD_JSON) pool.push(raw(`body ${show(body)}`, body));
    for (const type of WRONG_CONTENT_TYPES) {
      pool.push(raw(`content type ${show(type)}`, JSON.stringify(base.body ?? {}), type));
    }
    pool.push(raw('a body of 100 KB of text', JSON.stringify(KB100)));
    pool.push(
      make(
        'no body, no content type',
        variant((p) => {
          delete p.body;
          delete p.headers['content-type'];
        }),
      ),
    );
  }
  if (bodySchema && base.body !== undefined) {
    for (const value of HOSTILE_JSON)
      pool.push(
        make(
          `body = ${show(value)}`,
          variant((p) => {
            p.body = value;
          }),
        ),
      );
    pool.push(
      make(
        'body with a __proto__ key',
        variant((p) => {
          p.body = Object.assign(protoKey({ polluted: true }), p.body);
        }),
      ),
    );
    for (const field of fieldsOf(bodySchema, base.body)) {
      const name = fieldName(field.path);
      // A NUL in every text field, every run (the 500 of finding 1); the rest is drawn at random.
      if (isText(field.schema)) {
        fixed.push(
          make(
            `body${name} = "…\\u0000"`,
            variant((p) => {
              p.body = withValue(p.body, field.path, 'text\u0000');
            }),
          ),
        );
      }
      const values = [...HOSTILE_JSON, ...boundaryNumbers(field.schema), ...boundaryStrings(field.schema)];
      for (const value of values) {
        pool.push(
          make(
            `body${name} = ${show(value)}`,
            variant((p) => {
              p.body = withValue(p.body, field.path, value);
            }),
          ),
        );
      }
      pool.push(
        make(
          `body${name} missing`,
          variant((p) => {
            p.body = withValue(p.body, field.path, DELETE);
          }),
        ),
      );
    }
  }
  return { fixed, pool };
}

// ---------------------------------------------------------------------------------------------
// The run

function judge(operation: Operation, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return 'a server error';
  const declared = status in operation.op.responses || 'default' in operation.op.responses;
  if (status < 400) return declared ? null : 'an undeclared status';
  const parsed = (() => {
    try {
      return ZApiError.safeParse(response.json());
    } catch {
      return null;
    }
  })();
  if (!parsed?.success) return 'a 4xx without the error shape';
  if (parsed.data.statusCode !== status) return `a body saying ${parsed.data.statusCode}`;
  if (!/^application\/json/.test(String(response.headers['content-type']))) return 'a 4xx that is not JSON';
  // A rate limit may answer any route (its limits are configuration), always in the error shape.
  if (status === 429) return null;
  return declared ? null : 'an undeclared status';
}

async function answer(request: InjectOptions): Promise<LightMyRequestResponse | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

it('answers every hostile request to every operation with a declared status, never a 5xx, every 4xx in the error shape', async () => {
  const random = createRandom(SEED);
  // A valid request to an endless stream would never answer (tested in its own file).
  const operations = operationsOf(doc).filter((operation) => !opensEndlessStream(operation));
  // Deletions, then sign-outs last: they remove the address and end the tokens the others use.
  const rank = (o: Operation) => (o.path.endsWith('/logout') ? 2 : o.method === 'DELETE' ? 1 : 0);
  operations.sort((a, b) => rank(a) - rank(b));
  const failures = new Map<string, string>();
  /** FUZZ_VERBOSE=1 prints the statuses each operation answered, to see what a run reached. */
  const statuses = new Map<string, Map<number, number>>();
  let sent = 0;
  const started = performance.now();
  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    const counts = new Map<number, number>();
    statuses.set(name, counts);
    const { fixed, pool } = casesOf(operation, random);
    // A seeded shuffle, then the first PER_OPERATION of the pool.
    for (let i = pool.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [pool[i], pool[j]] = [pool[j] as Case, pool[i] as Case];
    }
    for (const { label, request } of [...fixed, ...pool.slice(0, PER_OPERATION)]) {
      const response = await answer(request);
      sent++;
      if (response === 'timeout') {
        failures.set(
          `${name} timeout ${label}`,
          `${name} [${label}]: no answer in ${ANSWER_TIMEOUT_MS / 1000} s`,
        );
        continue;
      }
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
      if (process.env.FUZZ_VERBOSE && label === 'a valid request') {
        console.log(`${name} valid request: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      const problem = judge(operation, response);
      // One report per operation, status and problem: the first request that met it.
      const key = `${name} ${response.statusCode} ${problem}`;
      if (problem && !failures.has(key)) {
        failures.set(
          key,
          `${name} [${label}] → ${response.statusCode}: ${problem} ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
  if (process.env.FUZZ_VERBOSE) {
    for (const [name, counts] of statuses) {
      console.log(`${name}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${sent} requests to ${operations.length} operations in ${seconds} s (seed ${SEED})`);
  // Nothing a request sent reached Object.prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect([...failures.values()], `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toEqual([]);
}, 240_000);
