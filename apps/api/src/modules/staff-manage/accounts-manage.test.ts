import { ZStaffAccount, ZStaffAccountsResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { staffAccounts, staffTokens } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { ORDER_TEST_NOON } from '../../test/orders.ts';
import type { HashSlots } from '../staff/hash-slots.ts';
import { verifyPassword } from '../staff/passwords.ts';
import { staffLogin } from '../staff/staff-sign-in.service.ts';
import {
  auditRowsOf,
  type callAs,
  expectError,
  type Login,
  MANAGE_FIXTURE,
  signIn,
  useManagerWorkspace,
} from './staff-manage.fixtures.ts';

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
const { chilonzor, yunusobod, staff: S } = MANAGE_FIXTURE;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'a-new-password-42';

useManagerWorkspace(clock, (w) => {
  ({ t, tokens, call } = w);
});

const as = (who: Login) => ({ token: tokens[who] });
const account = async (id: string) => {
  const [row] = await t.db.db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  if (!row) throw new Error('no account');
  return row;
};
const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/staff/me',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
  });
const tryLogin = (login: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    headers: CLIENT_HEADERS,
    payload: { login, password },
  });
const create = (who: Login, body: unknown) => call('POST', '/v1/staff/accounts', { ...as(who), body });
const patch = (who: Login, id: string, body: unknown) =>
  call('PATCH', `/v1/staff/accounts/${id}`, { ...as(who), body });
const reset = (who: Login, id: string, body: unknown) =>
  call('POST', `/v1/staff/accounts/${id}/password`, { ...as(who), body });
let phoneSeq = 998_712_100_000;
const newAccount = (overrides: Record<string, unknown> = {}) => ({
  login: `staff-${++phoneSeq}`,
  name: 'New Person',
  phone: String(phoneSeq),
  role: 'courier',
  branch_id: null,
  password: FIXTURE_STAFF_PASSWORD,
  ...overrides,
});
/** `who` creating a new account with `fields` is refused with `status` and `code`. */
const expectCreateRefused = async (
  who: Login,
  fields: Record<string, unknown>,
  status: number,
  code: string,
) => expectError(await create(who, newAccount(fields)), status, code);

