import type { SeedProduct } from '../types.ts';
import { comboProducts } from './products-combos.ts';
import { drinkProducts } from './products-drinks.ts';
import { fastFoodProducts } from './products-fast-food.ts';
import { nationalProducts } from './products-national.ts';
import { sideProducts } from './products-sides.ts';

/** Every product of the chain, in menu order within each category. */
export const products: SeedProduct[] = [
  ...nationalProducts,
  ...fastFoodProducts,
  ...sideProducts,
  ...drinkProducts,
  ...comboProducts,
];
