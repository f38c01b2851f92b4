import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomerRow } from '../db/schema/index.ts';
import { findCustomerByToken, findCustomerIdByToken } from '../modules/customers/customers.repository.ts';
import { ACCESS_TOKEN_PATTERN, hashToken } from '../modules/customers/tokens.ts';
import { apiError } from './errors.ts';
import type { SignedInTokens } from './signed-in-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer; set by `requireCustomer`, null on routes without it. */
    customer: CustomerRow | null;
    /** The signed-in customer's id; set by `requireCustomer` and by `requireSignedIn`. */
    customerId: string | null;
    /** The token this request was signed in with (what sign-out revokes). */
    customerTokenId: string | null;
    /** When that token expires (a status stream ends then). */
    customerTokenExpiresAt: Date | null;
  }
  interface FastifyInstance {
    /** preHandler of customer routes: 401 unless `Authorization` carries a live token of this chain. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of routes that need only the customer's id (placing and quoting orders): the same
     * check as `requireCustomer`, answered from `signedInTokens` when the token was seen (no query),
     * and `request.customer` stays null.
     */
    requireSignedIn: (request: FastifyRequest) => Promise<void>;
    /** The tokens `requireSignedIn` keeps (http/signed-in-tokens.ts). */
    signedInTokens: SignedInTokens;
  }
}

const unauthorized = () => apiError(401, 'UNAUTHORIZED');

/**
 * The token from `Authorization`: `Bearer <token>`, or the bare token as the storefront's client
 * sends it.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  const token = bearer ? bearer[1] : value;
  return token && ACCESS_TOKEN_PATTERN.test(token) ? token : null;
}

export function registerCustomerAuth(app: FastifyInstance, tokens: SignedInTokens): void {
  app.decorateRequest('customer', null);
  app.decorateRequest('customerId', null);
  app.decorateRequest('customerTokenId', null);
  app.decorateRequest('customerTokenExpiresAt', null);
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    const found = await findCustomerByToken(app.db, {
      tokenHash: hashToken(token),
      shipperId: request.shipperId,
      now: app.clock(),
    });
    if (!found) throw unauthorized();
    request.customer = found.customer;
    request.customerId = found.customer.id;
    request.customerTokenId = found.tokenId;
    request.customerTokenExpiresAt = found.expiresAt;
  });
  app.decorate('signedInTokens', tokens);
  app.decorate('requireSignedIn', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    const tokenHash = hashToken(token);
    const now = app.clock();
    let found = tokens.find(tokenHash, request.shipperId, now);
    if (!found) {
      const generation = tokens.generation;
      found = await findCustomerIdByToken(app.db, { tokenHash, shipperId: request.shipperId, now });
      if (!found) throw unauthorized();
      tokens.store(tokenHash, request.shipperId, found, generation);
    }
    request.customerId = found.customerId;
    request.customerTokenId = found.tokenId;
    request.customerTokenExpiresAt = found.expiresAt;
  });
}

/** The signed-in customer's id on a route guarded by `requireSignedIn` (or `requireCustomer`). */
export function signedInId(request: FastifyRequest): { customerId: string; tokenId: string } {
  if (!request.customerId || !request.customerTokenId) throw unauthorized();
  return { customerId: request.customerId, tokenId: request.customerTokenId };
}

/** The signed-in customer on a route guarded by `requireCustomer`. */
export function signedIn(request: FastifyRequest): {
  customer: CustomerRow;
  tokenId: string;
  tokenExpiresAt: Date;
} {
  if (!request.customer || !request.customerTokenId || !request.customerTokenExpiresAt) throw unauthorized();
  return {
    customer: request.customer,
    tokenId: request.customerTokenId,
    tokenExpiresAt: request.customerTokenExpiresAt,
  };
}
