/**
 * The staff API's services (issue 5, issue 13), one module per concern: sign-in
 * (staff-sign-in.service.ts), reading orders, the list and the card (staff-orders.service.ts), and
 * sending order events (staff-events.service.ts). This module gathers them for the routes.
 */
export type { StaffDeps } from './staff.deps.ts';
export { REASON_EVENTS, sendStaffEvent } from './staff-events.service.ts';
export {
  listOrdersForStaff,
  parseStaffSearch,
  scopeOf,
  staffAllowedEvents,
  staffOrderDetail,
} from './staff-orders.service.ts';
export {
  type SignInClient,
  STAFF_TOKEN_TTL_MS,
  type StaffLoginDeps,
  staffLogin,
  toStaffMember,
} from './staff-sign-in.service.ts';
