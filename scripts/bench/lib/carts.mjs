// The carts the load generator places (scripts/bench/orders.mjs): built from the demo menu as a
// customer sees it and each checked with the API's quote, so that every placement of the timed part
// is an order the rules accept.
import { call, expectOk } from './api-call.mjs';

/** The vertices' mean: inside the convex-ish demo zones; the quote tells when it is not. */
export function zonePoint(zone) {
  const pts = zone.points;
  const lat = pts.reduce((s, p) => s + p.lat, 0) / pts.length;
  const long = pts.reduce((s, p) => s + (p.lon ?? p.long), 0) / pts.length;
  return { lat: Math.round(lat * 1e5) / 1e5, long: Math.round(long * 1e5) / 1e5 };
}

/** Future times to try for a closed branch: each hour ahead, on the hour + 15 min, up to 36 h. */
export function futureCandidates(now = Date.now()) {
  const out = [];
  const hour = 60 * 60 * 1000;
  const base = Math.ceil(now / hour) * hour + 15 * 60 * 1000;
  for (let i = 1; i <= 36; i++) out.push(new Date(base + i * hour).toISOString());
  return out;
}

/** Every product of the branch's menu (a product listed in two categories once). */
async function branchMenu(api, branchId) {
  const menu = await expectOk(call(api, 'GET', `/v2/menu-products?branch_id=${branchId}`), 'menu-products');
  const seen = new Map();
  for (const category of menu.categories ?? []) for (const p of category.products ?? []) seen.set(p.id, p);
  return [...seen.values()];
}

/** The simple products of a menu a customer can add without choosing anything. */
export function quickProducts(menuProducts) {
  return menuProducts.filter(
    (p) => p.type === 'simple' && !p.has_modifier && !p.in_stop && p.out_price >= 5_000,
  );
}

/**
 * The combos of a menu that are not stopped, each as an order line with the first pick of each of its
 * groups (the product page's choices: GET /v2/product/:id's combo_groups), and its menu price
 * (without the picks' extra charges: only used to fill the cart to the zone's minimum; the quote
 * checks each cart).
 */
async function branchCombos(api, branch, menuProducts) {
  const combos = [];
  for (const { id } of menuProducts.filter((p) => p.type === 'combo' && !p.in_stop)) {
    const product = await expectOk(
      call(api, 'GET', `/v2/product/${id}?menu_id=${branch.menu_id}`),
      'product',
    );
    const line = comboLine(product);
    if (line) combos.push({ line, price: product.out_price });
  }
  return combos;
}

/** A combo product (GET /v2/product/:id) as an order line with the first pick of each group; null without groups. */
export function comboLine(product) {
  const groups = product.combo_groups ?? [];
  if (!groups.length) return null;
  return {
    product_id: product.id,
    type: 'combo',
    quantity: 1,
    variants: groups.map((g) => ({ group_id: g.id, product_id: g.variants[0].product_id })),
    order_modifiers: [],
  };
}

/**
 * Picks products (deterministically from `seed`) until the goods reach `target`; with `combos`, the
 * cart starts with one of them.
 */
export function cartLines(products, seed, target, combos = []) {
  const lines = [];
  let goods = 0;
  if (combos.length) {
    const combo = combos[seed % combos.length];
    lines.push(combo.line);
    goods += combo.price;
  }
  for (let i = 0; goods < target && i < 6; i++) {
    const p = products[(seed * 7 + i * 3) % products.length];
    const quantity = 1 + ((seed + i) % 2);
    lines.push({ product_id: p.id, type: 'simple', quantity, variants: [], order_modifiers: [] });
    goods += p.out_price * quantity;
  }
  return lines;
}

/**
 * Valid order bodies (with `combos`, each starting with one of the branch's combos; a branch without
 * one is left out): per active branch, a pickup and (for each zone it serves) a delivery, each
 * checked with the quote (no refusals) by `token`; express when the branch is open, else scheduled.
 */
export async function buildCarts(api, token, log, { combos: withCombos = false } = {}) {
  const { branches } = await expectOk(call(api, 'GET', '/v1/branches'), 'branches');
  const { zones } = await expectOk(call(api, 'GET', '/v1/delivery-zones'), 'delivery-zones');
  const carts = [];
  const rejected = new Map();
  const quote = async (body) => {
    const q = await expectOk(call(api, 'POST', '/v2/ondemand-order/quote', { body, token }), 'quote');
    return q.errors ?? [];
  };
  for (const branch of branches.filter((b) => b.is_active)) {
    const menuProducts = await branchMenu(api, branch.id);
    const products = quickProducts(menuProducts);
    if (products.length < 3) continue;
    const combos = withCombos ? await branchCombos(api, branch, menuProducts) : [];
    if (withCombos && !combos.length) continue;
    const served = zones.filter((z) => z.branch_ids.includes(branch.id));
    const shapes = [
      { delivery_type: 'self-pickup', min: 0 },
      ...served.map((z) => ({
        delivery_type: 'delivery',
        min: z.min_order_amount ?? 0,
        to_address: `${branch.city}, bench street 1`,
        to_location: zonePoint(z),
        delivery_zone_id: z.id,
      })),
    ];
    for (const [s, { min, ...shape }] of shapes.entries()) {
      for (let variant = 0; variant < 3; variant++) {
        const body = {
          ...shape,
          payment_type: (s + variant) % 2 ? 'card' : 'cash',
          is_courier_call: true,
          comment: 'bench',
          steps: [
            {
              branch_id: branch.id,
              products: cartLines(products, s * 3 + variant, Math.max(min, 60_000) + 1, combos),
            },
          ],
        };
        let errors = await quote(body);
        if (errors.some((e) => e.code === 'BRANCH_CLOSED')) {
          // Closed now: the first scheduled time the branch accepts.
          for (const future_time of futureCandidates()) {
            errors = await quote({ ...body, future_time });
            if (!errors.length) {
              body.future_time = future_time;
              break;
            }
          }
        }
        if (errors.length) {
          for (const e of errors) rejected.set(e.code, (rejected.get(e.code) ?? 0) + 1);
          continue;
        }
        carts.push(body);
      }
    }
  }
  const pickups = carts.filter((c) => c.delivery_type === 'self-pickup').length;
  const scheduled = carts.filter((c) => c.future_time).length;
  log(
    `carts: ${carts.length} valid (${pickups} pickup, ${carts.length - pickups} delivery, ${scheduled} scheduled)` +
      (rejected.size
        ? `; left out by the quote: ${[...rejected].map(([k, v]) => `${k} x${v}`).join(', ')}`
        : ''),
  );
  if (!carts.length) throw new Error('no valid cart could be built from the demo menu');
  return carts;
}
