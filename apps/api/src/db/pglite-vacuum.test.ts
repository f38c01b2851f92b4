/**
 * The PGlite maintenance job (pglite-vacuum.job.ts). Always on PGlite, whatever DATABASE_URL says
 * (the job exists for it); PostgreSQL twice: a pool that cannot connect (the job must never try),
 * and, with DATABASE_URL, a real database.
 *
 * The churn is what the API does to rate_limits all day: rows written, counted up (updates) and
 * deleted by the clean-up, here 2,000 at a time.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseUrl, needsPostgres, urlOf } from '../test/second-process.ts';
import { createTestDb } from '../test/test-db.ts';
import { createDb, type DbHandle } from './client.ts';
import { migrateDb } from './migrate.ts';
import {
  PGLITE_VACUUM_DEAD_ROWS,
  PGLITE_VACUUM_INTERVAL_MS,
  pgliteClientOf,
  pgliteMaintenance,
  registerPgliteVacuumJob,
} from './pglite-vacuum.job.ts';

const CHURN_ROWS = 2_000;
const ROUNDS = 6;

/** A fresh, migrated in-memory PGlite and its client. */
async function freshPglite(): Promise<{ handle: DbHandle; client: PGlite }> {
  const handle = await createDb({});
  await migrateDb(handle);
  const client = pgliteClientOf(handle.db);
  if (!client) throw new Error('expected PGlite');
  return { handle, client };
}

/** One round of churn: `n` counters written, counted up twice, and deleted. */
async function churn(client: PGlite, round: number, n = CHURN_ROWS): Promise<void> {
  await client.query(
    `insert into rate_limits (key, hits, reset_at)
     select 'churn:${round}:' || g, 1, now() from generate_series(1, ${n}) g`,
  );
  await client.query('update rate_limits set hits = hits + 1');
  await client.query('update rate_limits set hits = hits + 1');
  await client.query('delete from rate_limits');
}

type TableStats = { total: number; heap: number; dead: number; vacuums: number };

async function stats(client: PGlite, table = 'rate_limits'): Promise<TableStats> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<TableStats>(
    `select pg_total_relation_size(relid)::float8 as total, pg_relation_size(relid)::float8 as heap,
       n_dead_tup::float8 as dead, vacuum_count::float8 as vacuums
     from pg_stat_user_tables where relname = $1`,
    [table],
  );
  const row = rows[0];
  if (!row) throw new Error(`no stats for ${table}`);
  return {
    total: Number(row.total),
    heap: Number(row.heap),
    dead: Number(row.dead),
    vacuums: Number(row.vacuums),
  };
}

async function redoLsn(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ redo: string }>(
    'select redo_lsn::text as redo from pg_control_checkpoint()',
  );
  return rows[0]?.redo ?? '';
}

describe('PGlite without the job: nothing vacuums (single-user mode has no autovacuum)', () => {
  let db: { handle: DbHandle; client: PGlite };
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await db?.handle.close();
  });

  it('runs one standalone backend, no autovacuum worker, though the setting says on', async () => {
    const { rows } = await db.client.query<{ backend_type: string }>(
      'select backend_type from pg_stat_activity',
    );
    expect(rows.map((r) => r.backend_type)).toEqual(['standalone backend']);
    const setting = await db.client.query<{ autovacuum: string }>('show autovacuum');
    expect(setting.rows[0]?.autovacuum).toBe('on');
  });

  it('grows rate_limits by about one round of rows per round, its dead rows never cleared', async () => {
    const sizes: TableStats[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await churn(db.client, round);
      sizes.push(await stats(db.client));
    }
    const first = sizes[0] as TableStats;
    const last = sizes[ROUNDS - 1] as TableStats;
    // Every round adds to the table, though it ends each round empty.
    for (let i = 1; i < ROUNDS; i++) expect(sizes[i]?.heap).toBeGreaterThan(sizes[i - 1]?.heap ?? 0);
    expect(last.heap).toBeGreaterThanOrEqual(first.heap * (ROUNDS - 1));
    expect(last.total).toBeGreaterThan(first.total * 3);
    expect(last.dead).toBeGreaterThanOrEqual(CHURN_ROWS * ROUNDS);
    expect(last.vacuums).toBe(0);
    const { rows } = await db.client.query<{ last: string }>(
      'select (select last_autovacuum from pg_stat_user_tables where relname = $1)::text as last',
      ['rate_limits'],
    );
    expect(rows[0]?.last).toBeNull();
  });

  it('a plain VACUUM makes the space reusable: the next rounds stop growing the table', async () => {
    await db.client.exec('VACUUM rate_limits');
    const after = await stats(db.client);
    expect(after.dead).toBe(0);
    // The rows were all deleted: VACUUM also hands the empty pages at the end back.
    expect(after.heap).toBe(0);
    const sizes: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await churn(db.client, 100 + round);
      await db.client.exec('VACUUM rate_limits');
      sizes.push((await stats(db.client)).total);
    }
    expect(new Set(sizes).size).toBe(1);
  });
});

