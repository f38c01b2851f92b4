import type { SeedZone } from '../types.ts';

/**
 * Delivery zones of the demo chain: Tashkent split into five areas, one per branch, that meet along
 * shared borders (the city centre 41.311153, 69.279729 is in 'tashkent-centre'); the outskirts beyond
 * the ring road (e.g. 41.31, 68.94 to the west) are served by none. Samarkand and Bukhara have one
 * zone each around the old town. Names are Latin (the same for every language). Vertices are
 * [lat, long]; a ring closes by itself.
 */
export const zones: SeedZone[] = [
  {
    key: 'tashkent-centre',
    city: 'tashkent',
    name: 'Tashkent centre',
    ring: [
      [41.285, 69.245],
      [41.285, 69.31],
      [41.3, 69.315],
      [41.345, 69.31],
      [41.345, 69.245],
      [41.32, 69.24],
    ],
    // Oybek is closed for renovation; Amir Temur cooks for the centre meanwhile.
    branches: ['tashkent-amir-temur', 'tashkent-oybek'],
    min_order_amount: 50_000,
    free_delivery_order_amount: 200_000,
  },
  {
    key: 'tashkent-chilonzor',
    city: 'tashkent',
    name: 'Chilonzor, Uchtepa, Olmazor',
    ring: [
      [41.245, 69.16],
      [41.245, 69.245],
      [41.285, 69.245],
      [41.32, 69.24],
      [41.345, 69.245],
      [41.36, 69.2],
      [41.33, 69.15],
      [41.275, 69.13],
    ],
    branches: ['tashkent-chilonzor'],
    min_order_amount: 60_000,
    free_delivery_order_amount: 250_000,
  },
  {
    key: 'tashkent-yunusobod',
    city: 'tashkent',
    name: 'Yunusobod',
    ring: [
      [41.345, 69.245],
      [41.345, 69.31],
      [41.375, 69.33],
      [41.405, 69.315],
      [41.41, 69.27],
      [41.385, 69.235],
    ],
    branches: ['tashkent-yunusobod'],
    min_order_amount: 60_000,
    free_delivery_order_amount: 250_000,
  },
  {
    key: 'tashkent-mirzo-ulugbek',
    city: 'tashkent',
    name: 'Mirzo Ulugbek',
    ring: [
      [41.3, 69.315],
      [41.345, 69.31],
      [41.375, 69.33],
      [41.36, 69.38],
      [41.32, 69.4],
      [41.29, 69.37],
    ],
    // The Botanical Garden.
    holes: [
      [
        [41.341, 69.316],
        [41.341, 69.33],
        [41.334, 69.33],
        [41.334, 69.316],
      ],
    ],
    branches: ['tashkent-mirzo-ulugbek'],
    min_order_amount: 60_000,
    free_delivery_order_amount: 250_000,
  },
  {
    key: 'tashkent-sergeli',
    city: 'tashkent',
    name: 'Sergeli, Yakkasaroy',
    ring: [
      [41.19, 69.17],
      [41.19, 69.3],
      [41.24, 69.34],
      [41.29, 69.37],
      [41.3, 69.315],
      [41.285, 69.31],
      [41.285, 69.245],
      [41.245, 69.245],
      [41.245, 69.16],
    ],
    // The airport's airfield.
    holes: [
      [
        [41.266, 69.268],
        [41.266, 69.3],
        [41.25, 69.3],
        [41.25, 69.268],
      ],
    ],
    branches: ['tashkent-sergeli'],
    min_order_amount: 80_000,
    free_delivery_order_amount: 300_000,
  },
  {
    key: 'samarkand-centre',
    city: 'samarkand',
    name: 'Samarkand',
    ring: [
      [39.62, 66.91],
      [39.62, 67.0],
      [39.66, 67.02],
      [39.695, 66.995],
      [39.69, 66.92],
    ],
    branches: ['samarkand-registan', 'samarkand-university', 'samarkand-siab'],
    min_order_amount: 50_000,
    free_delivery_order_amount: 200_000,
  },
  {
    key: 'bukhara-centre',
    city: 'bukhara',
    name: 'Bukhara',
    ring: [
      [39.745, 64.39],
      [39.745, 64.465],
      [39.79, 64.47],
      [39.8, 64.4],
    ],
    branches: ['bukhara-lyabi-hauz', 'bukhara-mustaqillik'],
    min_order_amount: 50_000,
    free_delivery_order_amount: 0,
  },
];
