import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type ImageFile, imageFilesIn } from './images.ts';

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Both drivers answer `execute` with `{ rows }`; the shared Db type cannot say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every image file any row mentions. It reads every jsonb and text column of the current schema
 * rather than a fixed list, so a table added later (by any module) needs no registration.
 */
export async function imagesInDb(db: DbOrTx): Promise<ImageFile[]> {
  const columns = await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('jsonb', 'json', 'text')
    order by c.table_name, c.column_name`);
  const files = new Map<string, ImageFile>();
  for (const { table_name, column_name } of rowsOf<{ table_name: string; column_name: string }>(columns)) {
    const column = sql.raw(`${quote(column_name)}::text`);
    const result = await db.execute(
      sql`select string_agg(${column}, ' ') as text from ${sql.raw(quote(table_name))} where ${column} like '%/images/%'`,
    );
    const text = rowsOf<{ text: string | null }>(result)[0]?.text;
    if (text) for (const file of imageFilesIn(text)) files.set(file.url, file);
  }
  return [...files.values()];
}
