import { apiErrorMessage, isApiFailure } from '@/lib/api-client';

/**
 * The refusals of a code that mean only "this code is not right": the API's WRONG_CODE (400) and a
 * malformed code (400 VALIDATION_ERROR). Its other 400s (TOO_MANY_ATTEMPTS, CODE_EXPIRED,
 * CODE_NOT_FOUND) tell the customer to ask for a new code, which typing again would not help.
 */
const WRONG_CODE_ERRORS: ReadonlySet<string> = new Set(['WRONG_CODE', 'VALIDATION_ERROR']);

/**
 * What the code step (and the phone change on /profile) shows for a failed confirmation (spec
 * sections 4, 5, 8): 'wrong_code_entered' for a wrong or malformed code; the API's `data.message`
 * (in the page's language) for anything else it says (too many tries, an expired or unsent code, 429,
 * a server error), else the given text.
 */
export function codeErrorText(error: unknown, wrongCode: string): string {
  if (isApiFailure(error) && error.status === 400 && WRONG_CODE_ERRORS.has(error.data.code)) return wrongCode;
  return apiErrorMessage(error, wrongCode);
}

/** The phone step: the API's message (429 with its wait, a refused number), else the generic text. */
export function phoneErrorText(error: unknown, fallback: string): string {
  return apiErrorMessage(error, fallback);
}
