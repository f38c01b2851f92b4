/**
 * The Idempotency-Key of POST /v2/ondemand-order (integrations.md, "Idempotent order creation"), kept
 * per customer for 24 hours:
 * - same key, same body, answered: the stored answer is replayed (no second order);
 * - same key, another body: 422 IDEMPOTENCY_KEY_REUSED;
 * - same key while a live request is placing it: 409 ORDER_IN_PROGRESS, at once;
 * - the key's row is written with its answer in the order's own transaction, so an order always has
 *   its answer and an answer always has its order;
 * - a refused or failed request frees its key (nothing was written), so the customer may correct the
 *   form and send it again with the same key.
 * "The same body" is the body as the contract parsed it (defaults filled in, texts trimmed), hashed
 * with its keys sorted.
 *
 * Why it is built this way: nothing about a key is committed unless its order is. An earlier design
 * claimed the key in a transaction of its own that committed at once, and a request killed between
 * that claim and its order (kill -9, a lost machine) left the key "in flight" until a timeout; the
 * customer's retries got 409 for minutes. Now the order's transaction
 * 1. takes a transaction-scoped advisory lock on (customer, key) with pg_try_advisory_xact_lock, which
 *    never waits: not acquired means a live request holds the key, and this one answers 409 without
 *    holding a pooled connection or waiting on a row lock;
 * 2. reads the key's answered row in a statement of its own (after the lock, so under READ COMMITTED
 *    it sees an order committed by the request that held the lock just before): replay, or 422;
 * 3. otherwise prices and writes the order and the key's row with the answer (in the order's own
 *    insert statement: `keyAnswer`, ordering.repository's insertOrder), and commits.
 * The lock goes with the transaction: at commit, at rollback, and when the connection dies (PostgreSQL
 * rolls back the transaction of a client that is gone, and a killed process's sockets are closed by
 * the kernel at once), so a key of a dead request is free again within moments, not minutes.
 *
 * On PGlite there is one session and PGlite runs one transaction at a time (a query outside it waits
 * its turn too), so the lock is always free there: a second request with the key waits for the first
 * to commit or roll back, then replays its answer or places the order. The lock stays correct: it is
 * released with each transaction before the next one starts.
 *
 * Rows without an answer were claims of the earlier design; no request of this one holds them (its
 * rows always carry their answer), so they are read as absent and overwritten. Do not run that
 * version and this one against one database at the same time.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { findAnsweredKey, tryLockKey } from './idempotency.repository.ts';
import type { KeyAnswer } from './ordering.repository.ts';

/** How long an answered key is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** JSON with object keys sorted, so the same data always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');

export type StoredAnswer = { status: number; body: unknown };

export type KeyUse = { customerId: string; key: string; hash: string; now: Date };

/**
 * Takes `key` for the rest of the transaction `tx`, or answers what the key says: the stored answer
 * to replay, or a refusal (another body 422, held by a live request 409). Resolves to null when the
 * key is free: the caller writes the order with `keyAnswer` in the same transaction.
 */
export async function takeKey(tx: Tx, use: KeyUse): Promise<StoredAnswer | null> {
  if (!(await tryLockKey(tx, use.customerId, use.key))) throw apiError(409, 'ORDER_IN_PROGRESS');
  const row = await findAnsweredKey(tx, {
    customerId: use.customerId,
    key: use.key,
    since: new Date(use.now.getTime() - IDEMPOTENCY_TTL_MS),
  });
  if (!row) return null;
  if (row.requestHash !== use.hash) throw apiError(422, 'IDEMPOTENCY_KEY_REUSED');
  return { status: row.responseStatus, body: row.responseBody };
}

/**
 * The answer to store under the key taken by `takeKey`: the order's insert writes it (the key's row,
 * the created order's body `{order_id, external_order_id}` with `status`), in the order's statement.
 */
export function keyAnswer(use: KeyUse, status: number): KeyAnswer {
  return { customerId: use.customerId, key: use.key, requestHash: use.hash, status, at: use.now };
}
