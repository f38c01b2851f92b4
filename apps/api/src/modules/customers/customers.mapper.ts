import type { TCustomer } from '@app/contracts';
import type { CustomerRow } from '../../db/schema/index.ts';

export function toCustomer(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    registration_source: row.registrationSource,
    created_at: row.createdAt.toISOString(),
  };
}
