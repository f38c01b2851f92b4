import {
  MAX_CUSTOMER_ADDRESSES,
  type TCustomerAddressList,
  type ZCustomerAddressImport,
  type ZCustomerAddressInput,
  type ZCustomerAddressPatch,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CustomerAddressRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { toCustomerAddressList } from './addresses.mapper.ts';
import {
  type AddressFields,
  deactivateOthers,
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  lockCustomer,
  type Owner,
  updateAddress,
} from './addresses.repository.ts';

export type AddressDeps = { db: Db; now: () => Date };
export type { Owner };

type AddressInput = z.output<typeof ZCustomerAddressInput>;
type AddressPatch = z.output<typeof ZCustomerAddressPatch>;
type AddressImport = z.output<typeof ZCustomerAddressImport>;

/** 404 for a missing address and for another customer's alike: never reveal that an id exists. */
const addressNotFound = () => apiError(404, 'ADDRESS_NOT_FOUND');
const limitReached = () => apiError(422, 'ADDRESS_LIMIT', { max: MAX_CUSTOMER_ADDRESSES });
const importTooLarge = () => apiError(422, 'ADDRESS_IMPORT_LIMIT', { max: MAX_CUSTOMER_ADDRESSES });

/**
 * The address text as compared for "the same address": trimmed, runs of white space made one space,
 * case ignored (the domain's confirmDeliveryPoint compares the same way in the browser).
 */
export const addressKey = (address: string): string =>
  address.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const fieldsOf = (input: AddressInput): AddressFields => ({
  name: input.name,
  address: input.address,
  city: input.city,
  lat: input.location.lat,
  long: input.location.long,
  house: input.house,
  floor: input.floor,
  porch: input.porch,
  apartment: input.apartment,
});

/** Only the fields the patch names. */
function changesOf(patch: AddressPatch): Partial<AddressFields> {
  const { location, ...texts } = patch;
  const changes: Partial<AddressFields> = {};
  for (const [key, value] of Object.entries(texts) as [keyof typeof texts, string | undefined][]) {
    if (value !== undefined) changes[key] = value;
  }
  if (location) Object.assign(changes, { lat: location.lat, long: location.long });
  return changes;
}

/**
 * Creation times strictly increase per customer, even when the clock stands still (tests, two
 * requests in one millisecond), so "oldest first" is one stable order.
 */
function creationTimes(rows: readonly CustomerAddressRow[], now: Date): () => Date {
  let last = Math.max(-Infinity, ...rows.map((r) => r.createdAt.getTime()));
  return () => {
    last = Math.max(now.getTime(), last + 1);
    return new Date(last);
  };
}

/**
 * One mutation of a customer's list in one transaction, the customer's row locked first (so the
 * count and the single active address hold under concurrent requests); answers the whole list.
 */
async function mutate(
  deps: AddressDeps,
  owner: Owner,
  change: (tx: DbOrTx, rows: CustomerAddressRow[], now: Date) => Promise<void>,
): Promise<TCustomerAddressList> {
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, owner);
    await change(tx, await listAddresses(tx, owner), deps.now());
    return toCustomerAddressList(await listAddresses(tx, owner));
  });
}

async function owned(tx: DbOrTx, owner: Owner, id: string): Promise<CustomerAddressRow> {
  const row = await findAddress(tx, owner, id);
  if (!row) throw addressNotFound();
  return row;
}

export async function listCustomerAddresses(deps: AddressDeps, owner: Owner): Promise<TCustomerAddressList> {
  return toCustomerAddressList(await listAddresses(deps.db, owner));
}

/**
 * A new address becomes the only active one (spec: saving a point makes it the only active one). An
 * address already saved with the same text (addressKey) is not saved twice (two tabs confirming the
 * same new address, one after the other): that one moves to the new location, takes the details
 * given, and becomes the only active one, as the map dialog selects it in the browser.
 */
