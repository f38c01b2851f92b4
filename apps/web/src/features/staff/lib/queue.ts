import type { TOrderStatus, TStaffOrder } from '@app/contracts';

/**
 * The staff screens' rules about time and order: how long an order has waited, when it is late, the
 * operator's queue order (late first, then newest), the kitchen's columns and the courier's lists.
 * Pure functions of the orders and `now`, so the screens and the tests agree.
 */

const MINUTE = 60_000;

/** Statuses in which the order is still owed to the customer: its clock runs. */
const RUNNING: ReadonlySet<TOrderStatus> = new Set<TOrderStatus>([
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
]);

/** What an order's clock needs: its status, when it was placed or is scheduled, and its branch's target minutes. */
type TTimed = Pick<TStaffOrder, 'status' | 'created_at' | 'future_time' | 'target_minutes'>;

/**
 * When the customer expects it: the scheduled time, or placed + the order's target minutes (the
 * branch's delivery time, or its cooking time for a pickup: the API's `target_minutes`, on the list and the card).
 */
export function dueAt(order: TTimed): number {
  if (order.future_time) return Date.parse(order.future_time);
  return Date.parse(order.created_at) + order.target_minutes * MINUTE;
}

/** Whole minutes since the order was placed (never negative). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE));
}

/** "mm:ss" (or "h:mm:ss") since `iso`, for the tickets' timers. */
export function elapsedClock(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Late: still owed to the customer and past its due time. A scheduled order is late only after its time. */
export function isLate(order: TTimed, now: number): boolean {
  return RUNNING.has(order.status) && now > dueAt(order);
}

/** Minutes past due (0 when not late). */
export function minutesLate(order: TTimed, now: number): number {
  return isLate(order, now) ? Math.floor((now - dueAt(order)) / MINUTE) : 0;
}

/**
 * The operator's queue: late orders first (the most overdue first), then the others newest first.
 * Each order counts against its own target minutes, as listed: no card needs reading first.
 */
export function sortQueue<T extends TTimed & Pick<TStaffOrder, 'id'>>(
  orders: readonly T[],
  now: number,
): T[] {
  const late = new Map(orders.map((o) => [o.id, isLate(o, now)]));
  return [...orders].sort((a, b) => {
    const la = late.get(a.id) === true;
    const lb = late.get(b.id) === true;
    if (la !== lb) return la ? -1 : 1;
    if (la && lb) return dueAt(a) - dueAt(b);
    return Date.parse(b.created_at) - Date.parse(a.created_at);
  });
}

export type TKitchenColumn = 'toAccept' | 'cooking' | 'ready';

/**
 * The kitchen's column of an order, or null when the kitchen has nothing to do with it now. 'new'
 * waits for the operator but is shown under "to accept" so the kitchen sees it coming; an order a
 * courier has taken and not yet picked up is still at the counter ("ready").
 */
export function kitchenColumn(status: TOrderStatus): TKitchenColumn | null {
  switch (status) {
    case 'new':
    case 'operator-accepted':
      return 'toAccept';
    case 'vendor-accepted':
      return 'cooking';
    case 'vendor-ready':
    case 'courier-accepted':
      return 'ready';
    default:
      return null;
  }
}

/** Oldest first within a column: the kitchen works in the order they came. */
export function kitchenColumns<T extends Pick<TStaffOrder, 'status' | 'created_at'>>(
  orders: readonly T[],
): Record<TKitchenColumn, T[]> {
  const columns: Record<TKitchenColumn, T[]> = { toAccept: [], cooking: [], ready: [] };
  for (const order of orders) {
    const column = kitchenColumn(order.status);
    if (column) columns[column].push(order);
  }
  for (const list of Object.values(columns)) {
    list.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  }
  return columns;
}

/**
 * The courier's two lists: ready delivery orders he may take (the server offers `courier-accepted`),
 * and his own (taken or on the way), oldest first.
 */
export function courierLists<T extends Pick<TStaffOrder, 'status' | 'created_at' | 'allowed_events'>>(
  orders: readonly T[],
): { toTake: T[]; mine: T[] } {
  const byAge = (a: T, b: T) => Date.parse(a.created_at) - Date.parse(b.created_at);
  return {
    toTake: orders.filter((o) => o.allowed_events.includes('courier-accepted')).sort(byAge),
    mine: orders
      .filter((o) => o.status === 'courier-accepted' || o.status === 'courier-picked')
      .filter((o) => !o.allowed_events.includes('courier-accepted'))
      .sort(byAge),
  };
}

/** Links that open a point in a maps app: `geo:` (Android, many apps) and the web's OpenStreetMap. */
export function mapLinks(point: { lat: number; long: number }): { geo: string; web: string } {
  const lat = point.lat.toFixed(6);
  const long = point.long.toFixed(6);
  return {
    geo: `geo:${lat},${long}?q=${lat},${long}`,
    web: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=17/${lat}/${long}`,
  };
}

/** A `tel:` link of a phone as stored ('+998901234567' or digits). */
export function telLink(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+${digits}`}`;
}
