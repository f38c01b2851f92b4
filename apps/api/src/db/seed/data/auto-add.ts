import type { SeedAutoAdd } from '../types.ts';

/** Every delivery gets a free set of napkins and cutlery; it is a default cart line the customer cannot double. */
export const autoAdd: SeedAutoAdd[] = [
  { product: 'napkins-cutlery-set', quantity: 1, delivery_type: 'delivery', min_order_price: 0 },
];
