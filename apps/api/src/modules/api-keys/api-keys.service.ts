import { createHash, timingSafeEqual } from 'node:crypto';
import { BROWSER_API_KEY_TYPES, type TApiKeysResponse, type TBrowserApiKey } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { type ApiKeyType, listApiKeys, updateApiKey } from './api-keys.repository.ts';

const isBrowserType = (type: ApiKeyType): type is TBrowserApiKey['type'] =>
  (BROWSER_API_KEY_TYPES as readonly string[]).includes(type);

/**
 * GET /v2/api-keys-ids (public: two public headers are all it takes): the ids of the keys, newest
 * first, and the values of browser keys only (type maps, restricted by referrer at the provider).
 * A geocoder key is the server's (GET /v1/map/geocoder calls Yandex with it) and never leaves it.
 */
export async function getApiKeyIds(
  db: DbOrTx,
  shipperId: string,
  query: { page: number; limit: number; type?: ApiKeyType | undefined },
): Promise<TApiKeysResponse> {
  const { rows, count } = await listApiKeys(db, {
    shipperId,
    type: query.type,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const keys: TBrowserApiKey[] = [];
  for (const row of rows) {
    if (isBrowserType(row.type)) keys.push({ id: row.id, type: row.type, key: row.key });
  }
  return { count, ids: rows.map((r) => r.id), keys };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `Authorization` carries the staff token (`Bearer <ADMIN_TOKEN>`). Compared as SHA-256
 * digests in constant time, so neither the content nor the length of the token leaks through timing.
 * Without ADMIN_TOKEN configured nobody is staff.
 */
export function isAdmin(authorization: string | undefined, adminToken: string | undefined): boolean {
  if (!adminToken || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(adminToken));
}

/** PUT /v2/api-keys/{id}: staff only (403 for anyone else, customers included); unknown id: 404. */
export async function putApiKey(
  deps: { db: DbOrTx; adminToken: string | undefined; now: Date },
  input: {
    shipperId: string;
    id: string;
    authorization: string | undefined;
    key: string;
    type?: ApiKeyType | undefined;
  },
) {
  if (!isAdmin(input.authorization, deps.adminToken)) throw apiError(403, 'ADMIN_ONLY');
  const row = await updateApiKey(deps.db, {
    shipperId: input.shipperId,
    id: input.id,
    key: input.key,
    type: input.type,
    now: deps.now,
  });
  if (!row) throw apiError(404, 'API_KEY_NOT_FOUND');
  return { id: row.id, type: row.type, updated_at: row.updatedAt.toISOString() };
}
