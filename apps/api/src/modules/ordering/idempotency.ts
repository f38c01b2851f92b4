/**
 * The Idempotency-Key of POST /v2/ondemand-order (integrations.md, "Idempotent order creation"), kept
 * per customer for 24 hours:
 * - the key is claimed first, in a short transaction of its own that commits at once, so a second
 *   request with the same key sees it while the first is still working;
 * - same key, same body, answered: the stored answer is replayed (no second order);
 * - same key, another body: 422 IDEMPOTENCY_KEY_REUSED;
 * - same key still in flight: 409 ORDER_IN_PROGRESS;
 * - the order's transaction stores the answer with the order, so an order always has its answer;
 * - a refused or failed request frees its key (nothing was written), so the customer may correct the
 *   form and send it again with the same key;
 * - a key in flight for longer than IN_FLIGHT_TIMEOUT_MS belongs to a request that died (a crashed
 *   process): the next request with it takes it over.
 * "The same body" is the body as the contract parsed it (defaults filled in, texts trimmed), hashed
 * with its keys sorted.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { deleteExpiredKeys, findKey, insertKey, releaseKey, takeOverKey } from './ordering.repository.ts';

/** How long an answered key is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** After this long without an answer a key's request is taken for dead. */
export const IN_FLIGHT_TIMEOUT_MS = 2 * 60 * 1000;
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

export type KeyClaim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Claims `key` for this request, or answers what the key says: the stored answer to replay, or a
 * refusal (another body 422, still in flight 409). Runs in its own short transaction.
 */
export async function claimKey(
  db: Db,
  params: { customerId: string; key: string; hash: string; now: Date },
): Promise<KeyClaim> {
  const { customerId, key, hash, now } = params;
  return db.transaction(async (tx) => {
    await deleteExpiredKeys(tx, customerId, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
    if (await insertKey(tx, { customerId, key, requestHash: hash, createdAt: now })) {
      return { kind: 'claimed' } as const;
    }
    const row = await findKey(tx, customerId, key);
    // Gone between the insert and the read: its request was refused and freed it; ask to retry.
    if (!row) throw apiError(409, 'ORDER_IN_PROGRESS');
    if (row.requestHash !== hash) throw apiError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (row.responseStatus !== null) {
      return { kind: 'replay', answer: { status: row.responseStatus, body: row.responseBody } } as const;
    }
    const abandoned = now.getTime() - row.createdAt.getTime() > IN_FLIGHT_TIMEOUT_MS;
    if (
      abandoned &&
      (await takeOverKey(tx, { customerId, key, seenCreatedAt: row.createdAt, createdAt: now }))
    ) {
      return { kind: 'claimed' } as const;
    }
    throw apiError(409, 'ORDER_IN_PROGRESS');
  });
}

export { releaseKey };
