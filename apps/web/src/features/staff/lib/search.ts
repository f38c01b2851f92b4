/**
 * The operator's search as the API reads it (`parseStaffSearch` of the API's staff module): an order
 * number ('B-10001', 'b10001', '10001') or a phone as people type it ('+998 90 123-45-67', '(90) 12'),
 * with at least two digits. Anything else the API refuses (400), so the screen does not send it.
 */
const ORDER_NUMBER = /^[A-Za-z]{1,3}-?\d{1,12}$/;
const PHONE_CHARACTERS = /^[\d\s()+-]+$/;

/** What the search field sends: nothing for an empty field, the trimmed text when the API takes it. */
export type TSearchInput = { q: string | undefined; valid: boolean };

export function readSearch(text: string): TSearchInput {
  const q = text.trim();
  if (q === '') return { q: undefined, valid: true };
  if (ORDER_NUMBER.test(q)) return { q, valid: true };
  const valid = PHONE_CHARACTERS.test(q) && q.replace(/\D/g, '').length >= 2;
  return { q, valid };
}