describe('GET /v1/staff/accounts', () => {
  it('gives the chain manager every account, a branch manager those of its branch; never a password', async () => {
    const all = await call('GET', '/v1/staff/accounts', as('manager'));
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toMatch(/scrypt|password/i);
    const logins = ZStaffAccountsResponse.parse(all.json()).accounts.map((a) => a.login);
    expect(logins).toEqual(
      expect.arrayContaining(['operator', 'courier', 'vendor-yunusobod', 'manager-chilonzor']),
    );
    const own = ZStaffAccountsResponse.parse(
      (await call('GET', '/v1/staff/accounts', as('manager-chilonzor'))).json(),
    );
    expect(own.accounts.map((a) => a.login).sort()).toEqual(['manager-chilonzor', 'vendor-chilonzor']);
    expect(own.accounts.find((a) => a.login === 'vendor-chilonzor')).toMatchObject({
      id: S.vendorChilonzor,
      role: 'vendor',
      branch_id: chilonzor,
      phone: '998712000002',
      is_active: true,
    });
  });

  it('refuses operators, vendors and couriers (403) and no token (401)', async () => {
    for (const who of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expectError(await call('GET', '/v1/staff/accounts', as(who)), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(await call('GET', '/v1/staff/accounts'), 401);
  });
});

describe('POST /v1/staff/accounts', () => {
  it('creates an account that can sign in (login in lower case, password hashed), audited without the password', async () => {
    const body = newAccount({ login: 'Courier-Three', role: 'courier' });
    const res = await create('manager', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toMatch(/scrypt|password/i);
    const created = ZStaffAccount.parse(res.json());
    expect(created).toMatchObject({
      login: 'courier-three',
      role: 'courier',
      branch_id: null,
      is_active: true,
    });
    const row = await account(created.id);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(FIXTURE_STAFF_PASSWORD, row.passwordHash)).toBe(true);
    await signIn(t, 'courier-three');
    const [audit] = await auditRowsOf(t, created.id);
    expect(audit).toMatchObject({
      staffId: S.manager,
      action: 'staff.create',
      targetType: 'staff',
      branchId: null,
      before: null,
      after: { login: 'courier-three', role: 'courier', branch_id: null, is_active: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|password/i);
  });

  it("lets a branch manager create its branch's vendor and manager, nothing chain-wide or elsewhere", async () => {
    const vendor = await create('manager-chilonzor', newAccount({ role: 'vendor', branch_id: chilonzor }));
    expect(vendor.statusCode, vendor.body).toBe(201);
    const [audit] = await auditRowsOf(t, ZStaffAccount.parse(vendor.json()).id);
    expect(audit).toMatchObject({ staffId: S.managerChilonzor, branchId: chilonzor });
    expect(
      (await create('manager-chilonzor', newAccount({ role: 'manager', branch_id: chilonzor }))).statusCode,
    ).toBe(201);
    for (const role of ['operator', 'courier', 'manager']) {
      await expectCreateRefused(
        'manager-chilonzor',
        { role, branch_id: null },
        403,
        'STAFF_MANAGE_CHAIN_ONLY',
      );
    }
    await expectCreateRefused(
      'manager-chilonzor',
      { role: 'vendor', branch_id: yunusobod },
      403,
      'STAFF_MANAGE_OTHER_BRANCH',
    );
  });

  it('takes a branch id in upper case as the same branch: created there, not moved, not signed out', async () => {
    const upper = chilonzor.toUpperCase();
    expect(upper).not.toBe(chilonzor);
    const created = await create(
      'manager-chilonzor',
      newAccount({ login: 'vendor-upper', role: 'vendor', branch_id: upper }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const vendor = ZStaffAccount.parse(created.json());
    expect(vendor.branch_id).toBe(chilonzor);
    const token = await signIn(t, 'vendor-upper');
    const renamed = await patch('manager-chilonzor', vendor.id, { name: 'Kitchen Two', branch_id: upper });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The same branch: no move, so the account stays signed in.
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses a login taken in any case (409), a role without its branch (400), an unknown branch (404), bad bodies (400)', async () => {
    await expectCreateRefused('manager', { login: 'OPERATOR' }, 409, 'STAFF_MANAGE_LOGIN_TAKEN');
    await expectCreateRefused(
      'manager',
      { role: 'vendor', branch_id: null },
      400,
      'STAFF_MANAGE_ROLE_BRANCH',
    );
    for (const role of ['operator', 'courier']) {
      await expectCreateRefused('manager', { role, branch_id: chilonzor }, 400, 'STAFF_MANAGE_ROLE_BRANCH');
    }
    await expectCreateRefused('manager', { role: 'vendor', branch_id: UNKNOWN }, 404, 'BRANCH_NOT_FOUND');
    for (const bad of [
      {},
      newAccount({ login: 'a b' }),
      newAccount({ login: 'ab' }),
      newAccount({ password: 'short' }),
      newAccount({ phone: '12345' }),
      newAccount({ role: 'admin' }),
      newAccount({ name: '' }),
      newAccount({ branch_id: 'chilonzor' }),
    ]) {
      expectError(await create('manager', bad), 400);
    }
  });

  it('refuses operators, vendors and couriers (403) and no token (401)', async () => {
    for (const who of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expectError(await create(who, newAccount()), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(await call('POST', '/v1/staff/accounts', { body: newAccount() }), 401);
  });
});

describe('PATCH /v1/staff/accounts/:id', () => {
  it('renames without signing out; disabling signs the account out at once and keeps it out', async () => {
    const created = ZStaffAccount.parse(
      (await create('manager', newAccount({ login: 'courier-four' }))).json(),
    );
    const token = await signIn(t, 'courier-four');
    const renamed = await patch('manager', created.id, { name: 'Courier Four', phone: '998901112233' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZStaffAccount.parse(renamed.json())).toMatchObject({
      name: 'Courier Four',
      phone: '998901112233',
    });
    expect((await me(token)).statusCode).toBe(200);

    const disabled = await patch('manager', created.id, { is_active: false });
    expect(disabled.statusCode).toBe(200);
    expect(ZStaffAccount.parse(disabled.json()).is_active).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    const live = await t.db.db.select().from(staffTokens).where(eq(staffTokens.staffId, created.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await tryLogin('courier-four', FIXTURE_STAFF_PASSWORD)).statusCode).toBe(401);
    const [audit] = await auditRowsOf(t, created.id);
    expect(audit).toMatchObject({
      staffId: S.manager,
      action: 'staff.update',
      before: { is_active: true, name: 'Courier Four' },
      after: { is_active: false, name: 'Courier Four' },
    });
  });

  it('changing a role or a branch signs the account out (its old token gets 401)', async () => {
    const created = ZStaffAccount.parse(
      (
        await create('manager', newAccount({ login: 'vendor-moves', role: 'vendor', branch_id: chilonzor }))
      ).json(),
    );
    const first = await signIn(t, 'vendor-moves');
    const moved = await patch('manager', created.id, { branch_id: yunusobod });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    const second = await signIn(t, 'vendor-moves');
    expect((await me(second)).json()).toMatchObject({ branch_id: yunusobod });
    const promoted = await patch('manager', created.id, { role: 'manager' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    const [audit] = await auditRowsOf(t, created.id);
    expect(audit).toMatchObject({
      before: { role: 'vendor' },
      after: { role: 'manager', branch_id: yunusobod },
    });
  });

  it('refuses a manager disabling or demoting itself (409), roles without their branch (400), unknown ids (404), bad bodies (400)', async () => {
    expectError(await patch('manager', S.manager, { is_active: false }), 409, 'STAFF_MANAGE_SELF');
    expectError(await patch('manager', S.manager, { role: 'operator' }), 409, 'STAFF_MANAGE_SELF');
    expectError(
      await patch('manager-chilonzor', S.managerChilonzor, { role: 'vendor' }),
      409,
      'STAFF_MANAGE_SELF',
    );
    // Its own name is fine.
    expect((await patch('manager', S.manager, { name: 'Chain Manager' })).statusCode).toBe(200);
    expectError(await patch('manager', S.courier, { role: 'vendor' }), 400, 'STAFF_MANAGE_ROLE_BRANCH');
    expectError(
      await patch('manager', S.vendorChilonzor, { branch_id: null }),
      400,
      'STAFF_MANAGE_ROLE_BRANCH',
    );
    expectError(await patch('manager', S.vendorChilonzor, { branch_id: UNKNOWN }), 404, 'BRANCH_NOT_FOUND');
    expectError(await patch('manager', UNKNOWN, { name: 'X' }), 404, 'STAFF_MANAGE_ACCOUNT_NOT_FOUND');
    for (const body of [{ role: 'admin' }, { is_active: 'no' }, { phone: '1' }, { name: '' }]) {
      expectError(await patch('manager', S.courier, body), 400);
    }
    expectError(await patch('manager', 'courier', { name: 'X' }), 400);
    expect(await account(S.manager)).toMatchObject({ isActive: true, role: 'manager' });
    expect(await account(S.courier)).toMatchObject({ role: 'courier', branchId: null });
  });

  it("keeps a branch manager to its branch's accounts, and everyone else out (403); no token (401)", async () => {
    expectError(
      await patch('manager-chilonzor', S.vendorYunusobod, { is_active: false }),
      403,
      'STAFF_MANAGE_OTHER_BRANCH',
    );
    expectError(
      await patch('manager-chilonzor', S.operator, { is_active: false }),
      403,
      'STAFF_MANAGE_CHAIN_ONLY',
    );
    expectError(await patch('manager-chilonzor', S.manager, { name: 'X' }), 403, 'STAFF_MANAGE_CHAIN_ONLY');
    // Its own vendor, but moved out of its reach.
    expectError(
      await patch('manager-chilonzor', S.vendorChilonzor, { branch_id: yunusobod }),
      403,
      'STAFF_MANAGE_OTHER_BRANCH',
    );
    for (const who of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expectError(await patch(who, S.courier, { name: 'X' }), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(await call('PATCH', `/v1/staff/accounts/${S.courier}`, { body: { name: 'X' } }), 401);
    expect(await account(S.vendorYunusobod)).toMatchObject({ isActive: true, branchId: yunusobod });
    expect(await account(S.vendorChilonzor)).toMatchObject({ branchId: chilonzor });
    // The branch manager may change its own vendor.
    const ok = await patch('manager-chilonzor', S.vendorChilonzor, { name: 'Chilonzor kitchen' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('POST /v1/staff/accounts/:id/password', () => {
  it('sets a new password and signs the account out; audited without the password', async () => {
    const token = await signIn(t, 'vendor-yunusobod');
    const res = await reset('manager-yunusobod', S.vendorYunusobod, { password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(tokens['vendor-yunusobod'])).statusCode).toBe(401);
    expect((await tryLogin('vendor-yunusobod', FIXTURE_STAFF_PASSWORD)).statusCode).toBe(401);
    await signIn(t, 'vendor-yunusobod', NEW_PASSWORD);
    const [audit] = await auditRowsOf(t, S.vendorYunusobod);
    expect(audit).toMatchObject({
      staffId: S.managerYunusobod,
      action: 'staff.password',
      branchId: yunusobod,
      before: null,
    });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt/);
  });

  it('leaves no working token to a sign-in whose password check raced a reset or a disable', async () => {
    // The hashing step is where a sign-in waits outside any lock: the manager's change lands right
    // after the password was found right, before the token is written.
    const racing = (change: () => Promise<LightMyRequestResponse>, expected: number): HashSlots =>
      ({
        run: async <T>(work: () => Promise<T>) => {
          const matched = await work();
          expect((await change()).statusCode).toBe(expected);
          return matched;
        },
      }) as unknown as HashSlots;
    const signInRacing = (login: string, hashSlots: HashSlots) =>
      staffLogin(
        { db: t.app.db, clock: clock.now, hashSlots },
        DEMO_SHIPPER_ID,
        { login, password: FIXTURE_STAFF_PASSWORD },
        { ip: '203.0.113.9', userAgent: 'race test' },
      );
    const liveTokens = async (staffId: string) =>
      (await t.db.db.select().from(staffTokens).where(eq(staffTokens.staffId, staffId))).filter(
        (row) => row.revokedAt === null,
      );
    for (const [login, change, outcome] of [
      ['racer-reset', (id: string) => reset('manager', id, { password: NEW_PASSWORD }), 204],
      ['racer-disable', (id: string) => patch('manager', id, { is_active: false }), 200],
    ] as const) {
      const created = ZStaffAccount.parse((await create('manager', newAccount({ login }))).json());
      const refused = await signInRacing(
        login,
        racing(() => change(created.id), outcome),
      ).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, login).toMatchObject({ statusCode: 401, code: 'STAFF_LOGIN_FAILED' });
      expect(await liveTokens(created.id), login).toEqual([]);
    }
    // Without a race the same path signs in.
    const created = ZStaffAccount.parse(
      (await create('manager', newAccount({ login: 'racer-none' }))).json(),
    );
    const ok = await signInRacing(
      'racer-none',
      racing(async () => me(tokens.manager), 200),
    );
    expect((await me(ok.access_token)).statusCode).toBe(200);
    expect(await liveTokens(created.id)).toHaveLength(1);
  });

  it('refuses short passwords (400), unknown ids (404), other branches and roles (403), no token (401)', async () => {
    const before = (await account(S.courier)).passwordHash;
    expectError(await reset('manager', S.courier, { password: 'short' }), 400);
    expectError(await reset('manager', S.courier, {}), 400);
    expectError(
      await reset('manager', UNKNOWN, { password: NEW_PASSWORD }),
      404,
      'STAFF_MANAGE_ACCOUNT_NOT_FOUND',
    );
    expectError(
      await reset('manager-chilonzor', S.courier, { password: NEW_PASSWORD }),
      403,
      'STAFF_MANAGE_CHAIN_ONLY',
    );
    expectError(
      await reset('manager-chilonzor', S.managerYunusobod, { password: NEW_PASSWORD }),
      403,
      'STAFF_MANAGE_OTHER_BRANCH',
    );
    for (const who of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expectError(await reset(who, S.courier, { password: NEW_PASSWORD }), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(
      await call('POST', `/v1/staff/accounts/${S.courier}/password`, { body: { password: NEW_PASSWORD } }),
      401,
    );
    expect((await account(S.courier)).passwordHash).toBe(before);
    expect((await me(tokens.courier)).statusCode).toBe(200);
  });
});
