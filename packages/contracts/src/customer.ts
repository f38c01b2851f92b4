import { z } from 'zod';
import { ZId, ZSingleLineText } from './common.ts';
import { ZPhone } from './content.ts';

/** The placeholder name of a customer who has not told us their name yet (spec §3, "User"). */
export const PLACEHOLDER_NAME = 'user';

export const ZOtpCode = z.string().regex(/^\d{6}$/, 'must be 6 digits');

export const ZCustomer = z.object({
  id: ZId,
  name: z.string(),
  phone: ZPhone,
  /** 'YYYY-MM-DD' or null when not given. */
  date_of_birth: z.iso.date().nullable(),
  registration_source: z.string(),
  created_at: z.iso.datetime(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZPhoneRequest = z.object({ phone: ZPhone });
export type TPhoneRequest = z.infer<typeof ZPhoneRequest>;
/** POST /v1/customers/phone: 200 when the phone belongs to a customer (login), 404 when it is new. */
export const ZPhoneLookupResponse = z.object({ exists: z.literal(true) });

export const ZRegisterRequest = z.object({
  phone: ZPhone,
  name: ZSingleLineText.trim().min(1).max(100).default(PLACEHOLDER_NAME),
  registration_source: z.literal('website').default('website'),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** A code was sent: when it expires and when the next one may be asked for. */
export const ZCodeSentResponse = z.object({
  message: z.string(),
  expires_in: z.number().int().positive(),
  resend_after: z.number().int().nonnegative(),
});
export type TCodeSentResponse = z.infer<typeof ZCodeSentResponse>;

export const ZConfirmRequest = z.object({ phone: ZPhone, code: ZOtpCode });
export type TConfirmRequest = z.infer<typeof ZConfirmRequest>;

export const ZAuthResponse = z.object({
  user: ZCustomer,
  access_token: z.string().min(32),
  expires_at: z.iso.datetime(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZCustomerParams = z.object({ id: ZId });

export const ZUpdateCustomerRequest = z.object({
  name: ZSingleLineText.trim().min(1).max(100).optional(),
  phone: ZPhone.optional(),
  /** Empty or 'invalid date' on the form is sent as null. */
  date_of_birth: z.iso.date().nullable().optional(),
});
export type TUpdateCustomerRequest = z.infer<typeof ZUpdateCustomerRequest>;

/**
 * PUT /v1/customers/{id}: the saved customer; when the phone changed, `phone_confirmation` says a code
 * went to the new number and the old number stays until POST /v1/customers/{id}/phone-confirm.
 */
export const ZUpdateCustomerResponse = z.object({
  user: ZCustomer,
  phone_confirmation: ZCodeSentResponse.extend({ phone: ZPhone }).nullable(),
});
export type TUpdateCustomerResponse = z.infer<typeof ZUpdateCustomerResponse>;

export const ZSmsOutboxQuery = z.object({ phone: ZPhone });
export const ZSmsOutboxResponse = z.object({
  messages: z.array(z.object({ id: ZId, phone: ZPhone, text: z.string(), created_at: z.iso.datetime() })),
});

/** POST /v1/customers/{id}/phone-confirm: the new phone and the code sent to it. */
export const ZPhoneConfirmRequest = ZConfirmRequest;
export type TPhoneConfirmRequest = z.infer<typeof ZPhoneConfirmRequest>;
/** The customer with the new phone in place. */
export const ZPhoneConfirmResponse = z.object({ user: ZCustomer });
export type TPhoneConfirmResponse = z.infer<typeof ZPhoneConfirmResponse>;
