import type { SeedCatalog } from './catalog.ts';
import { autoAdd } from './data/auto-add.ts';
import { branches } from './data/branches.ts';
import { categories } from './data/categories.ts';
import { cities } from './data/cities.ts';
import { menus } from './data/menus.ts';
import { places } from './data/places.ts';
import { pricing } from './data/pricing.ts';
import { products } from './data/products.ts';
import { reviews } from './data/reviews.ts';
import { shipper } from './data/shipper.ts';
import { staff } from './data/staff.ts';
import { tags } from './data/tags.ts';
import { zones } from './data/zones.ts';

/** The demo chain "Baraka" (the content pages are loaded by ./content.ts). */
export const demoCatalog: SeedCatalog = {
  shipper,
  menus,
  cities,
  branches,
  categories,
  tags,
  products,
  autoAdd,
  reviews,
  zones,
  places,
  pricing,
  staff,
};
