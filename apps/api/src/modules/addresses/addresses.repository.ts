import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CustomerAddressRow, customerAddresses, customers } from '../../db/schema/index.ts';

/** Whose addresses: a customer of one chain. */
export type Owner = { shipperId: string; customerId: string };

/** The columns a customer writes (everything but ids, the active flag and the timestamps). */
export type AddressFields = Pick<
  CustomerAddressRow,
  'name' | 'address' | 'city' | 'lat' | 'long' | 'house' | 'floor' | 'porch' | 'apartment'
>;

const owned = (owner: Owner) =>
  and(eq(customerAddresses.shipperId, owner.shipperId), eq(customerAddresses.customerId, owner.customerId));

/**
 * Locks the customer's row until the transaction ends, so two requests of the same customer change
 * the address list one after the other (the limit count and the single active address stay true).
 */
export async function lockCustomer(tx: DbOrTx, owner: Owner): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, owner.customerId), eq(customers.shipperId, owner.shipperId)))
    .for('update');
}

/** The customer's addresses, oldest first. */
export async function listAddresses(db: DbOrTx, owner: Owner): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(owned(owner))
    .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id));
}

/** One of the customer's addresses; another customer's id finds nothing. */
export async function findAddress(
  db: DbOrTx,
  owner: Owner,
  id: string,
): Promise<CustomerAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(owned(owner), eq(customerAddresses.id, id)))
    .limit(1);
  return row;
}

export async function insertAddress(
  tx: DbOrTx,
  owner: Owner,
  values: AddressFields & { isActive: boolean; createdAt: Date },
): Promise<CustomerAddressRow> {
  const [row] = await tx
    .insert(customerAddresses)
    .values({ ...owner, ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('Inserting a customer address returned no row');
  return row;
}

/** Changes an address's fields (only those given). */
export async function updateAddress(
  tx: DbOrTx,
  id: string,
  changes: Partial<AddressFields> & { isActive?: boolean; updatedAt: Date },
): Promise<void> {
  await tx.update(customerAddresses).set(changes).where(eq(customerAddresses.id, id));
}

/**
 * Clears the active flag of every address of the customer except `keepId`. Runs before an address
 * is made active: the partial unique index allows one active address per customer at any moment.
 */
export async function deactivateOthers(tx: DbOrTx, owner: Owner, keepId?: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isActive: false })
    .where(
      and(
        owned(owner),
        eq(customerAddresses.isActive, true),
        keepId ? ne(customerAddresses.id, keepId) : undefined,
      ),
    );
}

export async function deleteAddress(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(customerAddresses).where(eq(customerAddresses.id, id));
}
