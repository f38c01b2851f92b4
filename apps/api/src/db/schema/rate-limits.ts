/**
 * The counters of the rate limits (http/rate-limit.ts) when they count in PostgreSQL, shared by every
 * API process on the database. One row per limit and client (address bucket or customer): the hits
 * of its current window and when that window ends. A hit is one upsert; rows of ended windows are
 * deleted a few hundred at a time, about once a minute per process.
 */

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** '<limit>:<client>', e.g. 'sign-in:198.51.100.7' or 'order:customer:<uuid>'. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('rate_limits_reset_at_idx').on(t.resetAt),
    check('rate_limits_hits_check', sql`${t.hits} > 0`),
  ],
);
