import { randomId } from '@app/domain';

/**
 * The Idempotency-Key of placing an order. One attempt is one order body: pressing "Place order"
 * again after a lost answer (network error, timeout, 5xx, a reload) sends the same body under the
 * same key, so the API replays the order it already created instead of creating a second one. A
 * changed body (another time, payment type, dish) is a new attempt with a new key; a placed order
 * ends the attempt.
 */
export type TOrderAttempt = { key: string; fingerprint: string };

/** The attempt for this body: the previous one when the body is the same, else a new key. */
export function attemptFor(
  previous: TOrderAttempt | null,
  body: unknown,
  makeKey: () => string = randomId,
): TOrderAttempt {
  const fingerprint = JSON.stringify(body);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: makeKey(), fingerprint };
}

/** Kept in sessionStorage, so a retry after a reload of the page is still the same attempt. */
const STORAGE_KEY = 'checkout.order_attempt';

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const sessionStore = (): TStorage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export function loadAttempt(storage: TStorage | null = sessionStore()): TOrderAttempt | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as TOrderAttempt).key === 'string' &&
      typeof (parsed as TOrderAttempt).fingerprint === 'string'
    ) {
      return parsed as TOrderAttempt;
    }
  } catch {
    // Unreadable storage or JSON: no attempt to continue.
  }
  return null;
}

export function saveAttempt(attempt: TOrderAttempt | null, storage: TStorage | null = sessionStore()): void {
  try {
    if (attempt) storage?.setItem(STORAGE_KEY, JSON.stringify(attempt));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or a full storage: the key still holds for this page's lifetime.
  }
}

/**
 * Whether a failure leaves the attempt open (the same body must keep its key): no answer at all,
 * the server's own failure, or 409 (the same key is still being worked on). Any other refusal is
 * final for that body, and the customer changes something before trying again.
 */
export const keepsAttempt = (status: number): boolean => status === 0 || status === 409 || status >= 500;
