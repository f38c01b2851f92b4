import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';

// The Idempotency-Key's lock and its stored answer (idempotency.ts says how they are used); the answer
// itself is written with the order (ordering.repository's insertOrder).

/** Advisory-lock namespace of order keys (first key of pg_advisory_xact_lock(int, int); otp.repository.ts uses 31_001-31_002). */
const LOCK_ORDER_KEY = 31_010;

/**
 * Takes the key's transaction-scoped advisory lock if it is free; false when another transaction
 * holds it. Never waits. The second half of the lock is a 32-bit hash: two different keys in flight
 * at the same moment with the same hash make the later one answer 409 once, which a retry clears.
 */
const tryLockStatement = preparedSql<{ lock: string }, { locked: boolean }>()(
  (p) =>
    sql`select pg_try_advisory_xact_lock(${sql.raw(String(LOCK_ORDER_KEY))}, hashtext(${p('lock')}::text)) as locked`,
);

export async function tryLockKey(tx: Tx, customerId: string, key: string): Promise<boolean> {
  const [row] = await tryLockStatement(tx, { lock: `${customerId}:${key}` });
  return row?.locked === true;
}

export type AnsweredKey = { requestHash: string; responseStatus: number; responseBody: unknown };

type AnsweredKeyRow = { request_hash: string; response_status: number; response_body: unknown };

const answeredKeyStatement = preparedSql<
  { customerId: string; key: string; since: string },
  AnsweredKeyRow
>()(
  (p) => sql`
    with expired as (
      delete from idempotency_keys
      where customer_id = ${p('customerId')}
        and key in (
          select key from idempotency_keys
          where customer_id = ${p('customerId')} and created_at < ${p('since')}::timestamptz
          for update skip locked
        )
    )
    select request_hash, response_status, response_body
    from idempotency_keys
    where customer_id = ${p('customerId')} and key = ${p('key')}
      and created_at >= ${p('since')}::timestamptz and response_status is not null
  `,
);

/**
 * The key's answered row created since `since`, and, in the same statement, forgets the customer's
 * keys created before `since` (kept 24 hours). The forgetting skips rows another transaction has
 * locked, so it never makes an order wait. Rows without an answer (claims of the earlier design, see
 * idempotency.ts) count as absent.
 */
export async function findAnsweredKey(
  tx: Tx,
  params: { customerId: string; key: string; since: Date },
): Promise<AnsweredKey | undefined> {
  const { customerId, key } = params;
  // A raw query maps no values: the time goes as ISO text, read as timestamptz by both drivers.
  const [row] = await answeredKeyStatement(tx, { customerId, key, since: params.since.toISOString() });
  return row
    ? { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body }
    : undefined;
}
