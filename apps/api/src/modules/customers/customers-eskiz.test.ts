import { ZApiError, ZAuthResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ESKIZ_EMAIL,
  FAKE_ESKIZ_PASSWORD,
  type FakeEskiz,
  startFakeEskiz,
} from '../../adapters/sms/fake-eskiz.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { customerClient, freshIp, freshPhone } from './customers.fixtures.ts';

let fake: FakeEskiz;
let t: TestApp;
let c: ReturnType<typeof customerClient>;

beforeAll(async () => {
  fake = await startFakeEskiz();
  t = await buildTestApp({
    env: {
      SMS_PROVIDER: 'eskiz',
      ESKIZ_BASE_URL: fake.url,
      ESKIZ_EMAIL: FAKE_ESKIZ_EMAIL,
      ESKIZ_PASSWORD: FAKE_ESKIZ_PASSWORD,
      ESKIZ_FROM: 'Baraka',
    },
  });
  c = customerClient(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1] ?? '';
const lastSendForm = () => fake.requests.filter((r) => r.path === '/api/message/sms/send').at(-1)?.form;

describe('sign-in with SMS_PROVIDER=eskiz', () => {
  it('sends the code through Eskiz in the customer’s language', async () => {
    const phone = freshPhone();
    const res = await c.post(
      '/v1/customers/register',
      { phone, name: 'Olim' },
      { headers: { 'accept-language': 'uz' } },
    );
    expect(res.statusCode).toBe(200);
    const form = fake.sent.at(-1)?.form;
    expect(form).toMatchObject({ mobile_phone: phone, from: 'Baraka' });
    expect(form?.message).toMatch(/^Fixture Chain: kirish kodi \d{6}\. Uni hech kimga aytmang\.$/);
    const confirm = await c.post('/v1/customers/register-confirm', { phone, code: codeIn(form?.message) });
    expect(confirm.statusCode).toBe(200);
    expect(ZAuthResponse.parse(confirm.json()).user.name).toBe('Olim');
  });

  it('answers 503 Temporarily unavailable when Eskiz refuses the SMS (4xx): no valid code, not counted', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    fake.failSends(400, { message: 'Неверный номер телефона', status: 'error' });
    try {
      const res = await c.post('/v1/customers/register', { phone }, { ip });
      expect(res.statusCode).toBe(503);
      expect(ZApiError.parse(res.json())).toEqual({
        statusCode: 503,
        code: 'SMS_UNAVAILABLE',
        message: 'Временно недоступно',
      });
      const inEnglish = await c.post(
        '/v1/customers/register',
        { phone },
        { ip, headers: { 'accept-language': 'en' } },
      );
      expect(ZApiError.parse(inEnglish.json()).message).toBe('Temporarily unavailable');
    } finally {
      fake.failSends(null);
    }
    const lost = codeIn(lastSendForm()?.message);
    expect(lost).toMatch(/^\d{6}$/);
    const confirm = await c.post('/v1/customers/register-confirm', { phone, code: lost });
    expect(confirm.statusCode).toBe(400);
    // Eskiz certainly did not send it: it does not count as a send, the customer may ask again at once.
    const again = await c.post('/v1/customers/register', { phone }, { ip });
    expect(again.statusCode).toBe(200);
  });

  it('counts a send Eskiz may have made (5xx) against the limits, and leaves no valid code', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    fake.failSends(502, 'Bad Gateway');
    try {
      const res = await c.post('/v1/customers/register', { phone }, { ip });
      expect(res.statusCode).toBe(503);
      expect(ZApiError.parse(res.json()).code).toBe('SMS_UNAVAILABLE');
    } finally {
      fake.failSends(null);
    }
    const [row] = await t.db.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row?.failedAt).toBeNull();
    expect(row?.voidedAt).not.toBeNull();
    const lost = codeIn(lastSendForm()?.message);
    const confirm = await c.post('/v1/customers/register-confirm', { phone, code: lost });
    expect(confirm.statusCode).toBe(400);
    expect(ZApiError.parse(confirm.json()).code).toBe('CODE_EXPIRED');
    // The SMS may have reached the phone: asking again at once meets the resend wait, as after a send.
    const again = await c.post('/v1/customers/register', { phone }, { ip });
    expect(again.statusCode).toBe(429);
    expect(ZApiError.parse(again.json()).code).toBe('RESEND_TOO_EARLY');
  });

  it('has no dev outbox route', async () => {
    // Asked from this machine, where the outbox would answer if it existed.
    const res = await c.get(`/v1/dev/sms-outbox?phone=${freshPhone()}`, { ip: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(ZApiError.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
  });
});
