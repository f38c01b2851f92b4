/**
 * Requests built from the API's own OpenAPI document, for the tests that walk every operation (the
 * document's conventions in http/openapi.test.ts, the fuzz test in http/fuzz.test.ts): the list of
 * operations, and a request to each that its schemas accept, built from the JSON Schemas alone (with
 * the test's real ids where a name asks for one).
 */
import type { InjectOptions } from 'fastify';

/** The subset of JSON Schema that zod writes into the document. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type OperationObject = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
};

export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>> };

export type Operation = {
  method: string;
  /** As the document writes it: '/v2/orders/{id}'. */
  path: string;
  op: OperationObject;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Whether a valid request opens a stream that never ends by itself (GET /v1/catalogue-changes and
 * GET /v1/staff/stream need no id that a test could make unknown): `inject` would wait for it forever.
 * Such an operation is tested on a listening server (modules/catalogue-changes/catalogue-changes.test.ts,
 * modules/staff-stream/staff-stream.test.ts: its 401 and 400 too).
 */
export const opensEndlessStream = (operation: Operation): boolean =>
  operation.method === 'GET' &&
  (operation.path === '/v1/catalogue-changes' || operation.path === '/v1/staff/stream');

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (METHODS.has(method)) found.push({ method: method.toUpperCase(), path, op });
    }
  }
  return found;
}

export const bodySchemaOf = (operation: Operation): JsonSchema | undefined =>
  operation.op.requestBody?.content['application/json']?.schema;

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    /** 0..max-1 */
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(16).toString(16));
      hex[12] = '4';
      hex[16] = (8 + int(4)).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

/**
 * Strings tried against a pattern the generator does not otherwise know (a phone, a code, a slug,
 * a clock, a decimal, 'lon,lat', a whole sum...): the first that matches is used.
 */
const PATTERN_CANDIDATES = [
  '998901234567',
  '123456',
  'chilonzor',
  'test-slug',
  '12:30',
  '41.3',
  '69.2,41.3',
  '100000',
  'Test-Key-1',
];

/** Where a generated value sits, so the caller can put a real id there. */
export type ValueContext = { name: string; path: string; operation: Operation };

export type SampleOptions = {
  random: Random;
  /** A value for a field or parameter by its name and place; undefined: generate one. */
  known?: (context: ValueContext) => unknown;
};

/** The patterns a string schema must match (its own and those of an allOf). */
export function patternsOf(schema: JsonSchema): string[] {
  const own = schema.pattern ? [schema.pattern] : [];
  return [...own, ...(schema.allOf ?? []).flatMap(patternsOf)];
}

const typeOf = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  return schema.allOf?.map(typeOf).find(Boolean);
};

function sampleString(schema: JsonSchema, random: Random): string {
  if (schema.format === 'uuid') return random.uuid();
  if (schema.format === 'date') return '2000-01-15';
  if (schema.format === 'date-time') return '2026-03-02T07:00:00.000Z';
  const patterns = patternsOf(schema).map((p) => new RegExp(p, 'u'));
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  const fits = (value: string) =>
    value.length >= min && value.length <= max && patterns.every((p) => p.test(value));
  const text = 'Test text'.padEnd(Math.max(min, 1), 'x').slice(0, max);
  if (fits(text)) return text;
  return PATTERN_CANDIDATES.find(fits) ?? text;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  // 1 where it fits: positive, small, and a whole number for counts and sums alike.
  const value = Math.min(Math.max(1, min), max);
  return integer ? Math.ceil(value) : value;
}

/**
 * A value the schema accepts: every property (optional ones too, so a "nothing to change" refine is
 * met), arrays at their minimum length (at least one item where one is needed), defaults as given.
 */
export function sampleValue(schema: JsonSchema, options: SampleOptions, context: ValueContext): unknown {
  const known = options.known?.(context);
  if (known !== undefined) return known;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    const branch = branches.find((b) => typeOf(b) !== 'null') ?? branches[0];
    return branch ? sampleValue(branch, options, context) : null;
  }
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = sampleValue(property, options, { ...context, name, path: `${context.path}.${name}` });
      }
      return value;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      const items = schema.items ?? {};
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, (_, i) =>
        sampleValue(items, options, { ...context, path: `${context.path}[${i}]` }),
      );
    }
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, options.random);
    default:
      return 'Test text';
  }
}

/** The parts of a request, before they become an inject call. */
export type RequestParts = {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** undefined: no body; a string: sent as it is (with the content type in headers). */
  body?: unknown;
};

const asParam = (value: unknown): string | string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value : JSON.stringify(value);

/** A request the operation's schemas accept: every parameter (optional ones too) and the body. */
export function validRequest(operation: Operation, options: SampleOptions): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, headers: {} };
  for (const parameter of operation.op.parameters ?? []) {
    const value = asParam(
      sampleValue(parameter.schema, options, { name: parameter.name, path: parameter.in, operation }),
    );
    if (parameter.in === 'path') parts.path[parameter.name] = String(value);
    else if (parameter.in === 'query') parts.query[parameter.name] = value;
    else if (parameter.in === 'header') parts.headers[parameter.name] = String(value);
  }
  const body = bodySchemaOf(operation);
  if (body) parts.body = sampleValue(body, options, { name: '', path: 'body', operation });
  return parts;
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses, and URLSearchParams would turn
 * into U+FFFD) is sent as the three bytes a careless client would send (WTF-8: U+D800 is %ED%A0%80).
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** The request as `app.inject` takes it; a string body is sent raw, anything else as JSON. */
export function toInject(operation: Operation, parts: RequestParts): InjectOptions {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoose(parts.path[name] ?? ''));
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(parts.query)) {
    for (const one of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeLoose(name)}=${encodeLoose(one)}`);
  }
  const query = pairs.join('&');
  const options: InjectOptions = {
    method: operation.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers: { ...parts.headers },
  };
  if (parts.body !== undefined) {
    const headers = options.headers as Record<string, string>;
    if (typeof parts.body === 'string') {
      options.payload = parts.body;
    } else {
      options.payload = JSON.stringify(parts.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  return options;
}
