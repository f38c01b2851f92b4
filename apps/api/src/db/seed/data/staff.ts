import type { SeedStaff } from '../staff.ts';

/**
 * The demo chain's staff (issues 5 and 13): one account per role, all with the password STAFF_DEMO_PASSWORD
 * (default 'baraka-staff-demo'). The vendor works at Chilonzor, the branch that never closes, so the
 * demo can be driven at any hour.
 */
export const staff: SeedStaff[] = [
  { login: 'operator', name: 'Dilnoza Karimova', phone: '998712001001', role: 'operator' },
  {
    login: 'vendor-chilonzor',
    name: 'Baraka Chilonzor kitchen',
    phone: '998712001002',
    role: 'vendor',
    branch: 'tashkent-chilonzor',
  },
  { login: 'courier', name: 'Sardor Toshmatov', phone: '998901234567', role: 'courier' },
  // Issue 13: the chain's manager (stop list, prices, pauses, hours, staff, figures, audit log).
  { login: 'manager', name: 'Malika Yusupova', phone: '998712001003', role: 'manager' },
];
