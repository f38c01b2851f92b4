import type { SeedStaff } from '../db/seed/staff.ts';
import { DEFAULT_STAFF_DEMO_PASSWORD } from '../env.ts';

/** The password every fixture staff account gets (the seed's default). */
export const FIXTURE_STAFF_PASSWORD = DEFAULT_STAFF_DEMO_PASSWORD;

/**
 * Staff of the test chain: one operator, a vendor at chilonzor and one at yunusobod (another branch),
 * and two couriers (so one can be refused the other's orders).
 */
export const fixtureStaff: SeedStaff[] = [
  { login: 'operator', name: 'Operator One', phone: '998712000001', role: 'operator' },
  {
    login: 'vendor-chilonzor',
    name: 'Chilonzor kitchen',
    phone: '998712000002',
    role: 'vendor',
    branch: 'chilonzor',
  },
  {
    login: 'vendor-yunusobod',
    name: 'Yunusobod kitchen',
    phone: '998712000003',
    role: 'vendor',
    branch: 'yunusobod',
  },
  { login: 'courier', name: 'Courier One', phone: '998901000001', role: 'courier' },
  { login: 'courier-2', name: 'Courier Two', phone: '998901000002', role: 'courier' },
];
