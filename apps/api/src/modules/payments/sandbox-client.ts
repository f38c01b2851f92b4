/**
 * The payment sandbox's provider side (sandbox.routes.ts): calls OUR merchant endpoints over HTTP
 * exactly as Payme and Click call a shop (payments-conformance.md), so a demo without network pays
 * through the same code a real payment takes.
 * - Payme: JSON-RPC 2.0 POSTs to /v1/payments/payme with `Authorization: Basic base64("Paycom:" + KEY)`;
 *   Pay = CheckPerformTransaction, CreateTransaction (a fresh 24-character id, time = now in ms),
 *   PerformTransaction; Cancel = CreateTransaction, CancelTransaction reason 3.
 * - Click: form-encoded POSTs to /v1/payments/click/prepare (action 0) then /complete (action 1),
 *   signed with MD5 (click.sign.ts), the amount as '52000.00'; Cancel = prepare, then complete
 *   with error -5017 (Click failed the payment), which the shop answers -9.
 * Each step's refusal stops the flow and is returned, for the page to show.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { tashkentParts } from '@app/domain';
import { clickSignString } from './click.sign.ts';

export type SandboxAction = 'pay' | 'cancel';

/** What a step refused with: the provider's code and the shop's message (in the page's language). */
export type SandboxFailure = { code: number | string; message: string; step: string };
export type SandboxResult = { ok: true } | { ok: false; failure: SandboxFailure };

type Lang = 'ru' | 'uz' | 'en';

/** How the sandbox reaches the merchant endpoints: the API's own origin, and `fetch` (tests swap it). */
export type MerchantTarget = { origin: string; fetch?: typeof fetch };

const TIMEOUT_MS = 15_000;

