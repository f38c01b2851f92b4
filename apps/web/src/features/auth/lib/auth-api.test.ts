import type { TAuthResponse } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type TApiClient } from '@/lib/api-client';
import { confirmCode, lookupPhone, revokeToken, sendCode, updateCustomer } from './auth-api';

const auth: TAuthResponse = {
  user: {
    id: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f61',
    name: 'Aziza',
    phone: '998901234567',
    date_of_birth: null,
    registration_source: 'website',
    created_at: '2026-11-22T10:00:00.000Z',
  },
  access_token: 'x'.repeat(43),
  expires_at: '2026-12-22T10:00:00.000Z',
};

const failure = (status: number, code: string) => ({
  status,
  data: { statusCode: status, code, message: code },
});

/** A client whose POSTs answer from a table by path, recording the order of the calls. */
function fakeApi(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const api = {
    post: async (path: string) => {
      calls.push(path);
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected call ${path}`);
      return answer();
    },
  } as unknown as TApiClient;
  return { api, calls };
}

describe('confirming the code (spec section 4: login-confirm first, register-confirm on failure)', () => {
  it('signs a returning customer in with login-confirm alone', async () => {
    const { api, calls } = fakeApi({ '/v1/customers/confirm-login': () => auth });
    await expect(confirmCode(api, 'login', '998901234567', '123456')).resolves.toEqual(auth);
    expect(calls).toEqual(['/v1/customers/confirm-login']);
  });

  it('tries login-confirm first, then registers with register-confirm', async () => {
    const { api, calls } = fakeApi({
      '/v1/customers/confirm-login': () => {
        throw failure(400, 'CODE_NOT_FOUND');
      },
      '/v1/customers/register-confirm': () => auth,
    });
    await expect(confirmCode(api, 'register', '998901234567', '123456')).resolves.toEqual(auth);
    expect(calls).toEqual(['/v1/customers/confirm-login', '/v1/customers/register-confirm']);
  });

  it('reports the error of the endpoint that matches the phone step when both refuse', async () => {
    const answers = {
      '/v1/customers/confirm-login': () => {
        throw failure(400, 'WRONG_CODE');
      },
      '/v1/customers/register-confirm': () => {
        throw failure(409, 'CUSTOMER_EXISTS');
      },
    };
    await expect(confirmCode(fakeApi(answers).api, 'login', '998901234567', '000000')).rejects.toMatchObject({
      data: { code: 'WRONG_CODE' },
    });
    await expect(
      confirmCode(fakeApi(answers).api, 'register', '998901234567', '000000'),
    ).rejects.toMatchObject({ data: { code: 'CUSTOMER_EXISTS' } });
  });

  it('does not fall through to register-confirm when the API or the network fails', async () => {
    const { api, calls } = fakeApi({
      '/v1/customers/confirm-login': () => {
        throw failure(503, 'SMS_UNAVAILABLE');
      },
    });
    await expect(confirmCode(api, 'register', '998901234567', '123456')).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toEqual(['/v1/customers/confirm-login']);
  });
});

/** The real client over a fetch that gives every call this answer. */
function answering(body: unknown, status = 200): TApiClient {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 204
        ? new Response(null, { status })
        : new Response(typeof body === 'string' ? body : JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json' },
          }),
    ),
  );
  return createApiClient({
    baseUrl: 'http://api.test',
    shipperId: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60',
    platformId: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
  });
}

const BAD_RESPONSE = { status: 502, data: { code: 'BAD_RESPONSE' } };

describe('the customer answers are parsed with their contracts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the answers the API gives', async () => {
    await expect(lookupPhone(answering({ exists: true }), '998901234567')).resolves.toBe('login');
    const sent = { message: 'sent', expires_in: 300, resend_after: 60 };
    await expect(sendCode(answering(sent), 'login', '998901234567')).resolves.toEqual(sent);
    await expect(confirmCode(answering(auth), 'login', '998901234567', '123456')).resolves.toEqual(auth);
    const moved = { user: auth.user, phone_confirmation: { ...sent, phone: '998907654321' } };
    await expect(updateCustomer(answering(moved), auth.user.id, { phone: '998907654321' })).resolves.toEqual(
      moved,
    );
    await expect(revokeToken(answering(undefined, 204))).resolves.toBeUndefined();
  });

  it('refuses a wrong shape with BAD_RESPONSE, the failure the login dialog shows', async () => {
    await expect(lookupPhone(answering({}), '998901234567')).rejects.toMatchObject(BAD_RESPONSE);
    await expect(sendCode(answering('<html>'), 'register', '998901234567')).rejects.toMatchObject(
      BAD_RESPONSE,
    );
    // An empty token is not a session: the contract wants 32 characters at least.
    const noToken = { ...auth, access_token: '' };
    await expect(confirmCode(answering(noToken), 'login', '998901234567', '1')).rejects.toMatchObject(
      BAD_RESPONSE,
    );
    const halfSent = { user: auth.user, phone_confirmation: { message: 'sent' } };
    await expect(updateCustomer(answering(halfSent), auth.user.id, {})).rejects.toMatchObject(BAD_RESPONSE);
    await expect(revokeToken(answering({ ok: true }))).rejects.toMatchObject(BAD_RESPONSE);
  });
});
