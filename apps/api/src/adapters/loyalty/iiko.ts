import { z } from 'zod';
import { createCallGuard } from './call-guard.ts';
import { ledgerHistory, recordEarn, recordRefund, recordSpend } from './ledger.ts';
import {
  type LoyaltyCustomer,
  type LoyaltyOrder,
  type LoyaltyProgram,
  type LoyaltyRules,
  LoyaltyUnavailableError,
} from './loyalty-program.ts';

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
  /** IIKO_MAX_CONCURRENT: the most calls waiting on iiko at once (call-guard.ts); more are refused. */
  maxConcurrent?: number;
  /** The breaker (call-guard.ts): failures in a row that open it, and for how long. */
  failuresToOpen?: number;
  openMs?: number;
};

/**
 * Each call to iiko waits inside an order's database transaction, holding a pool connection: at
 * most half the default pool (DATABASE_POOL_MAX 6) waits on iiko, so a slow iiko leaves the rest of
 * the pool to the menu and to orders without bonuses (call-guard.ts).
 */
export const IIKO_DEFAULT_MAX_CONCURRENT = 3;
/** Three calls in a row without an answer in time (or with a 5xx) open the breaker for 30 s. */
export const IIKO_FAILURES_TO_OPEN = 3;
export const IIKO_OPEN_MS = 30_000;

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

/** iiko names a phone with its '+' (our customers' phones are stored without it). */
const iikoPhone = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

/** iiko's answer for an unknown guest: 400 with a description like 'There is no user with phone ...'. */
const NO_GUEST = /no (user|customer|guest)|not found/i;

/**
 * The accumulative card kept in iiko Cloud (integrations.md): a session token from
 * `POST /api/1/access_token {apiLogin}`, kept for tokenTtlMs and asked for again when iiko answers 401;
 * the guest and their bonus wallet (type 1) by phone from `customer/info`; bonuses moved with
 * `customer/wallet/chargeoff` and `customer/wallet/topup` `{customerId, walletId, sum, comment,
 * organizationId}`. Each movement is first written to our ledger (once per order and reason), then
 * made in iiko: when iiko refuses or cannot be reached the caller's transaction rolls the row back.
 */
export function createIikoLoyalty(config: IikoConfig): LoyaltyProgram {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const tokenTtlMs = config.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;
  const now = config.now ?? Date.now;
  let session: { token: string; expiresAt: number } | undefined;
  let gettingToken: Promise<string> | undefined;

  const guard = createCallGuard({
    maxConcurrent: config.maxConcurrent ?? IIKO_DEFAULT_MAX_CONCURRENT,
    failuresToOpen: config.failuresToOpen ?? IIKO_FAILURES_TO_OPEN,
    openMs: config.openMs ?? IIKO_OPEN_MS,
    now,
    refuse: (why) => new LoyaltyUnavailableError(`iiko not called: ${why}`),
  });

  /** One HTTP call through the guard: no answer in time, or a 5xx, counts against the breaker. */
  const call = (path: string, body: object, bearer?: string): Promise<Answer> =>
    guard.run(
      () => send(path, body, bearer),
      (outcome) => 'error' in outcome || outcome.value.status >= 500,
    );

  async function send(path: string, body: object, bearer?: string): Promise<Answer> {
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
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LoyaltyUnavailableError(`iiko ${path} could not be reached`, { cause: error });
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

  async function newToken(): Promise<string> {
    // One request at a time: concurrent calls at start-up share it.
    gettingToken ??= call('/api/1/access_token', { apiLogin: config.apiLogin })
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

  async function token(): Promise<string> {
    if (session && session.expiresAt > now()) return session.token;
    return newToken();
  }

  /** A call with the session token; a 401 (token expired early) gets a new token and one more try. */
  async function authorized(path: string, body: object): Promise<Answer> {
    const first = await token();
    const answer = await call(path, body, first);
    if (answer.status !== 401) return answer;
    if (session?.token === first) session = undefined;
    return call(path, body, await token());
  }

  async function guest(phone: string): Promise<Guest | null> {
    const answer = await authorized('/api/1/loyalty/iiko/customer/info', {
      organizationId: config.organizationId,
      type: 'phone',
      phone: iikoPhone(phone),
    });
    if (answer.status === 400 && NO_GUEST.test(describe(answer))) return null;
    const parsed = ZCustomerInfo.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new LoyaltyUnavailableError(`iiko customer/info failed (${describe(answer)})`);
    }
    const wallet = parsed.data.walletBalances?.find((w) => w.type === IIKO_BONUS_WALLET);
    return {
      id: parsed.data.id,
      walletId: wallet?.id ?? null,
      balance: wallet ? Math.max(0, Math.floor(wallet.balance)) : 0,
    };
  }

  async function move(
    kind: 'chargeoff' | 'topup',
    customer: LoyaltyCustomer,
    order: LoyaltyOrder,
    sum: number,
    comment: string,
  ): Promise<void> {
    const found = await guest(customer.phone);
    if (!found?.walletId) {
      throw new LoyaltyUnavailableError(`iiko has no bonus wallet for the customer of order ${order.id}`);
    }
    const answer = await authorized(`/api/1/loyalty/iiko/customer/wallet/${kind}`, {
      customerId: found.id,
      walletId: found.walletId,
      sum,
      comment,
      organizationId: config.organizationId,
    });
    if (answer.status !== 200) {
      throw new LoyaltyUnavailableError(`iiko wallet/${kind} failed (${describe(answer)})`);
    }
  }

  return {
    name: 'iiko',
    rules: config.rules,
    balance: async (_db, customer) => {
      const found = await guest(customer.phone);
      return found?.walletId ? found.balance : null;
    },
    spend: async (tx, customer, order, amount, at) => {
      await recordSpend(tx, customer, order.id, amount, at);
      await move('chargeoff', customer, order, amount, `Order ${order.externalOrderId}: paid with bonuses`);
    },
    refund: async (tx, customer, order, at) => {
      const refunded = await recordRefund(tx, customer, order.id, at);
      if (refunded === 0) return 0;
      await move(
        'topup',
        customer,
        order,
        refunded,
        `Order ${order.externalOrderId} cancelled: bonuses returned`,
      );
      return refunded;
    },
    earn: async (tx, customer, order, amount, at) => {
      if (!(await recordEarn(tx, customer, order.id, amount, at))) return false;
      await move('topup', customer, order, amount, `Order ${order.externalOrderId}: cashback`);
      return true;
    },
    history: (db, customer, page) => ledgerHistory(db, customer.customerId, page),
  };
}
