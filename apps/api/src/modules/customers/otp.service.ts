import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TCodeSentResponse, TLocale } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { SmsSendError, type SmsSender } from '../../adapters/sms/index.ts';
import { codeMessage } from '../../adapters/sms/templates.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { OtpCodeRow, OtpPurpose } from '../../db/schema/index.ts';
import { apiError, tooManyRequests } from '../../http/errors.ts';
import {
  claimAttempt,
  insertCode,
  latestCode,
  lockSendsOf,
  markFailed,
  markUsed,
  sendTimesOfIp,
  sendTimesOfPhone,
  voidOpenCodes,
} from './otp.repository.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The one-time-code rules of issue 3 (OWASP ASVS V2.7 as integrations.md quotes it). */
export const OTP_RULES = {
  length: 6,
  ttlMs: 5 * MINUTE,
  maxAttempts: 5,
  resendAfterMs: 60 * SECOND,
  perPhone: [
    { windowMs: 15 * MINUTE, max: 3 },
    { windowMs: 24 * HOUR, max: 10 },
  ],
  perIp: { windowMs: HOUR, max: 20 },
} as const;

export type OtpDeps = {
  db: Db;
  sms: SmsSender;
  now: () => Date;
  /** HMAC key (OTP_SECRET). */
  secret: string;
  log: FastifyBaseLogger;
};

type Target = { shipperId: string; phone: string; purpose: OtpPurpose; customerId: string | null };

/**
 * The stored form of a code: an HMAC under the server's secret, bound to what the code is for, so
 * six digits from a leaked table cannot be brute-forced offline and a code cannot serve another
 * phone, chain or purpose.
 */
export function hashCode(secret: string, target: Target, code: string): string {
  return createHmac('sha256', secret)
    .update(`${target.shipperId}:${target.purpose}:${target.customerId ?? '-'}:${target.phone}:${code}`)
    .digest('hex');
}

export const newCode = () =>
  randomInt(0, 10 ** OTP_RULES.length)
    .toString()
    .padStart(OTP_RULES.length, '0');

const secondsUntil = (at: number, now: number) => (at - now) / SECOND;

/** Whole minutes to wait, rounded up, for the texts of the 429s (Retry-After has the exact seconds). */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Throws the 429 of the first limit this send would break. */
function enforceLimits(now: Date, phoneSends: Date[], ipSends: Date[]): void {
  const t = now.getTime();
  const last = phoneSends.at(-1);
  if (last && t - last.getTime() < OTP_RULES.resendAfterMs) {
    const wait = secondsUntil(last.getTime() + OTP_RULES.resendAfterMs, t);
    throw tooManyRequests('RESEND_TOO_EARLY', wait, { seconds: Math.max(1, Math.ceil(wait)) });
  }
  for (const limit of OTP_RULES.perPhone) {
    const inWindow = phoneSends.filter((at) => t - at.getTime() < limit.windowMs);
    if (inWindow.length >= limit.max) {
      // The send that has to age out of the window before one more fits.
      const freeing = inWindow[inWindow.length - limit.max] ?? inWindow[0];
      const wait = secondsUntil((freeing?.getTime() ?? t) + limit.windowMs, t);
      throw tooManyRequests('PHONE_LIMIT', wait, {
        max: limit.max,
        windowMinutes: limit.windowMs / MINUTE,
        minutes: minutesOf(wait),
      });
    }
  }
  const { windowMs, max } = OTP_RULES.perIp;
  const inWindow = ipSends.filter((at) => t - at.getTime() < windowMs);
  if (inWindow.length >= max) {
    const freeing = inWindow[inWindow.length - max] ?? inWindow[0];
    const wait = secondsUntil((freeing?.getTime() ?? t) + windowMs, t);
    throw tooManyRequests('IP_LIMIT', wait, { max, minutes: minutesOf(wait) });
  }
}

export const smsUnavailable = () => apiError(503, 'SMS_UNAVAILABLE');

/**
 * Sends a fresh code: checks the limits and records the send in one locked transaction (so the
 * limits hold across parallel requests and restarts), voids the phone's older codes, then hands
 * the text to the SMS provider. A send the provider refuses leaves no valid code behind.
 */
export async function sendCode(
  deps: OtpDeps,
  request: Target & {
    ip: string;
    locale: TLocale;
    brand: string;
    pendingName?: string | null;
  },
): Promise<TCodeSentResponse> {
  const code = newCode();
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await lockSendsOf(tx, request);
    const dayAgo = new Date(now.getTime() - OTP_RULES.perPhone[1].windowMs);
    const hourAgo = new Date(now.getTime() - OTP_RULES.perIp.windowMs);
    enforceLimits(
      now,
      await sendTimesOfPhone(tx, { phone: request.phone, since: dayAgo }),
      await sendTimesOfIp(tx, { ip: request.ip, since: hourAgo }),
    );
    await voidOpenCodes(tx, { shipperId: request.shipperId, phone: request.phone, now });
    return insertCode(tx, {
      shipperId: request.shipperId,
      phone: request.phone,
      purpose: request.purpose,
      customerId: request.customerId,
      pendingName: request.pendingName ?? null,
      codeHash: hashCode(deps.secret, request, code),
      ip: request.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlMs),
    });
  });
  try {
    await deps.sms.send({ phone: request.phone, text: codeMessage(request.locale, request.brand, code) });
  } catch (error) {
    await markFailed(deps.db, { id: row.id, now: deps.now() });
    deps.log.error(
      { err: error, provider: deps.sms.name, phone: request.phone },
      error instanceof SmsSendError ? 'sms provider refused the code' : 'sms send failed',
    );
    throw smsUnavailable();
  }
  return {
    message: 'phone number is submitted',
    expires_in: OTP_RULES.ttlMs / SECOND,
    resend_after: OTP_RULES.resendAfterMs / SECOND,
  };
}

const wrongCode = () => apiError(400, 'WRONG_CODE');
const codeExpired = () => apiError(400, 'CODE_EXPIRED');

/**
 * Checks a code and, when it is right, runs `onValid` in the transaction that uses the code up
 * (creating the customer, issuing the token): all of it happens, or none. The try is counted
 * before the comparison and outside that transaction, so a wrong code still costs one.
 */
export async function confirmCode<T>(
  deps: OtpDeps,
  target: Target & { code: string },
  onValid: (tx: Tx, row: OtpCodeRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.now();
  const claimed = await claimAttempt(deps.db, { ...target, now, maxAttempts: OTP_RULES.maxAttempts });
  if (!claimed) {
    const last = await latestCode(deps.db, target);
    if (!last) {
      throw apiError(400, 'CODE_NOT_FOUND');
    }
    if (last.usedAt === null && last.voidedAt === null && last.expiresAt > now) {
      throw apiError(400, 'TOO_MANY_ATTEMPTS');
    }
    throw codeExpired();
  }
  const expected = Buffer.from(claimed.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.secret, target, target.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw wrongCode();
  return deps.db.transaction(async (tx) => {
    if (!(await markUsed(tx, { id: claimed.id, now }))) {
      throw codeExpired();
    }
    return onValid(tx, claimed, now);
  });
}
