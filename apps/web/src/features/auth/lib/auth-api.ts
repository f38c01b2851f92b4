import type {
  TAuthResponse,
  TCodeSentResponse,
  TCustomer,
  TPhoneConfirmResponse,
  TUpdateCustomerRequest,
  TUpdateCustomerResponse,
} from '@app/contracts';
import { isApiFailure, NO_CONTENT, type TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/** What the phone step found: a known customer signs in, a new phone registers (spec section 4). */
export type TLoginOutcome = 'login' | 'register';

/** POST /v1/customers/phone: 200 means the customer exists (login), 404 a new one (register). */
export async function lookupPhone(api: TApiClient, phone: string): Promise<TLoginOutcome> {
  try {
    await api.post('/v1/customers/phone', { schema: contract('ZPhoneLookupResponse'), body: { phone } });
    return 'login';
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) return 'register';
    throw error;
  }
}

/**
 * Sends a code: POST /v1/customers/login for a known customer, POST /v1/customers/register for a new
 * one (name is left to the API's placeholder 'user' until the name step; the source is the website).
 */
export function sendCode(api: TApiClient, outcome: TLoginOutcome, phone: string): Promise<TCodeSentResponse> {
  return outcome === 'login'
    ? api.post('/v1/customers/login', { schema: contract('ZCodeSentResponse'), body: { phone } })
    : api.post('/v1/customers/register', {
        schema: contract('ZCodeSentResponse'),
        body: { phone, registration_source: 'website' },
      });
}

/**
 * Checks the code the way the spec's client does: login-confirm first, register-confirm when that
 * fails (spec section 4, "Login"). The API spends no try on a code asked of the wrong endpoint (a code
 * is bound to its purpose), so the second call costs the customer nothing. When both fail, the error
 * shown is the one from the endpoint that matches what the phone step found, because that is the one
 * that says what is wrong (a wrong code, an expired one, too many tries).
 */
export async function confirmCode(
  api: TApiClient,
  outcome: TLoginOutcome,
  phone: string,
  code: string,
): Promise<TAuthResponse> {
  const body = { phone, code };
  let loginError: unknown;
  try {
    return await api.post('/v1/customers/confirm-login', { schema: contract('ZAuthResponse'), body });
  } catch (error) {
    if (!isClientError(error)) throw error;
    loginError = error;
  }
  try {
    return await api.post('/v1/customers/register-confirm', { schema: contract('ZAuthResponse'), body });
  } catch (registerError) {
    if (!isClientError(registerError)) throw registerError;
    throw outcome === 'login' ? loginError : registerError;
  }
}

/** A 4xx answer: the API looked at the code and said no. Anything else (network, 5xx) is not retried. */
const isClientError = (error: unknown) => isApiFailure(error) && error.status >= 400 && error.status < 500;

export function updateCustomer(
  api: TApiClient,
  id: string,
  body: TUpdateCustomerRequest,
): Promise<TUpdateCustomerResponse> {
  return api.put(`/v1/customers/${encodeURIComponent(id)}`, {
    schema: contract('ZUpdateCustomerResponse'),
    body,
  });
}

/** POST /v1/customers/{id}/phone-confirm: the new number takes effect with the code sent to it. */
export function confirmNewPhone(
  api: TApiClient,
  id: string,
  phone: string,
  code: string,
): Promise<TPhoneConfirmResponse> {
  return api.post(`/v1/customers/${encodeURIComponent(id)}/phone-confirm`, {
    schema: contract('ZPhoneConfirmResponse'),
    body: { phone, code },
  });
}

/** GET /v1/customers/me: the signed-in customer as the API knows them now. */
export function fetchMe(api: TApiClient): Promise<TCustomer> {
  return api.get('/v1/customers/me', { schema: contract('ZCustomer'), cache: 'no-store' });
}

/** POST /v1/customers/logout: revokes the token (204). */
export async function revokeToken(api: TApiClient): Promise<void> {
  await api.post('/v1/customers/logout', { schema: NO_CONTENT });
}