async function post(
  target: MerchantTarget,
  path: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  const response = await (target.fetch ?? fetch)(`${target.origin}${path}`, {
    method: 'POST',
    headers: init.headers,
    body: init.body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

// ---------------------------------------------------------------------------------------------
// Payme

export type PaymeSettings = { key: string };

/** Payme's transaction ids: 24 characters (a MongoDB ObjectId in hex). */
export const newPaymeTransactionId = (): string => randomBytes(12).toString('hex');

export const paymeAuthorization = (key: string) =>
  `Basic ${Buffer.from(`Paycom:${key}`, 'utf8').toString('base64')}`;

type PaymeAnswer = {
  result?: Record<string, unknown>;
  error?: { code: number; message?: Partial<Record<Lang, string>> | string; data?: unknown };
};

/**
 * Pays (or, with 'cancel', abandons) `orderId` for `tiyin` through the merchant endpoint, as Payme
 * does. `now` is the API's clock (the test clock moves it).
 */
export async function paymeSandbox(
  target: MerchantTarget,
  settings: PaymeSettings,
  input: { orderId: string; tiyin: number; action: SandboxAction; now: () => Date; lang: Lang },
): Promise<SandboxResult> {
  let rpcId = randomInt(1, 1_000_000);
  const call = async (method: string, params: Record<string, unknown>): Promise<PaymeAnswer> =>
    (await post(target, '/v1/payments/payme', {
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        authorization: paymeAuthorization(settings.key),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
    })) as PaymeAnswer;
  const failed = (step: string, answer: PaymeAnswer): SandboxResult => {
    const message = answer.error?.message;
    return {
      ok: false,
      failure: {
        step,
        code: answer.error?.code ?? 'no result',
        message: typeof message === 'string' ? message : (message?.[input.lang] ?? message?.en ?? ''),
      },
    };
  };
  const account = { order_id: input.orderId };
  if (input.action === 'pay') {
    const check = await call('CheckPerformTransaction', { amount: input.tiyin, account });
    if (!check.result) return failed('CheckPerformTransaction', check);
  }
  const id = newPaymeTransactionId();
  const created = await call('CreateTransaction', {
    id,
    time: input.now().getTime(),
    amount: input.tiyin,
    account,
  });
  if (!created.result) return failed('CreateTransaction', created);
  const last =
    input.action === 'pay'
      ? await call('PerformTransaction', { id })
      : // 3: the payment failed to execute (the customer gave up on the page).
        await call('CancelTransaction', { id, reason: 3 });
  if (!last.result) return failed(input.action === 'pay' ? 'PerformTransaction' : 'CancelTransaction', last);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Click

export type ClickSettings = { serviceId: string; secretKey: string };

/** Click's `amount`: sums with two decimals, '52000.00'. */
export const clickAmount = (sums: number): string => sums.toFixed(2);

/** Click's `sign_time`: 'YYYY-MM-DD HH:mm:ss', Tashkent's wall clock. */
export function clickSignTime(at: Date): string {
  const p = tashkentParts(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

type ClickAnswer = {
  error?: number | string;
  error_note?: string;
  merchant_prepare_id?: number | string;
};

/** Click's code for a payment it failed (the customer cancelled): sent in Complete's `error`. */
export const CLICK_PAYMENT_CANCELLED = -5017;
/** The shop's answer to a cancelled payment. */
const CLICK_TRANSACTION_CANCELLED = -9;

/** Pays (or abandons) `orderId` for `sums` through the merchant endpoints, as Click does. */
export async function clickSandbox(
  target: MerchantTarget,
  settings: ClickSettings,
  input: { orderId: string; sums: number; action: SandboxAction; now: () => Date },
): Promise<SandboxResult> {
  const clickTransId = String(randomInt(1_000_000_000, 2_000_000_000));
  const paydocId = String(randomInt(1_000_000_000, 2_000_000_000));
  const amount = clickAmount(input.sums);
  const call = async (step: 'prepare' | 'complete', extra: Record<string, string>) => {
    const signTime = clickSignTime(input.now());
    const action = step === 'prepare' ? '0' : '1';
    const fields: Record<string, string> = {
      click_trans_id: clickTransId,
      service_id: settings.serviceId,
      click_paydoc_id: paydocId,
      merchant_trans_id: input.orderId,
      ...(extra.merchant_prepare_id ? { merchant_prepare_id: extra.merchant_prepare_id } : {}),
      amount,
      action,
      error: extra.error ?? '0',
      error_note: extra.error_note ?? 'Success',
      sign_time: signTime,
    };
    fields.sign_string = clickSignString(
      {
        click_trans_id: clickTransId,
        service_id: settings.serviceId,
        merchant_trans_id: input.orderId,
        ...(extra.merchant_prepare_id ? { merchant_prepare_id: extra.merchant_prepare_id } : {}),
        amount,
        action,
        sign_time: signTime,
      },
      settings.secretKey,
    );
    return (await post(target, `/v1/payments/click/${step}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })) as ClickAnswer;
  };
  const failed = (step: string, answer: ClickAnswer): SandboxResult => ({
    ok: false,
    failure: { step, code: answer.error ?? 'no answer', message: answer.error_note ?? '' },
  });

  const prepared = await call('prepare', {});
  if (Number(prepared.error) !== 0 || prepared.merchant_prepare_id === undefined)
    return failed('prepare', prepared);
  const merchantPrepareId = String(prepared.merchant_prepare_id);
  if (input.action === 'pay') {
    const completed = await call('complete', { merchant_prepare_id: merchantPrepareId });
    return Number(completed.error) === 0 ? { ok: true } : failed('complete', completed);
  }
  const cancelled = await call('complete', {
    merchant_prepare_id: merchantPrepareId,
    error: String(CLICK_PAYMENT_CANCELLED),
    error_note: 'Payment cancelled by the customer',
  });
  // The shop cancels the payment and answers -9: what a cancel expects.
  return Number(cancelled.error) === CLICK_TRANSACTION_CANCELLED
    ? { ok: true }
    : failed('complete', cancelled);
}
