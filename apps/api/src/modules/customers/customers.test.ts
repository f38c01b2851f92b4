import {
  PLACEHOLDER_NAME,
  ZApiError,
  ZAuthResponse,
  ZCodeSentResponse,
  ZCustomer,
  ZPhoneConfirmResponse,
  ZUpdateCustomerResponse,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, otpCodes, shippers, smsOutbox } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { customerClient, freshIp, freshPhone, otherCode } from './customers.fixtures.ts';

const clock = createTestClock();
let t: TestApp;
let c: ReturnType<typeof customerClient>;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  c = customerClient(t);
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const errorOf = (res: { json: () => unknown }) => ZApiError.parse(res.json());

/** Registers a new customer through the whole flow and returns its token and profile. */
async function signUp(name?: string) {
  const phone = freshPhone();
  const ip = freshIp();
  const sent = await c.post('/v1/customers/register', name ? { phone, name } : { phone }, { ip });
  expect(sent.statusCode).toBe(200);
  const code = await c.lastCode(phone);
  const res = await c.post('/v1/customers/register-confirm', { phone, code }, { ip });
  expect(res.statusCode).toBe(200);
  const auth = ZAuthResponse.parse(res.json());
  // The next test may send to other phones at once; keep the 60-second resend rule out of the way.
  clock.advance(MINUTE + 1000);
  return { phone, ip, ...auth };
}

/** Sends a sign-in code to a known phone and returns it. */
async function loginCode(phone: string, ip = freshIp()) {
  const res = await c.post('/v1/customers/login', { phone }, { ip });
  expect(res.statusCode).toBe(200);
  return c.lastCode(phone);
}

