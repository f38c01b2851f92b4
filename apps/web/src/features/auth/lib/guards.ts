import type {
  TAuthResponse,
  TCodeSentResponse,
  TCustomer,
  TPhoneConfirmResponse,
  TUpdateCustomerResponse,
} from '@app/contracts';
import { isCount, isRecord } from '@/lib/guard-primitives';

/**
 * Browser-side shape checks of the customer endpoints (see `lib/response-guards.ts` for why the
 * browser does not parse with zod): just enough to turn a wrong answer into a `BAD_RESPONSE` failure.
 */

export function isCustomer(value: unknown): value is TCustomer {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.phone === 'string' &&
    (value.date_of_birth === null || typeof value.date_of_birth === 'string')
  );
}

/** POST /v1/customers/phone answers 200 only for a known phone; the body carries nothing else. */
export function isPhoneLookupResponse(value: unknown): value is { exists: true } {
  return isRecord(value) && value.exists === true;
}

export function isCodeSentResponse(value: unknown): value is TCodeSentResponse {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    isCount(value.expires_in) &&
    isCount(value.resend_after)
  );
}

export function isAuthResponse(value: unknown): value is TAuthResponse {
  return (
    isRecord(value) &&
    isCustomer(value.user) &&
    typeof value.access_token === 'string' &&
    value.access_token.length > 0 &&
    typeof value.expires_at === 'string'
  );
}

export function isUpdateCustomerResponse(value: unknown): value is TUpdateCustomerResponse {
  if (!isRecord(value) || !isCustomer(value.user)) return false;
  const confirmation = value.phone_confirmation;
  return (
    confirmation === null ||
    (isRecord(confirmation) && typeof confirmation.phone === 'string' && isCodeSentResponse(confirmation))
  );
}

export function isPhoneConfirmResponse(value: unknown): value is TPhoneConfirmResponse {
  return isRecord(value) && isCustomer(value.user);
}

/** 204 No Content (sign-out): the client hands over `undefined`. */
export function isNoContent(value: unknown): value is undefined {
  return value === undefined;
}
