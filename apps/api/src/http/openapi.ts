import { ZApiError } from '@app/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { BODY_LIMIT, describeBodyLimit } from './body-limits.ts';
import { isClientApiPath, isProviderCallbackPath } from './client-headers.ts';

/**
 * The OpenAPI document's conventions, applied to every route in one place (the swagger `transform`)
 * rather than written into 60 route files: an `operationId`, the security scheme a route's guard
 * checks, and the error answers every route can give besides its own (the HTTP layer's, the client
 * headers', the guard's). Documentation only: what a route validates and answers at run time is
 * what its own schema says.
 */

/** The three kinds of token the API knows, as OpenAPI security schemes. */
export const SECURITY_SCHEMES = {
  customerToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      "A customer's access token (from /v1/customers/register-confirm or /v1/customers/confirm-login), bare or as `Bearer <token>`.",
  },
  staffToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A staff member's token from POST /v1/staff/login: `Authorization: Bearer <token>`.",
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The administrator token (`ADMIN_TOKEN`) that may write map service keys.',
  },
} as const satisfies Record<string, OpenAPIV3.SecuritySchemeObject>;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

// biome-ignore lint/complexity/noBannedTypes: any hook function can be a guard; only its identity matters.
const guards = new WeakMap<Function, SecurityScheme>();

/**
 * Marks a hook function (preHandler, onRequest...) as the guard of a security scheme: every route that
 * uses it is documented with that scheme and the guard's refusal. Returns the function itself.
 */
// biome-ignore lint/complexity/noBannedTypes: see `guards`.
export function securedBy<F extends Function>(scheme: SecurityScheme, guard: F): F {
  guards.set(guard, scheme);
  return guard;
}

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/** The schemes of the guards among a route's own hooks. */
export function guardSchemesOf(route: Pick<RouteOptions, (typeof HOOKS)[number]>): SecurityScheme[] {
  const found = new Set<SecurityScheme>();
  for (const name of HOOKS) {
    const hook: unknown = route[name];
    for (const fn of Array.isArray(hook) ? hook : [hook]) {
      const scheme = typeof fn === 'function' ? guards.get(fn) : undefined;
      if (scheme) found.add(scheme);
    }
  }
  return [...found];
}

/** 'POST' + '/v1/customers/:id/phone-confirm' → 'postV1CustomersIdPhoneConfirm'. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

const error = (description: string) => ZApiError.describe(description);

/** Every route, whatever its path: the HTTP layer (http-layer.ts). */
const HTTP_LAYER_ERRORS = {
  400: error('Bad request: a malformed URL (BAD_URL), bad input (VALIDATION_ERROR) or a malformed body'),
  414: error('The URL or a path parameter is too long (URI_TOO_LONG)'),
  431: error('The request headers are too large (HEADERS_TOO_LARGE)'),
};
/**
 * Every route but the providers' (which answer in their own protocol): the database too busy or out
 * of reach to answer now (error-handler.ts). A route that declares its own 503 keeps its description.
 */
const BUSY_ERRORS = {
  503: error(
    'The database is too busy or out of reach to answer now (SERVICE_BUSY); send the same request again after Retry-After',
  ),
};
/** Methods that carry a body (POST, PUT, PATCH, DELETE): Fastify's body parser, at the route's limit. */
const bodyErrors = (limit: number) => ({
  413: error(`The body is larger than ${describeBodyLimit(limit)} (PAYLOAD_TOO_LARGE)`),
  415: error('The body is not JSON (UNSUPPORTED_MEDIA_TYPE)'),
});
/** /v1, /v2, /v3: the client headers (client-headers.ts). */
const CLIENT_HEADER_ERRORS = {
  400: error(
    'Bad request: a missing or malformed Shipper or Platform header (MISSING_HEADER, INVALID_HEADER), a malformed URL or bad input',
  ),
  404: error('The Shipper is unknown (SHIPPER_NOT_FOUND), or what the path names does not exist'),
};
const GUARD_ERRORS: Record<SecurityScheme, Record<number, ReturnType<typeof error>>> = {
  customerToken: { 401: error('No valid customer token in `Authorization` (UNAUTHORIZED)') },
  staffToken: { 401: error('No valid staff token in `Authorization` (STAFF_UNAUTHORIZED)') },
  adminToken: { 403: error('Not the administrator token (ADMIN_ONLY)') },
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Responses = Record<string | number, unknown>;

/** The route's schema as the document shows it: its own, plus the conventions above. */
export function documentedSchema(route: RouteOptions, schema: FastifySchema): FastifySchema {
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const schemes = guardSchemesOf(route);
  const defaults: Responses = { ...HTTP_LAYER_ERRORS };
  // A payment provider's endpoint answers an unreadable body in its own protocol, with HTTP 200.
  if (BODY_METHODS.has(method) && !isProviderCallbackPath(route.url))
    Object.assign(defaults, bodyErrors(route.bodyLimit ?? BODY_LIMIT));
  if (isClientApiPath(route.url)) Object.assign(defaults, CLIENT_HEADER_ERRORS);
  if (!isProviderCallbackPath(route.url)) Object.assign(defaults, BUSY_ERRORS);
  for (const scheme of schemes) Object.assign(defaults, GUARD_ERRORS[scheme]);
  // A route without a response schema (a stream) documents its 200 in the types it `produces`;
  // `produces` is dropped after that, or every error would be documented in those types too.
  // A stream route may still declare its own errors (a 503), which the document keeps beside it.
  const { produces, ...rest } = schema;
  const produced = {
    200: {
      description: 'OK',
      content: Object.fromEntries(
        (produces ?? ['application/json']).map((type) => [
          type,
          { schema: type.startsWith('text/') ? z.string() : z.unknown() },
        ]),
      ),
    },
  };
  const declared = schema.response as Responses | undefined;
  const own = (
    declared ? (produces && !('200' in declared) ? { ...produced, ...declared } : declared) : produced
  ) as Responses;
  const missing = Object.fromEntries(Object.entries(defaults).filter(([status]) => !(status in own)));
  return {
    ...rest,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    // A route may declare its own (an optional sign-in); public routes say so with an empty list.
    security: schema.security ?? schemes.map((scheme) => ({ [scheme]: [] })),
    response: { ...own, ...missing },
  };
}

/** @fastify/swagger's `transform`: the conventions, then the zod schemas as JSON Schema. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: documentedSchema(route, schema) });
};
