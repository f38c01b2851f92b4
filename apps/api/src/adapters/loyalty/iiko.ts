import { z } from 'zod';
import { createBreaker } from './call-guard.ts';
import { createKeptGuests, type GuestIds } from './kept-guests.ts';
import { ledgerHistory, recordEarn, recordRefund } from './ledger.ts';
import {
  type LoyaltyCustomer,
  type LoyaltyOrder,
  LoyaltyOutcomeUnknownError,
  type LoyaltyProgram,
  LoyaltyRefusedError,
  type LoyaltyRules,
  LoyaltyUnavailableError,
} from './loyalty-program.ts';
import { enqueueMovement } from './outbox.ts';

export type IikoConfig = {
  /** https://api-ru.iiko.services (IIKO_API_URL). */
  baseUrl: string;
  apiLogin: string;
  organizationId: string;
  rules: LoyaltyRules;
  /** Per HTTP call: a hung iiko must not hold the customer's order for long. */
  timeoutMs?: number;
  /** How long a session token is used before a new one is asked for (iiko's live about an hour). */
  tokenTtlMs?: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
  /** The breaker (call-guard.ts): failed calls in a row that open it, and for how long. */
  failuresToOpen?: number;
  openMs?: number;
  /** All the calls of one operation (token, guest, movement, with a 401's retries) end within this. */
  operationMs?: number;
  /** How long a guest's ids read by phone are reused by a movement, and for how many phones at most. */
  guestTtlMs?: number;
  guestsKept?: number;
};

/** Three calls in a row without an answer in time (or with a 5xx) open the breaker for 30 s. */
export const IIKO_FAILURES_TO_OPEN = 3;
export const IIKO_OPEN_MS = 30_000;
/**
 * One operation's calls end within 25 s, whatever their number (a token, the guest, the movement, and
 * a 401's new token and retries could be eight calls of 10 s): the longest a customer's request, or an
 * outbox worker, waits on iiko. No operation is made inside a database transaction.
 */
export const IIKO_OPERATION_MS = 25_000;

/**
 * A guest's iiko id and bonus wallet id, read by phone (with the balance), are reused by a chargeoff
 * of the same card within a minute: placing a bonus order reads the balance and then charges, and the
 * charge needs only the ids, not a second `customer/info` (one call of three). Only the chargeoff
 * reuses them, and only that long (a placement's balance read and its charge are seconds apart): a
 * phone iiko moves to another guest is read afresh by anything later, and a topup (a refund, a
 * cashback, made by the outbox minutes on) always reads the guest. The balance itself is always read
 * afresh. Kept for at most 10,000 phones per process, the oldest read dropped first.
 */
export const IIKO_GUEST_TTL_MS = 60_000;
export const IIKO_GUESTS_KEPT = 10_000;

/** A 4xx that asking again will not change (401 gets a new token; 408 and 429 may pass later). */
const isFinalRefusal = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/** Answers to a chargeoff that say it was turned away, not made: no token (401), slow down (429), unavailable (503). */
const CHARGE_NOT_MADE = new Set([401, 429, 503]);

/** iiko Cloud's wallet type of bonuses (walletBalances[].type). */
export const IIKO_BONUS_WALLET = 1;
const DEFAULT_TOKEN_TTL_MS = 50 * 60 * 1000;

const ZTokenAnswer = z.object({ token: z.string().min(1) });
const ZCustomerInfo = z.object({
  id: z.string().min(1),
  walletBalances: z
    .array(z.object({ id: z.string().min(1), type: z.number(), balance: z.number() }))
    .nullish(),
});
const ZErrorAnswer = z.object({ errorDescription: z.string().optional(), error: z.string().optional() });

type Answer = { status: number; body: unknown };
type Guest = { id: string; walletId: string | null; balance: number };

/** Errors of fetch (its cause's code) meaning the request was never sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const errorCode = (error: unknown): string => {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? cause.code : undefined;
  return typeof code === 'string' ? code : '';
};

/** What iiko's report says of a topup: the order it is for, and why. */
function topupComment(
  reason: 'refund' | 'earned',
  order: { id: string | null; externalOrderId: string },
): string {
  if (reason === 'earned') return `Order ${order.externalOrderId}: cashback`;
  return order.id === null
    ? `Order ${order.externalOrderId} not placed: bonuses returned`
    : `Order ${order.externalOrderId} cancelled: bonuses returned`;
}

/** iiko names a phone with its '+' (our customers' phones are stored without it). */
const iikoPhone = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

/** iiko's answer for an unknown guest: 400 with a description like 'There is no user with phone ...'. */
const NO_GUEST = /no (user|customer|guest)|not found/i;