describe('the maintenance round on PGlite', () => {
  let db: { handle: DbHandle; client: PGlite };
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterAll(async () => {
    await db?.handle.close();
  });

  it('keeps a churned table at the size of one round of rows (fails without its VACUUM)', async () => {
    const maintenance = pgliteMaintenance(db.client);
    const totals: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await churn(db.client, round);
      const done = await maintenance.run();
      // Every round deleted CHURN_ROWS rows and left twice as many dead versions before.
      expect(done.deadRows).toBeGreaterThanOrEqual(PGLITE_VACUUM_DEAD_ROWS);
      expect(done.vacuumMs).not.toBeNull();
      totals.push((await stats(db.client)).total);
    }
    const second = totals[1] as number;
    // From the second round on, each round's rows go where the previous round's were.
    for (const total of totals.slice(1)) expect(total).toBeLessThanOrEqual(second);
    expect(totals[ROUNDS - 1]).toBeLessThan((totals[0] as number) * 3);
    expect((await stats(db.client)).dead).toBe(0);
  });

  it('VACUUMs when due by time or by dead rows, CHECKPOINTs when due by time or by the log', async () => {
    let clock = 0;
    const maintenance = pgliteMaintenance(db.client, {
      now: () => clock,
      limits: { walBytes: 1024 * 1024 * 1024 },
    });
    // The first round does both.
    const first = await maintenance.run();
    expect(first.vacuumMs).not.toBeNull();
    expect(first.checkpointMs).not.toBeNull();
    const vacuums = (await stats(db.client)).vacuums;
    // Nothing dead, little log, no time passed: nothing to do.
    clock += 60_000;
    expect(await maintenance.run()).toMatchObject({ deadRows: 0, vacuumMs: null, checkpointMs: null });
    expect((await stats(db.client)).vacuums).toBe(vacuums);
    // A purge deletes rows: the next look VACUUMs, without waiting for the interval.
    await churn(db.client, 50, PGLITE_VACUUM_DEAD_ROWS);
    const redo = await redoLsn(db.client);
    clock += 60_000;
    const afterPurge = await maintenance.run();
    expect(afterPurge.deadRows).toBeGreaterThanOrEqual(PGLITE_VACUUM_DEAD_ROWS);
    expect(afterPurge.vacuumMs).not.toBeNull();
    expect(afterPurge.checkpointMs).toBeNull();
    expect(await stats(db.client)).toMatchObject({ dead: 0, vacuums: vacuums + 1 });
    expect(await redoLsn(db.client)).toBe(redo);
    // A few dead rows, below the threshold: they wait for the interval.
    await churn(db.client, 51, 10);
    clock += 60_000;
    expect(await maintenance.run()).toMatchObject({ vacuumMs: null, checkpointMs: null });
    clock += PGLITE_VACUUM_INTERVAL_MS;
    const due = await maintenance.run();
    expect(due.vacuumMs).not.toBeNull();
    expect(due.checkpointMs).not.toBeNull();
    expect((await stats(db.client)).dead).toBe(0);
    // The checkpoint moved the redo point: the log before it can be recycled.
    expect(await redoLsn(db.client)).not.toBe(redo);
  });

  it('CHECKPOINTs once the log since the last checkpoint passes its limit', async () => {
    let clock = 0;
    const maintenance = pgliteMaintenance(db.client, { now: () => clock, limits: { walBytes: 256 * 1024 } });
    await maintenance.run();
    clock += 60_000;
    expect((await maintenance.run()).checkpointMs).toBeNull();
    await churn(db.client, 60);
    const redo = await redoLsn(db.client);
    clock += 60_000;
    const round = await maintenance.run();
    expect(round.walBytes).toBeGreaterThanOrEqual(256 * 1024);
    expect(round.checkpointMs).not.toBeNull();
    expect(await redoLsn(db.client)).not.toBe(redo);
  });

  it("waits for a request's open transaction and runs after it, outside it", async () => {
    const maintenance = pgliteMaintenance(db.client, { limits: { intervalMs: 0 } });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    // A request's transaction through Drizzle (PGlite's transaction(), prepared statements and all).
    const request = db.handle.db.transaction(async (tx) => {
      await tx.execute(`insert into rate_limits (key, hits, reset_at)
        select 'tx:' || g, 1, now() from generate_series(1, 1500) g`);
      inTransaction();
      await released;
      // Still a working transaction: the VACUUM did not run inside it (it would have failed it).
      await tx.execute('delete from rate_limits');
      return 'committed';
    });
    await started;
    let vacuumed = false;
    const round = maintenance.run().then((r) => {
      vacuumed = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(vacuumed).toBe(false);
    release();
    expect(await request).toBe('committed');
    expect((await round).vacuumMs).not.toBeNull();
    // It ran after the commit: the transaction's deleted rows are vacuumed.
    expect((await stats(db.client)).dead).toBe(0);
  });
});

describe('the job on PGlite', () => {
  let db: { handle: DbHandle; client: PGlite };
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    db = await freshPglite();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await db?.handle.close();
  });

  const appOn = (logLines?: Array<Record<string, unknown>>) => {
    const a = Fastify({
      logger: logLines
        ? { level: 'debug', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } }
        : false,
    });
    a.decorate('db', db.handle.db);
    return a;
  };

  it('runs a round when the app is ready, then on its timer, and none once the app closed', async () => {
    app = appOn();
    const exec = vi.spyOn(db.client, 'exec');
    registerPgliteVacuumJob(app, { checkMs: 30 });
    const before = (await stats(db.client)).vacuums;
    await app.ready();
    // The first round VACUUMs the whole database and CHECKPOINTs.
    expect(exec.mock.calls.map(([statement]) => statement)).toEqual(['VACUUM', 'CHECKPOINT']);
    expect((await stats(db.client)).vacuums).toBe(before + 1);
    // A purge deletes rows: a later look VACUUMs them.
    await churn(db.client, 70);
    await vi.waitFor(async () => expect((await stats(db.client)).dead).toBe(0), { timeout: 5_000 });
    await app.close();
    app = undefined;
    const calls = exec.mock.calls.length;
    await churn(db.client, 71);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exec.mock.calls.length).toBe(calls);
    expect((await stats(db.client)).dead).toBeGreaterThan(0);
    await db.client.exec('VACUUM rate_limits');
  });

  it('logs a failed round and runs again on its timer: nothing is thrown out of it', async () => {
    const logLines: Array<Record<string, unknown>> = [];
    app = appOn(logLines);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const exec = vi.spyOn(db.client, 'exec');
      exec.mockRejectedValueOnce(new Error('disk full')).mockRejectedValueOnce(new Error('disk full'));
      registerPgliteVacuumJob(app, { checkMs: 30 });
      // The first round (at ready) fails: the app still starts.
      await app.ready();
      const failures = () => logLines.filter((l) => l.level === 50);
      expect(failures()[0]).toMatchObject({
        msg: 'the PGlite maintenance job failed; it runs again later',
        err: { message: 'disk full' },
      });
      // The timer's round fails too, then one succeeds.
      await vi.waitFor(() => expect(failures()).toHaveLength(2), { timeout: 5_000 });
      await vi.waitFor(
        () => expect(logLines.some((l) => l.msg === 'PGlite maintenance: VACUUM and CHECKPOINT')).toBe(true),
        { timeout: 5_000 },
      );
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('leaves nothing behind that keeps the process alive once the app and the database closed', {
    timeout: 120_000,
  }, async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./pglite-vacuum.child.ts', import.meta.url))],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    let closedAt: number | undefined;
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (closedAt === undefined && out.includes('closed\n')) closedAt = Date.now();
    });
    child.stderr.on('data', (chunk) => {
      err += String(chunk);
    });
    // PGlite's start in the child (initdb in memory) takes seconds; what counts is the time from
    // `closed` to the exit.
    const exit = await new Promise<{ code: number | string; afterClosedMs: number | undefined }>(
      (resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve({ code: 'killed after 90 s', afterClosedMs: undefined });
        }, 90_000);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({
            code: code ?? 'killed',
            afterClosedMs: closedAt === undefined ? undefined : Date.now() - closedAt,
          });
        });
      },
    );
    expect({ code: exit.code, err }).toEqual({ code: 0, err: '' });
    expect(exit.afterClosedMs).toBeLessThan(3_000);
    expect(out).toMatch(/^rounds ([3-9]|\d{2,})\nclosed\n$/);
  });
});

