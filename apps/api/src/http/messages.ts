import type { TLocale } from '@app/contracts';
import { CATALOGUE_MESSAGES } from './messages/catalogue.ts';
import { CUSTOMER_MESSAGES } from './messages/customers.ts';
import { HTTP_MESSAGES } from './messages/http.ts';
import { LOCATION_MESSAGES } from './messages/location.ts';
import { ORDERING_MESSAGES } from './messages/ordering.ts';
import { ORDER_MESSAGES } from './messages/orders.ts';
import { STAFF_MESSAGES } from './messages/staff.ts';

export { ruPlural } from './messages/shared.ts';
export type { StaffStepKind } from './messages/staff.ts';

/**
 * The texts of the API's errors in the storefront's three languages. The storefront shows `message` to
 * the customer (spec section 8), so every error a customer can meet is here in ru, uz (Latin script,
 * ASCII apostrophes) and en; `code` stays the stable English code programs test. Keyed by the code the
 * error answers with (plus INVALID_JSON, a BAD_REQUEST with its own text).
 *
 * Each domain keeps its texts in its own file under messages/ (written with messages/shared.ts); a code
 * belongs to one of them (messages.test.ts checks that no two parts define the same code).
 */
export const MESSAGE_PARTS = {
  http: HTTP_MESSAGES,
  location: LOCATION_MESSAGES,
  customers: CUSTOMER_MESSAGES,
  catalogue: CATALOGUE_MESSAGES,
  ordering: ORDERING_MESSAGES,
  orders: ORDER_MESSAGES,
  staff: STAFF_MESSAGES,
};

export const MESSAGES = {
  ...HTTP_MESSAGES,
  ...LOCATION_MESSAGES,
  ...CUSTOMER_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...ORDERING_MESSAGES,
  ...ORDER_MESSAGES,
  ...STAFF_MESSAGES,
};
export type MessageKey = keyof typeof MESSAGES;
export type MessageParams<K extends MessageKey> = Parameters<(typeof MESSAGES)[K]['en']>[0];
/** No argument for a text without parameters, exactly one for a text with them. */
export type MessageArgs<K extends MessageKey> = MessageParams<K> extends undefined ? [] : [MessageParams<K>];

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

export function localize<K extends MessageKey>(key: K, locale: TLocale, ...args: MessageArgs<K>): string {
  const render = MESSAGES[key][locale] as (params: MessageArgs<K>[0]) => string;
  return render(args[0]);
}
