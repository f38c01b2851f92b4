import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_DEMO_PASSWORD } from '../../env.ts';
import { verifyPassword } from '../../modules/staff/passwords.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { createTestDb } from '../../test/test-db.ts';
import type { DbHandle } from '../client.ts';
import { seedRuns, staffAccounts } from '../schema/index.ts';
import { staff as demoStaff } from './data/staff.ts';
import { stableId } from './ids.ts';
import { STAFF_SEED_PART, seedDatabase } from './index.ts';

describe('the staff part (issue 5)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const accounts = () =>
    handle.db
      .select({ id: staffAccounts.id, login: staffAccounts.login, hash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .orderBy(asc(staffAccounts.login));

  it('comes with a fresh seed, with the password given (STAFF_DEMO_PASSWORD)', async () => {
    await seedDatabase(handle.db, {
      catalog: fixtureCatalog,
      content: false,
      staffPassword: 'a-chosen-password',
    });
    const rows = await accounts();
    expect(rows.map((r) => r.login)).toEqual((fixtureCatalog.staff ?? []).map((s) => s.login).sort());
    for (const r of rows) {
      expect(r.id).toBe(stableId('staff', r.login));
      expect(await verifyPassword('a-chosen-password', r.hash)).toBe(true);
      expect(await verifyPassword(DEFAULT_STAFF_DEMO_PASSWORD, r.hash)).toBe(false);
    }
  });

  it('joins a database seeded before it existed, once, leaving accounts already there alone', async () => {
    await handle.db.delete(staffAccounts).where(eq(staffAccounts.login, 'courier'));
    await handle.db.delete(seedRuns).where(eq(seedRuns.version, STAFF_SEED_PART));
    const kept = (await accounts()).find((r) => r.login === 'operator');

    const upgraded = await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    expect(upgraded.added).toEqual([STAFF_SEED_PART]);
    const rows = await accounts();
    expect(rows.map((r) => r.login)).toContain('courier');
    // The default password for the new one; the existing one keeps its own.
    const courier = rows.find((r) => r.login === 'courier');
    expect(await verifyPassword(DEFAULT_STAFF_DEMO_PASSWORD, courier?.hash ?? null)).toBe(true);
    expect(rows.find((r) => r.login === 'operator')?.hash).toBe(kept?.hash);

    await handle.db.delete(staffAccounts).where(eq(staffAccounts.login, 'courier'));
    expect(
      (await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false })).added,
    ).toBeUndefined();
    expect((await accounts()).map((r) => r.login)).not.toContain('courier');
  });
});

describe('the demo staff', () => {
  it("has one account per role, the vendor at the demo's 24-hour branch", async () => {
    expect(demoStaff.map((s) => s.role).sort()).toEqual(['courier', 'manager', 'operator', 'vendor']);
    // Issue 13: the manager runs the whole chain (no branch).
    expect(demoStaff.find((s) => s.role === 'manager')).toMatchObject({ login: 'manager' });
    expect(demoStaff.find((s) => s.role === 'manager')?.branch).toBeUndefined();
    const vendor = demoStaff.find((s) => s.role === 'vendor');
    const { branches: demoBranches } = await import('./data/branches.ts');
    const branch = demoBranches.find((b) => b.slug === vendor?.branch);
    expect(branch).toMatchObject({ work_hour_start: '00:00', work_hour_end: '23:59' });
    expect(demoStaff.every((s) => /^998\d{9}$/.test(s.phone))).toBe(true);
  });
});
