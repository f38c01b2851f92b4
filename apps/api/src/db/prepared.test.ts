/**
 * db/prepared.ts: a statement built once runs on the database or transaction it is given (inside
 * the caller's transaction, so its rollback undoes it), maps rows as Drizzle does, and keeps one text
 * however many ids it gets. On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db.ts';
import type { DbHandle } from './client.ts';
import { pgArray, preparedQuery, preparedSql } from './prepared.ts';
import { rateLimits } from './schema/index.ts';

let handle: DbHandle;
const texts: string[] = [];

beforeAll(async () => {
  handle = await createTestDb({ logQuery: (query) => texts.push(query) });
});
afterAll(async () => {
  await handle?.close();
});

const insertHit = preparedQuery<{ key: string; resetAt: Date }>()((db, p) =>
  db
    .insert(rateLimits)
    .values({ key: p('key'), hits: 1, resetAt: p('resetAt') })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt }),
);
const findHit = preparedQuery<{ key: string }>()((db, p) =>
  db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, p('key'))),
);
const elements = preparedSql<{ list: string }, { element: string }>()(
  (p) => sql`select unnest(${p('list')}::text[]) as element`,
);

describe('statements built once', () => {
  it("run inside the caller's transaction: its rollback undoes them", async () => {
    const resetAt = new Date('2026-03-02T07:00:00.000Z');
    await expect(
      handle.db.transaction(async (tx) => {
        const [row] = await insertHit(tx, { key: 'prepared:rolled-back', resetAt });
        // Mapped as Drizzle maps the builder's rows (a Date back, camelCase keys).
        expect(row).toEqual({ key: 'prepared:rolled-back', hits: 1, resetAt });
        expect(await findHit(tx, { key: 'prepared:rolled-back' })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await findHit(handle.db, { key: 'prepared:rolled-back' })).toEqual([]);
    await insertHit(handle.db, { key: 'prepared:kept', resetAt });
    expect(await findHit(handle.db, { key: 'prepared:kept' })).toEqual([
      { key: 'prepared:kept', hits: 1, resetAt },
    ]);
  });

  it('send one text whatever the values, and an array parameter keeps every element whole', async () => {
    texts.length = 0;
    const tricky = ['a', 'b,c', 'd"e', 'f\\g', '{h}', ' i ', ''];
    const rows = await elements(handle.db, { list: pgArray(tricky) });
    expect(rows.map((r) => r.element)).toEqual(tricky);
    expect((await elements(handle.db, { list: pgArray(['x']) })).map((r) => r.element)).toEqual(['x']);
    expect(await elements(handle.db, { list: pgArray([]) })).toEqual([]);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(1);
  });
});
