/**
 * The manager's workspace in tests: the fixture chain's staff (an operator, a vendor at chilonzor and
 * one at yunusobod, two couriers) plus managers created here (the fixture chain has none): a chain
 * manager and one for each of those two branches. `signInAll` answers a token per login;
 * `useManagerWorkspace` starts a test file's app with all of that before its tests and closes it after.
 */
import { ZApiError, ZStaffLoginResponse } from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { staffAccounts, staffAuditLog } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import type { TestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { ORDER_FIXTURE } from '../../test/orders.ts';
import { hashPassword } from '../staff/passwords.ts';

export const MANAGE_FIXTURE = {
  chilonzor: ORDER_FIXTURE.chilonzor,
  yunusobod: ORDER_FIXTURE.yunusobod,
  staff: {
    operator: stableId('staff', 'operator'),
    vendorChilonzor: stableId('staff', 'vendor-chilonzor'),
    vendorYunusobod: stableId('staff', 'vendor-yunusobod'),
    courier: stableId('staff', 'courier'),
    manager: stableId('staff', 'manager'),
    managerChilonzor: stableId('staff', 'manager-chilonzor'),
    managerYunusobod: stableId('staff', 'manager-yunusobod'),
  },
} as const;

/** Every login the tests sign in with. */
export const LOGINS = [
  'operator',
  'vendor-chilonzor',
  'vendor-yunusobod',
  'courier',
  'manager',
  'manager-chilonzor',
  'manager-yunusobod',
] as const;
export type Login = (typeof LOGINS)[number];

/** Adds the managers: the chain's and one per branch (chilonzor, yunusobod). */
export async function addTestManagers(t: TestApp): Promise<void> {
  const passwordHash = await hashPassword(FIXTURE_STAFF_PASSWORD);
  const managers = [
    { login: 'manager', name: 'Chain Manager', phone: '998712009001', branchId: null },
    {
      login: 'manager-chilonzor',
      name: 'Chilonzor Manager',
      phone: '998712009002',
      branchId: MANAGE_FIXTURE.chilonzor,
    },
    {
      login: 'manager-yunusobod',
      name: 'Yunusobod Manager',
      phone: '998712009003',
      branchId: MANAGE_FIXTURE.yunusobod,
    },
  ];
  await t.db.db.insert(staffAccounts).values(
    managers.map((m) => ({
      id: stableId('staff', m.login),
      shipperId: DEMO_SHIPPER_ID,
      login: m.login,
      name: m.name,
      phone: m.phone,
      role: 'manager' as const,
      branchId: m.branchId,
      passwordHash,
    })),
  );
}

export async function signIn(t: TestApp, login: string, password = FIXTURE_STAFF_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    headers: CLIENT_HEADERS,
    payload: { login, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login}: ${res.statusCode} ${res.body}`);
  return ZStaffLoginResponse.parse(res.json()).access_token;
}

export async function signInAll(t: TestApp): Promise<Record<Login, string>> {
  const tokens = {} as Record<Login, string>;
  for (const login of LOGINS) tokens[login] = await signIn(t, login);
  return tokens;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request with the client headers, a staff token and a JSON body. */
export const callAs =
  (t: TestApp) =>
  (
    method: Method,
    url: string,
    opts: { token?: string; body?: unknown; lang?: string } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: {
        ...CLIENT_HEADERS,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

/** The newest audit rows about one target, newest first. */
export async function auditRowsOf(t: TestApp, targetId: string) {
  return t.db.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.shipperId, DEMO_SHIPPER_ID), eq(staffAuditLog.targetId, targetId)))
    .orderBy(desc(staffAuditLog.id));
}

/** A manager test file's app on its clock, with the test managers added and every login signed in. */
export type ManagerWorkspace = { t: TestApp; tokens: Record<Login, string>; call: ReturnType<typeof callAs> };

/**
 * Before the file's tests: builds the app on `clock`, adds the test managers, signs every login in and
 * hands the workspace to `use`; after them: closes the app.
 */
export function useManagerWorkspace(clock: TestClock, use: (workspace: ManagerWorkspace) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ clock: clock.now });
    await addTestManagers(app);
    const tokens = await signInAll(app);
    use({ t: app, tokens, call: callAs(app) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
}

/** The answer is a refusal with `status`, a JSON error with a message and, if given, that `code`. */
export function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code?: string,
): void {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = ZApiError.parse(res.json());
  expect(body.message).not.toBe('');
  if (code) expect(body.code).toBe(code);
}
