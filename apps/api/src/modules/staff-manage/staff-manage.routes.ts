import {
  ZApiError,
  ZAuditQuery,
  ZAuditResponse,
  ZBranchHoursRequest,
  ZBranchPauseQuery,
  ZBranchPauseRequest,
  ZBranchTimesRequest,
  ZFiguresQuery,
  ZFiguresResponse,
  ZLoyaltyMovementParams,
  ZLoyaltyMovementsQuery,
  ZLoyaltyMovementsResponse,
  ZMenuParams,
  ZMenuProductParams,
  ZMenuProductPrice,
  ZMenuProductPriceRequest,
  ZQueuedLoyaltyMovement,
  ZStaffAccount,
  ZStaffAccountCreate,
  ZStaffAccountParams,
  ZStaffAccountsResponse,
  ZStaffAccountUpdate,
  ZStaffBranch,
  ZStaffBranchesResponse,
  ZStaffBranchParams,
  ZStaffMenuProductsResponse,
  ZStaffMenusResponse,
  ZStaffPasswordReset,
  ZStopListChange,
  ZStopListResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAccount, listAccounts, resetPassword, updateAccount } from './accounts-manage.service.ts';
import { readAuditLog } from './audit-log.service.ts';
import {
  changeStopList,
  getStopList,
  listBranchesForStaff,
  pauseBranch,
  resumeBranch,
  setBranchHours,
  setBranchTimes,
} from './branches-manage.service.ts';
import { getFigures } from './figures.service.ts';
import {
  listLoyaltyMovements,
  notChargedLoyaltyMovement,
  retryLoyaltyMovement,
  settleLoyaltyMovement,
} from './loyalty-movements.service.ts';
import { listMenuPrices, listMenus, removeMenuPrice, setMenuPrice } from './menus-manage.service.ts';
import { manageRouter } from './staff-manage.route.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * The manager's workspace (issue 13): branches (pauses, hours, delivery and cooking times), the stop
 * list, menus and prices, staff accounts, the day's figures and the audit log. Every route is behind the staff guard and
 * checks the role (and the branch) of the signed-in staff member itself (staff-manage.access.ts).
 */
