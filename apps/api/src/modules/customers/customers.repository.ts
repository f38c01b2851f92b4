import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CustomerRow, customers, customerTokens } from '../../db/schema/index.ts';

export const CUSTOMER_PHONE_UNIQUE = 'customers_shipper_phone_unique';

export async function findCustomerByPhone(
  db: DbOrTx,
  params: { shipperId: string; phone: string },
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shipperId, params.shipperId), eq(customers.phone, params.phone)))
    .limit(1);
  return row;
}

/** Another customer of the chain holding this phone (the phone-change conflict). */
export async function phoneOwnedByOther(
  db: DbOrTx,
  params: { shipperId: string; phone: string; customerId: string },
): Promise<boolean> {
  const count = await db.$count(
    customers,
    and(
      eq(customers.shipperId, params.shipperId),
      eq(customers.phone, params.phone),
      ne(customers.id, params.customerId),
    ),
  );
  return count > 0;
}

export async function insertCustomer(
  tx: DbOrTx,
  values: { shipperId: string; name: string; phone: string; registrationSource: string; now: Date },
): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({
      shipperId: values.shipperId,
      name: values.name,
      phone: values.phone,
      registrationSource: values.registrationSource,
      dateOfBirth: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('Inserting a customer returned no row');
  return row;
}

export async function updateCustomer(
  tx: DbOrTx,
  id: string,
  changes: { name?: string; phone?: string; dateOfBirth?: string | null; now: Date },
): Promise<CustomerRow> {
  const { now, ...fields } = changes;
  const [row] = await tx
    .update(customers)
    .set({ ...fields, updatedAt: now })
    .where(eq(customers.id, id))
    .returning();
  if (!row) throw new Error(`Customer ${id} vanished during an update`);
  return row;
}

export async function insertToken(
  tx: DbOrTx,
  values: { customerId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(customerTokens).values({
    customerId: values.customerId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** A token that is live now (not revoked, not expired) and of this chain's customer. */
const liveToken = (params: { tokenHash: string; shipperId: string; now: Date }) =>
  and(
    eq(customerTokens.tokenHash, params.tokenHash),
    isNull(customerTokens.revokedAt),
    gt(customerTokens.expiresAt, params.now),
    eq(customers.shipperId, params.shipperId),
  );

/**
 * The customer a live token (not revoked, not expired, of this chain) belongs to, with the token's
 * id (what sign-out revokes) and expiry (when its open status streams end).
 */
export async function findCustomerByToken(
  db: DbOrTx,
  params: { tokenHash: string; shipperId: string; now: Date },
): Promise<{ customer: CustomerRow; tokenId: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ customer: customers, tokenId: customerTokens.id, expiresAt: customerTokens.expiresAt })
    .from(customerTokens)
    .innerJoin(customers, eq(customers.id, customerTokens.customerId))
    .where(liveToken(params))
    .limit(1);
  return row;
}

/**
 * The live token's customer id, without the customer's row: what the order routes need
 * (http/auth.ts's requireSignedIn, which keeps it in http/signed-in-tokens.ts).
 */
export async function findCustomerIdByToken(
  db: DbOrTx,
  params: { tokenHash: string; shipperId: string; now: Date },
): Promise<{ customerId: string; tokenId: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ customerId: customers.id, tokenId: customerTokens.id, expiresAt: customerTokens.expiresAt })
    .from(customerTokens)
    .innerJoin(customers, eq(customers.id, customerTokens.customerId))
    .where(liveToken(params))
    .limit(1);
  return row;
}

export async function revokeToken(db: DbOrTx, params: { tokenId: string; now: Date }): Promise<void> {
  await db
    .update(customerTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(customerTokens.id, params.tokenId), isNull(customerTokens.revokedAt)));
}
