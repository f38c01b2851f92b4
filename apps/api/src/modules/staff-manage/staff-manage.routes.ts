import {
  ZApiError,
  ZBranchHoursRequest,
  ZBranchPauseQuery,
  ZBranchPauseRequest,
  ZStaffBranch,
  ZStaffBranchesResponse,
  ZStaffBranchParams,
  ZStopListChange,
  ZStopListResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInStaff, staffGuard } from '../staff/staff.auth.ts';
import {
  changeStopList,
  getStopList,
  listBranchesForStaff,
  type ManageDeps,
  pauseBranch,
  resumeBranch,
  setBranchHours,
} from './branches-manage.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * The manager's workspace (issue 13): branches (pauses, hours), the stop list, menus and prices,
 * staff accounts, the day's figures and the audit log. Every route is behind the staff guard and
 * checks the role (and the branch) of the signed-in staff member itself (staff-manage.access.ts).
 */
export async function staffManageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): ManageDeps => ({ db: app.db, clock: app.clock });
  const preHandler = staffGuard(fastify);
  const tags = ['staff'];
  const staffOf = (request: Parameters<typeof signedInStaff>[0]) => signedInStaff(request).staff;

  app.get(
    '/v1/staff/branches',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The branches the staff member works for, with hours and pauses',
        description:
          'operator and chain manager: every branch of the chain; vendor and branch manager: their own; courier: 403. A pause that has ended reads as null.',
        response: { 200: ZStaffBranchesResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => ({ branches: await listBranchesForStaff(deps(), staffOf(request)) }),
  );

  app.put(
    '/v1/staff/branches/:id/pause',
    {
      preHandler,
      schema: {
        tags,
        summary: "Pause a branch's deliveries or the whole branch until a time ('busy kitchen')",
        description:
          '`scope` delivery: pickup goes on; branch: no orders at all. `until` must be in the future and at most 24 hours ahead (400 otherwise). Managers (the chain’s or that branch’s) and the branch’s vendor; others 403. Written to the audit log.',
        params: ZStaffBranchParams,
        body: ZBranchPauseRequest,
        response: { 200: ZStaffBranch, ...errors },
      },
    },
    async (request) => pauseBranch(deps(), staffOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/staff/branches/:id/pause',
    {
      preHandler,
      schema: {
        tags,
        summary: "End a branch's pause (deliveries or the whole branch) now",
        description: 'Who may: as for PUT. Written to the audit log.',
        params: ZStaffBranchParams,
        querystring: ZBranchPauseQuery,
        response: { 200: ZStaffBranch, ...errors },
      },
    },
    async (request) => resumeBranch(deps(), staffOf(request), request.params.id, request.query.scope),
  );

  app.put(
    '/v1/staff/branches/:id/hours',
    {
      preHandler,
      schema: {
        tags,
        summary: "Set a branch's opening hours (Tashkent time)",
        description:
          'HH:mm each; an end before the start runs past midnight, 00:00-23:59 is around the clock. Managers only (the chain’s, or that branch’s). Written to the audit log.',
        params: ZStaffBranchParams,
        body: ZBranchHoursRequest,
        response: { 200: ZStaffBranch, ...errors },
      },
    },
    async (request) => setBranchHours(deps(), staffOf(request), request.params.id, request.body),
  );

  app.get(
    '/v1/staff/branches/:id/stop-list',
    {
      preHandler,
      schema: {
        tags,
        summary: "A branch's stop list: every product of its menu and their modifiers, stopped or not",
        description:
          'Each product (sizes after their origin) is followed by its single modifiers and group modifier variants. Managers (the chain’s or that branch’s) and the branch’s vendor.',
        params: ZStaffBranchParams,
        response: { 200: ZStopListResponse, ...errors },
      },
    },
    async (request) => getStopList(deps(), staffOf(request), request.params.id),
  );

  app.put(
    '/v1/staff/branches/:id/stop-list',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Stop a product or a modifier at a branch, or bring it back; answers the whole stop list',
        description:
          'A product of the chain, or a single modifier or group modifier variant of one (404 otherwise). Customers see it within seconds (menu `in_stop`, cart and ordering refuse it). Managers (the chain’s or that branch’s) and the branch’s vendor. A change is written to the audit log.',
        params: ZStaffBranchParams,
        body: ZStopListChange,
        response: { 200: ZStopListResponse, ...errors },
      },
    },
    async (request) => changeStopList(deps(), staffOf(request), request.params.id, request.body),
  );
}
