import {
  PLACEHOLDER_NAME,
  type TAuthResponse,
  type TCodeSentResponse,
  type TConfirmRequest,
  type TCustomer,
  type TLocale,
  type TPhoneConfirmResponse,
  type TUpdateCustomerRequest,
  type TUpdateCustomerResponse,
} from '@app/contracts';
import { publishTokensRevoked } from '../../adapters/order-events/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/query-helpers.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { grantWelcomeBonus, type LoyaltyConfig } from '../loyalty/loyalty.service.ts';
import { findShipper } from '../shippers/shippers.repository.ts';
import { toCustomer } from './customers.mapper.ts';
import {
  CUSTOMER_PHONE_UNIQUE,
  findCustomerByPhone,
  insertCustomer,
  insertToken,
  phoneOwnedByOther,
  revokeToken,
  updateCustomer,
} from './customers.repository.ts';
import { confirmCode, type OtpDeps, sendCode } from './otp.service.ts';
import { hashToken, newAccessToken } from './tokens.ts';

export type CustomerDeps = OtpDeps & { tokenTtlDays: number } & {
  /** A new customer's welcome bonus on the accumulative card (issue 12). */
  loyalty: LoyaltyConfig;
};

/** Who is asking: the chain (header), the client address (send limits) and the language of the SMS. */
export type RequestContext = { shipperId: string; ip: string; locale: TLocale };

const DAY_MS = 24 * 60 * 60 * 1000;

const customerNotFound = () => apiError(404, 'CUSTOMER_NOT_FOUND');
const customerExists = () => apiError(409, 'CUSTOMER_EXISTS');
const phoneTaken = () => apiError(409, 'PHONE_TAKEN');
const forbidden = () => apiError(403, 'FORBIDDEN');

async function brandOf(db: DbOrTx, shipperId: string): Promise<string> {
  return (await findShipper(db, shipperId))?.name ?? 'Baraka';
}

async function issueToken(
  tx: DbOrTx,
  deps: CustomerDeps,
  customer: CustomerRow,
  now: Date,
): Promise<TAuthResponse> {
  const token = newAccessToken();
  const expiresAt = new Date(now.getTime() + deps.tokenTtlDays * DAY_MS);
  await insertToken(tx, { customerId: customer.id, tokenHash: hashToken(token), now, expiresAt });
  return { user: toCustomer(customer), access_token: token, expires_at: expiresAt.toISOString() };
}

export async function lookupPhone(deps: CustomerDeps, shipperId: string, phone: string) {
  if (!(await findCustomerByPhone(deps.db, { shipperId, phone }))) throw customerNotFound();
  return { exists: true as const };
}

/**
 * Registration sends a code and remembers the name on that code's row; the customer is created
 * only when the code is confirmed (register-confirm), so an unconfirmed phone leaves no account.
 */
export async function register(
  deps: CustomerDeps,
  ctx: RequestContext,
  body: { phone: string; name: string },
): Promise<TCodeSentResponse> {
  if (await findCustomerByPhone(deps.db, { shipperId: ctx.shipperId, phone: body.phone })) {
    throw customerExists();
  }
  return sendCode(deps, {
    ...ctx,
    phone: body.phone,
    purpose: 'register',
    customerId: null,
    pendingName: body.name,
    brand: await brandOf(deps.db, ctx.shipperId),
  });
}

export async function login(
  deps: CustomerDeps,
  ctx: RequestContext,
  phone: string,
): Promise<TCodeSentResponse> {
  if (!(await findCustomerByPhone(deps.db, { shipperId: ctx.shipperId, phone }))) throw customerNotFound();
  return sendCode(deps, {
    ...ctx,
    phone,
    purpose: 'login',
    customerId: null,
    brand: await brandOf(deps.db, ctx.shipperId),
  });
}

export async function registerConfirm(
  deps: CustomerDeps,
  shipperId: string,
  body: TConfirmRequest,
): Promise<TAuthResponse> {
  try {
    return await confirmCode(
      deps,
      { shipperId, phone: body.phone, purpose: 'register', customerId: null, code: body.code },
      async (tx, code, now) => {
        const customer = await insertCustomer(tx, {
          shipperId,
          phone: body.phone,
          name: code.pendingName ?? PLACEHOLDER_NAME,
          registrationSource: 'website',
          now,
        });
        await grantWelcomeBonus(tx, deps.loyalty, { shipperId, customerId: customer.id }, now);
        return issueToken(tx, deps, customer, now);
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, CUSTOMER_PHONE_UNIQUE)) throw customerExists();
    throw error;
  }
}

