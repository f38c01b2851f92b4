import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { tokenFromHeader } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { securedBy } from '../../http/openapi.ts';
import { hashToken } from '../customers/tokens.ts';
import { findStaffByToken } from './staff.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on /v1/staff/* routes (requireStaff); null elsewhere. */
    staff: StaffAccountRow | null;
    staffTokenId: string | null;
  }
}

/**
 * The preHandler of staff routes: `Authorization: Bearer <token>` must carry a live staff token of this
 * chain. Staff and customer tokens live in separate tables, so a customer's token is refused here (401)
 * and a staff token is refused by customer routes.
 */
export function staffGuard(app: FastifyInstance) {
  if (!app.hasRequestDecorator('staff')) {
    app.decorateRequest('staff', null);
    app.decorateRequest('staffTokenId', null);
  }
  // Marked so the OpenAPI document says which routes need a staff token (http/openapi.ts).
  return securedBy('staffToken', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw apiError(401, 'STAFF_UNAUTHORIZED');
    const found = await findStaffByToken(app.db, {
      tokenHash: hashToken(token),
      shipperId: request.shipperId,
      now: app.clock(),
    });
    if (!found) throw apiError(401, 'STAFF_UNAUTHORIZED');
    request.staff = found.staff;
    request.staffTokenId = found.tokenId;
  });
}

export function signedInStaff(request: FastifyRequest): { staff: StaffAccountRow; tokenId: string } {
  if (!request.staff || !request.staffTokenId) throw apiError(401, 'STAFF_UNAUTHORIZED');
  return { staff: request.staff, tokenId: request.staffTokenId };
}
