import type { TOrderEvent } from '@app/contracts';

/**
 * The order events this browser tab sent itself, for a while: the stream brings them back like
 * anyone else's, and a screen that already said so (the toast of useOrderEvent) does not say it a
 * second time (queue-announcer.tsx). Kept for OWN_ACTION_MS, enough for the stream's echo.
 */
export const OWN_ACTION_MS = 60_000;

const sent = new Map<string, number>();
const keyOf = (orderId: string, event: TOrderEvent) => `${orderId.toLowerCase()} ${event}`;

/** Notes that this tab is sending `event` to the order. */
export function markOwnAction(orderId: string, event: TOrderEvent, now = Date.now()): void {
  for (const [key, at] of sent) if (now - at >= OWN_ACTION_MS) sent.delete(key);
  sent.set(keyOf(orderId, event), now);
}

/** Forgets one mark: the API refused the event, so the stream will bring someone else's instead. */
export function forgetOwnAction(orderId: string, event: TOrderEvent): void {
  sent.delete(keyOf(orderId, event));
}

/** Did this tab send `event` to the order within OWN_ACTION_MS? */
export function isOwnAction(orderId: string, event: TOrderEvent, now = Date.now()): boolean {
  const at = sent.get(keyOf(orderId, event));
  return at !== undefined && now - at < OWN_ACTION_MS;
}

/** Forgets every action (a sign-out, and between tests). */
export function forgetOwnActions(): void {
  sent.clear();
}
