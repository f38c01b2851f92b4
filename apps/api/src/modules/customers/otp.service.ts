import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TCodeSentResponse, TLocale } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { SmsNotSentError, type SmsSender } from '../../adapters/sms/index.ts';
import { codeMessage } from '../../adapters/sms/templates.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { OtpCodeRow, OtpPurpose } from '../../db/schema/index.ts';
import { addressBucket } from '../../http/client-address.ts';
import { apiError, cataloguedError, tooManyRequests } from '../../http/errors.ts';
import {
  claimAttempt,
  insertCode,
  latestCode,
  lockSendsOf,
  markFailed,
  markUnconfirmed,
  markUsed,
  nthNewestSendSince,
  sendCountSince,
  sendTimesOfIpBucket,
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
  /**
   * Per client address bucket (addressBucket: an IPv4 address, an IPv6 /64): the window. Its maximum
   * is a setting, OTP_SENDS_PER_ADDRESS_PER_HOUR (default 20), since a carrier's NAT can put many
   * customers behind one address.
   */
  perIp: { windowMs: HOUR },
} as const;

/** The whole API's SMS budget (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY). */
export type SmsBudget = { perHour: number; perDay: number };

/**
 * Remembers, per process, when the 'sms budget reached' alert was last logged for each window, so a
 * refused crowd makes one error line per window (an hour, a day), not one per request.
 */
export class SmsBudgetAlerts {
  private readonly quietUntil = new Map<string, number>();

  /** True the first time in `windowMs` for this window: the caller logs then. */
  shouldAlert(window: string, now: Date, windowMs: number): boolean {
    const t = now.getTime();
    if (t < (this.quietUntil.get(window) ?? Number.NEGATIVE_INFINITY)) return false;
    this.quietUntil.set(window, t + windowMs);
    return true;
  }
}

export type OtpDeps = {
  db: Db;
  sms: SmsSender;
  now: () => Date;
  /** HMAC key (OTP_SECRET). */
  secret: string;
  log: FastifyBaseLogger;
  smsBudget: SmsBudget;
  /** Codes one client address bucket may be sent per hour (OTP_SENDS_PER_ADDRESS_PER_HOUR). */
  perAddressPerHour: number;
  /** One per app (process), shared by its requests. */
  budgetAlerts: SmsBudgetAlerts;
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
function enforceLimits(now: Date, phoneSends: Date[], ipSends: Date[], max: number): void {
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
  // The per-address limit: `max` sends in `windowMs` (OTP_SENDS_PER_ADDRESS_PER_HOUR).
  const { windowMs } = OTP_RULES.perIp;
  const inWindow = ipSends.filter((at) => t - at.getTime() < windowMs);
  if (inWindow.length >= max) {
    const freeing = inWindow[inWindow.length - max] ?? inWindow[0];
    const wait = secondsUntil((freeing?.getTime() ?? t) + windowMs, t);
    throw tooManyRequests('IP_LIMIT', wait, { max, minutes: minutesOf(wait) });
  }
}

export const smsUnavailable = () => apiError(503, 'SMS_UNAVAILABLE');

/**
 * The share of each window's budget that codes to phones with no account yet (registration) may
 * take. Such codes cost a bomber nothing to aim (any made-up number will do), so a flood of them
 * from enough addresses to pass the per-address limit spends at most this share, and the chain's
 * customers still sign in (and change their phone) with the rest.
 */
export const REGISTER_BUDGET_SHARE = 0.5;

/**
 * Refuses the send when the whole API has sent its budget of codes in the last hour or day, or, for
 * a registration code, when registrations have taken their share of it (REGISTER_BUDGET_SHARE): what
 * an SMS bomber rotating addresses and phones meets, and what caps the SMS bill. Counted from the
 * otp_codes rows (every send but those the provider certainly did not make), so it holds across
 * processes and restarts.
 * 503 'Temporarily unavailable' with Retry-After (when the oldest counted send leaves the window),
 * and one error line per window (and budget) and process for the operator's alerting.
 */
async function enforceBudget(tx: Tx, deps: OtpDeps, now: Date, purpose: OtpPurpose): Promise<void> {
  const windows = [
    { window: 'hour', windowMs: HOUR, max: deps.smsBudget.perHour },
    { window: 'day', windowMs: 24 * HOUR, max: deps.smsBudget.perDay },
  ];
  for (const { window, windowMs, max } of windows) {
    const since = new Date(now.getTime() - windowMs);
    const budgets: { of?: OtpPurpose; max: number }[] = [{ max }];
    if (purpose === 'register')
      budgets.push({ of: 'register', max: Math.max(1, Math.floor(max * REGISTER_BUDGET_SHARE)) });
    for (const budget of budgets) {
      const sent = await sendCountSince(tx, since, budget.of);
      if (sent < budget.max) continue;
      const freeing = await nthNewestSendSince(tx, since, budget.max, budget.of);
      const retryAfter = Math.max(
        1,
        Math.ceil(secondsUntil((freeing ?? now).getTime() + windowMs, now.getTime())),
      );
      const alert = budget.of ? `${budget.of}-${window}` : window;
      if (deps.budgetAlerts.shouldAlert(alert, now, windowMs)) {
        deps.log.error(
          {
            window,
            sent,
            budget: budget.max,
            retryAfterSeconds: retryAfter,
            ...(budget.of && { purpose: budget.of }),
          },
          budget.of ? 'sms registration budget reached' : 'sms budget reached',
        );
      }
      throw cataloguedError(503, 'SMS_UNAVAILABLE', [undefined], {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }
}

/**
 * Sends a fresh code: checks the limits (per phone, per address bucket, the global budget) and
 * records the send in one locked transaction (so the limits hold across parallel requests, processes
 * and restarts), voids the phone's older codes, then hands
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
  const ipBucket = addressBucket(request.ip);
  const row = await deps.db.transaction(async (tx) => {
    await lockSendsOf(tx, { phone: request.phone, ipBucket });
    const dayAgo = new Date(now.getTime() - OTP_RULES.perPhone[1].windowMs);
    const hourAgo = new Date(now.getTime() - OTP_RULES.perIp.windowMs);
    enforceLimits(
      now,
      await sendTimesOfPhone(tx, { phone: request.phone, since: dayAgo }),
      await sendTimesOfIpBucket(tx, { ipBucket, since: hourAgo }),
      deps.perAddressPerHour,
    );
    await enforceBudget(tx, deps, now, request.purpose);
    await voidOpenCodes(tx, { shipperId: request.shipperId, phone: request.phone, now });
    return insertCode(tx, {
      shipperId: request.shipperId,
      phone: request.phone,
      purpose: request.purpose,
      customerId: request.customerId,
      pendingName: request.pendingName ?? null,
      codeHash: hashCode(deps.secret, request, code),
      ip: request.ip,
      ipBucket,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlMs),
    });
  });
  const text = codeMessage({ purpose: request.purpose, locale: request.locale, brand: request.brand, code });
  try {
    await deps.sms.send({ phone: request.phone, text });
  } catch (error) {
    // Either way the code is no longer valid. Only a send the provider certainly did not make leaves
    // the limits and the budget; one that may have gone out (a timeout, a 5xx) still counts, or a
    // slow provider would let every limit be passed.
    const notSent = error instanceof SmsNotSentError;
    if (notSent) await markFailed(deps.db, { id: row.id, now: deps.now() });
    else await markUnconfirmed(deps.db, { id: row.id, now: deps.now() });
    deps.log.error(
      { err: error, provider: deps.sms.name, phone: request.phone },
      notSent ? 'sms provider refused the code' : 'sms send failed; it may have been sent (counted)',
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
