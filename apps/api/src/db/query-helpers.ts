import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * `/{id or slug}`: a non-uuid is never compared with a uuid column (PostgreSQL would fail the
 * cast and answer 500), so it can only match the slug.
 */
export function byIdOrSlug(idColumn: PgColumn, slugColumn: PgColumn, value: string): SQL {
  if (isUuid(value)) return or(eq(idColumn, value.toLowerCase()), eq(slugColumn, value)) as SQL;
  return eq(slugColumn, value);
}

/** Rows to skip for a 1-based page. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** A LIKE pattern matching `text` anywhere, with the pattern characters in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL's unique_violation, whichever driver raised it and however Drizzle wrapped it. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && candidate.constraint === constraint) return true;
    e = candidate.cause;
  }
  return false;
}
