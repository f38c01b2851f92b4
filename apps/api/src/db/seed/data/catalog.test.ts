import { icons as fluentEmoji } from '@iconify-json/fluent-emoji-flat';
import { describe, expect, it } from 'vitest';
import type { L, MenuKey, SeedImage, SeedProduct } from '../types.ts';
import { autoAdd } from './auto-add.ts';
import { branches } from './branches.ts';
import { categories } from './categories.ts';
import { cities } from './cities.ts';
import { menus } from './menus.ts';
import { products } from './products.ts';
import { reviews } from './reviews.ts';
import { shipper } from './shipper.ts';
import { tags } from './tags.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE = /^998\d{9}$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
const CYRILLIC = /[\u0400-\u04FF]/;
// Uzbek Latin is typed with the ASCII apostrophe (o', g', tutuq belgisi); curly quotes and the
// modifier letters break search and look inconsistent next to each other.
const NON_ASCII_APOSTROPHE = /[\u2018\u2019\u02BB\u02BC`]/;
// Uzbekistan's bounding box.
const UZ_BOUNDS = { minLat: 37.1, maxLat: 45.6, minLong: 55.9, maxLong: 73.2 };

const menuKeys = new Set(menus.map((m) => m.key));
const productBySlug = new Map(products.map((p) => [p.slug, p]));
const autoAddSlugs = new Set(autoAdd.map((a) => a.product));

function expectText(text: L, where: string) {
  for (const locale of ['ru', 'uz', 'en'] as const) {
    expect(text[locale].trim(), `${where}.${locale}`).not.toBe('');
  }
  expect(CYRILLIC.test(text.uz), `${where}.uz must be Latin script: ${text.uz}`).toBe(false);
  expect(NON_ASCII_APOSTROPHE.test(text.uz), `${where}.uz apostrophe: ${text.uz}`).toBe(false);
  expect(CYRILLIC.test(text.en), `${where}.en has Cyrillic: ${text.en}`).toBe(false);
}

function expectImage(image: SeedImage, where: string) {
  expect(
    fluentEmoji.icons[image.icon],
    `${where}: icon '${image.icon}' is not in fluent-emoji-flat`,
  ).toBeDefined();
  expect(image.background, `${where}: background`).toMatch(COLOUR);
}

function expectInUzbekistan(location: { lat: number; long: number }, where: string) {
  expect(location.lat, `${where}.lat`).toBeGreaterThan(UZ_BOUNDS.minLat);
  expect(location.lat, `${where}.lat`).toBeLessThan(UZ_BOUNDS.maxLat);
  expect(location.long, `${where}.long`).toBeGreaterThan(UZ_BOUNDS.minLong);
  expect(location.long, `${where}.long`).toBeLessThan(UZ_BOUNDS.maxLong);
}

/** Great-circle distance in kilometres. */
function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function expectSum(value: number, where: string, { allowZero = false } = {}) {
  expect(Number.isInteger(value), `${where} = ${value} must be whole sums`).toBe(true);
  if (allowZero) expect(value, where).toBeGreaterThanOrEqual(0);
  else expect(value, where).toBeGreaterThan(0);
}

function expectHttps(url: string, where: string) {
  expect(new URL(url).protocol, `${where}: ${url}`).toBe('https:');
}

function duplicates(values: string[]) {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

function menuEntries(p: SeedProduct) {
  return Object.entries(p.menus) as [MenuKey, number][];
}

describe('shipper', () => {
  it('has the hotline, hours, minimal order price and payment types', () => {
    expect(shipper.name).toBe('Baraka');
    expect(shipper.phone).toMatch(PHONE);
    expect(shipper.work_hour_start).toMatch(CLOCK);
    expect(shipper.work_hour_end).toMatch(CLOCK);
    expect(shipper.minimal_order_price).toBe(50_000);
    expect([...shipper.payment_types].sort()).toEqual(['card', 'cash', 'click', 'loyalty', 'payme']);
    expectText(shipper.description, 'shipper.description');
    expectImage(shipper.logo, 'shipper.logo');
  });

  it('links the four social networks and both app stores over https', () => {
    expect(shipper.socials.map((s) => s.type).sort()).toEqual([
      'facebook',
      'instagram',
      'telegram',
      'youtube',
    ]);
    for (const s of shipper.socials) expectHttps(s.url, `social ${s.type}`);
    expect(shipper.app_links.app_store).not.toBeNull();
    expect(shipper.app_links.play_market).not.toBeNull();
    expectHttps(shipper.app_links.app_store ?? '', 'app_store');
    expectHttps(shipper.app_links.play_market ?? '', 'play_market');
  });

  it('has two sister brands with their own sites and logos', () => {
    expect(shipper.sister_brands.map((b) => b.name)).toEqual(['Baraka Coffee', 'Lavash Lab']);
    expect(duplicates(shipper.sister_brands.map((b) => b.key))).toEqual([]);
    for (const b of shipper.sister_brands) {
      expect(b.key).toMatch(SLUG);
      expectHttps(b.url, b.key);
      expectImage(b.logo, b.key);
    }
  });
});

describe('cities and menus', () => {
  it('has at least two menus with unique keys', () => {
    expect(menus.length).toBeGreaterThanOrEqual(2);
    expect(duplicates(menus.map((m) => m.key))).toEqual([]);
    for (const m of menus) expect(m.name.trim()).not.toBe('');
  });

  it('has Tashkent on its own menu and Samarkand and Bukhara on the regions menu', () => {
    expect(cities.map((c) => [c.slug, c.default_menu])).toEqual([
      ['tashkent', 'tashkent'],
      ['samarkand', 'regions'],
      ['bukhara', 'regions'],
    ]);
    const tashkent = cities.find((c) => c.slug === 'tashkent');
    expect(tashkent?.location).toEqual({ lat: 41.311153, long: 69.279729 });
    for (const c of cities) {
      expect(menuKeys.has(c.default_menu)).toBe(true);
      expectText(c.name, `city ${c.slug}`);
      expectInUzbekistan(c.location, `city ${c.slug}`);
    }
  });
});

describe('branches', () => {
  const cityBySlug = new Map(cities.map((c) => [c.slug, c]));

  it('has at least 10 branches spread over the three cities', () => {
    expect(branches.length).toBeGreaterThanOrEqual(10);
    for (const c of cities)
      expect(branches.filter((b) => b.city === c.slug).length, c.slug).toBeGreaterThanOrEqual(2);
    expect(duplicates(branches.map((b) => b.slug))).toEqual([]);
  });

  it('puts every branch in its city, on its city menu, with a phone and plausible details', () => {
    for (const b of branches) {
      const city = cityBySlug.get(b.city);
      expect(city, `${b.slug}: city ${b.city}`).toBeDefined();
      if (!city) continue;
      expect(b.slug).toMatch(SLUG);
      expect(b.menu, `${b.slug}: menu`).toBe(city.default_menu);
      expectInUzbekistan(b.location, b.slug);
      // A branch's coordinates must be in its own city, not just somewhere in the country.
      expect(distanceKm(b.location, city.location), `${b.slug}: km from ${city.slug}`).toBeLessThan(20);
      expect(b.phone, b.slug).toMatch(PHONE);
      expectText(b.name, `${b.slug}.name`);
      expectText(b.address, `${b.slug}.address`);
      expectText(b.destination, `${b.slug}.destination`);
      expect(b.work_hour_start, b.slug).toMatch(CLOCK);
      expect(b.work_hour_end, b.slug).toMatch(CLOCK);
      expect(b.delivery_time, b.slug).toBeGreaterThanOrEqual(30);
      expect(b.delivery_time, b.slug).toBeLessThanOrEqual(60);
      // The kitchen's own minutes (a pickup's timer), within the column's check and inside the delivery time.
      expect(Number.isInteger(b.cooking_time), `${b.slug}: cooking_time`).toBe(true);
      expect(b.cooking_time, b.slug).toBeGreaterThanOrEqual(1);
      expect(b.cooking_time, b.slug).toBeLessThan(b.delivery_time);
      expect(Number.isInteger(b.future_delivery_order_time) && b.future_delivery_order_time > 0).toBe(true);
      expect(Number.isInteger(b.future_self_pickup_order_time) && b.future_self_pickup_order_time > 0).toBe(
        true,
      );
      expect(Number.isInteger(b.seats_count) && b.seats_count > 0, `${b.slug}: seats`).toBe(true);
      if (b.virtual_tour !== null) expectHttps(b.virtual_tour, `${b.slug}.virtual_tour`);
      expectImage(b.image, b.slug);
    }
    expect(new Set(branches.map((b) => b.phone)).size).toBe(branches.length);
    expect(branches.some((b) => b.has_playground)).toBe(true);
    expect(branches.some((b) => b.has_parking)).toBe(true);
    expect(branches.some((b) => !b.has_parking)).toBe(true);
    expect(branches.some((b) => b.virtual_tour !== null)).toBe(true);
  });

  it('covers the special hours: past midnight, around the clock, and one closed branch', () => {
    const pastMidnight = branches.filter((b) => b.work_hour_end < b.work_hour_start);
    expect(pastMidnight.map((b) => [b.work_hour_start, b.work_hour_end])).toContainEqual(['10:00', '03:00']);
    expect(branches.filter((b) => b.work_hour_start === '00:00' && b.work_hour_end === '23:59')).toHaveLength(
      1,
    );
    expect(branches.filter((b) => !b.is_active)).toHaveLength(1);
    // The rest keep ordinary daytime hours.
    const ordinary = branches.filter(
      (b) => b.work_hour_start > '00:00' && b.work_hour_end > b.work_hour_start,
    );
    expect(ordinary.length).toBeGreaterThanOrEqual(branches.length - 3);
  });

  it('has exactly one branch with a stop list, holding a popular product of its menu', () => {
    const withStops = branches.filter((b) => b.stop_list.length > 0);
    expect(withStops).toHaveLength(1);
    const [branch] = withStops;
    if (!branch) return;
    const byPopularity = [...products].sort((a, b) => b.popularity - a.popularity).slice(0, 10);
    for (const slug of branch.stop_list) {
      const product = productBySlug.get(slug);
      expect(product, `stop list: ${slug}`).toBeDefined();
      expect(product?.menus[branch.menu], `${slug} on ${branch.menu}`).toBeDefined();
      expect(byPopularity.map((p) => p.slug)).toContain(slug);
    }
  });
});

describe('categories and tags', () => {
  it('has at least 8 categories and 5 tags, each with a slug and titles, each in use', () => {
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(tags.length).toBeGreaterThanOrEqual(5);
    for (const list of [categories, tags]) {
      expect(duplicates(list.map((x) => x.slug))).toEqual([]);
      for (const x of list) {
        expect(x.slug).toMatch(SLUG);
        expectText(x.title, x.slug);
        expect(
          products.some((p) => p.categories.includes(x.slug) || p.tags.includes(x.slug)),
          `${x.slug} is used`,
        ).toBe(true);
      }
    }
  });
});

describe('products', () => {
  const allSlugs = products.flatMap((p) => [p.slug, ...(p.variants ?? []).map((v) => v.slug)]);

  it('has at least 60 products of all three types', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(products.filter((p) => p.type === 'simple').length).toBeGreaterThanOrEqual(40);
    expect(products.filter((p) => p.type === 'origin').length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.type === 'combo').length).toBeGreaterThanOrEqual(2);
  });

  it('gives every product and variant a unique kebab-case slug', () => {
    expect(duplicates(allSlugs)).toEqual([]);
    for (const slug of allSlugs) expect(slug).toMatch(SLUG);
  });

  it('files every product under known categories and tags', () => {
    const categorySlugs = new Set(categories.map((c) => c.slug));
    const tagSlugs = new Set(tags.map((t) => t.slug));
    for (const p of products) {
      expect(p.categories.length, `${p.slug}: categories`).toBeGreaterThan(0);
      for (const c of p.categories) expect(categorySlugs.has(c), `${p.slug}: category ${c}`).toBe(true);
      for (const t of p.tags) expect(tagSlugs.has(t), `${p.slug}: tag ${t}`).toBe(true);
      expect(duplicates(p.tags), p.slug).toEqual([]);
    }
  });

  it('writes every text in ru, uz (Latin) and en; allergens are listed in all three or in none', () => {
    for (const p of products) {
      expectText(p.title, `${p.slug}.title`);
      expectText(p.description, `${p.slug}.description`);
      expectText(p.ingredients, `${p.slug}.ingredients`);
      expect(CYRILLIC.test(p.description.ru), `${p.slug}.description.ru is Russian`).toBe(true);
      const filled = [p.allergens.ru, p.allergens.uz, p.allergens.en].map((s) => s.trim() !== '');
      expect(new Set(filled).size, `${p.slug}.allergens`).toBe(1);
      if (filled[0]) expectText(p.allergens, `${p.slug}.allergens`);
      for (const v of p.variants ?? []) {
        expectText(v.title, `${v.slug}.title`);
        expectText(v.property, `${v.slug}.property`);
      }
    }
  });

  it('prices everything in whole thousands of sum; only the auto-added product is free', () => {
    for (const p of products) {
      const free = autoAddSlugs.has(p.slug);
      expectSum(p.price, `${p.slug}.price`, { allowZero: free });
      expect(p.price % 1000, `${p.slug}.price`).toBe(0);
      for (const [menu, price] of menuEntries(p)) {
        expectSum(price, `${p.slug}.menus.${menu}`, { allowZero: free });
        expect(price % 1000, `${p.slug}.menus.${menu}`).toBe(0);
      }
    }
    expect(products.filter((p) => p.price === 0).map((p) => p.slug)).toEqual([...autoAddSlugs]);
  });

  it('puts every product on a known menu; price is its Tashkent price (or regions, if Tashkent lacks it)', () => {
    for (const p of products) {
      const entries = menuEntries(p);
      expect(entries.length, `${p.slug}: on no menu`).toBeGreaterThan(0);
      for (const [menu] of entries) expect(menuKeys.has(menu), `${p.slug}: menu ${menu}`).toBe(true);
      expect(p.price, p.slug).toBe(p.menus.tashkent ?? p.menus.regions);
    }
  });

  it('sells a little cheaper in the regions, and keeps a few products on one menu only', () => {
    const onBoth = products.filter((p) => p.menus.tashkent !== undefined && p.menus.regions !== undefined);
    for (const p of onBoth) {
      const { tashkent = 0, regions = 0 } = p.menus;
      expect(regions, `${p.slug}: regions price`).toBeLessThanOrEqual(tashkent);
      // At most 15% off, though a cheap item may drop by one step of 1 000 sum (bread: 6 000 -> 5 000).
      const floor = Math.min(tashkent * 0.85, tashkent - 1000);
      expect(regions, `${p.slug}: regions price`).toBeGreaterThanOrEqual(floor);
    }
    expect(
      onBoth.filter((p) => (p.menus.regions ?? 0) < (p.menus.tashkent ?? 0)).length,
    ).toBeGreaterThanOrEqual(30);
    expect(products.filter((p) => p.menus.regions === undefined).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.menus.tashkent === undefined).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps prices where a Tashkent customer expects them', () => {
    const inCategory = (slug: string) => products.filter((p) => p.categories.includes(slug));
    for (const p of inCategory('plov')) {
      // The cheapest size of an origin plov is a half portion, hence the lower bound.
      expect(p.price, p.slug).toBeGreaterThanOrEqual(35_000);
      expect(p.price, p.slug).toBeLessThanOrEqual(70_000);
    }
    for (const p of inCategory('pizza')) {
      const medium = p.variants?.find((v) => v.property.en === '30 cm');
      expect(medium, `${p.slug}: 30 cm`).toBeDefined();
      expect(medium?.price).toBeGreaterThanOrEqual(85_000);
      expect(medium?.price).toBeLessThanOrEqual(120_000);
    }
    for (const p of inCategory('burgers').filter((x) => x.slug.includes('burger'))) {
      expect(p.price, p.slug).toBeGreaterThanOrEqual(35_000);
      expect(p.price, p.slug).toBeLessThanOrEqual(55_000);
    }
    expect(productBySlug.get('tea-green')?.price).toBe(8_000);
    expect(productBySlug.get('cola-0-5')?.price).toBe(12_000);
  });

  it('gives weights, plausible nutrition, cooking time, popularity and a picture', () => {
    for (const p of products) {
      for (const field of ['weight', 'energy', 'cooking_time', 'popularity'] as const) {
        expect(Number.isInteger(p[field]) && p[field] >= 0, `${p.slug}.${field}`).toBe(true);
      }
      expect(p.cooking_time, p.slug).toBeLessThanOrEqual(60);
      expect(p.weight, p.slug).toBeGreaterThan(0);
      for (const field of ['fats', 'proteins', 'carbohydrates'] as const) {
        expect(p[field], `${p.slug}.${field}`).toBeGreaterThanOrEqual(0);
      }
      // kcal from the macros (Atwater: 4 per g of protein and carbohydrate, 9 per g of fat).
      const fromMacros = 4 * p.proteins + 4 * p.carbohydrates + 9 * p.fats;
      expect(
        Math.abs(p.energy - fromMacros),
        `${p.slug}: ${p.energy} kcal vs ${fromMacros}`,
      ).toBeLessThanOrEqual(Math.max(15, fromMacros * 0.1));
      // Macros can never weigh more than the dish.
      expect(p.proteins + p.fats + p.carbohydrates, p.slug).toBeLessThanOrEqual(p.weight);
      expectImage(p.image, p.slug);
    }
  });

  it('gives each origin product at least two sizes; its price and weight are the smallest size', () => {
    for (const p of products) {
      if (p.type !== 'origin') {
        expect(p.variants, `${p.slug}: variants only on origin`).toBeUndefined();
        continue;
      }
      const variants = p.variants ?? [];
      expect(variants.length, p.slug).toBeGreaterThanOrEqual(2);
      const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
      expect(p.price, p.slug).toBe(cheapest.price);
      expect(p.weight, p.slug).toBe(cheapest.weight);
      for (let i = 1; i < variants.length; i++) {
        const [smaller, bigger] = [variants[i - 1], variants[i]];
        expect(bigger?.price, `${p.slug}: sizes ascend`).toBeGreaterThan(smaller?.price ?? 0);
        expect(bigger?.weight, `${p.slug}: sizes ascend`).toBeGreaterThan(smaller?.weight ?? 0);
      }
      for (const v of variants) {
        expectSum(v.price, v.slug);
        expect(v.price % 1000, v.slug).toBe(0);
      }
      // A variant has one price, so the origin costs the same on every menu it is on.
      for (const [menu, price] of menuEntries(p)) expect(price, `${p.slug}.menus.${menu}`).toBe(p.price);
    }
  });

  it('builds each combo of at least two groups of simple products that are on the same menus', () => {
    for (const p of products) {
      if (p.type !== 'combo') {
        expect(p.combo_groups, `${p.slug}: groups only on combo`).toBeUndefined();
        continue;
      }
      const groups = p.combo_groups ?? [];
      expect(groups.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(duplicates(groups.map((g) => g.key)), p.slug).toEqual([]);
      expect(
        groups.filter((g) => g.options.length >= 2).length,
        `${p.slug}: real choices`,
      ).toBeGreaterThanOrEqual(2);
      for (const g of groups) {
        expectText(g.title, `${p.slug}.${g.key}`);
        expect(g.options.length, `${p.slug}.${g.key}`).toBeGreaterThan(0);
        expect(duplicates(g.options.map((o) => o.product)), `${p.slug}.${g.key}`).toEqual([]);
        for (const o of g.options) {
          const option = productBySlug.get(o.product);
          expect(option?.type, `${p.slug}.${g.key}: ${o.product}`).toBe('simple');
          expectSum(o.extra_price, `${p.slug}.${g.key}.${o.product}`, { allowZero: true });
          for (const [menu] of menuEntries(p)) {
            expect(option?.menus[menu], `${o.product} on ${menu} for ${p.slug}`).toBeDefined();
          }
        }
      }
      const defaults = groups.map((g) => productBySlug.get(g.options[0]?.product ?? ''));
      expect(p.weight, `${p.slug}: weight of the default set`).toBe(
        defaults.reduce((sum, d) => sum + (d?.weight ?? 0), 0),
      );
      for (const [menu, price] of menuEntries(p)) {
        const separately = defaults.reduce((sum, d) => sum + (d?.menus[menu] ?? 0), 0);
        expect(price, `${p.slug} on ${menu} costs less than its parts (${separately})`).toBeLessThan(
          separately,
        );
      }
    }
  });

  it('gives modifiers unique keys, whole prices and consistent min/max', () => {
    for (const p of products) {
      const singles = p.single_modifiers ?? [];
      const groups = p.group_modifiers ?? [];
      expect(duplicates([...singles.map((m) => m.key), ...groups.map((g) => g.key)]), p.slug).toEqual([]);
      for (const m of singles) {
        expectText(m.name, `${p.slug}.${m.key}`);
        expectText(m.category_name, `${p.slug}.${m.key}.category`);
        expectSum(m.price, `${p.slug}.${m.key}`, { allowZero: true });
        expect(Number.isInteger(m.max_amount) && m.max_amount >= 1, `${p.slug}.${m.key}.max`).toBe(true);
      }
      for (const g of groups) {
        expectText(g.name, `${p.slug}.${g.key}`);
        expect(Number.isInteger(g.min_amount) && g.min_amount >= 0, `${p.slug}.${g.key}.min`).toBe(true);
        expect(Number.isInteger(g.max_amount) && g.max_amount >= 1, `${p.slug}.${g.key}.max`).toBe(true);
        expect(g.min_amount, `${p.slug}.${g.key}: min <= max`).toBeLessThanOrEqual(g.max_amount);
        expect(g.variants.length, `${p.slug}.${g.key}`).toBeGreaterThan(0);
        // A required choice must be satisfiable from distinct variants.
        expect(g.variants.length, `${p.slug}.${g.key}`).toBeGreaterThanOrEqual(g.min_amount);
        expect(duplicates(g.variants.map((v) => v.key)), `${p.slug}.${g.key}`).toEqual([]);
        for (const v of g.variants) {
          expectText(v.title, `${p.slug}.${g.key}.${v.key}`);
          expectSum(v.price, `${p.slug}.${g.key}.${v.key}`, { allowZero: true });
        }
      }
    }
  });

  it('covers the modifier cases the storefront must handle', () => {
    const singles = products.flatMap((p) => p.single_modifiers ?? []);
    const groups = products.flatMap((p) => p.group_modifiers ?? []);
    expect(singles.some((m) => m.is_compulsory)).toBe(true);
    expect(singles.some((m) => !m.is_compulsory)).toBe(true);
    // Required single choice (min 1 max 1), required range (min 1 max 2), optional (min 0).
    expect(groups.some((g) => g.min_amount === 1 && g.max_amount === 1)).toBe(true);
    expect(groups.some((g) => g.min_amount >= 1 && g.max_amount > g.min_amount)).toBe(true);
    expect(groups.some((g) => g.min_amount === 0 && g.max_amount >= 2)).toBe(true);
  });
});

describe('auto-add', () => {
  it('adds a free simple product that is on every menu', () => {
    expect(autoAdd.length).toBeGreaterThanOrEqual(1);
    for (const a of autoAdd) {
      const product = productBySlug.get(a.product);
      expect(product?.type, a.product).toBe('simple');
      for (const m of menus) expect(product?.menus[m.key], `${a.product} on ${m.key}`).toBeDefined();
      expect(Number.isInteger(a.quantity) && a.quantity >= 1).toBe(true);
      expect(['delivery', 'self-pickup', null]).toContain(a.delivery_type);
      expectSum(a.min_order_price, `${a.product}.min_order_price`, { allowZero: true });
    }
    expect(autoAdd).toContainEqual({
      product: 'napkins-cutlery-set',
      quantity: 1,
      delivery_type: 'delivery',
      min_order_price: 0,
    });
  });
});

describe('reviews', () => {
  it('has about 40 reviews of listed products, rated 3 to 5, from the last 200 days', () => {
    expect(reviews.length).toBeGreaterThanOrEqual(35);
    for (const r of reviews) {
      expect(productBySlug.has(r.product), `review of ${r.product}`).toBe(true);
      expect([3, 4, 5]).toContain(r.rating);
      expect(Number.isInteger(r.days_ago) && r.days_ago >= 1 && r.days_ago <= 200, `${r.days_ago}`).toBe(
        true,
      );
      expect(r.message.trim()).not.toBe('');
      expect(r.client_name.trim()).not.toBe('');
      expect(NON_ASCII_APOSTROPHE.test(r.message), r.message).toBe(false);
    }
    expect(new Set(reviews.map((r) => r.product)).size).toBeGreaterThanOrEqual(15);
  });

  it('has one review per customer and product', () => {
    expect(duplicates(reviews.map((r) => `${r.product}/${r.client_name}`))).toEqual([]);
  });

  it('reviews the popular dishes most', () => {
    const count = (slug: string) => reviews.filter((r) => r.product === slug).length;
    const mostReviewed = [...productBySlug.keys()].sort((a, b) => count(b) - count(a))[0] ?? '';
    const top = [...products].sort((a, b) => b.popularity - a.popularity).slice(0, 5);
    expect(top.map((p) => p.slug)).toContain(mostReviewed);
  });
});
