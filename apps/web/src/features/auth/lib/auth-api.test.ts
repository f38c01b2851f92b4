import type { TAuthResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { TApiClient } from '@/lib/api-client';
import { confirmCode } from './auth-api';

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
