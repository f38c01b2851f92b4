import { ZClientHeaders, ZId } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shipperExists } from '../modules/shippers/shippers.repository.ts';
import { apiError, cataloguedError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The chain this request is for (header `Shipper`); every query filters by it. */
    shipperId: string;
    /** Which client sends it (header `Platform`): the website, later the apps. */
    platformId: string;
  }
}

/**
 * Where payment providers call us (Payme, Click: modules/payments). They send no client headers:
 * they are not clients of the customer API, they authenticate by their own rules (key, signature).
 */
export const isProviderCallbackPath = (url: string) => /^\/v1\/payments\/(payme|click)(\/|$|\?)/.test(url);

/** Paths of the customer API proper: they need the client headers. */
export const isClientApiPath = (url: string) =>
  /^\/v[123](\/|$|\?)/.test(url) && !isProviderCallbackPath(url);

/** Documents the headers in OpenAPI; the hook below has already checked them by the time this runs. */
export const ZClientHeadersSchema = ZClientHeaders.loose();

function readHeader(request: FastifyRequest, name: 'shipper' | 'platform'): string {
  const label = name === 'shipper' ? 'Shipper' : 'Platform';
  const value = request.headers[name];
  if (value === undefined || value === '') {
    throw cataloguedError(400, 'MISSING_HEADER', [{ header: label }], {
      fields: [{ field: label, message: 'is required' }],
    });
  }
  if (typeof value !== 'string' || !ZId.safeParse(value.trim()).success) {
    throw cataloguedError(400, 'INVALID_HEADER', [{ header: label }], {
      fields: [{ field: label, message: 'must be a uuid' }],
    });
  }
  return value.trim().toLowerCase();
}

/**
 * Every /v1, /v2, /v3 request names its chain and client. Checked before the body is read, and
 * only on routes that exist, so an unknown path still answers 404 and CORS preflights pass.
 */
export function registerClientHeaders(app: FastifyInstance): void {
  app.decorateRequest('shipperId', '');
  app.decorateRequest('platformId', '');
  app.addHook('onRoute', (route) => {
    if (!isClientApiPath(route.url) || route.method === 'OPTIONS') return;
    route.schema = { ...route.schema, headers: route.schema?.headers ?? ZClientHeadersSchema };
  });
  app.addHook('onRequest', async (request) => {
    // The route's pattern, not the raw URL: the router matched the decoded path, so '/%762/product'
    // reaches /v2/product and must be checked like it.
    const route = request.routeOptions.url;
    if (request.method === 'OPTIONS' || !route || !isClientApiPath(route)) return;
    const shipperId = readHeader(request, 'shipper');
    const platformId = readHeader(request, 'platform');
    // Remembered by the read cache (dropped when the shippers table changes), bounded for unknown ids.
    if (!(await app.readCache.shipperExists(shipperId, (id) => shipperExists(app.db, id)))) {
      throw apiError(404, 'SHIPPER_NOT_FOUND');
    }
    request.shipperId = shipperId;
    request.platformId = platformId;
  });
}
