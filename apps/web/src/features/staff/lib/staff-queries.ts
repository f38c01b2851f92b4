import type {
  TBranch,
  TOrderEvent,
  TOrderStatus,
  TStaffOrder,
  TStaffOrderDetail,
  TStaffOrdersResponse,
} from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { forgetOwnActions } from './own-actions';

/**
 * What the staff screens read and send, and the TanStack Query keys they are cached under. Every key
 * starts with 'staff' (a `reset` of the stream re-reads them all) and names the signed-in member, so
 * another member's sign-in in the same tab never sees the last one's cache.
 */
export type TStaffListFilter = {
  branch_id?: string;
  status?: TOrderStatus;
  q?: string;
};

/**
 * The first part of every query key of the workspace: the staff screens' ('staff', below) and the
 * manager's ('staff-manage', features/staff-manage/api/manage-api.ts, whose keys name no member).
 */
export const STAFF_CACHE_ROOTS = ['staff', 'staff-manage'] as const;

/**
 * Drops every staff and manager answer from the cache (a sign-out, by the button or forced by a 401):
 * the next person signing in on this browser must see none of them, however fresh they still are.
 */
export function forgetStaffData(queryClient: QueryClient): void {
  forgetOwnActions();
  for (const root of STAFF_CACHE_ROOTS) {
    void queryClient.cancelQueries({ queryKey: [root] });
    queryClient.removeQueries({ queryKey: [root] });
  }
}

export const staffKeys = {
  all: ['staff'] as const,
  lists: (staffId: string) => ['staff', staffId, 'orders'] as const,
  list: (staffId: string, filter: TStaffListFilter) => ['staff', staffId, 'orders', filter] as const,
  order: (staffId: string, orderId: string) => ['staff', staffId, 'order', orderId] as const,
  /** Every order card of the member (the prefix of `order`). */
  orders: (staffId: string) => ['staff', staffId, 'order'] as const,
  branches: () => ['staff', 'branches'] as const,
};

/** The most orders one screen shows: the API's page limit (a chain's current orders fit). */
export const STAFF_LIST_LIMIT = 100;

export function fetchStaffOrders(
  api: TApiClient,
  filter: TStaffListFilter,
  signal?: AbortSignal,
): Promise<TStaffOrdersResponse> {
  return api.get('/v1/staff/orders', {
    schema: contract('ZStaffOrdersResponse'),
    query: { scope: 'current', limit: STAFF_LIST_LIMIT, ...filter },
    cache: 'no-store',
    signal,
  });
}

export function fetchStaffOrder(
  api: TApiClient,
  orderId: string,
  signal?: AbortSignal,
): Promise<TStaffOrderDetail> {
  return api.get(`/v1/staff/orders/${encodeURIComponent(orderId)}`, {
    schema: contract('ZStaffOrderDetail'),
    cache: 'no-store',
    signal,
  });
}

/** The chain's branches (the public list): the operator's branch filter. */
export async function fetchBranches(api: TApiClient, signal?: AbortSignal): Promise<TBranch[]> {
  const response = await api.get('/v1/branches', {
    schema: contract('ZBranchListResponse'),
    query: { limit: 100 },
    signal,
  });
  return response.branches;
}

export function sendStaffEvent(
  api: TApiClient,
  order: Pick<TStaffOrder, 'id'>,
  event: TOrderEvent,
  reason?: string,
) {
  return api.post(`/v1/staff/orders/${encodeURIComponent(order.id)}/events`, {
    schema: contract('ZStaffOrderEventResponse'),
    body: reason === undefined ? { event } : { event, reason },
  });
}

/** Events that cancel (or give an order back): the server wants a reason with them (a small form asks for it). */
export const CANCEL_EVENTS: readonly TOrderEvent[] = [
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
];
export const isCancelEvent = (event: TOrderEvent): boolean => CANCEL_EVENTS.includes(event);
