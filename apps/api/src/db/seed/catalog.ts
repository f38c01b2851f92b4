import type { TLocalizedText } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { imageFor } from '../../images/images.ts';
import { storedSearchKey, storedSearchSkeleton } from '../../modules/products/products.search.ts';
import type { DbOrTx, Tx } from '../client.ts';
import {
  autoAddProducts,
  branches,
  branchStopList,
  categories,
  cities,
  comboGroupOptions,
  comboGroups,
  groupModifiers,
  groupModifierVariants,
  menuProducts,
  menus,
  productCategories,
  products,
  productTags,
  reviews,
  shippers,
  singleModifiers,
  tags,
} from '../schema/index.ts';
import { stableId } from './ids.ts';
import { loadLocation } from './location.ts';
import { loadPricing, type SeedPricing } from './pricing.ts';
import type { SeedStaff } from './staff.ts';
import type {
  MenuKey,
  SeedAutoAdd,
  SeedBranch,
  SeedCategory,
  SeedCity,
  SeedMenu,
  SeedPlace,
  SeedProduct,
  SeedReview,
  SeedShipper,
  SeedTag,
  SeedZone,
} from './types.ts';

/** The demo chain as the data files under ./data describe it. */
export type SeedCatalog = {
  shipper: SeedShipper;
  menus: SeedMenu[];
  cities: SeedCity[];
  branches: SeedBranch[];
  categories: SeedCategory[];
  tags: SeedTag[];
  products: SeedProduct[];
  autoAdd: SeedAutoAdd[];
  reviews: SeedReview[];
  /** Delivery zones (issue 4); absent: none. */
  zones?: SeedZone[];
  /** The local geocoder's gazetteer; absent: none. */
  places?: SeedPlace[];
  /** Delivery fares, discounts and promo codes (issue 5); absent: none. */
  pricing?: SeedPricing;
  /** Staff accounts (issue 5), loaded by seedDatabase with the demo password; absent: none. */
  staff?: SeedStaff[];
};

const DAY_MS = 86_400_000;

/**
 * What the product search matches (modules/products/products.search.ts): the keys of every title and
 * of the slug (Latin even for Cyrillic-only names), each text apart.
 */
export function productSearchKey(title: TLocalizedText, slug: string): string {
  return storedSearchKey({ title, slug });
}

/** The skeletons of the same texts (products.search.ts). */
export function productSearchSkeleton(title: TLocalizedText, slug: string): string {
  return storedSearchSkeleton({ title, slug });
}

function lookup(ids: Map<string, string>, what: string, key: string, where: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`Seed data: ${where} names unknown ${what} '${key}'`);
  return id;
}

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  // Far below PostgreSQL's 65,535 bind parameters per statement even for wide rows.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length) await insert(chunk);
  }
}

/**
 * Writes the whole catalogue of one shipper. Runs inside the seed's transaction: any broken
 * reference (a stop list naming an unknown product...) throws and nothing is written.
 */
