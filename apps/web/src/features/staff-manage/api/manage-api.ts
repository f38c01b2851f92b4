import type {
  TAuditResponse,
  TFiguresResponse,
  TLoyaltyMovementsResponse,
  TStaffAccount,
  TStaffBranch,
  TStaffMenuProductsResponse,
  TStopListResponse,
} from '@app/contracts';
import type { TApiClient, TResponseSchema } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/**
 * The manager's calls (issue 13, `/v1/staff/...`), answers parsed with their contracts. The screens
 * re-read what a write changed, so a write whose answer they do not use takes any body, or none.
 */
const ANY_ANSWER: TResponseSchema<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

const enc = encodeURIComponent;

export type TPauseScope = 'delivery' | 'branch';

export const manageKeys = {
  branches: ['staff-manage', 'branches'] as const,
  stopList: (branchId: string) => ['staff-manage', 'stop-list', branchId] as const,
  menus: ['staff-manage', 'menus'] as const,
  menuProducts: (menuId: string) => ['staff-manage', 'menu-products', menuId] as const,
  accounts: ['staff-manage', 'accounts'] as const,
  figures: (date: string) => ['staff-manage', 'figures', date] as const,
  audit: (page: number, branchId: string | null) => ['staff-manage', 'audit', page, branchId] as const,
  /** Every page of the loyalty outbox (an action re-reads them all: a row leaves or moves). */
  loyaltyAll: ['staff-manage', 'loyalty'] as const,
  loyalty: (page: number) => ['staff-manage', 'loyalty', page] as const,
};

export async function fetchBranches(api: TApiClient, signal?: AbortSignal): Promise<TStaffBranch[]> {
  const { branches } = await api.get('/v1/staff/branches', {
    schema: contract('ZStaffBranchesResponse'),
    signal,
    cache: 'no-store',
  });
  return branches;
}

export function pauseBranch(api: TApiClient, branchId: string, scope: TPauseScope, until: string) {
  return api.put(`/v1/staff/branches/${enc(branchId)}/pause`, {
    schema: contract('ZStaffBranch'),
    body: { scope, until },
  });
}

export function resumeBranch(api: TApiClient, branchId: string, scope: TPauseScope) {
  return api.delete(`/v1/staff/branches/${enc(branchId)}/pause`, {
    schema: contract('ZStaffBranch'),
    query: { scope },
  });
}

export function saveBranchHours(api: TApiClient, branchId: string, start: string, end: string) {
  return api.put(`/v1/staff/branches/${enc(branchId)}/hours`, {
    schema: contract('ZStaffBranch'),
    body: { work_hour_start: start, work_hour_end: end },
  });
}

/** A branch's delivery and cooking times, whole minutes 1..600 each; answers the branch. */
export function saveBranchTimes(
  api: TApiClient,
  branchId: string,
  times: { delivery_time: number; cooking_time: number },
): Promise<TStaffBranch> {
  return api.put(`/v1/staff/branches/${enc(branchId)}/times`, {
    schema: contract('ZStaffBranch'),
    body: { delivery_time: times.delivery_time, cooking_time: times.cooking_time },
  });
}

export function fetchStopList(
  api: TApiClient,
  branchId: string,
  signal?: AbortSignal,
): Promise<TStopListResponse> {
  return api.get(`/v1/staff/branches/${enc(branchId)}/stop-list`, {
    schema: contract('ZStopListResponse'),
    signal,
    cache: 'no-store',
  });
}

export type TStopChange = { kind: 'product' | 'modifier'; id: string; stopped: boolean };

/** Answers the branch's whole stop list after the change. */
export function changeStopList(
  api: TApiClient,
  branchId: string,
  change: TStopChange,
): Promise<TStopListResponse> {
  return api.put(`/v1/staff/branches/${enc(branchId)}/stop-list`, {
    schema: contract('ZStopListResponse'),
    body: change,
  });
}

export async function fetchMenus(api: TApiClient, signal?: AbortSignal) {
  const { menus } = await api.get('/v1/staff/menus', {
    schema: contract('ZStaffMenusResponse'),
    signal,
    cache: 'no-store',
  });
  return menus;
}

