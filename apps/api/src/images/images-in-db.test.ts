import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { placeTestOrder, signInTestCustomer } from '../test/orders.ts';
import { type ImageFile, imageFilesIn } from './images.ts';
import { IMAGE_COLUMNS, imagesInDb, rowsOf } from './images-in-db.ts';

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The old start-up scan: every json, jsonb and text column of every table. Here only as the yardstick. */
async function imagesInEveryColumn(db: DbOrTx): Promise<{ files: ImageFile[]; columns: string[] }> {
  const columns = await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('jsonb', 'json', 'text')
    order by c.table_name, c.column_name`);
  const files = new Map<string, ImageFile>();
  const holding: string[] = [];
  for (const { table_name, column_name } of rowsOf<{ table_name: string; column_name: string }>(columns)) {
    const column = sql.raw(`${quote(column_name)}::text`);
    const result = await db.execute(
      sql`select string_agg(${column}, ' ') as text from ${sql.raw(quote(table_name))} where ${column} like '%/images/r%'`,
    );
    const text = rowsOf<{ text: string | null }>(result)[0]?.text;
    const found = text ? imageFilesIn(text) : [];
    if (found.length > 0) holding.push(`${table_name}.${column_name}`);
    for (const file of found) files.set(file.url, file);
  }
  return { files: [...files.values()], columns: holding };
}

describe('imagesInDb', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: { content: true } });
    // Orders exist too: they must add nothing to find (and nothing to read).
    const customer = await signInTestCustomer(t);
    await placeTestOrder(t, customer.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds every image any column of any table names, reading only the image columns', async () => {
    const everywhere = await imagesInEveryColumn(t.app.db);
    const covered = IMAGE_COLUMNS.map(([table, column]) => `${getTableName(table)}.${column.name}`);
    // A column holding images that the list misses fails here: add it to IMAGE_COLUMNS.
    expect(everywhere.columns.filter((c) => !covered.includes(c))).toEqual([]);
    const files = await imagesInDb(t.app.db);
    expect(files.map((f) => f.url).sort()).toEqual(everywhere.files.map((f) => f.url).sort());
    expect(files.length).toBeGreaterThan(20);
  });
});
