import type { TShipper, ZCitiesResponse } from '@app/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { toCity, toShipper } from './shippers.mapper.ts';
import { findShipper, listCities } from './shippers.repository.ts';

export async function getShipper(db: DbOrTx, id: string): Promise<TShipper> {
  const row = await findShipper(db, id.toLowerCase());
  if (!row) throw apiError(404, 'SHIPPER_NOT_FOUND');
  return toShipper(row);
}

export async function getCities(db: DbOrTx, shipperId: string): Promise<z.infer<typeof ZCitiesResponse>> {
  const rows = await listCities(db, shipperId);
  return { cities: rows.map(toCity) };
}
