import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { branches, newsEvents, products, recipes, shippers, stocks } from '../db/schema/index.ts';
import { type ImageFile, imageFilesIn } from './images.ts';

/**
 * The columns that hold images (TImage descriptors, or lists and objects containing them): the
 * chain's logo and sister brands, branches, products and the content with pictures. Catalogue and
 * content only, so reading them costs the same however many orders there are. A new column or table
 * with images joins this list; images-in-db.test.ts fails while one is missing (it compares with a
 * scan of every text column of every table).
 */
export const IMAGE_COLUMNS: readonly (readonly [PgTable, PgColumn])[] = [
  [shippers, shippers.logo],
  [shippers, shippers.sisterBrands],
  [branches, branches.images],
  [products, products.image],
  [newsEvents, newsEvents.image],
  [stocks, stocks.image],
  [recipes, recipes.image],
];

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Both drivers answer `execute` with `{ rows }`; the shared Db type cannot say so. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every image file the image columns mention (one query over the catalogue and content tables). */
export async function imagesInDb(db: DbOrTx): Promise<ImageFile[]> {
  const parts: SQL[] = IMAGE_COLUMNS.map(
    ([table, column]) =>
      sql`select ${sql.raw(`${quote(column.name)}::text`)} as text from ${sql.raw(quote(getTableName(table)))}`,
  );
  const result = await db.execute(
    sql`select string_agg(text, ' ') as text from (${sql.join(parts, sql` union all `)}) as images where text like '%/images/%'`,
  );
  const files = new Map<string, ImageFile>();
  const text = rowsOf<{ text: string | null }>(result)[0]?.text;
  if (text) for (const file of imageFilesIn(text)) files.set(file.url, file);
  return [...files.values()];
}
