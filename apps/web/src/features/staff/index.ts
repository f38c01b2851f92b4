/**
 * The staff workspace (issue 13): the shell of /staff, its sign-in, the operator's queue, the kitchen
 * display and the courier's screen; the session, the API client and the live stream, which the
 * manager's screens (features/staff-manage) use too.
 */
export { useStaffApi } from './api';
export { CourierScreen } from './components/courier-screen';
export { KitchenScreen } from './components/kitchen-screen';
export { OperatorScreen } from './components/operator-screen';
export { StaffShell, useStaffMember } from './components/staff-shell';
export { StaffSignIn } from './components/staff-sign-in';
export { useNow, useStaffId } from './hooks';
export { staffKeys } from './lib/staff-queries';
export type { TStreamState } from './lib/staff-stream';
export { liveStaffToken, STAFF_SESSION_KEY, type TStaffSession, useStaffSession } from './session';
export { subscribeStaffCatalogue, subscribeStaffOrders, useStaffStream } from './use-staff-stream';