export async function loadCatalog(
  tx: Tx,
  data: SeedCatalog,
  shipperId: string,
  now = new Date(),
): Promise<void> {
  const { shipper } = data;
  const shipperAlt = { ru: shipper.name, uz: shipper.name, en: shipper.name };
  await tx.insert(shippers).values({
    id: shipperId,
    name: shipper.name,
    logo: imageFor('logos', `${shipper.name}-logo`, shipper.logo, shipperAlt),
    phone: shipper.phone,
    workHourStart: shipper.work_hour_start,
    workHourEnd: shipper.work_hour_end,
    minimalOrderPrice: shipper.minimal_order_price,
    description: shipper.description,
    socials: shipper.socials,
    appLinks: shipper.app_links,
    paymentTypes: shipper.payment_types,
    sisterBrands: shipper.sister_brands.map((brand) => ({
      id: brand.key,
      name: brand.name,
      url: brand.url,
      logo: imageFor('logos', brand.key, brand.logo, { ru: brand.name, uz: brand.name, en: brand.name }),
    })),
  });

  const menuIds = new Map<string, string>(data.menus.map((m) => [m.key, stableId('menu', m.key)]));
  await tx.insert(menus).values(
    data.menus.map((m) => ({
      id: lookup(menuIds, 'menu', m.key, 'menus'),
      shipperId,
      key: m.key,
      name: m.name,
    })),
  );

  await tx.insert(cities).values(
    data.cities.map((c, position) => ({
      id: stableId('city', c.slug),
      shipperId,
      slug: c.slug,
      name: c.name,
      lat: c.location.lat,
      long: c.location.long,
      defaultMenuId: lookup(menuIds, 'menu', c.default_menu, `city ${c.slug}`),
      position,
    })),
  );

  const categoryIds = new Map(data.categories.map((c) => [c.slug, stableId('category', c.slug)]));
  await tx
    .insert(categories)
    .values(
      data.categories.map((c, position) => ({ id: stableId('category', c.slug), shipperId, ...c, position })),
    );
  const tagIds = new Map(data.tags.map((t) => [t.slug, stableId('tag', t.slug)]));
  if (data.tags.length) {
    await tx
      .insert(tags)
      .values(data.tags.map((t, position) => ({ id: stableId('tag', t.slug), shipperId, ...t, position })));
  }

  const productIds = new Map<string, string>();
  for (const p of data.products) {
    productIds.set(p.slug, stableId('product', p.slug));
    for (const v of p.variants ?? []) productIds.set(v.slug, stableId('product', v.slug));
  }
  if (
    productIds.size !==
    data.products.length + data.products.reduce((n, p) => n + (p.variants?.length ?? 0), 0)
  ) {
    throw new Error('Seed data: product and variant slugs must be unique');
  }

  type ProductInsert = typeof products.$inferInsert;
  type MenuProductInsert = typeof menuProducts.$inferInsert;
  const productRows: ProductInsert[] = [];
  const menuRows: MenuProductInsert[] = [];
  const categoryRows: (typeof productCategories.$inferInsert)[] = [];
  const tagRows: (typeof productTags.$inferInsert)[] = [];
  const comboGroupRows: (typeof comboGroups.$inferInsert)[] = [];
  const comboOptionRows: (typeof comboGroupOptions.$inferInsert)[] = [];
  const singleRows: (typeof singleModifiers.$inferInsert)[] = [];
  const groupRows: (typeof groupModifiers.$inferInsert)[] = [];
  const groupVariantRows: (typeof groupModifierVariants.$inferInsert)[] = [];
  const categoryPositions = new Map<string, number>();

  data.products.forEach((p, position) => {
    const id = lookup(productIds, 'product', p.slug, 'products');
    const image = imageFor('products', p.slug, p.image, p.title);
    productRows.push({
      id,
      shipperId,
      slug: p.slug,
      type: p.type,
      parentId: null,
      title: p.title,
      description: p.description,
      ingredients: p.ingredients,
      allergens: p.allergens,
      property: null,
      outPrice: p.price,
      weight: p.weight,
      energy: p.energy,
      fats: p.fats,
      proteins: p.proteins,
      carbohydrates: p.carbohydrates,
      cookingTime: p.cooking_time,
      popularity: p.popularity,
      image,
      searchKey: productSearchKey(p.title, p.slug),
      searchSkeleton: productSearchSkeleton(p.title, p.slug),
      position,
    });
    const onMenus = Object.entries(p.menus) as [MenuKey, number | undefined][];
    for (const [menu, price] of onMenus) {
      if (price === undefined) continue;
      menuRows.push({ menuId: lookup(menuIds, 'menu', menu, `product ${p.slug}`), productId: id, price });
    }
    for (const slug of p.categories) {
      const categoryId = lookup(categoryIds, 'category', slug, `product ${p.slug}`);
      const next = categoryPositions.get(categoryId) ?? 0;
      categoryPositions.set(categoryId, next + 1);
      categoryRows.push({ productId: id, categoryId, position: next });
    }
    p.tags.forEach((slug, tagPosition) => {
      tagRows.push({
        productId: id,
        tagId: lookup(tagIds, 'tag', slug, `product ${p.slug}`),
        position: tagPosition,
      });
    });
    // A variant costs, on every menu, its own price shifted by what that menu adds to the base size.
    for (const v of p.variants ?? []) {
      const variantId = lookup(productIds, 'product', v.slug, `product ${p.slug}`);
      const ratio = p.weight > 0 ? v.weight / p.weight : 1;
      productRows.push({
        id: variantId,
        shipperId,
        slug: v.slug,
        type: 'simple',
        parentId: id,
        title: v.title,
        description: p.description,
        ingredients: p.ingredients,
        allergens: p.allergens,
        property: v.property,
        outPrice: v.price,
        weight: v.weight,
        energy: Math.round(p.energy * ratio),
        fats: Math.round(p.fats * ratio * 10) / 10,
        proteins: Math.round(p.proteins * ratio * 10) / 10,
        carbohydrates: Math.round(p.carbohydrates * ratio * 10) / 10,
        cookingTime: p.cooking_time,
        popularity: 0,
        image,
        searchKey: productSearchKey(v.title, v.slug),
        searchSkeleton: productSearchSkeleton(v.title, v.slug),
        position,
      });
      for (const [menu, price] of onMenus) {
        if (price === undefined) continue;
        menuRows.push({
          menuId: lookup(menuIds, 'menu', menu, `product ${p.slug}`),
          productId: variantId,
          price: Math.max(0, v.price + (price - p.price)),
        });
      }
    }
    (p.combo_groups ?? []).forEach((g, groupPosition) => {
      const groupId = stableId('combo-group', `${p.slug}/${g.key}`);
      comboGroupRows.push({ id: groupId, productId: id, title: g.title, position: groupPosition });
      g.options.forEach((o, optionPosition) => {
        comboOptionRows.push({
          id: stableId('combo-option', `${p.slug}/${g.key}/${o.product}`),
          groupId,
          productId: lookup(productIds, 'product', o.product, `combo ${p.slug}`),
          extraPrice: o.extra_price,
          position: optionPosition,
        });
      });
    });
    (p.single_modifiers ?? []).forEach((m, modifierPosition) => {
      singleRows.push({
        id: stableId('single-modifier', `${p.slug}/${m.key}`),
        productId: id,
        name: m.name,
        price: m.price,
        isCompulsory: m.is_compulsory,
        categoryName: m.category_name,
        maxAmount: m.max_amount,
        position: modifierPosition,
      });
    });
    (p.group_modifiers ?? []).forEach((g, groupPosition) => {
      const groupId = stableId('group-modifier', `${p.slug}/${g.key}`);
      groupRows.push({
        id: groupId,
        productId: id,
        name: g.name,
        minAmount: g.min_amount,
        maxAmount: g.max_amount,
        position: groupPosition,
      });
      g.variants.forEach((v, variantPosition) => {
        groupVariantRows.push({
          id: stableId('group-modifier-variant', `${p.slug}/${g.key}/${v.key}`),
          groupId,
          title: v.title,
          price: v.price,
          position: variantPosition,
        });
      });
    });
  });

  await insertAll(productRows, (chunk) => tx.insert(products).values(chunk));
  await insertAll(menuRows, (chunk) => tx.insert(menuProducts).values(chunk));
  await insertAll(categoryRows, (chunk) => tx.insert(productCategories).values(chunk));
  await insertAll(tagRows, (chunk) => tx.insert(productTags).values(chunk));
  await insertAll(comboGroupRows, (chunk) => tx.insert(comboGroups).values(chunk));
  await insertAll(comboOptionRows, (chunk) => tx.insert(comboGroupOptions).values(chunk));
  await insertAll(singleRows, (chunk) => tx.insert(singleModifiers).values(chunk));
  await insertAll(groupRows, (chunk) => tx.insert(groupModifiers).values(chunk));
  await insertAll(groupVariantRows, (chunk) => tx.insert(groupModifierVariants).values(chunk));

  const stopRows: (typeof branchStopList.$inferInsert)[] = [];
  await tx.insert(branches).values(
    data.branches.map((b, position) => {
      const id = stableId('branch', b.slug);
      for (const slug of b.stop_list) {
        stopRows.push({
          branchId: id,
          productId: lookup(productIds, 'product', slug, `branch ${b.slug} stop list`),
        });
      }
      return {
        id,
        shipperId,
        slug: b.slug,
        city: b.city,
        name: b.name,
        address: b.address,
        destination: b.destination,
        phone: b.phone,
        lat: b.location.lat,
        long: b.location.long,
        menuId: lookup(menuIds, 'menu', b.menu, `branch ${b.slug}`),
        workHourStart: b.work_hour_start,
        workHourEnd: b.work_hour_end,
        deliveryTime: b.delivery_time,
        ...(b.cooking_time !== undefined ? { cookingTime: b.cooking_time } : {}),
        futureDeliveryOrderTime: b.future_delivery_order_time,
        futureSelfPickupOrderTime: b.future_self_pickup_order_time,
        isActive: b.is_active,
        hasParking: b.has_parking,
        seatsCount: b.seats_count,
        hasPlayground: b.has_playground,
        virtualTour: b.virtual_tour,
        images: [imageFor('branches', b.slug, b.image, b.name)],
        position,
      };
    }),
  );
  await insertAll(stopRows, (chunk) => tx.insert(branchStopList).values(chunk));

  await insertAll(
    data.autoAdd.map((a, position) => ({
      id: stableId('auto-add', `${a.product}/${a.delivery_type ?? 'any'}/${position}`),
      shipperId,
      productId: lookup(productIds, 'product', a.product, 'auto-add'),
      quantity: a.quantity,
      deliveryType: a.delivery_type,
      minOrderPrice: a.min_order_price,
      position,
    })),
    (chunk) => tx.insert(autoAddProducts).values(chunk),
  );

  const reviewCounts = new Map<string, number>();
  await insertAll(
    data.reviews.map((r) => {
      const n = reviewCounts.get(r.product) ?? 0;
      reviewCounts.set(r.product, n + 1);
      return {
        id: stableId('review', `${r.product}/${n}`),
        productId: lookup(productIds, 'product', r.product, 'reviews'),
        customerId: null,
        rating: r.rating,
        message: r.message,
        clientName: r.client_name,
        // Relative to the day the chain is seeded, so the demo always has recent reviews.
        createdAt: new Date(now.getTime() - r.days_ago * DAY_MS - n * 60_000),
      };
    }),
    (chunk) => tx.insert(reviews).values(chunk),
  );

  // Delivery zones and the gazetteer (issue 4), after the branches they name.
  await loadLocation(tx, { zones: data.zones, places: data.places }, shipperId);
  // Fares, discounts and promo codes (issue 5), after the zones and products they name.
  if (data.pricing) await loadPricing(tx, data.pricing, shipperId, { strict: true });
}

/**
 * Brings stored search keys up to date with the current folding rules of @app/domain, so a change
 * there takes effect on the next start without a reseed. Writes only the rows whose key changed.
 */
export async function refreshSearchKeys(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      searchKey: products.searchKey,
      searchSkeleton: products.searchSkeleton,
    })
    .from(products);
  let updated = 0;
  for (const row of rows) {
    const key = productSearchKey(row.title, row.slug);
    const skeleton = productSearchSkeleton(row.title, row.slug);
    if (key === row.searchKey && skeleton === row.searchSkeleton) continue;
    await db
      .update(products)
      .set({ searchKey: key, searchSkeleton: skeleton })
      .where(eq(products.id, row.id));
    updated++;
  }
  return updated;
}