/**
 * The accumulative card kept in iiko Cloud (integrations.md): a session token from
 * `POST /api/1/access_token {apiLogin}`, kept for tokenTtlMs and asked for again when iiko answers 401;
 * the guest and their bonus wallet (type 1) by phone from `customer/info` (their ids reused by a
 * chargeoff for IIKO_GUEST_TTL_MS); bonuses moved with
 * `customer/wallet/chargeoff` and `customer/wallet/topup` `{customerId, walletId, sum, comment,
 * organizationId}`. An order's bonuses are charged off (`charge`) before its transaction, with their
 * ledger rows written around it by modules/ordering/order-charge.ts: when iiko refuses or cannot be
 * reached, the order is not placed. A refund or a cashback is written to our ledger (once per order
 * and reason), queued (outbox.ts) and made by `deliver` once the status change has committed, retried
 * until iiko takes it. No call of this API's own paths is made inside a database transaction now.
 */
export function createIikoLoyalty(config: IikoConfig): LoyaltyProgram {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const tokenTtlMs = config.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;
  const now = config.now ?? Date.now;
  let session: { token: string; expiresAt: number } | undefined;
  let gettingToken: Promise<string> | undefined;

  const operationMs = config.operationMs ?? IIKO_OPERATION_MS;
  const breaker = createBreaker({
    failuresToOpen: config.failuresToOpen ?? IIKO_FAILURES_TO_OPEN,
    openMs: config.openMs ?? IIKO_OPEN_MS,
    now,
    refuse: (why) => new LoyaltyUnavailableError(`iiko not called: ${why}`),
  });
  /** Phone -> the guest's ids, reused by a chargeoff for IIKO_GUEST_TTL_MS. */
  const knownGuests = createKeptGuests({
    ttlMs: config.guestTtlMs ?? IIKO_GUEST_TTL_MS,
    max: config.guestsKept ?? IIKO_GUESTS_KEPT,
    now,
  });

  /** When an operation starting now must be done (performance.now() milliseconds: real time). */
  const deadlineFromNow = () => performance.now() + operationMs;

  /** One HTTP call through the breaker: no answer in time, or a 5xx, counts against it. */
  const call = (path: string, body: object, deadline: number, bearer?: string): Promise<Answer> =>
    breaker.run(
      () => send(path, body, deadline, bearer),
      (outcome) => 'error' in outcome || outcome.value.status >= 500,
    );

  async function send(path: string, body: object, deadline: number, bearer?: string): Promise<Answer> {
    const left = Math.floor(deadline - performance.now());
    if (left <= 0)
      throw new LoyaltyUnavailableError(`iiko ${path} not called: the operation's ${operationMs} ms are up`);
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Math.min(timeoutMs, left)),
      });
    } catch (error) {
      // Refused or unresolved: the request never left. Anything else (no answer in time, a
      // connection cut) may have reached iiko, and done what it asked.
      const notSent = NOT_SENT_CODES.has(errorCode(error));
      const message = `iiko ${path} ${notSent ? 'could not be reached' : 'did not answer'}`;
      throw notSent
        ? new LoyaltyUnavailableError(message, { cause: error })
        : new LoyaltyOutcomeUnknownError(message, { cause: error });
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): kept as text for the error message.
    }
    return { status: response.status, body: parsed };
  }

  const describe = (answer: Answer) => {
    const error = ZErrorAnswer.safeParse(answer.body);
    const text = error.success
      ? (error.data.errorDescription ?? error.data.error ?? '')
      : String(answer.body ?? '').slice(0, 200);
    return `HTTP ${answer.status}${text ? `: ${text}` : ''}`;
  };

  /** A read left without an answer did nothing: unavailable, not an outcome to find out. */
  const asRead = (error: unknown): never => {
    if (error instanceof LoyaltyOutcomeUnknownError) {
      throw new LoyaltyUnavailableError(error.message, { cause: error });
    }
    throw error;
  };

  async function newToken(deadline: number): Promise<string> {
    // One request at a time: concurrent calls at start-up share it (within the first one's deadline).
    gettingToken ??= call('/api/1/access_token', { apiLogin: config.apiLogin }, deadline)
      .catch(asRead)
      .then((answer) => {
        const parsed = ZTokenAnswer.safeParse(answer.body);
        if (answer.status !== 200 || !parsed.success) {
          throw new LoyaltyUnavailableError(`iiko access_token failed (${describe(answer)})`);
        }
        session = { token: parsed.data.token, expiresAt: now() + tokenTtlMs };
        return parsed.data.token;
      })
      .finally(() => {
        gettingToken = undefined;
      });
    return gettingToken;
  }

  async function token(deadline: number): Promise<string> {
    if (session && session.expiresAt > now()) return session.token;
    return newToken(deadline);
  }

  /** A call with the session token; a 401 (token expired early) gets a new token and one more try. */
  async function authorized(path: string, body: object, deadline: number): Promise<Answer> {
    const first = await token(deadline);
    const answer = await call(path, body, deadline, first);
    if (answer.status !== 401) return answer;
    if (session?.token === first) session = undefined;
    return call(path, body, deadline, await token(deadline));
  }

  async function guest(phone: string, deadline: number): Promise<Guest | null> {
    const answer = await authorized(
      '/api/1/loyalty/iiko/customer/info',
      { organizationId: config.organizationId, type: 'phone', phone: iikoPhone(phone) },
      deadline,
    ).catch(asRead);
    if (answer.status === 400 && NO_GUEST.test(describe(answer))) {
      knownGuests.forget(phone);
      return null;
    }
    const parsed = ZCustomerInfo.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new LoyaltyUnavailableError(`iiko customer/info failed (${describe(answer)})`);
    }
    const wallet = parsed.data.walletBalances?.find((w) => w.type === IIKO_BONUS_WALLET);
    if (wallet) knownGuests.keep(phone, { id: parsed.data.id, walletId: wallet.id });
    else knownGuests.forget(phone);
    return {
      id: parsed.data.id,
      walletId: wallet?.id ?? null,
      balance: wallet ? Math.max(0, Math.floor(wallet.balance)) : 0,
    };
  }

  /**
   * Charges off or tops up the guest's bonus wallet. The guest's ids are read by phone, unless a
   * chargeoff finds them read within IIKO_GUEST_TTL_MS; with those, a final refusal (the wallet may
   * have been replaced in iiko since) reads them again, and only if they changed is the chargeoff
   * asked once more, with the new ones. Only a refusal is asked again: iiko answered it, so it did
   * nothing.
   */
  async function move(
    kind: 'chargeoff' | 'topup',
    customer: LoyaltyCustomer,
    order: Pick<LoyaltyOrder, 'externalOrderId'>,
    sum: number,
    comment: string,
  ): Promise<void> {
    const deadline = deadlineFromNow();
    const known = kind === 'chargeoff' ? knownGuests.get(customer.phone) : null;
    const ids = known ?? (await guestIds(customer.phone, order, deadline));
    let answer = await movement(kind, ids, sum, comment, deadline);
    if (known && isFinalRefusal(answer.status)) {
      knownGuests.forget(customer.phone);
      const fresh = await guestIds(customer.phone, order, deadline);
      if (fresh.id !== known.id || fresh.walletId !== known.walletId) {
        answer = await movement(kind, fresh, sum, comment, deadline);
      }
    }
    if (answer.status !== 200) {
      const message = `iiko wallet/${kind} failed (${describe(answer)})`;
      if (isFinalRefusal(answer.status)) throw new LoyaltyRefusedError(message, 'refused');
      // A chargeoff answered 500, 502, 504 or 408 may have been made before the error (iiko's, or a
      // proxy's that gave up waiting): whether the bonuses moved is unknown. 401, 429 and 503 turned it
      // away. (A topup is the outbox's, which asks again until iiko takes it.)
      if (kind === 'chargeoff' && !CHARGE_NOT_MADE.has(answer.status)) {
        throw new LoyaltyOutcomeUnknownError(message);
      }
      throw new LoyaltyUnavailableError(message);
    }
  }

  async function guestIds(
    phone: string,
    order: Pick<LoyaltyOrder, 'externalOrderId'>,
    deadline: number,
  ): Promise<GuestIds> {
    const found = await guest(phone, deadline);
    if (!found?.walletId) {
      throw new LoyaltyRefusedError(
        `iiko has no bonus wallet for the customer of order ${order.externalOrderId}`,
        'no-card',
      );
    }
    return { id: found.id, walletId: found.walletId };
  }

  const movement = (
    kind: 'chargeoff' | 'topup',
    ids: GuestIds,
    sum: number,
    comment: string,
    deadline: number,
  ): Promise<Answer> =>
    authorized(
      `/api/1/loyalty/iiko/customer/wallet/${kind}`,
      { customerId: ids.id, walletId: ids.walletId, sum, comment, organizationId: config.organizationId },
      deadline,
    );

  return {
    name: 'iiko',
    rules: config.rules,
    balance: async (_db, customer) => {
      const found = await guest(customer.phone, deadlineFromNow());
      return found?.walletId ? found.balance : null;
    },
    // Outside any transaction: placing an order charges before its transaction (order-charge.ts).
    charge: (customer, order, amount) =>
      move('chargeoff', customer, order, amount, `Order ${order.externalOrderId}: paid with bonuses`),
    refund: async (tx, customer, order, at) => {
      const refund = await recordRefund(tx, customer, order.id, at);
      if (!refund) return 0;
      await enqueueMovement(tx, refund.ledgerId, at);
      return refund.amount;
    },
    earn: async (tx, customer, order, amount, at) => {
      const ledgerId = await recordEarn(tx, customer, order.id, amount, at);
      if (ledgerId === null) return false;
      await enqueueMovement(tx, ledgerId, at);
      return true;
    },
    // Outside any transaction (the outbox's job).
    deliver: ({ reason, amount, customer, order }) =>
      move('topup', customer, order, amount, topupComment(reason, order)),
    history: (db, customer, page) => ledgerHistory(db, customer.customerId, page),
  };
}
