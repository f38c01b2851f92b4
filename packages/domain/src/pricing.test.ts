import { describe, expect, it } from 'vitest';
import {
  applyPercent,
  changeFromValid,
  deliveryFare,
  type Fare,
  freeDeliveryShortfall,
  minimumOrderShortfall,
  orderTotal,
  percentDiscount,
} from './pricing.ts';

/** Small seeded PRNG (mulberry32), so the generated inputs are the same on every run. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** A generator of sums: small, round, typical and huge values, with 0 and edges often. */
const sums = (seed: number) => {
  const random = prng(seed);
  const int = (max: number) => Math.floor(random() * (max + 1));
  return {
    random,
    int,
    sum: (): number => {
      const kind = int(5);
      if (kind === 0) return 0;
      if (kind === 1) return int(10);
      if (kind === 2) return int(100) * 1_000; // round prices
      if (kind === 3) return int(2_000_000);
      if (kind === 4) return int(Number.MAX_SAFE_INTEGER / 4);
      return int(1_000_000_000);
    },
  };
};

/**
 * Collects broken properties instead of calling expect() per generated case (thousands of expect()
 * calls are slow); the test then expects the list to be empty, naming the first failing inputs.
 */
const properties = () => {
  const failures: string[] = [];
  return {
    failures,
    check: (input: Record<string, unknown>, conditions: Record<string, boolean>) => {
      for (const [name, ok] of Object.entries(conditions)) {
        if (!ok && failures.length < 5) {
          failures.push(
            `${name} fails for ${JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
          );
        }
      }
    },
  };
};

const BAD_SUMS = [-1, 0.5, 1.000001, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, -0.1];

describe('orderTotal', () => {
  it.each([
    [
      { goods: 100_000, delivery: 15_000, discount: 0 },
      { discount: 0, total: 115_000 },
    ],
    [
      { goods: 100_000, delivery: 15_000, discount: 10_000 },
      { discount: 10_000, total: 105_000 },
    ],
    [
      { goods: 100_000, delivery: 0, discount: 100_000 },
      { discount: 100_000, total: 0 },
    ],
    // A discount larger than the order makes it free; it never pays the customer.
    [
      { goods: 30_000, delivery: 5_000, discount: 50_000 },
      { discount: 35_000, total: 0 },
    ],
    [
      { goods: 0, delivery: 0, discount: 0 },
      { discount: 0, total: 0 },
    ],
    [
      { goods: 0, delivery: 12_000, discount: 0 },
      { discount: 0, total: 12_000 },
    ],
  ])('%j -> %j', (input, out) => {
    expect(orderTotal(input)).toEqual({ goods: input.goods, delivery: input.delivery, ...out });
  });

  it.each(BAD_SUMS)('throws RangeError for %s in any field', (bad) => {
    expect(() => orderTotal({ goods: bad, delivery: 0, discount: 0 })).toThrow(RangeError);
    expect(() => orderTotal({ goods: 0, delivery: bad, discount: 0 })).toThrow(RangeError);
    expect(() => orderTotal({ goods: 0, delivery: 0, discount: bad })).toThrow(RangeError);
  });

  it('throws when goods + delivery is not a safe integer', () => {
    expect(() =>
      orderTotal({ goods: Number.MAX_SAFE_INTEGER, delivery: Number.MAX_SAFE_INTEGER, discount: 0 }),
    ).toThrow(RangeError);
  });

  it('properties over 20 000 generated orders', () => {
    const g = sums(1);
    const p = properties();
    for (let i = 0; i < 20_000; i++) {
      const goods = g.sum();
      const delivery = g.int(3) === 0 ? 0 : g.int(60_000);
      // discounts below, at and above goods + delivery
      const discount = [0, g.int(goods + delivery), goods + delivery, goods + delivery + 1 + g.int(100_000)][
        g.int(3)
      ] as number;
      const r = orderTotal({ goods, delivery, discount });
      const fits = discount <= goods + delivery;
      p.check(
        { goods, delivery, discount },
        {
          integer: Number.isSafeInteger(r.total),
          'never negative': r.total >= 0,
          'discount at most goods + delivery': r.discount <= goods + delivery,
          'discount at most the one asked': r.discount <= discount,
          'the itemised numbers add up': r.goods + r.delivery - r.discount === r.total,
          'total = goods + delivery - discount': !fits || r.total === goods + delivery - discount,
          'discount applied whole': !fits || r.discount === discount,
          'too large a discount makes it free': fits || r.total === 0,
          'more discount never costs more':
            orderTotal({ goods, delivery, discount: discount + 1 }).total <= r.total,
        },
      );
    }
    expect(p.failures).toEqual([]);
  });

  it('property: anything that is not a non-negative safe integer throws RangeError', () => {
    const g = sums(2);
    const p = properties();
    const throwsRange = (f: () => unknown) => {
      try {
        f();
        return false;
      } catch (e) {
        return e instanceof RangeError;
      }
    };
    for (let i = 0; i < 5_000; i++) {
      const bad = [-1 - g.int(1_000_000), g.int(1_000_000) + g.random() * 0.98 + 0.01, Number.NaN][
        g.int(2)
      ] as number;
      const field = (['goods', 'delivery', 'discount'] as const)[g.int(2)] as
        | 'goods'
        | 'delivery'
        | 'discount';
      p.check(
        { field, bad },
        { throws: throwsRange(() => orderTotal({ goods: 1, delivery: 1, discount: 1, [field]: bad })) },
      );
    }
    expect(p.failures).toEqual([]);
  });
});

describe('deliveryFare', () => {
  const fare: Fare = { base_price: 10_000, base_distance_m: 3_000, price_per_km: 2_000 };
  const zone = { free_delivery_order_amount: 200_000 };
  const delivery = (distanceMeters: number, orderPrice = 50_000, z = zone, f = fare) =>
    deliveryFare({ deliveryType: 'delivery', distanceMeters, orderPrice, zone: z, fare: f });

  it('is free for self-pickup, whatever else is given (or missing)', () => {
    expect(deliveryFare({ deliveryType: 'self-pickup', orderPrice: 50_000 })).toEqual({
      price: 0,
      reason: 'pickup',
      distance: 0,
    });
    expect(
      deliveryFare({ deliveryType: 'self-pickup', orderPrice: 0, distanceMeters: 9_000, zone, fare }),
    ).toEqual({
      price: 0,
      reason: 'pickup',
      distance: 0,
    });
  });

  it.each([
    [0, 10_000],
    [1_500, 10_000],
    [3_000, 10_000], // the base distance itself is covered
    [3_001, 12_000], // one started km
    [3_999.6, 12_000],
    [4_000, 12_000],
    [4_001, 14_000],
    [10_000, 24_000],
    [3_000.0000001, 10_000], // float noise does not start a km
    [3_000.4, 10_000],
    [3_000.5, 12_000], // 3001 m after rounding to whole metres
  ])('%s m -> %s sums', (distance, price) => {
    expect(delivery(distance)).toEqual({ price, reason: 'distance', distance: Math.round(distance) });
  });

  it('is free at and above the zone threshold, not below', () => {
    expect(delivery(8_000, 199_999)).toEqual({ price: 20_000, reason: 'distance', distance: 8_000 });
    expect(delivery(8_000, 200_000)).toEqual({ price: 0, reason: 'free_threshold', distance: 8_000 });
    expect(delivery(8_000, 1_000_000)).toEqual({ price: 0, reason: 'free_threshold', distance: 8_000 });
  });

  it('a zone threshold of 0 means never free', () => {
    expect(delivery(0, 0, { free_delivery_order_amount: 0 })).toEqual({
      price: 10_000,
      reason: 'distance',
      distance: 0,
    });
    expect(delivery(5_000, 10_000_000, { free_delivery_order_amount: 0 })).toEqual({
      price: 14_000,
      reason: 'distance',
      distance: 5_000,
    });
  });

  it('handles a zero base distance and zero prices', () => {
    expect(delivery(1, 0, zone, { base_price: 0, base_distance_m: 0, price_per_km: 3_000 })).toEqual({
      price: 3_000,
      reason: 'distance',
      distance: 1,
    });
    expect(delivery(0, 0, zone, { base_price: 0, base_distance_m: 0, price_per_km: 3_000 }).price).toBe(0);
    expect(delivery(50_000, 0, zone, { base_price: 7_000, base_distance_m: 0, price_per_km: 0 }).price).toBe(
      7_000,
    );
  });

  it('delivery without distance, zone or fare is a bug', () => {
    expect(() => deliveryFare({ deliveryType: 'delivery', orderPrice: 1, zone, fare })).toThrow(RangeError);
    expect(() => deliveryFare({ deliveryType: 'delivery', orderPrice: 1, distanceMeters: 1, fare })).toThrow(
      RangeError,
    );
    expect(() => deliveryFare({ deliveryType: 'delivery', orderPrice: 1, distanceMeters: 1, zone })).toThrow(
      RangeError,
    );
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('throws for distance %s', (d) => {
    expect(() => delivery(d)).toThrow(RangeError);
  });

  it.each(BAD_SUMS)('throws for a bad amount %s', (bad) => {
    expect(() => delivery(1_000, bad)).toThrow(RangeError);
    expect(() => deliveryFare({ deliveryType: 'self-pickup', orderPrice: bad })).toThrow(RangeError);
    expect(() => delivery(1_000, 0, { free_delivery_order_amount: bad })).toThrow(RangeError);
    expect(() => delivery(1_000, 0, zone, { ...fare, base_price: bad })).toThrow(RangeError);
    expect(() => delivery(1_000, 0, zone, { ...fare, price_per_km: bad })).toThrow(RangeError);
    expect(() => delivery(1_000, 0, zone, { ...fare, base_distance_m: bad })).toThrow(RangeError);
  });

  it('properties over 20 000 generated fares', () => {
    const g = sums(3);
    const p = properties();
    for (let i = 0; i < 20_000; i++) {
      const f: Fare = {
        base_price: g.int(30_000),
        base_distance_m: g.int(10_000),
        price_per_km: g.int(5_000),
      };
      const z = { free_delivery_order_amount: g.int(2) === 0 ? 0 : g.int(400_000) };
      const orderPrice = g.int(500_000);
      const d = g.random() * 40_000;
      const r = deliveryFare({ deliveryType: 'delivery', distanceMeters: d, orderPrice, zone: z, fare: f });
      const free = z.free_delivery_order_amount > 0 && orderPrice >= z.free_delivery_order_amount;
      const extraMeters = Math.max(0, Math.round(d) - f.base_distance_m);
      const further = deliveryFare({
        deliveryType: 'delivery',
        distanceMeters: d + g.int(5_000),
        orderPrice,
        zone: z,
        fare: f,
      });
      p.check(
        { f, z, orderPrice, d },
        {
          integer: Number.isSafeInteger(r.price),
          'never negative': r.price >= 0,
          'whole metres': r.distance === Math.round(d),
          reason: r.reason === (free ? 'free_threshold' : 'distance'),
          'free costs nothing': !free || r.price === 0,
          // exactly base + started km beyond the base distance
          'base + started km':
            free || r.price === f.base_price + Math.ceil(extraMeters / 1000) * f.price_per_km,
          'at least the base price': free || r.price >= f.base_price,
          'further never costs less': further.price >= r.price,
        },
      );
    }
    expect(p.failures).toEqual([]);
  });
});

describe('minimumOrderShortfall', () => {
  it.each([
    [0, 0, 0],
    [0, 50_000, 50_000],
    [49_999, 50_000, 1],
    [50_000, 50_000, 0],
    [80_000, 50_000, 0],
    [10, 0, 0],
  ])('goods %s, minimum %s -> %s', (goods, min, out) => {
    expect(minimumOrderShortfall(goods, min)).toBe(out);
  });

  it.each(BAD_SUMS)('throws for %s', (bad) => {
    expect(() => minimumOrderShortfall(bad, 1)).toThrow(RangeError);
    expect(() => minimumOrderShortfall(1, bad)).toThrow(RangeError);
  });

  it('property: goods + shortfall reaches the minimum, and 0 exactly when reached', () => {
    const g = sums(4);
    const p = properties();
    for (let i = 0; i < 10_000; i++) {
      const goods = g.int(300_000);
      const min = g.int(300_000);
      const s = minimumOrderShortfall(goods, min);
      p.check(
        { goods, min },
        {
          'never negative': s >= 0,
          reaches: goods + s >= min,
          'zero exactly when reached': (s === 0) === goods >= min,
          'no more than needed': s === 0 || goods + s === min,
        },
      );
    }
    expect(p.failures).toEqual([]);
  });
});

describe('freeDeliveryShortfall', () => {
  it.each([
    [0, 200_000, 200_000],
    [150_000, 200_000, 50_000],
    [199_999, 200_000, 1],
    [200_000, 200_000, 0],
    [300_000, 200_000, 0],
    [0, 0, null], // the zone has no free delivery
    [300_000, 0, null],
  ])('goods %s, threshold %s -> %s', (goods, threshold, out) => {
    expect(freeDeliveryShortfall(goods, threshold)).toBe(out);
  });

  it.each(BAD_SUMS)('throws for %s', (bad) => {
    expect(() => freeDeliveryShortfall(bad, 1)).toThrow(RangeError);
    expect(() => freeDeliveryShortfall(1, bad)).toThrow(RangeError);
  });

  it('agrees with deliveryFare: shortfall 0 exactly when delivery is free by threshold', () => {
    const g = sums(5);
    const p = properties();
    const fare: Fare = { base_price: 10_000, base_distance_m: 3_000, price_per_km: 2_000 };
    for (let i = 0; i < 10_000; i++) {
      const goods = g.int(400_000);
      const threshold = g.int(3) === 0 ? 0 : g.int(400_000);
      const s = freeDeliveryShortfall(goods, threshold);
      const r = deliveryFare({
        deliveryType: 'delivery',
        distanceMeters: 5_000,
        orderPrice: goods,
        zone: { free_delivery_order_amount: threshold },
        fare,
      });
      p.check({ goods, threshold }, { agrees: (s === 0) === (r.reason === 'free_threshold') });
    }
    expect(p.failures).toEqual([]);
  });
});

describe('applyPercent', () => {
  it.each([
    [100_000, 10, 10_000],
    [100_000, 0, 0],
    [100_000, 100, 100_000],
    [0, 50, 0],
    [10_005, 10, 1_000], // 1000.5: an exact half goes down
    [10_006, 10, 1_001], // 1000.6 -> 1001
    [10_004, 10, 1_000], // 1000.4 -> 1000
    [1, 50, 0], // 0.5 -> 0
    [3, 50, 1], // 1.5 -> 1
    [1, 51, 1], // 0.51 -> 1
    [99_999, 12.5, 12_500], // 12499.875 -> 12500
    [10_000, 7.25, 725],
    [33_333, 33.33, 11_110], // 11109.8889 -> 11110
    [1_000, 0.1, 1],
    [5, 0.01, 0], // 0.0005
  ])('%s x %s percent = %s', (amount, percent, out) => {
    expect(applyPercent(amount, percent)).toBe(out);
  });

  it('is exact for amounts where floats would not be', () => {
    // 9007199254740991 x 50% = 4503599627370495.5 -> 4503599627370495
    expect(applyPercent(Number.MAX_SAFE_INTEGER, 50)).toBe(4_503_599_627_370_495);
    expect(applyPercent(Number.MAX_SAFE_INTEGER, 100)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([-1, 100.01, 12.345, Number.NaN, Number.POSITIVE_INFINITY])('throws for percent %s', (p) => {
    expect(() => applyPercent(1_000, p)).toThrow(RangeError);
    expect(() => percentDiscount(1_000, p)).toThrow(RangeError);
  });

  it.each(BAD_SUMS)('throws for amount %s', (bad) => {
    expect(() => applyPercent(bad, 10)).toThrow(RangeError);
    expect(() => percentDiscount(bad, 10)).toThrow(RangeError);
  });

  it('properties over 20 000 generated inputs', () => {
    const g = sums(6);
    const p = properties();
    for (let i = 0; i < 20_000; i++) {
      const amount = g.int(1) === 0 ? g.int(10_000_000) : g.sum();
      const hundredths = g.int(3) === 0 ? g.int(100) * 100 : g.int(10_000);
      const percent = hundredths / 100;
      const r = applyPercent(amount, percent);
      const n = BigInt(amount) * BigInt(hundredths);
      const diff = BigInt(r) * 10_000n - n; // 10 000 x (result - exact)
      p.check(
        { amount, percent },
        {
          integer: Number.isSafeInteger(r),
          'never negative': r >= 0,
          'at most the amount': r <= amount,
          // at most half a sum from the exact value; an exact half goes down
          'nearest, half down': diff >= -5_000n && diff < 5_000n,
          'monotonic in the amount': applyPercent(amount + 1, percent) >= r,
        },
      );
    }
    expect(p.failures).toEqual([]);
  });
});

describe('percentDiscount', () => {
  it.each([
    [100_000, 10, 10_000],
    [1_005, 10, 101], // 100.5 off: the customer pays 904, not 905
    [1_004, 10, 100], // 100.4 -> 100
    [1_006, 10, 101], // 100.6 -> 101
    [1, 50, 1], // 0.5 off -> 1: the customer pays 0
    [3, 50, 2],
    [50_000, 0, 0],
    [50_000, 100, 50_000],
    [99_999, 12.5, 12_500],
  ])('%s at %s percent off -> %s', (amount, percent, out) => {
    expect(percentDiscount(amount, percent)).toBe(out);
  });

  it('property: within half a sum of exact, a tie always goes to the customer, never above the amount', () => {
    const g = sums(7);
    const p = properties();
    for (let i = 0; i < 20_000; i++) {
      const amount = g.int(10_000_000);
      const hundredths = g.int(10_000);
      const d = percentDiscount(amount, hundredths / 100);
      const n = BigInt(amount) * BigInt(hundredths);
      const diff = BigInt(d) * 10_000n - n; // 10 000 x (discount - exact discount)
      const a = applyPercent(amount, hundredths / 100);
      p.check(
        { amount, hundredths },
        {
          integer: Number.isSafeInteger(d),
          'never negative': d >= 0,
          'at most the amount': d <= amount,
          'nearest, an exact half goes to the customer': diff > -5_000n && diff <= 5_000n,
          'differs from applyPercent only at a tie': d === a || (d - a === 1 && diff === 5_000n),
          'the rest to pay is applyPercent of the rest':
            amount - d === applyPercent(amount, (10_000 - hundredths) / 100),
        },
      );
    }
    expect(p.failures).toEqual([]);
  });
});

describe('changeFromValid', () => {
  it.each([
    [100_000, 100_000, true],
    [200_000, 100_000, true],
    [99_999, 100_000, false], // 'You cannot deposit an amount less than the total amount.'
    [0, 1, false],
    [0, 0, true],
    [null, 100_000, true], // no change needed
    [undefined, 100_000, true],
  ])('change from %s, total %s -> %s', (changeFrom, total, ok) => {
    expect(changeFromValid(changeFrom, total)).toBe(ok);
  });

  it.each(BAD_SUMS)('throws for %s', (bad) => {
    expect(() => changeFromValid(bad, 1)).toThrow(RangeError);
    expect(() => changeFromValid(1, bad)).toThrow(RangeError);
    expect(() => changeFromValid(null, bad)).toThrow(RangeError);
  });

  it('property: valid exactly when it covers the total', () => {
    const g = sums(8);
    const p = properties();
    for (let i = 0; i < 10_000; i++) {
      const total = g.sum();
      const changeFrom = g.int(1) === 0 ? total + g.int(100_000) - 50_000 : g.sum();
      if (changeFrom < 0 || !Number.isSafeInteger(changeFrom)) continue;
      p.check(
        { changeFrom, total },
        { 'covers the total': changeFromValid(changeFrom, total) === changeFrom >= total },
      );
    }
    expect(p.failures).toEqual([]);
  });
});
