/**
 * Location (issue 4): the delivery address or pickup branch, the address flow on load, saved points,
 * and the closed-branch block. The map dialog and the address popover load lazily from the slot.
 */
export { AddressList } from './components/address-list';
export { ClosedBranchNotice } from './components/closed-branch-notice';
export { LocationSlot } from './components/location-slot';
export { useOrderingBlocked } from './hooks/use-ordering-blocked';
export type { TOrderingBlock } from './lib/closed-branch';
export { checkPointZones } from './lib/location-api';
