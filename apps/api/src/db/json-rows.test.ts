/**
 * db/json-rows.ts: a row read as JSON inside another statement (`to_json`) maps to exactly the row
 * Drizzle's select of its table gives, for every table placing an order reads that way (the
 * modifiers with the products, the automatic discounts with the branch: issue 11, round 6). On
 * PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { rowFromJson } from './json-rows.ts';
import { preparedSql } from './prepared.ts';
import { discounts, groupModifiers, groupModifierVariants, singleModifiers } from './schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  // The fixture chain: modifiers of several products, discounts of every mode, with and without
  // dates, hours, payment types, caps and percents (test/fixture-pricing.ts).
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TABLES = [
  ['single_modifiers', singleModifiers],
  ['group_modifiers', groupModifiers],
  ['group_modifier_variants', groupModifierVariants],
  ['discounts', discounts],
] as const;

/** Every row of the table as `to_json` writes it, in id order. */
const jsonRowsOf = (table: string) =>
  preparedSql<Record<string, never>, { j: unknown }>()(
    () => sql`select to_json(t) as j from ${sql.identifier(table)} t order by t.id`,
  );

describe('rows read as JSON', () => {
  it.each(TABLES)('map to what the select of %s gives', async (name, table) => {
    const selected = await t.db.db.select().from(table).orderBy(asc(table.id));
    expect(selected).not.toHaveLength(0);
    const json = await jsonRowsOf(name)(t.db.db, {});
    expect(json.map(({ j }) => rowFromJson(table, j))).toEqual(selected);
  });

  it('carry the column types a discount exercises: numeric percent, dates, hours, times, jsonb', async () => {
    const json = await jsonRowsOf('discounts')(t.db.db, {});
    const rows = json.map(({ j }) => rowFromJson(discounts, j));
    // A percent with decimals (12.5) is a number, as Drizzle's numeric in number mode gives it.
    expect(rows.map((r) => r.percent)).toContain(12.5);
    expect(rows.some((r) => r.startsOn !== null && /^\d{4}-\d{2}-\d{2}$/.test(r.startsOn))).toBe(true);
    expect(rows.some((r) => r.hourStart !== null)).toBe(true);
    expect(rows.some((r) => r.paymentTypes.length > 0)).toBe(true);
    expect(rows.every((r) => r.createdAt instanceof Date && !Number.isNaN(r.createdAt.getTime()))).toBe(true);
    expect(rows.every((r) => typeof r.title.ru === 'string')).toBe(true);
  });

  it('refuse what is not the table’s row rather than return a wrong one', () => {
    expect(() => rowFromJson(groupModifiers, null)).toThrow(/not a JSON object/);
    expect(() => rowFromJson(groupModifiers, 'x')).toThrow(/not a JSON object/);
    // A column missing (another table's row, a renamed column): refused, not read as null.
    expect(() =>
      rowFromJson(groupModifiers, { id: 'a', product_id: 'b', name: {}, min_amount: 0, position: 0 }),
    ).toThrow(/no column max_amount/);
  });
});
