import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZAuthResponse,
  ZCodeSentResponse,
  ZConfirmRequest,
  ZCustomer,
  ZCustomerParams,
  ZPhoneConfirmRequest,
  ZPhoneConfirmResponse,
  ZPhoneLookupResponse,
  ZPhoneRequest,
  ZRegisterRequest,
  ZSmsOutboxQuery,
  ZSmsOutboxResponse,
  ZUpdateCustomerRequest,
  ZUpdateCustomerResponse,
} from './customer.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  wrongTypesAccepted,
} from './test-cases.ts';

/** GET /v1/customers/me of a customer who has just signed up (no name, no birthday yet). */
const CUSTOMER = {
  id: '8b959372-8b10-4080-8adb-ff56fe2ab46a',
  name: 'user',
  phone: '998971000001',
  date_of_birth: null,
  registration_source: 'website',
  created_at: '2026-03-02T07:00:00.000Z',
};

/** PUT /v1/customers/{id} with a new name, birthday and phone: a code went to the new phone. */
const UPDATED = {
  user: { ...CUSTOMER, name: 'Aziz', date_of_birth: '1990-05-01' },
  phone_confirmation: {
    message: 'phone number is submitted',
    expires_in: 300,
    resend_after: 60,
    phone: '998901112233',
  },
};

/** POST /v1/customers/register-confirm (and confirm-login). */
const AUTH = {
  user: CUSTOMER,
  access_token: '6co7YPq3p8Jp4shdFixSr51r0-W5XqW5_9icCHcEN48',
  expires_at: '2026-04-01T07:00:00.000Z',
};

/** GET /v1/dev/sms-outbox?phone=... */
const OUTBOX = {
  messages: [
    {
      id: '9770663d-2af2-4449-ae34-47df0aaa0fd3',
      phone: '998901112233',
      text: 'Fixture Chain: код для входа 954148. Никому его не сообщайте.',
      created_at: '2026-03-02T07:00:00.000Z',
    },
  ],
};

const CODE_SENT = { message: 'otp sent', expires_in: 300, resend_after: 60 };

const responses: [string, z.ZodType, unknown][] = [
  ['the customer', ZCustomer, CUSTOMER],
  ['a phone that belongs to a customer', ZPhoneLookupResponse, { exists: true }],
  ['a code sent', ZCodeSentResponse, CODE_SENT],
  ['a sign-in', ZAuthResponse, AUTH],
  ['the customer changed, a code sent to the new phone', ZUpdateCustomerResponse, UPDATED],
  ['the SMS outbox', ZSmsOutboxResponse, OUTBOX],
  ['the new phone confirmed', ZPhoneConfirmResponse, { user: UPDATED.user }],
];

describe('customer contracts accept what the API answers and the storefront sends', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    [
      'the customer changed without a new phone',
      ZUpdateCustomerResponse,
      { ...UPDATED, phone_confirmation: null },
    ],
    ['a phone lookup', ZPhoneRequest, { phone: '998901234567' }],
    ['a registration with only the phone', ZRegisterRequest, { phone: '998901234567' }],
    ['a registration with a name', ZRegisterRequest, { phone: '998901234567', name: 'Алишер Навоий' }],
    ['a code', ZConfirmRequest, { phone: '998901234567', code: '012345' }],
    ['the code of a new phone', ZPhoneConfirmRequest, { phone: '998901112233', code: '954148' }],
    ['a change of name only', ZUpdateCustomerRequest, { name: 'Aziz' }],
    ['a birthday cleared', ZUpdateCustomerRequest, { date_of_birth: null }],
    [
      'every field at once',
      ZUpdateCustomerRequest,
      { name: 'Aziz', phone: '998901112233', date_of_birth: '1990-05-01' },
    ],
    ['a customer path', ZCustomerParams, { id: CUSTOMER.id }],
    ['the outbox of a phone', ZSmsOutboxQuery, { phone: '998901112233' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it("registers a customer who gives no name as 'user', from the website", () => {
    expect(ZRegisterRequest.parse({ phone: '998901234567' })).toEqual({
      phone: '998901234567',
      name: 'user',
      registration_source: 'website',
    });
    expect(ZRegisterRequest.parse({ phone: '998901234567', name: '  Aziz  ' }).name).toBe('Aziz');
  });
});

describe('customer contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it.each(['+998901234567', '99890123456', '9989012345678', '998 90 123 45 67', '79121234567', ''])(
    'refuses the phone %j',
    (phone) => {
      expectRefused(ZPhoneRequest, { phone }, ['phone']);
      expectRefused(ZRegisterRequest, { phone }, ['phone']);
      expectRefused(ZUpdateCustomerRequest, { phone }, ['phone']);
    },
  );

  it.each(['12345', '1234567', '12345a', ' 123456', '１２３４５６'])('refuses the code %j', (code) => {
    expectRefused(ZConfirmRequest, { phone: '998901234567', code }, ['code']);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['an empty name', ZRegisterRequest, { phone: '998901234567', name: '   ' }, ['name']],
    [
      'a name over 100 characters',
      ZRegisterRequest,
      { phone: '998901234567', name: 'a'.repeat(101) },
      ['name'],
    ],
    [
      'another registration source',
      ZRegisterRequest,
      { phone: '998901234567', registration_source: 'app' },
      ['registration_source'],
    ],
    ['an empty name on the profile', ZUpdateCustomerRequest, { name: '' }, ['name']],
    [
      'a birthday that does not exist',
      ZUpdateCustomerRequest,
      { date_of_birth: '2023-02-30' },
      ['date_of_birth'],
    ],
    [
      'a birthday written the Russian way',
      ZUpdateCustomerRequest,
      { date_of_birth: '01.05.1990' },
      ['date_of_birth'],
    ],
    ['a customer path that is not an id', ZCustomerParams, { id: 'me' }, ['id']],
    ['a lookup without a phone', ZPhoneRequest, {}, ['phone']],
    ['a code without a phone', ZConfirmRequest, { code: '123456' }, ['phone']],
  ])('refuses %s', (_name, schema, value, path) => {
    expectRefused(schema, value, path);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['a token shorter than 32 characters', ZAuthResponse, AUTH, ['access_token']],
    ['a code that expires at once', ZCodeSentResponse, CODE_SENT, ['expires_in']],
  ])('refuses an answer with %s', (_name, schema, sample, path) => {
    const short = path[0] === 'access_token' ? 'abc' : 0;
    expectRefused(schema, changed(sample, path, short), path);
  });

  it.each<[string, z.ZodType, unknown]>([
    ['registration', ZRegisterRequest, { phone: '998901234567', name: 'Aziz' }],
    ['profile', ZUpdateCustomerRequest, { name: 'Aziz', phone: '998901112233', date_of_birth: '1990-05-01' }],
    ['code', ZConfirmRequest, { phone: '998901234567', code: '012345' }],
  ])('the %s body takes no control characters in any text', (_name, schema, sample) => {
    expect(controlCharacterViolations(schema, sample)).toEqual([]);
  });
});