export function fetchMenuProducts(
  api: TApiClient,
  menuId: string,
  signal?: AbortSignal,
): Promise<TStaffMenuProductsResponse> {
  return api.get(`/v1/staff/menus/${enc(menuId)}/products`, {
    schema: contract('ZStaffMenuProductsResponse'),
    signal,
    cache: 'no-store',
  });
}

/** A price sells the product on that menu at it; null takes it off that menu. */
export function saveMenuPrice(api: TApiClient, menuId: string, productId: string, price: number | null) {
  const path = `/v1/staff/menus/${enc(menuId)}/products/${enc(productId)}`;
  return price === null
    ? api.delete(path, { schema: ANY_ANSWER })
    : api.put(path, { schema: ANY_ANSWER, body: { price } });
}

export async function fetchAccounts(api: TApiClient, signal?: AbortSignal): Promise<TStaffAccount[]> {
  const { accounts } = await api.get('/v1/staff/accounts', {
    schema: contract('ZStaffAccountsResponse'),
    signal,
    cache: 'no-store',
  });
  return accounts;
}

export type TAccountCreateBody = {
  login: string;
  name: string;
  phone: string;
  role: TStaffAccount['role'];
  branch_id: string | null;
  password: string;
};
export type TAccountUpdateBody = Partial<
  Pick<TAccountCreateBody, 'name' | 'phone' | 'role' | 'branch_id'> & { is_active: boolean }
>;

export function createAccount(api: TApiClient, body: TAccountCreateBody) {
  return api.post('/v1/staff/accounts', { schema: ANY_ANSWER, body });
}

export function updateAccount(api: TApiClient, id: string, body: TAccountUpdateBody) {
  return api.patch(`/v1/staff/accounts/${enc(id)}`, { schema: ANY_ANSWER, body });
}

export function resetPassword(api: TApiClient, id: string, password: string) {
  return api.post(`/v1/staff/accounts/${enc(id)}/password`, { schema: ANY_ANSWER, body: { password } });
}

export function fetchFigures(api: TApiClient, date: string, signal?: AbortSignal): Promise<TFiguresResponse> {
  return api.get('/v1/staff/figures', {
    schema: contract('ZFiguresResponse'),
    query: { date },
    signal,
    cache: 'no-store',
  });
}

export const AUDIT_PAGE_SIZE = 20;

export function fetchAudit(
  api: TApiClient,
  page: number,
  branchId: string | null,
  signal?: AbortSignal,
): Promise<TAuditResponse> {
  return api.get('/v1/staff/audit', {
    schema: contract('ZAuditResponse'),
    query: { page, limit: AUDIT_PAGE_SIZE, branch_id: branchId },
    signal,
    cache: 'no-store',
  });
}

export const LOYALTY_PAGE_SIZE = 20;

/**
 * The loyalty outbox (chain manager only): bonus movements the card's provider (iiko) has not taken
 * yet, given up first, then the oldest. With the local card (`provider: 'local'`) it is always empty.
 */
export function fetchLoyaltyMovements(
  api: TApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<TLoyaltyMovementsResponse> {
  return api.get('/v1/staff/loyalty-movements', {
    schema: contract('ZLoyaltyMovementsResponse'),
    query: { page, limit: LOYALTY_PAGE_SIZE },
    signal,
    cache: 'no-store',
  });
}

/** Sends a queued movement to the provider again now (the row stays queued until it is taken). */
export function retryLoyaltyMovement(api: TApiClient, id: string) {
  return api.post(`/v1/staff/loyalty-movements/${enc(id)}/retry`, { schema: ANY_ANSWER });
}

/** The manager settled the movement in iiko by hand: it leaves the queue for good. */
export function settleLoyaltyMovement(api: TApiClient, id: string) {
  return api.delete(`/v1/staff/loyalty-movements/${enc(id)}`, { schema: ANY_ANSWER });
}

/**
 * The manager found no chargeoff in iiko for a set-aside give-back of unknown outcome (204, no body):
 * iiko never charged, so the charge's spend and its give-back leave the customer's history.
 */
export function notChargedLoyaltyMovement(api: TApiClient, id: string) {
  return api.post(`/v1/staff/loyalty-movements/${enc(id)}/not-charged`, { schema: ANY_ANSWER });
}