describe('the job on PostgreSQL does nothing (autovacuum and the checkpointer do it there)', () => {
  it('sends nothing and registers no timer, on a pool that could not even connect', async () => {
    const statements: string[] = [];
    const handle = await createDb({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/nothing',
      logQuery: (query) => void statements.push(query),
    });
    try {
      expect(pgliteClientOf(handle.db)).toBeNull();
      const app = Fastify({ logger: false });
      app.decorate('db', handle.db);
      const control = registerPgliteVacuumJob(app, { checkMs: 10 });
      await app.ready();
      await control.tick();
      await control.nudge();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await app.close();
      expect(statements).toEqual([]);
      const pool = (handle.db as unknown as { $client: { totalCount: number } }).$client;
      expect(pool.totalCount).toBe(0);
    } finally {
      await handle.close();
    }
  });

  describe.skipIf(!databaseUrl)(`on a real PostgreSQL database${needsPostgres}`, () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await createTestDb();
    });
    afterAll(async () => {
      await handle?.close();
    });

    it('sends no statement through the app', async () => {
      const sent: string[] = [];
      const db = await createDb({ databaseUrl: urlOf(handle), logQuery: (query) => void sent.push(query) });
      try {
        const app = Fastify({ logger: false });
        app.decorate('db', db.db);
        const control = registerPgliteVacuumJob(app, { checkMs: 10 });
        await app.ready();
        await control.tick();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await app.close();
        expect(sent).toEqual([]);
      } finally {
        await db.close();
      }
    });
  });
});
