import {
  ZApiError,
  ZOrderParams,
  ZStaffLoginRequest,
  ZStaffLoginResponse,
  ZStaffMember,
  ZStaffOrderDetail,
  ZStaffOrderEventRequest,
  ZStaffOrderEventResponse,
  ZStaffOrdersFilter,
  ZStaffOrdersResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishTokensRevoked } from '../../adapters/order-events/index.ts';
import { passwordCheckSlots } from './hash-slots.ts';
import { signedInStaff, staffGuard } from './staff.auth.ts';
import { revokeStaffToken } from './staff.repository.ts';
import {
  listOrdersForStaff,
  type StaffDeps,
  sendStaffEvent,
  staffLogin,
  staffOrderDetail,
  toStaffMember,
} from './staff.service.ts';

const authErrors = { 400: ZApiError, 401: ZApiError };

/**
 * The staff API (issue 5): operators, vendors (a branch's kitchen) and couriers sign in with a login
 * and password and move orders along their life, each role with its own events.
 */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): StaffDeps => ({
    db: app.db,
    clock: app.clock,
    orderEvents: app.orderEvents,
    loyalty: app.loyalty,
  });
  const preHandler = staffGuard(fastify);
  const tags = ['staff'];

  app.post(
    '/v1/staff/login',
    {
      schema: {
        tags,
        summary: 'Staff sign-in with login and password; the token goes in `Authorization: Bearer <token>`',
        description:
          'Valid 12 hours. A wrong password and an unknown login are answered alike (401). Failed sign-ins are limited with growing delays rather than a lock: per login from all addresses (5 free, then 1 s doubling up to 1 minute; not applied from an address the login signed in from within 30 days), per login and address (5 free, then up to 30 minutes; a right password clears it) and per address across logins (20 free a day, then up to an hour); an IPv6 address counts by its /64. An attempt that has to wait is refused with 429 and `Retry-After` (seconds) before the password is checked, and is not counted. When the server is already checking as many passwords as it may, 503 with `Retry-After`. Every checked sign-in, failed or not, is recorded for the operator.',
        body: ZStaffLoginRequest,
        response: {
          200: ZStaffLoginResponse,
          400: ZApiError,
          401: ZApiError,
          429: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) =>
      staffLogin(
        { db: app.db, clock: app.clock, hashSlots: passwordCheckSlots },
        request.shipperId,
        request.body,
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
      ),
  );

  app.post(
    '/v1/staff/logout',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Staff sign-out: the token stops working, and the staff streams opened with it end',
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      const { tokenId } = signedInStaff(request);
      // Announced on the bus with the revocation, so every process ends the staff streams opened with it.
      await app.db.transaction(async (tx) => {
        await revokeStaffToken(tx, { tokenId, now: app.clock() });
        await publishTokensRevoked(tx, [tokenId]);
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/staff/me',
    {
      preHandler,
      schema: { tags, summary: 'The signed-in staff member', response: { 200: ZStaffMember, ...authErrors } },
    },
    async (request) => toStaffMember(signedInStaff(request).staff),
  );

  app.get(
    '/v1/staff/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: "The orders of the staff member's work, soonest due first, with filters and search",
        description: [
          'operator and a chain manager: every order of the chain; vendor and a branch manager: their branch',
          '(`branch_id` of another branch: 403); courier: delivery orders ready for a courier and the ones it',
          'has taken. `scope=current` (default): orders still in work (new, future, accepted, cooking, ready,',
          'with a courier, delivered and not yet finished); `scope=all`: every status (a courier: every order',
          'it took). `status`: one status. `q`: an order number (`B-10001`, `10001`) or digits of the',
          "customer's phone (a courier: order numbers only). Orders waiting for an online payment are never",
          'listed. `scope=current`: soonest due first (the scheduled time, else placed + `target_minutes`:',
          'the branch’s delivery time for a delivery, its cooking time for a pickup), so a page that cannot',
          'hold every match (`count` says how many) leaves out the ones due last;',
          '`scope=all`: newest first. The screens sort late ones first from `created_at`, `future_time` and',
          '`target_minutes`. A courier gets the customer (name, phone), `comment` and, on the card,',
          '`apartment`, `floor` and `description` only for an order it has taken and is carrying',
          '(courier-accepted, courier-picked); otherwise they are null. `allowed_events`: what this staff',
          'member may send now.',
        ].join(' '),
        querystring: ZStaffOrdersFilter,
        response: { 200: ZStaffOrdersResponse, ...authErrors, 403: ZApiError },
      },
    },
    async (request) => listOrdersForStaff(deps(), signedInStaff(request).staff, request.query),
  );

  app.get(
    '/v1/staff/orders/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "An order's whole card: customer, address, lines, totals, history with who and why",
        description:
          'The same scope as the list: another branch’s order for a vendor or a branch manager, and for a courier an order neither ready for a courier nor its own, answer 404. `target_minutes`: what the timers count against, the branch’s delivery time (delivery) or its cooking time (pickup); a scheduled order is due at its `future_time`. A courier reads the customer, the comment, the apartment, the floor and the address note only while it carries the order (courier-accepted, courier-picked); before it takes the order and once it is delivered they are null.',
        params: ZOrderParams,
        response: { 200: ZStaffOrderDetail, ...authErrors, 404: ZApiError },
      },
    },
    async (request) => staffOrderDetail(deps(), signedInStaff(request).staff, request.params.id),
  );

  app.post(
    '/v1/staff/orders/:id/events',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Move an order along: send one event of the staff member’s role',
        description:
          'operator: operator-accepted, operator-cancelled, finished; vendor (own branch): vendor-accepted, vendor-ready, vendor-cancelled, finished; courier: courier-accepted (a ready delivery order), then on its own orders courier-picked, delivered, courier-cancelled (gives it back). A manager sends none. The cancelling events (operator-, vendor-, courier-cancelled) need `reason` (400 without), kept in the history. Another role’s event: 403; another branch’s or courier’s order: 403; an event the status does not allow: 409, whose message names who moved the order last and when (of two staff acting at once, one wins). Every event is written to the staff audit log.',
        params: ZOrderParams,
        body: ZStaffOrderEventRequest,
        response: {
          200: ZStaffOrderEventResponse,
          ...authErrors,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      const { staff } = signedInStaff(request);
      const published = await sendStaffEvent(deps(), staff, request.params.id, request.body);
      return { order_id: published.order_id, status: published.status, at: published.at };
    },
  );
}