export function createCustomerAddress(
  deps: AddressDeps,
  owner: Owner,
  input: AddressInput,
): Promise<TCustomerAddressList> {
  return mutate(deps, owner, async (tx, rows, now) => {
    const same = rows.find((row) => addressKey(row.address) === addressKey(input.address));
    if (same) {
      const given = Object.entries(fieldsOf(input)).filter(([, value]) => value !== '');
      await deactivateOthers(tx, owner, same.id);
      await updateAddress(tx, same.id, { ...Object.fromEntries(given), isActive: true, updatedAt: now });
      return;
    }
    if (rows.length >= MAX_CUSTOMER_ADDRESSES) throw limitReached();
    await deactivateOthers(tx, owner);
    await insertAddress(tx, owner, {
      ...fieldsOf(input),
      isActive: true,
      createdAt: creationTimes(rows, now)(),
    });
  });
}

/** Updating an address makes it active and deactivates all others (spec: "Address points"). */
export function updateCustomerAddress(
  deps: AddressDeps,
  owner: Owner,
  id: string,
  patch: AddressPatch,
): Promise<TCustomerAddressList> {
  return mutate(deps, owner, async (tx, _rows, now) => {
    await owned(tx, owner, id);
    await deactivateOthers(tx, owner, id);
    await updateAddress(tx, id, { ...changesOf(patch), isActive: true, updatedAt: now });
  });
}

/** Makes only this address active. */
export function activateCustomerAddress(
  deps: AddressDeps,
  owner: Owner,
  id: string,
): Promise<TCustomerAddressList> {
  return mutate(deps, owner, async (tx, _rows, now) => {
    const row = await owned(tx, owner, id);
    await deactivateOthers(tx, owner, id);
    if (!row.isActive) await updateAddress(tx, id, { isActive: true, updatedAt: now });
  });
}

/** Removes an address; removing the active one leaves none active (the location is cleared). */
export function deleteCustomerAddress(
  deps: AddressDeps,
  owner: Owner,
  id: string,
): Promise<TCustomerAddressList> {
  return mutate(deps, owner, async (tx) => {
    await owned(tx, owner, id);
    await deleteAddress(tx, id);
  });
}

/**
 * The points an anonymous customer kept in the browser join the account at sign-in. An address
 * whose text is already saved (or repeats within the import) is not added again; the imported
 * active one (the last flagged, if several) becomes the account's active address, whether it was
 * new or matched a saved one; without one the account's active address stays. All or nothing: when
 * the new addresses would take the account past MAX_CUSTOMER_ADDRESSES, nothing is imported (422).
 */
export function importCustomerAddresses(
  deps: AddressDeps,
  owner: Owner,
  body: AddressImport,
): Promise<TCustomerAddressList> {
  return mutate(deps, owner, async (tx, rows, now) => {
    const saved = new Map<string, CustomerAddressRow>();
    for (const row of rows) if (!saved.has(addressKey(row.address))) saved.set(addressKey(row.address), row);

    const fresh = new Map<string, AddressInput>();
    let activeKey: string | null = null;
    for (const item of body.addresses) {
      const key = addressKey(item.address);
      if (!saved.has(key) && !fresh.has(key)) fresh.set(key, item);
      if (item.is_active) activeKey = key;
    }
    if (rows.length + fresh.size > MAX_CUSTOMER_ADDRESSES) throw importTooLarge();

    if (activeKey !== null) await deactivateOthers(tx, owner);
    const nextCreatedAt = creationTimes(rows, now);
    for (const [key, input] of fresh) {
      await insertAddress(tx, owner, {
        ...fieldsOf(input),
        isActive: key === activeKey,
        createdAt: nextCreatedAt(),
      });
    }
    const matched = activeKey === null ? undefined : saved.get(activeKey);
    if (matched) await updateAddress(tx, matched.id, { isActive: true, updatedAt: now });
  });
}
