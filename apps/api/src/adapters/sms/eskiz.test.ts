import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEskizSender } from './eskiz.ts';
import { FAKE_ESKIZ_EMAIL, FAKE_ESKIZ_PASSWORD, type FakeEskiz, startFakeEskiz } from './fake-eskiz.ts';
import { SmsNotSentError, SmsSendError } from './sms-sender.ts';

let fake: FakeEskiz;
beforeAll(async () => {
  fake = await startFakeEskiz();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.sent.length = 0;
  fake.failSends(null);
  fake.refreshWorks = true;
});

const sender = (overrides: Partial<Parameters<typeof createEskizSender>[0]> = {}) =>
  createEskizSender({
    baseUrl: fake.url,
    email: FAKE_ESKIZ_EMAIL,
    password: FAKE_ESKIZ_PASSWORD,
    from: '4546',
    ...overrides,
  });

const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe('Eskiz SMS adapter', () => {
  it('logs in once, then sends each SMS with the token as a form', async () => {
    const sms = sender({ callbackUrl: 'https://api.example.uz/sms-status' });
    await sms.send({ phone: '998901234567', text: 'Baraka: код для входа 123456.' });
    await sms.send({ phone: '998907654321', text: 'second' });
    expect(calls()).toEqual([
      'POST /api/auth/login',
      'POST /api/message/sms/send',
      'POST /api/message/sms/send',
    ]);
    expect(fake.requests[0]?.form).toEqual({ email: FAKE_ESKIZ_EMAIL, password: FAKE_ESKIZ_PASSWORD });
    expect(fake.sent[0]).toMatchObject({
      authorization: 'Bearer token-1',
      form: {
        mobile_phone: '998901234567',
        message: 'Baraka: код для входа 123456.',
        from: '4546',
        callback_url: 'https://api.example.uz/sms-status',
      },
    });
    expect(fake.sent[1]?.form.mobile_phone).toBe('998907654321');
    await sender().send({ phone: '998907654321', text: 'third' });
    expect(fake.sent[2]?.form.callback_url).toBeUndefined();
  });

  it('refreshes an expired token and sends again', async () => {
    const sms = sender();
    await sms.send({ phone: '998901234567', text: 'one' });
    fake.expireTokens();
    fake.requests.length = 0;
    await sms.send({ phone: '998901234567', text: 'two' });
    expect(calls()).toEqual([
      'POST /api/message/sms/send',
      'PATCH /api/auth/refresh',
      'POST /api/message/sms/send',
    ]);
    expect(fake.requests[1]?.authorization).toMatch(/^Bearer token-\d+$/);
    expect(fake.sent.at(-1)?.form.message).toBe('two');
    expect(fake.sent.at(-1)?.authorization).not.toBe(fake.requests[0]?.authorization);
  });

  it('logs in again when the refresh is refused', async () => {
    const sms = sender();
    await sms.send({ phone: '998901234567', text: 'one' });
    fake.expireTokens();
    fake.refreshWorks = false;
    fake.requests.length = 0;
    await sms.send({ phone: '998901234567', text: 'two' });
    expect(calls()).toEqual([
      'POST /api/message/sms/send',
      'PATCH /api/auth/refresh',
      'POST /api/auth/login',
      'POST /api/message/sms/send',
    ]);
    expect(fake.sent.at(-1)?.form.message).toBe('two');
  });

  const failure = (send: Promise<void>) =>
    send.then(
      () => undefined,
      (e: unknown) => e,
    );

  it('fails clearly on wrong credentials: nothing was sent', async () => {
    const error = await failure(sender({ password: 'wrong' }).send({ phone: '998901234567', text: 'x' }));
    expect(error).toBeInstanceOf(SmsNotSentError);
    expect((error as Error).message).toBe('Eskiz login failed (HTTP 401: Invalid credentials)');
  });

  it('tells a refusal (4xx: certainly not sent) from a 5xx (maybe sent)', async () => {
    fake.failSends(400, { message: 'Неверный номер телефона', status: 'error' });
    const refused = await failure(sender().send({ phone: '998901234567', text: 'x' }));
    expect(refused).toBeInstanceOf(SmsNotSentError);
    expect((refused as Error).message).toBe('Eskiz refused the SMS (HTTP 400: Неверный номер телефона)');
    fake.failSends(500);
    const unknown = await failure(sender().send({ phone: '998901234567', text: 'x' }));
    expect(unknown).toBeInstanceOf(SmsSendError);
    expect(unknown).not.toBeInstanceOf(SmsNotSentError);
    expect((unknown as Error).message).toMatch(/HTTP 500/);
  });

  it('fails clearly when Eskiz cannot be reached or hangs; a hung send may have gone out', async () => {
    const unreachable = await failure(
      sender({ baseUrl: 'http://127.0.0.1:9' }).send({ phone: '998901234567', text: 'x' }),
    );
    // The login could not be reached: no send was made.
    expect(unreachable).toBeInstanceOf(SmsNotSentError);
    expect((unreachable as Error).message).toBe('Eskiz /api/auth/login could not be reached');
    // Answers the login, then accepts the send's connection and never answers it.
    const hung = createHttpServer((req, res) => {
      if (req.url === '/api/auth/login') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { token: 'token-hung' } }));
      }
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hung.address() as AddressInfo;
      const started = Date.now();
      const error = await failure(
        sender({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 }).send({
          phone: '998901234567',
          text: 'x',
        }),
      );
      expect(error).toBeInstanceOf(SmsSendError);
      expect(error).not.toBeInstanceOf(SmsNotSentError);
      expect((error as Error).message).toBe('Eskiz /api/message/sms/send could not be reached');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      hung.closeAllConnections();
      hung.close();
    }
  });
});