export async function staffManageRoutes(fastify: FastifyInstance) {
  const route = manageRouter(fastify);

  route({
    method: 'GET',
    url: '/v1/staff/branches',
    summary: 'The branches the staff member works for, with hours and pauses',
    description:
      'operator and chain manager: every branch of the chain; vendor and branch manager: their own; courier: 403. A pause that has ended reads as null.',
    response: { 200: ZStaffBranchesResponse, 401: ZApiError, 403: ZApiError },
    handle: async ({ deps, staff }) => ({ branches: await listBranchesForStaff(deps, staff) }),
  });

  route({
    method: 'PUT',
    url: '/v1/staff/branches/:id/pause',
    summary: "Pause a branch's deliveries or the whole branch until a time ('busy kitchen')",
    description:
      '`scope` delivery: pickup goes on; branch: no orders at all. `until` must be in the future and at most 24 hours ahead (400 otherwise). Managers (the chain’s or that branch’s) and the branch’s vendor; others 403. Written to the audit log.',
    params: ZStaffBranchParams,
    body: ZBranchPauseRequest,
    response: { 200: ZStaffBranch, ...errors },
    handle: ({ deps, staff, params, body }) => pauseBranch(deps, staff, params.id, body),
  });

  route({
    method: 'DELETE',
    url: '/v1/staff/branches/:id/pause',
    summary: "End a branch's pause (deliveries or the whole branch) now",
    description: 'Who may: as for PUT. Written to the audit log.',
    params: ZStaffBranchParams,
    querystring: ZBranchPauseQuery,
    response: { 200: ZStaffBranch, ...errors },
    handle: ({ deps, staff, params, query }) => resumeBranch(deps, staff, params.id, query.scope),
  });

  route({
    method: 'PUT',
    url: '/v1/staff/branches/:id/hours',
    summary: "Set a branch's opening hours (Tashkent time)",
    description:
      'HH:mm each; an end before the start runs past midnight, 00:00-23:59 is around the clock. Managers only (the chain’s, or that branch’s). Written to the audit log.',
    params: ZStaffBranchParams,
    body: ZBranchHoursRequest,
    response: { 200: ZStaffBranch, ...errors },
    handle: ({ deps, staff, params, body }) => setBranchHours(deps, staff, params.id, body),
  });

  route({
    method: 'PUT',
    url: '/v1/staff/branches/:id/times',
    summary: "Set a branch's delivery time and cooking time (minutes)",
    description:
      'Whole minutes, 1 to 600 each (400 otherwise). The staff screens’ timer of a delivery counts against delivery_time, of a pickup against cooking_time; a scheduled delivery reaches the kitchen delivery_time before its time. Customers see the new delivery time within seconds. Managers only (the chain’s, or that branch’s). Written to the audit log.',
    params: ZStaffBranchParams,
    body: ZBranchTimesRequest,
    response: { 200: ZStaffBranch, ...errors },
    handle: ({ deps, staff, params, body }) => setBranchTimes(deps, staff, params.id, body),
  });

  route({
    method: 'GET',
    url: '/v1/staff/branches/:id/stop-list',
    summary: "A branch's stop list: every product of its menu and their modifiers, stopped or not",
    description:
      'Each product (sizes after their origin) is followed by its single modifiers and group modifier variants. Managers (the chain’s or that branch’s) and the branch’s vendor.',
    params: ZStaffBranchParams,
    response: { 200: ZStopListResponse, ...errors },
    handle: ({ deps, staff, params }) => getStopList(deps, staff, params.id),
  });

  route({
    method: 'PUT',
    url: '/v1/staff/branches/:id/stop-list',
    summary: 'Stop a product or a modifier at a branch, or bring it back; answers the whole stop list',
    description:
      'A product of the chain, or a single modifier or group modifier variant of one (404 otherwise). Customers see it within seconds (menu `in_stop`, cart and ordering refuse it). Managers (the chain’s or that branch’s) and the branch’s vendor. A change is written to the audit log.',
    params: ZStaffBranchParams,
    body: ZStopListChange,
    response: { 200: ZStopListResponse, ...errors },
    handle: ({ deps, staff, params, body }) => changeStopList(deps, staff, params.id, body),
  });

  // -- menus and prices: the chain's manager only ------------------------------------------------
  const menuNote = 'The chain’s manager only (menus are shared by branches: a branch’s manager gets 403).';

  route({
    method: 'GET',
    url: '/v1/staff/menus',
    summary: 'The chain’s menus',
    description: menuNote,
    response: { 200: ZStaffMenusResponse, 401: ZApiError, 403: ZApiError },
    handle: ({ deps, staff }) => listMenus(deps, staff),
  });

  route({
    method: 'GET',
    url: '/v1/staff/menus/:id/products',
    summary: 'Every active product of the chain with its price on this menu (null: not sold on it)',
    description: `Sizes follow their origin product. ${menuNote}`,
    params: ZMenuParams,
    response: { 200: ZStaffMenuProductsResponse, ...errors },
    handle: ({ deps, staff, params }) => listMenuPrices(deps, staff, params.id),
  });

  route({
    method: 'PUT',
    url: '/v1/staff/menus/:id/products/:productId',
    summary: 'Sell a product on a menu at a price (added, or its price changed)',
    description: `Customers’ menus and checkout quotes follow within seconds. ${menuNote} A change is written to the audit log.`,
    params: ZMenuProductParams,
    body: ZMenuProductPriceRequest,
    response: { 200: ZMenuProductPrice, ...errors },
    handle: ({ deps, staff, params, body }) =>
      setMenuPrice(deps, staff, { menuId: params.id, productId: params.productId, price: body.price }),
  });

  route({
    method: 'DELETE',
    url: '/v1/staff/menus/:id/products/:productId',
    summary: 'Stop selling a product on a menu',
    description: `Answers the product with price null. ${menuNote} A change is written to the audit log.`,
    params: ZMenuProductParams,
    response: { 200: ZMenuProductPrice, ...errors },
    handle: ({ deps, staff, params }) =>
      removeMenuPrice(deps, staff, { menuId: params.id, productId: params.productId }),
  });

  // -- staff accounts: managers --------------------------------------------------------------------
  const accountNote =
    'The chain’s manager: every account; a branch’s manager: only accounts of its branch (its vendors and managers), and no chain-wide ones; others 403.';

  route({
    method: 'GET',
    url: '/v1/staff/accounts',
    summary: 'Staff accounts (never their passwords)',
    description: accountNote,
    response: { 200: ZStaffAccountsResponse, 401: ZApiError, 403: ZApiError },
    handle: ({ deps, staff }) => listAccounts(deps, staff),
  });

  route({
    method: 'POST',
    url: '/v1/staff/accounts',
    summary: 'Create a staff account',
    description: `A vendor needs a branch, operators and couriers have none (400); a login is unique in the chain, in any case (409). ${accountNote} Written to the audit log.`,
    body: ZStaffAccountCreate,
    response: { 201: ZStaffAccount, ...errors, 409: ZApiError },
    status: 201,
    handle: ({ deps, staff, body }) => createAccount(deps, staff, body),
  });

  route({
    method: 'PATCH',
    url: '/v1/staff/accounts/:id',
    summary: 'Change a staff account: name, phone, role, branch, enabled',
    description: `Disabling it or changing its role or branch ends its sign-ins at once. A manager cannot disable itself or change its own role or branch (409). ${accountNote} Written to the audit log.`,
    params: ZStaffAccountParams,
    body: ZStaffAccountUpdate,
    response: { 200: ZStaffAccount, ...errors, 409: ZApiError },
    handle: ({ deps, staff, params, body }) => updateAccount(deps, staff, params.id, body),
  });

  route({
    method: 'POST',
    url: '/v1/staff/accounts/:id/password',
    summary: 'Set a staff account’s password; its sign-ins end',
    description: `${accountNote} Written to the audit log (without the password).`,
    params: ZStaffAccountParams,
    body: ZStaffPasswordReset,
    response: { 204: z.null(), ...errors },
    status: 204,
    handle: async ({ deps, staff, params, body }) => {
      await resetPassword(deps, staff, params.id, body.password);
      return null;
    },
  });

  // -- figures and the audit log ---------------------------------------------------------------------

  route({
    method: 'GET',
    url: '/v1/staff/figures',
    summary: 'A day’s figures per branch: orders, revenue, cancellations, average minutes per stage',
    description:
      'The day is Tashkent’s (default today). Orders: placed that day, online orders never paid left out; revenue: total of those not cancelled; stages (averages of the first time each status was reached): to_accept new -> operator-accepted, cooking operator-accepted -> vendor-ready, to_hand_over vendor-ready -> delivered (delivery) or finished (pickup). The chain’s manager and operators: every branch; a branch’s manager: its own; vendors and couriers 403.',
    querystring: ZFiguresQuery,
    response: { 200: ZFiguresResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
    handle: ({ deps, staff, query }) => getFigures(deps, staff, query),
  });

  route({
    method: 'GET',
    url: '/v1/staff/audit',
    summary: 'The staff audit log: who did what, before and after, when; newest first',
    description:
      'The chain’s manager: every row (or one branch’s with branch_id); a branch’s manager: its branch’s rows only (another branch_id: 403); others 403.',
    querystring: ZAuditQuery,
    response: { 200: ZAuditResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
    handle: ({ deps, staff, query }) => readAuditLog(deps, staff, query),
  });

  // -- the loyalty outbox: bonus movements iiko has not taken ---------------------------------------
  const loyaltyNote =
    'The chain’s manager only (a branch’s manager: 403 STAFF_MANAGE_CHAIN_ONLY; other roles 403). A movement still being tried (state retrying) is refused with 409 STAFF_MANAGE_LOYALTY_STILL_TRYING: a round may be making it at that moment. The action is written to the audit log.';

  route({
    method: 'GET',
    url: '/v1/staff/loyalty-movements',
    summary: 'Bonus movements the card’s provider (iiko) has not taken yet; given up first',
    description:
      'With LOYALTY_PROVIDER=iiko an order’s bonuses given back on a cancel (refund) and its cashback (earned) are queued and made in iiko after the status change; one iiko refused for good, or that failed for 3 days, is given up (state gave-up) and waits here for a person. `provider` local: nothing new is queued (rows an earlier iiko setting left are still listed, and can only be settled by hand or marked not charged). The chain’s manager only; others 403.',
    querystring: ZLoyaltyMovementsQuery,
    response: { 200: ZLoyaltyMovementsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
    handle: ({ deps, staff, query }) => listLoyaltyMovements(deps, staff, query),
  });

  route({
    method: 'POST',
    url: '/v1/staff/loyalty-movements/:id/retry',
    summary: 'Try a given-up bonus movement again now',
    description: `The movement is due at once and its tries start again (3 days, the waits from 15 s); answers it (state retrying). With LOYALTY_PROVIDER local nothing would make it: 409 STAFF_MANAGE_LOYALTY_NO_PROVIDER. ${loyaltyNote}`,
    params: ZLoyaltyMovementParams,
    response: { 200: ZQueuedLoyaltyMovement, ...errors, 409: ZApiError },
    handle: ({ deps, staff, params }) => retryLoyaltyMovement(deps, staff, params.id),
  });

  route({
    method: 'POST',
    url: '/v1/staff/loyalty-movements/:id/not-charged',
    summary: 'iiko never made the charge of a set-aside give-back: the charge and its give-back are dropped',
    description: `Only for the give-back of bonuses charged for an order that was never written, set aside because whether iiko made the charge was unknown (charge_unknown): the manager found no chargeoff in iiko, so the spend and its give-back leave the customer's history (nothing is made in iiko). Any other movement: 409 STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE; within 5 minutes of the charge (iiko may still make it): 409 STAFF_MANAGE_LOYALTY_CHARGE_TOO_RECENT. ${loyaltyNote}`,
    params: ZLoyaltyMovementParams,
    response: { 204: z.null(), ...errors, 409: ZApiError },
    status: 204,
    handle: async ({ deps, staff, params }) => {
      await notChargedLoyaltyMovement(deps, staff, params.id);
      return null;
    },
  });

  route({
    method: 'DELETE',
    url: '/v1/staff/loyalty-movements/:id',
    summary: 'A given-up bonus movement was settled by hand in iiko: it leaves the queue',
    description: `Its ledger row stays (the movement happened, by hand). ${loyaltyNote}`,
    params: ZLoyaltyMovementParams,
    response: { 204: z.null(), ...errors, 409: ZApiError },
    status: 204,
    handle: async ({ deps, staff, params }) => {
      await settleLoyaltyMovement(deps, staff, params.id);
      return null;
    },
  });
}
