import type {
  TAuthResponse,
  TCodeSentResponse,
  TCustomer,
  TPhoneConfirmResponse,
  TUpdateCustomerRequest,
  TUpdateCustomerResponse,
} from '@app/contracts';
import { isApiFailure, type TApiClient } from '@/lib/api-client';
import {
  isAuthResponse,
  isCodeSentResponse,
  isCustomer,
  isNoContent,
  isPhoneConfirmResponse,
  isPhoneLookupResponse,
  isUpdateCustomerResponse,
} from './guards';

/** What the phone step found: a known customer signs in, a new phone registers (spec section 4). */
export type TLoginOutcome = 'login' | 'register';

/** POST /v1/customers/phone: 200 means the customer exists (login), 404 a new one (register). */
export async function lookupPhone(api: TApiClient, phone: string): Promise<TLoginOutcome> {
  try {
    await api.post('/v1/customers/phone', { schema: isPhoneLookupResponse, body: { phone } });
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
    ? api.post('/v1/customers/login', { schema: isCodeSentResponse, body: { phone } })
    : api.post('/v1/customers/register', {
        schema: isCodeSentResponse,
        body: { phone, registration_source: 'website' },
      });
}

/**
 * Checks the code. The spec's client tried login-confirm first and register-confirm on failure; it
 * did not remember what the phone step found. This one does, and asks the endpoint that matches, so a
 * wrong code costs the customer one try, not two, and the error shown is the one that matters.
 */
export function confirmCode(
  api: TApiClient,
  outcome: TLoginOutcome,
  phone: string,
  code: string,
): Promise<TAuthResponse> {
  const path = outcome === 'login' ? '/v1/customers/confirm-login' : '/v1/customers/register-confirm';
  return api.post(path, { schema: isAuthResponse, body: { phone, code } });
}

export function updateCustomer(
  api: TApiClient,
  id: string,
  body: TUpdateCustomerRequest,
): Promise<TUpdateCustomerResponse> {
  return api.put(`/v1/customers/${encodeURIComponent(id)}`, { schema: isUpdateCustomerResponse, body });
}

/** POST /v1/customers/{id}/phone-confirm: the new number takes effect with the code sent to it. */
export function confirmNewPhone(
  api: TApiClient,
  id: string,
  phone: string,
  code: string,
): Promise<TPhoneConfirmResponse> {
  return api.post(`/v1/customers/${encodeURIComponent(id)}/phone-confirm`, {
    schema: isPhoneConfirmResponse,
    body: { phone, code },
  });
}

/** GET /v1/customers/me: the signed-in customer as the API knows them now. */
export function fetchMe(api: TApiClient): Promise<TCustomer> {
  return api.get('/v1/customers/me', { schema: isCustomer, cache: 'no-store' });
}

/** POST /v1/customers/logout: revokes the token (204). */
export async function revokeToken(api: TApiClient): Promise<void> {
  await api.post('/v1/customers/logout', { schema: isNoContent });
}