describe('a new customer', () => {
  it('registers: 404 on lookup, a code by SMS, the customer exists only after the code, its token works', async () => {
    const phone = freshPhone();
    const lookup = await c.post('/v1/customers/phone', { phone });
    expect(lookup.statusCode).toBe(404);
    expect(errorOf(lookup).code).toBe('CUSTOMER_NOT_FOUND');

    const sent = await c.post('/v1/customers/register', {
      phone,
      name: '  Aziz  ',
      registration_source: 'website',
    });
    expect(sent.statusCode).toBe(200);
    expect(ZCodeSentResponse.parse(sent.json())).toEqual({
      message: 'phone number is submitted',
      expires_in: 300,
      resend_after: 60,
    });
    // Pending until confirmed: no customer yet, the lookup still says new.
    expect((await c.post('/v1/customers/phone', { phone })).statusCode).toBe(404);

    const code = await c.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const res = await c.post('/v1/customers/register-confirm', { phone, code });
    expect(res.statusCode).toBe(200);
    const auth = ZAuthResponse.parse(res.json());
    expect(auth.user).toMatchObject({
      name: 'Aziz',
      phone,
      date_of_birth: null,
      registration_source: 'website',
    });
    expect(auth.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(auth.expires_at).getTime() - clock.now().getTime()).toBe(30 * DAY);

    const me = await c.get('/v1/customers/me', { token: auth.access_token });
    expect(me.statusCode).toBe(200);
    expect(ZCustomer.parse(me.json())).toEqual(auth.user);
    expect((await c.post('/v1/customers/phone', { phone })).json()).toEqual({ exists: true });
  });

  it('stores the code only as a hash', async () => {
    const phone = freshPhone();
    await c.post('/v1/customers/register', { phone }, { ip: freshIp() });
    const code = await c.lastCode(phone);
    const rows = await t.db.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("is called 'user' when registering without a name", async () => {
    const { user } = await signUp();
    expect(user.name).toBe(PLACEHOLDER_NAME);
  });

  it('cannot register a phone that already has a customer (409)', async () => {
    const { phone } = await signUp('Dilnoza');
    const res = await c.post('/v1/customers/register', { phone, name: 'Other' }, { ip: freshIp() });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CUSTOMER_EXISTS');
  });

  it('writes the SMS in the language of Accept-Language (ru by default)', async () => {
    const cases = [
      [undefined, /код для входа \d{6}/],
      ['uz-UZ,uz;q=0.9', /kirish kodi \d{6}/],
      ['en', /your sign-in code is \d{6}/],
      ['de, en;q=0.5', /your sign-in code is \d{6}/],
    ] as const;
    for (const [language, text] of cases) {
      const phone = freshPhone();
      const res = await c.post(
        '/v1/customers/register',
        { phone },
        { ip: freshIp(), headers: language ? { 'accept-language': language } : {} },
      );
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
      expect(row?.text).toMatch(text);
      expect(row?.text).toMatch(/^Fixture Chain: /);
    }
  });
});

describe('a returning customer', () => {
  it('signs in with a code sent to the known phone and gets a new token', async () => {
    const first = await signUp('Timur');
    const code = await loginCode(first.phone);
    const res = await c.post('/v1/customers/confirm-login', { phone: first.phone, code });
    expect(res.statusCode).toBe(200);
    const auth = ZAuthResponse.parse(res.json());
    expect(auth.user.id).toBe(first.user.id);
    expect(auth.user.name).toBe('Timur');
    expect(auth.access_token).not.toBe(first.access_token);
    expect((await c.get('/v1/customers/me', { token: auth.access_token })).statusCode).toBe(200);
    expect((await c.get('/v1/customers/me', { token: first.access_token })).statusCode).toBe(200);
  });

  it('gets 404 when asking a sign-in code for an unknown phone', async () => {
    const res = await c.post('/v1/customers/login', { phone: freshPhone() }, { ip: freshIp() });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('codes', () => {
  it('answers a wrong code with 400 WRONG_CODE and still takes the right one afterwards', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    const wrong = await c.post('/v1/customers/confirm-login', { phone, code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'WRONG_CODE', message: 'Неверно введён код' });
    const inEnglish = await c.post(
      '/v1/customers/confirm-login',
      { phone, code: otherCode(code, 2) },
      { headers: { 'accept-language': 'en' } },
    );
    expect(errorOf(inEnglish)).toMatchObject({ code: 'WRONG_CODE', message: 'Wrong code entered' });
    expect((await c.post('/v1/customers/confirm-login', { phone, code })).statusCode).toBe(200);
  });

  it('refuses the 6th try even with the right code', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    for (let i = 1; i <= 5; i++) {
      const res = await c.post('/v1/customers/confirm-login', { phone, code: otherCode(code, i) });
      expect(errorOf(res).code).toBe('WRONG_CODE');
    }
    const sixth = await c.post('/v1/customers/confirm-login', { phone, code });
    expect(sixth.statusCode).toBe(400);
    expect(errorOf(sixth).code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('takes the right code on the 5th try', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    for (let i = 1; i <= 4; i++)
      await c.post('/v1/customers/confirm-login', { phone, code: otherCode(code, i) });
    expect((await c.post('/v1/customers/confirm-login', { phone, code })).statusCode).toBe(200);
  });

  it('counts parallel guesses atomically: never more than 5 tries', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        c.post('/v1/customers/confirm-login', { phone, code: otherCode(code, i + 1) }),
      ),
    );
    const codes = answers.map((a) => errorOf(a).code);
    expect(codes.filter((x) => x === 'WRONG_CODE')).toHaveLength(5);
    expect(codes.filter((x) => x === 'TOO_MANY_ATTEMPTS')).toHaveLength(4);
    const [row] = await t.db.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, 'login')));
    expect(row?.attempts).toBe(5);
    expect(errorOf(await c.post('/v1/customers/confirm-login', { phone, code })).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('lets only one of two parallel confirmations of the same code through', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    const answers = await Promise.all([
      c.post('/v1/customers/confirm-login', { phone, code }),
      c.post('/v1/customers/confirm-login', { phone, code }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('expires after 5 minutes', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    clock.advance(5 * MINUTE);
    const res = await c.post('/v1/customers/confirm-login', { phone, code });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('CODE_EXPIRED');
  });

  it('still works just before the 5 minutes are up', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    clock.advance(5 * MINUTE - 1000);
    expect((await c.post('/v1/customers/confirm-login', { phone, code })).statusCode).toBe(200);
  });

  it('is usable once', async () => {
    const { phone } = await signUp();
    const code = await loginCode(phone);
    expect((await c.post('/v1/customers/confirm-login', { phone, code })).statusCode).toBe(200);
    const again = await c.post('/v1/customers/confirm-login', { phone, code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('CODE_EXPIRED');
  });

  it('serves only the request it was made for', async () => {
    const phone = freshPhone();
    await c.post('/v1/customers/register', { phone }, { ip: freshIp() });
    const code = await c.lastCode(phone);
    const asLogin = await c.post('/v1/customers/confirm-login', { phone, code });
    expect(asLogin.statusCode).toBe(400);
    expect(errorOf(asLogin).code).toBe('CODE_NOT_FOUND');
    // Not spent by the wrong use: the registration goes through.
    expect((await c.post('/v1/customers/register-confirm', { phone, code })).statusCode).toBe(200);
    clock.advance(MINUTE + 1000);
    const login = await loginCode(phone);
    const asRegister = await c.post('/v1/customers/register-confirm', { phone, code: login });
    expect(asRegister.statusCode).toBe(400);
    expect(errorOf(asRegister).code).toBe('CODE_EXPIRED');
    expect((await c.post('/v1/customers/confirm-login', { phone, code: login })).statusCode).toBe(200);
  });

  it('is voided by a newer code', async () => {
    const { phone } = await signUp();
    const ip = freshIp();
    const old = await loginCode(phone, ip);
    clock.advance(MINUTE);
    const fresh = await loginCode(phone, ip);
    if (old !== fresh) {
      expect(errorOf(await c.post('/v1/customers/confirm-login', { phone, code: old })).code).toBe(
        'WRONG_CODE',
      );
    }
    const rows = await t.db.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(rows.filter((r) => r.purpose === 'login' && r.voidedAt !== null)).toHaveLength(1);
    expect((await c.post('/v1/customers/confirm-login', { phone, code: fresh })).statusCode).toBe(200);
  });

  it('cannot be sent again within 60 s: 429 with Retry-After', async () => {
    const { phone } = await signUp();
    const ip = freshIp();
    await loginCode(phone, ip);
    clock.advance(20_000);
    const early = await c.post('/v1/customers/login', { phone }, { ip });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(errorOf(early)).toMatchObject({
      code: 'RESEND_TOO_EARLY',
      message: 'Новый код можно запросить через 40 секунд',
    });
    const inLanguage = (language: string) =>
      c
        .post('/v1/customers/login', { phone }, { ip, headers: { 'accept-language': language } })
        .then(errorOf);
    expect(await inLanguage('uz')).toMatchObject({
      code: 'RESEND_TOO_EARLY',
      message: "Yangi kodni 40 soniyadan so'ng so'rash mumkin",
    });
    expect(await inLanguage('en')).toMatchObject({
      code: 'RESEND_TOO_EARLY',
      message: 'A new code can be requested in 40 s',
    });
    clock.advance(40_000);
    expect((await c.post('/v1/customers/login', { phone }, { ip })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('are accepted bare and as Bearer', async () => {
    const { access_token } = await signUp();
    expect((await c.get('/v1/customers/me', { token: access_token })).statusCode).toBe(200);
    expect((await c.get('/v1/customers/me', { token: `Bearer ${access_token}` })).statusCode).toBe(200);
    expect((await c.get('/v1/customers/me', { token: `bearer  ${access_token}` })).statusCode).toBe(200);
  });

  it('answer 401 when missing, unknown or malformed', async () => {
    for (const token of [undefined, 'x'.repeat(43), 'Bearer ', 'not a token', `Basic ${'a'.repeat(43)}`]) {
      const res = await c.get('/v1/customers/me', token === undefined ? {} : { token });
      expect(res.statusCode, String(token)).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    }
  });

  it('stop working after sign-out (204)', async () => {
    const { access_token } = await signUp();
    const out = await c.post('/v1/customers/logout', undefined, { token: access_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await c.get('/v1/customers/me', { token: access_token });
    expect(after.statusCode).toBe(401);
    expect((await c.post('/v1/customers/logout', undefined, { token: access_token })).statusCode).toBe(401);
  });

  it('expire after TOKEN_TTL_DAYS', async () => {
    const { access_token, expires_at } = await signUp();
    const expiry = new Date(expires_at);
    clock.set(new Date(expiry.getTime() - 1000));
    expect((await c.get('/v1/customers/me', { token: access_token })).statusCode).toBe(200);
    clock.set(expiry);
    expect((await c.get('/v1/customers/me', { token: access_token })).statusCode).toBe(401);
  });
});

describe('PUT /v1/customers/:id', () => {
  it('changes name and birth date of the signed-in customer; null clears the birth date', async () => {
    const { user, access_token } = await signUp();
    const res = await c.put(
      `/v1/customers/${user.id}`,
      { name: 'Malika', date_of_birth: '1995-07-14' },
      { token: access_token },
    );
    expect(res.statusCode).toBe(200);
    expect(ZUpdateCustomerResponse.parse(res.json())).toEqual({
      user: { ...user, name: 'Malika', date_of_birth: '1995-07-14' },
      phone_confirmation: null,
    });
    const cleared = await c.put(`/v1/customers/${user.id}`, { date_of_birth: null }, { token: access_token });
    expect(cleared.json().user).toMatchObject({ name: 'Malika', date_of_birth: null });
  });

  it("answers 403 for another customer's id, 401 without a token", async () => {
    const me = await signUp();
    const other = await signUp();
    const res = await c.put(`/v1/customers/${other.user.id}`, { name: 'Hacker' }, { token: me.access_token });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
    const [row] = await t.db.db.select().from(customers).where(eq(customers.id, other.user.id));
    expect(row?.name).toBe(PLACEHOLDER_NAME);
    expect((await c.put(`/v1/customers/${me.user.id}`, { name: 'X' })).statusCode).toBe(401);
    const confirm = await c.post(
      `/v1/customers/${other.user.id}/phone-confirm`,
      { phone: freshPhone(), code: '123456' },
      { token: me.access_token },
    );
    expect(confirm.statusCode).toBe(403);
  });

  it('changes the phone only after the code sent to the new number is confirmed', async () => {
    const { user, access_token, phone } = await signUp('Bekzod');
    const newPhone = freshPhone('99893');
    const res = await c.put(
      `/v1/customers/${user.id}`,
      { phone: newPhone, name: 'Bek' },
      { token: access_token },
    );
    expect(res.statusCode).toBe(200);
    const body = ZUpdateCustomerResponse.parse(res.json());
    expect(body.user).toMatchObject({ phone, name: 'Bek' });
    expect(body.phone_confirmation).toEqual({
      phone: newPhone,
      message: 'phone number is submitted',
      expires_in: 300,
      resend_after: 60,
    });
    expect(ZCustomer.parse((await c.get('/v1/customers/me', { token: access_token })).json()).phone).toBe(
      phone,
    );

    const code = await c.lastCode(newPhone);
    // A sign-in code of the old phone or a wrong code does not do it.
    const wrong = await c.post(
      `/v1/customers/${user.id}/phone-confirm`,
      { phone: newPhone, code: otherCode(code) },
      { token: access_token },
    );
    expect(errorOf(wrong).code).toBe('WRONG_CODE');
    const ok = await c.post(
      `/v1/customers/${user.id}/phone-confirm`,
      { phone: newPhone, code },
      { token: access_token },
    );
    expect(ok.statusCode).toBe(200);
    expect(ZPhoneConfirmResponse.parse(ok.json()).user.phone).toBe(newPhone);
    expect(ZCustomer.parse((await c.get('/v1/customers/me', { token: access_token })).json()).phone).toBe(
      newPhone,
    );
    // The old number is free now; the new one signs in.
    expect((await c.post('/v1/customers/phone', { phone })).statusCode).toBe(404);
    expect((await c.post('/v1/customers/phone', { phone: newPhone })).statusCode).toBe(200);
  });

  it('says in the SMS to a new number that the code changes the phone, not that it signs in', async () => {
    const { user, access_token } = await signUp('Shahzod');
    const cases = [
      [undefined, 'код для смены номера телефона'],
      ['uz', "telefon raqamini o'zgartirish kodi"],
      ['en', 'your phone number change code is'],
    ] as const;
    for (const [language, words] of cases) {
      const newPhone = freshPhone('99893');
      const res = await c.put(
        `/v1/customers/${user.id}`,
        { phone: newPhone },
        { token: access_token, ip: freshIp(), headers: language ? { 'accept-language': language } : {} },
      );
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.db.select().from(smsOutbox).where(eq(smsOutbox.phone, newPhone));
      expect(row?.text).toContain(words);
      expect(row?.text).not.toMatch(/входа|kirish|sign-in/);
    }
  });

  it('refuses a phone that belongs to another customer (409), also when taken while the code was pending', async () => {
    const me = await signUp();
    const other = await signUp();
    const taken = await c.put(
      `/v1/customers/${me.user.id}`,
      { phone: other.phone },
      { token: me.access_token },
    );
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('PHONE_TAKEN');

    const wanted = freshPhone();
    await c.put(`/v1/customers/${me.user.id}`, { phone: wanted }, { token: me.access_token });
    const code = await c.lastCode(wanted);
    // Someone else registers that number before the change is confirmed.
    await t.db.db.insert(customers).values({
      shipperId: DEMO_SHIPPER_ID,
      name: 'Quick',
      phone: wanted,
      registrationSource: 'website',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const late = await c.post(
      `/v1/customers/${me.user.id}/phone-confirm`,
      { phone: wanted, code },
      { token: me.access_token },
    );
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('PHONE_TAKEN');
  });

  it('saves nothing when the code for the new phone cannot be sent (429)', async () => {
    const { user, access_token } = await signUp('Before');
    const newPhone = freshPhone();
    const ip = freshIp();
    expect(
      (await c.put(`/v1/customers/${user.id}`, { phone: newPhone }, { token: access_token, ip })).statusCode,
    ).toBe(200);
    const early = await c.put(
      `/v1/customers/${user.id}`,
      { phone: newPhone, name: 'After' },
      { token: access_token, ip },
    );
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');
    expect(ZCustomer.parse((await c.get('/v1/customers/me', { token: access_token })).json()).name).toBe(
      'Before',
    );
  });

  it('keeps the same phone without sending a code', async () => {
    const { user, access_token, phone } = await signUp();
    const res = await c.put(`/v1/customers/${user.id}`, { phone }, { token: access_token });
    expect(res.json().phone_confirmation).toBeNull();
  });
});

describe('POST /v2/customers/login-without-otp', () => {
  it('answers 403 while the chain requires codes, and signs in once the setting is off', async () => {
    const { phone, user } = await signUp();
    const refused = await c.post('/v2/customers/login-without-otp', { phone });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('OTP_REQUIRED');
    await t.db.db.update(shippers).set({ otpRequired: false }).where(eq(shippers.id, DEMO_SHIPPER_ID));
    try {
      const ok = await c.post('/v2/customers/login-without-otp', { phone });
      expect(ok.statusCode).toBe(200);
      const auth = ZAuthResponse.parse(ok.json());
      expect(auth.user.id).toBe(user.id);
      expect((await c.get('/v1/customers/me', { token: auth.access_token })).statusCode).toBe(200);
      expect((await c.post('/v2/customers/login-without-otp', { phone: freshPhone() })).statusCode).toBe(404);
    } finally {
      await t.db.db.update(shippers).set({ otpRequired: true }).where(eq(shippers.id, DEMO_SHIPPER_ID));
    }
  });
});

describe('bad input answers 400, never 500', () => {
  const badPhones = ['99890123456', '9989012345678', '+998901234567', '99890123456a', '', 998901234567, null];
  it.each([
    '/v1/customers/phone',
    '/v1/customers/register',
    '/v1/customers/login',
    '/v2/customers/login-without-otp',
  ])('%s with a malformed phone', async (url) => {
    for (const phone of badPhones) {
      const res = await c.post(url, { phone }, { ip: freshIp() });
      expect(res.statusCode, JSON.stringify(phone)).toBe(400);
      expect(errorOf(res).fields?.[0]?.field).toBe('phone');
    }
    expect((await c.post(url, {}, { ip: freshIp() })).statusCode).toBe(400);
    expect((await c.post(url, undefined, { ip: freshIp() })).statusCode).toBe(400);
  });

  it.each(['/v1/customers/register-confirm', '/v1/customers/confirm-login'])(
    '%s with a malformed code',
    async (url) => {
      const phone = freshPhone();
      for (const code of ['12345', '1234567', 'abcdef', '12 456', 123456, null, '']) {
        const res = await c.post(url, { phone, code });
        expect(res.statusCode, JSON.stringify(code)).toBe(400);
        expect(errorOf(res).fields?.[0]?.field).toBe('code');
      }
    },
  );

  it('rejects a bad name, birth date or id on PUT', async () => {
    const { user, access_token } = await signUp();
    for (const body of [
      { name: '   ' },
      { date_of_birth: '1995-13-01' },
      { date_of_birth: 'invalid date' },
      { phone: '123' },
    ]) {
      const res = await c.put(`/v1/customers/${user.id}`, body, { token: access_token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.put('/v1/customers/not-a-uuid', { name: 'A' }, { token: access_token })).statusCode).toBe(
      400,
    );
    expect(
      (await c.post('/v1/customers/register', { phone: freshPhone(), name: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
    expect((await c.get('/v1/dev/sms-outbox?phone=123', { ip: '127.0.0.1' })).statusCode).toBe(400);
  });

  it('refuses a birth date ahead of today or 120 years back and more, naming the field in the reader’s language', async () => {
    const { user, access_token } = await signUp();
    for (const date of ['9999-12-31', '0000-02-29', '1800-01-01']) {
      const res = await c.put(
        `/v1/customers/${user.id}`,
        { date_of_birth: date },
        { token: access_token, headers: { 'accept-language': 'en' } },
      );
      expect(res.statusCode, date).toBe(400);
      expect(errorOf(res).fields?.map((f) => f.field)).toEqual(['date_of_birth']);
    }
    const ru = await c.put(
      `/v1/customers/${user.id}`,
      { date_of_birth: '9999-12-31' },
      { token: access_token },
    );
    // `fields` stay English for programs; the message is the reader's.
    expect(errorOf(ru).fields?.[0]?.message).toBe('must be a date in the past');
    expect(errorOf(ru).message).toContain('должна быть прошедшая дата');
    // Nothing was stored; a real one is.
    const ok = await c.put(
      `/v1/customers/${user.id}`,
      { date_of_birth: '1990-05-05' },
      { token: access_token },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ date_of_birth: '1990-05-05' });
  });

  it('needs the client headers like every /v1 route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/customers/phone',
      payload: { phone: freshPhone() },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('MISSING_HEADER');
  });
});

describe('GET /v1/dev/sms-outbox', () => {
  it('lists the messages of one phone, newest first', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await c.post('/v1/customers/register', { phone }, { ip });
    clock.advance(MINUTE);
    await c.post('/v1/customers/register', { phone }, { ip });
    const res = await c.get(`/v1/dev/sms-outbox?phone=${phone}`, { ip: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    expect(new Date(messages[0].created_at).getTime()).toBeGreaterThan(
      new Date(messages[1].created_at).getTime(),
    );
    expect(messages.every((m: { phone: string }) => m.phone === phone)).toBe(true);
  });
});
