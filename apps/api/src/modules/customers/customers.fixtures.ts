import { ZSmsOutboxResponse } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';

type Call = {
  /** Client address (Fastify inject's remoteAddress): the per-IP limit counts by it. */
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
};

/** inject with the client headers, a chosen client address and, when given, the bare token. */
export function customerClient(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload: unknown,
    options: Call = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '203.0.113.1',
      headers: {
        ...CLIENT_HEADERS,
        ...(options.token ? { authorization: options.token } : {}),
        ...options.headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    post: (url: string, payload: unknown, options?: Call) => call('POST', url, payload, options),
    put: (url: string, payload: unknown, options?: Call) => call('PUT', url, payload, options),
    get: (url: string, options?: Call) => call('GET', url, undefined, options),
    /** The newest code the outbox provider kept for a phone. */
    lastCode: async (phone: string): Promise<string> => {
      // The outbox answers only this machine (loopback), as a developer's browser or a test runs.
      const res = await call('GET', `/v1/dev/sms-outbox?phone=${phone}`, undefined, { ip: '127.0.0.1' });
      const [newest] = ZSmsOutboxResponse.parse(res.json()).messages;
      const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`No code in the outbox for ${phone}`);
      return code;
    },
  };
}

let phoneCounter = 0;
/** A phone no other test of the file uses. */
export const freshPhone = (prefix = '99890') => `${prefix}${String(1_000_000 + ++phoneCounter).slice(-7)}`;

let ipCounter = 0;
export const freshIp = () => `198.51.100.${++ipCounter}`;

/** A code other than `code` (for wrong-code tries). */
export const otherCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
