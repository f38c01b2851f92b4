import { apiErrorMessage, isApiFailure } from '@/lib/api-client';

/**
 * What the code step shows for a failed confirmation (spec sections 4, 5, 8). A refused code (400 for a
 * malformed one, 401 for a wrong, expired or used one) is 'wrong_code_entered'; anything else where the
 * API says more (429 too many tries or sends, a server error) shows the API's `data.message`, else the
 * given text.
 */
export function codeErrorText(error: unknown, wrongCode: string): string {
  if (isApiFailure(error) && (error.status === 400 || error.status === 401)) return wrongCode;
  return apiErrorMessage(error, wrongCode);
}

/** The phone step: the API's message (429 with its wait, a refused number), else the generic text. */
export function phoneErrorText(error: unknown, fallback: string): string {
  return apiErrorMessage(error, fallback);
}
