import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Db } from '../../db/client.ts';
import type { LoyaltyDeps } from '../loyalty/loyalty.service.ts';

/** What the staff API's services need: the database, the clock, the bus, and the loyalty ledger (cancels). */
export type StaffDeps = {
  db: Db;
  clock: () => Date;
  orderEvents: Pick<OrderEvents, 'publish'>;
} & LoyaltyDeps;
