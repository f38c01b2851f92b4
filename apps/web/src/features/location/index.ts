/**
 * Location (issue 4): the delivery address or pickup branch, the address flow on load, saved points,
 * and the closed-branch block. The map dialog and the address popover load lazily from the slot. The
 * map component (Leaflet on demand) is public too, for the restaurants pages.
 */
export { AddressList } from './components/address-list';
export { ClosedBranchNotice } from './components/closed-branch-notice';
export { LocationSlot } from './components/location-slot';
export { LazyMap, type TMapMarker, type TMapView, type TMarkerTone } from './components/map';
// What the header's address button does: the popover of saved points, or the map dialog.
export { useAddressButtonAction, useAddressPopoverOpen } from './hooks/use-address-button';
export { useOrderingBlocked } from './hooks/use-ordering-blocked';
// The half-hour slots a scheduled order may take at the branch (checkout; the cart while it is closed).
export { useSlotDays } from './hooks/use-slot-days';
export type { TOrderingBlock } from './lib/closed-branch';
export { checkPointZones } from './lib/location-api';
export { slotDate, type TSlotDay } from './lib/slots';
