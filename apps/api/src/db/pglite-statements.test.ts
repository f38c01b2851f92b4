import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { prepareStatements } from './pglite-statements.ts';

// Drizzle's PGlite driver passes these options on every query (drizzle-orm/pglite/session.js).
const drizzleLike = (rowMode: 'array' | 'object'): QueryOptions => ({
  rowMode,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
});

const SCHEMA = `
  create table items (
    id int primary key,
    name text not null,
    price numeric(12, 2),
    active boolean not null default true,
    tags text[],
    meta jsonb,
    big bigint,
    at timestamptz,
    day date
  );
`;

const prepared = async (client: PGlite) =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

describe('PGlite prepared statements (prepareStatements)', () => {
  let plain: PGlite;
  let client: PGlite;
  let cache: ReturnType<typeof prepareStatements>;

  beforeAll(async () => {
    plain = await PGlite.create();
    client = await PGlite.create();
    cache = prepareStatements(client, 50);
    for (const db of [plain, client]) await db.exec(SCHEMA);
  });
  afterAll(async () => {
    await plain.close();
    await client.close();
  });

  it('answers exactly as PGlite does, in both row modes, with the call parsers and serializers', async () => {
    const insert =
      'insert into items (id, name, price, active, tags, meta, big, at, day) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';
    const rows: unknown[][] = [
      [
        1,
        'plov',
        '12.50',
        true,
        ['rice', 'hot'],
        { spicy: 1 },
        9007199254740993n,
        new Date('2026-11-26T09:00:00Z'),
        '2026-11-26',
      ],
      [2, 'shurpa', null, false, [], null, 5, null, null],
      [
        3,
        'lag\'man "x"',
        7,
        'f',
        ['a,b', 'c}'],
        [1, 2],
        '42',
        '2026-01-01 10:00:00+05',
        new Date('2026-02-03T00:00:00Z'),
      ],
    ];
    for (const params of rows) {
      for (const rowMode of ['array', 'object'] as const) {
        const id = params[0] as number;
        const options = drizzleLike(rowMode);
        const expected = await plain.query(insert, params, options);
        const actual = await client.query(insert, params, options);
        expect(actual).toEqual(expected);
        // Back out for the other row mode: a delete with a parameter runs prepared too.
        expect(await client.query('delete from items where id = $1', [id])).toEqual(
          await plain.query('delete from items where id = $1', [id]),
        );
      }
      await plain.query(insert, params);
      await client.query(insert, params);
    }
    for (const rowMode of ['array', 'object'] as const) {
      const select = 'select *, price * $2 as doubled from items where id >= $1 order by id';
      expect(await client.query(select, [1, 2], drizzleLike(rowMode))).toEqual(
        await plain.query(select, [1, 2], drizzleLike(rowMode)),
      );
      // Without options: PGlite's own parsers (dates become Date, bigint a number or BigInt).
      expect(await client.query(select, [2, 1])).toEqual(await plain.query(select, [2, 1]));
    }
    // A call's own serializer wins over PGlite's, as in PGlite's query().
    const upper: QueryOptions = { serializers: { [types.TEXT]: (x: unknown) => String(x).toUpperCase() } };
    expect(await client.query('select $1::text as s', ['abc'], upper)).toEqual(
      await plain.query('select $1::text as s', ['abc'], upper),
    );
    // An update without rows answers affectedRows 0, as PGlite does.
    expect(await client.query('update items set name = $1 where id = -1', ['x'])).toEqual(
      await plain.query('update items set name = $1 where id = -1', ['x']),
    );
  });

  it('parses and plans a parameterised text once, then runs it by name', async () => {
    const before = { ...cache.stats };
    const text = 'select count(*)::int as n from items where id > $1';
    for (const id of [0, 1, 2]) await client.query(text, [id]);
    expect(cache.stats.prepared - before.prepared).toBe(1);
    expect(cache.stats.executed - before.executed).toBe(3);
    expect((await prepared(client)).filter((s) => s === text)).toHaveLength(1);
    // Texts without parameters go to PGlite's own query() and are not kept.
    await client.query('select 1 as probe_without_params');
    expect((await prepared(client)).some((s) => s.includes('probe_without_params'))).toBe(false);
  });

  it('keeps transactions whole: a rollback leaves nothing, and a query outside waits for the commit', async () => {
    await client.query('delete from items where id >= $1', [100]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into items (id, name) values ($1, $2)', [100, 'rolled back']);
        const inside = await tx.query<{ n: number }>(
          'select count(*)::int as n from items where id = $1',
          [100],
        );
        expect(inside.rows[0]?.n).toBe(1);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const count = (id: number) =>
      client
        .query<{ n: number }>('select count(*)::int as n from items where id = $1', [id])
        .then((r) => r.rows[0]?.n);
    expect(await count(100)).toBe(0);

    // A statement prepared in a transaction that rolled back still runs afterwards (PostgreSQL keeps
    // protocol-level prepared statements across rollbacks).
    expect(await client.query('select $1::int + 40 as n', [2]).then((r) => r.rows)).toEqual([{ n: 42 }]);

    // While a transaction is open, a query outside it waits for its end (it must not run inside it).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const open = client.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values ($1, $2)', [101, 'committed later']);
      inserted();
      await held;
      await tx.query('update items set name = $1 where id = $2', ['committed', 101]);
    });
    await didInsert;
    const outside = client.query<{ name: string }>('select name from items where id = $1', [101]);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await open;
    expect((await outside).rows).toEqual([{ name: 'committed' }]);
  });

  it('hands database errors over as PGlite does and keeps working after one', async () => {
    const text = 'insert into items (id, name) values ($1, $2)';
    await client.query(text, [200, 'first']);
    const error = await client.query(text, [200, 'again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', query: text, params: [200, 'again'] });
    // The same error inside a transaction aborts it, and PGlite rolls it back.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(text, [201, 'in the transaction']);
        await tx.query(text, [200, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select id from items where id = $1', [201])).rows).toEqual([]);
    // A text PostgreSQL refuses to parse is not kept, and the next one works.
    await expect(client.query('select nonsense from items where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await client.query('select $1::text as ok', ['yes'])).rows).toEqual([{ ok: 'yes' }]);
  });

  it('prepares a text again when its table changed under it', async () => {
    await client.exec('create table shapes (id int primary key, a int)');
    await client.query('insert into shapes values ($1, $2)', [1, 10]);
    const text = 'select * from shapes where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 10 }]);
    await client.exec('alter table shapes add column b text');
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 10, b: null }]);
    expect((await client.query(text, [1])).fields.map((f) => f.name)).toEqual(['id', 'a', 'b']);
  });

  it('delivers notifications a prepared statement raises', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('prepared_probe', (payload) => heard.push(payload));
    await client.query('select pg_notify($1, $2)', ['prepared_probe', 'outside']);
    await client.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['prepared_probe', 'committed']);
    });
    await client
      .transaction(async (tx) => {
        await tx.query('select pg_notify($1, $2)', ['prepared_probe', 'rolled back']);
        throw new Error('abort');
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    await unlisten();
    expect(heard).toEqual(['outside', 'committed']);
  });

  it('keeps at most max texts; the others run unnamed with the same answers', async () => {
    const small = await PGlite.create();
    try {
      const limited = prepareStatements(small, 2);
      // New texts sent together all pass the room check before the first is prepared; the cache
      // still keeps no more than max, and PostgreSQL holds no statement for the ones left out.
      const crowd = await Promise.all(
        [4, 5, 6, 7].map((i) => small.query(`select $1::int + ${i} as v`, [1]).then((r) => r.rows)),
      );
      expect(crowd).toEqual([[{ v: 5 }], [{ v: 6 }], [{ v: 7 }], [{ v: 8 }]]);
      expect(limited.size).toBe(2);
      expect(await prepared(small)).toHaveLength(2);
      // Once full, the next texts go to PGlite's own query().
      for (let i = 0; i < 4; i++) {
        expect((await small.query(`select $1::int * ${i} as v`, [3])).rows).toEqual([{ v: 3 * i }]);
      }
      expect(limited.size).toBe(2);
      expect(await prepared(small)).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});

describe('createDb on PGlite', () => {
  it("runs Drizzle's parameterised statements as prepared ones", async () => {
    const handle = await createDb();
    try {
      // Db's execute() answers the driver's result, typed as unknown across drivers; PGlite's is { rows }.
      const rowsOf = async (query: ReturnType<typeof sql>) =>
        ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const probe = () => rowsOf(sql`select ${20}::int + 1 as "pglite-cache-probe"`);
      expect(await probe()).toEqual([{ 'pglite-cache-probe': 21 }]);
      await probe();
      const seen = (await rowsOf(sql.raw('select statement from pg_prepared_statements'))).map((r) =>
        String(r.statement),
      );
      expect(seen.filter((s) => s.includes('pglite-cache-probe'))).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
