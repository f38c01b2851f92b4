/**
 * Click's SHOP API signature (docs.click.uz, "Click API request"): `sign_string` is the MD5, in
 * lower-case hex, of the request's fields and the service's secret key joined without separators:
 *
 *   Prepare:  click_trans_id + service_id + SECRET_KEY + merchant_trans_id + amount + action + sign_time
 *   Complete: click_trans_id + service_id + SECRET_KEY + merchant_trans_id + merchant_prepare_id
 *             + amount + action + sign_time
 *
 * Every field enters as the text Click sent: the amount '52000.00' and '52000' sign differently.
 * Used by the merchant endpoints (click.service.ts) and by whoever calls them as Click does (the
 * sandbox page, tests).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type ClickSignFields = {
  click_trans_id: string;
  service_id: string;
  merchant_trans_id: string;
  /** Complete only (action 1): it enters the hash right after merchant_trans_id. Absent: Prepare. */
  merchant_prepare_id?: string | undefined;
  amount: string;
  action: string;
  sign_time: string;
};

/** The `sign_string` Click sends with these fields (lower-case hex MD5). */
export function clickSignString(fields: ClickSignFields, secret: string): string {
  const text =
    fields.click_trans_id +
    fields.service_id +
    secret +
    fields.merchant_trans_id +
    (fields.merchant_prepare_id ?? '') +
    fields.amount +
    fields.action +
    fields.sign_time;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * Whether `given` is the signature `expected` (clickSignString's), compared in constant time. Hex
 * letters in either case are accepted; anything that is not 32 hex digits never matches.
 */
export function clickSignMatches(given: string, expected: string): boolean {
  const normalized = given.toLowerCase();
  if (!MD5_HEX.test(normalized) || !MD5_HEX.test(expected)) return false;
  return timingSafeEqual(Buffer.from(normalized, 'latin1'), Buffer.from(expected, 'latin1'));
}
