/**
 * Rows of a table read as JSON inside another statement (`to_json(t)` in a `json_agg`), mapped to the
 * row Drizzle's own select of that table gives. Placing an order reads the products' modifiers with
 * the products, and the chain's automatic discounts with the branch, in one statement each instead of
 * three (issue 11, docs/perf/orders.md round 6): each statement is a round trip that costs the API and
 * the database more CPU than its SQL.
 *
 * `to_json` names a row's keys after the columns in the database and writes every value as JSON
 * (jsonb as objects, numbers as numbers, dates and times as ISO text); each column's own
 * `mapFromDriverValue` turns that into what Drizzle returns (a Date for a timestamp, a number for a
 * numeric in number mode). `json-rows.test.ts` compares the two readings of every table read this way.
 */
import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

const columnsOf = new WeakMap<Table, [string, Column][]>();

function entriesOf(table: Table): [string, Column][] {
  let entries = columnsOf.get(table);
  if (!entries) {
    entries = Object.entries(getTableColumns(table));
    columnsOf.set(table, entries);
  }
  return entries;
}

/**
 * `json` (one row of `table` as `to_json` wrote it) as Drizzle's select would give it. Throws when a
 * column is missing (the SQL selected something else than the table's row): a wrong row is never
 * returned silently.
 */
export function rowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> {
  if (typeof json !== 'object' || json === null) throw new Error('rowFromJson: not a JSON object');
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of entriesOf(table)) {
    if (!(column.name in source)) throw new Error(`rowFromJson: no column ${column.name}`);
    const value = source[column.name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