export async function confirmLogin(
  deps: CustomerDeps,
  shipperId: string,
  body: TConfirmRequest,
): Promise<TAuthResponse> {
  return confirmCode(
    deps,
    { shipperId, phone: body.phone, purpose: 'login', customerId: null, code: body.code },
    async (tx, _code, now) => {
      const customer = await findCustomerByPhone(tx, { shipperId, phone: body.phone });
      if (!customer) throw customerNotFound();
      return issueToken(tx, deps, customer, now);
    },
  );
}

/** Only for a chain whose settings turn codes off (shippers.otp_required = false). */
export async function loginWithoutOtp(
  deps: CustomerDeps,
  shipperId: string,
  phone: string,
): Promise<TAuthResponse> {
  const shipper = await findShipper(deps.db, shipperId);
  if (!shipper || shipper.otpRequired) {
    throw apiError(403, 'OTP_REQUIRED');
  }
  const customer = await findCustomerByPhone(deps.db, { shipperId, phone });
  if (!customer) throw customerNotFound();
  return deps.db.transaction((tx) => issueToken(tx, deps, customer, deps.now()));
}

/**
 * Name and birth date change at once; a new phone number only after the code sent to it is
 * confirmed (POST /v1/customers/{id}/phone-confirm). The code is sent first, so a refused send
 * (limits, provider down) changes nothing.
 */
export async function updateProfile(
  deps: CustomerDeps,
  ctx: RequestContext,
  customer: CustomerRow,
  id: string,
  body: TUpdateCustomerRequest,
): Promise<TUpdateCustomerResponse> {
  if (id.toLowerCase() !== customer.id) throw forbidden();
  let phoneConfirmation: TUpdateCustomerResponse['phone_confirmation'] = null;
  if (body.phone !== undefined && body.phone !== customer.phone) {
    const phone = body.phone;
    if (await phoneOwnedByOther(deps.db, { shipperId: ctx.shipperId, phone, customerId: customer.id })) {
      throw phoneTaken();
    }
    const sent = await sendCode(deps, {
      ...ctx,
      phone,
      purpose: 'phone-change',
      customerId: customer.id,
      brand: await brandOf(deps.db, ctx.shipperId),
    });
    phoneConfirmation = { ...sent, phone };
  }
  const changes: { name?: string; dateOfBirth?: string | null } = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.date_of_birth !== undefined) changes.dateOfBirth = body.date_of_birth;
  const saved =
    Object.keys(changes).length > 0
      ? await updateCustomer(deps.db, customer.id, { ...changes, now: deps.now() })
      : customer;
  return { user: toCustomer(saved), phone_confirmation: phoneConfirmation };
}

export async function confirmPhoneChange(
  deps: CustomerDeps,
  customer: CustomerRow,
  id: string,
  body: TConfirmRequest,
): Promise<TPhoneConfirmResponse> {
  if (id.toLowerCase() !== customer.id) throw forbidden();
  try {
    return await confirmCode(
      deps,
      {
        shipperId: customer.shipperId,
        phone: body.phone,
        purpose: 'phone-change',
        customerId: customer.id,
        code: body.code,
      },
      async (tx, _code, now) => ({
        user: toCustomer(await updateCustomer(tx, customer.id, { phone: body.phone, now })),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, CUSTOMER_PHONE_UNIQUE)) throw phoneTaken();
    throw error;
  }
}

export const me = (customer: CustomerRow): TCustomer => toCustomer(customer);

/**
 * Revokes the token and, when that commits, tells every API process, which ends the status streams
 * opened with it (modules/orders/stream-sessions.ts). Whatever else revokes tokens must publish too.
 */
export async function logout(deps: CustomerDeps, tokenId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeToken(tx, { tokenId, now: deps.now() });
    await publishTokensRevoked(tx, [tokenId]);
  });
}
