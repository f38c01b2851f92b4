import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { DEFAULT_STAFF_DEMO_PASSWORD } from '../../env.ts';

/**
 * The start log's lines on how to sign in as staff: the chain's active staff logins with their roles,
 * and where the password comes from (the default is printed; one set in STAFF_DEMO_PASSWORD is not).
 * Empty when the chain has no staff.
 */
export async function staffSignInBanner(
  db: DbOrTx,
  params: { shipperId: string; password: string; apiUrl: string },
): Promise<string[]> {
  const rows = await db
    .select({ login: staffAccounts.login, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.shipperId, params.shipperId), eq(staffAccounts.isActive, true)))
    .orderBy(asc(staffAccounts.role), asc(staffAccounts.login))
    .limit(20);
  if (rows.length === 0) return [];
  const password =
    params.password === DEFAULT_STAFF_DEMO_PASSWORD
      ? `password '${DEFAULT_STAFF_DEMO_PASSWORD}' (STAFF_DEMO_PASSWORD)`
      : 'password from STAFF_DEMO_PASSWORD';
  return [
    `Staff: POST ${params.apiUrl}/v1/staff/login as ${rows.map((r) => `${r.login} (${r.role})`).join(', ')}; ${password}`,
  ];
}
