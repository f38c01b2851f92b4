import type { TCustomerAddress, TCustomerAddressList } from '@app/contracts';
import type { CustomerAddressRow } from '../../db/schema/index.ts';

export function toCustomerAddress(row: CustomerAddressRow): TCustomerAddress {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    location: { lat: row.lat, long: row.long },
    house: row.house,
    floor: row.floor,
    porch: row.porch,
    apartment: row.apartment,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Rows in the order given (the repository's: oldest first). */
export function toCustomerAddressList(rows: readonly CustomerAddressRow[]): TCustomerAddressList {
  return { count: rows.length, addresses: rows.map(toCustomerAddress) };
}
