/**
 * Orders written straight into the tables for the tests of the order's life (staff events, the status
 * bus, the scheduled-orders job): any status, without going through checkout. One line: a beef wrap
 * of the fixture chain (cooking time 15 min); the branch 'chilonzor' unless told (delivery time 40).
 */
import { randomInt } from 'node:crypto';
import type { Actor, OrderEvent, OrderStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orderLines, orderStatusHistory, orders } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';

export const LIFE_FIXTURE = {
  chilonzor: stableId('branch', 'chilonzor'),
  yunusobod: stableId('branch', 'yunusobod'),
  beefWrap: stableId('product', 'beef-wrap'),
  staff: {
    operator: stableId('staff', 'operator'),
    vendorChilonzor: stableId('staff', 'vendor-chilonzor'),
    vendorYunusobod: stableId('staff', 'vendor-yunusobod'),
    courier: stableId('staff', 'courier'),
    courier2: stableId('staff', 'courier-2'),
  },
};

/**
 * The staff events that take a delivery order at chilonzor from 'new' to 'delivered', each with its
 * actor and staff member.
 */
export const TO_DELIVERED = [
  ['operator-accepted', 'operator', LIFE_FIXTURE.staff.operator],
  ['vendor-accepted', 'vendor', LIFE_FIXTURE.staff.vendorChilonzor],
  ['vendor-ready', 'vendor', LIFE_FIXTURE.staff.vendorChilonzor],
  ['courier-accepted', 'courier', LIFE_FIXTURE.staff.courier],
  ['courier-picked', 'courier', LIFE_FIXTURE.staff.courier],
  ['delivered', 'courier', LIFE_FIXTURE.staff.courier],
] as const satisfies readonly (readonly [OrderEvent, Actor, string])[];

let counter = 0;

export async function insertTestCustomer(db: DbOrTx, now = new Date()): Promise<string> {
  const [row] = await db
    .insert(customers)
    .values({
      shipperId: DEMO_SHIPPER_ID,
      name: `Customer ${++counter}`,
      phone: `99890${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
      registrationSource: 'website',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('insertTestCustomer: no row');
  return row.id;
}

export type LifeOrderOptions = {
  customerId?: string;
  branchId?: string;
  deliveryType?: 'delivery' | 'self-pickup';
  paymentType?: string;
  status?: OrderStatus;
  futureTime?: Date | null;
  courierId?: string | null;
  createdAt?: Date;
};

/** One order with its line and a first history row; returns its id. */
export async function insertLifeOrder(db: DbOrTx, options: LifeOrderOptions = {}): Promise<string> {
  const createdAt = options.createdAt ?? new Date('2026-03-01T08:00:00.000Z');
  const customerId = options.customerId ?? (await insertTestCustomer(db, createdAt));
  const deliveryType = options.deliveryType ?? 'delivery';
  const status = options.status ?? (options.futureTime ? 'future' : 'new');
  const n = ++counter;
  const [row] = await db
    .insert(orders)
    .values({
      shipperId: DEMO_SHIPPER_ID,
      externalOrderId: `T-${process.pid}-${n}-${randomInt(0, 1_000_000)}`,
      customerId,
      branchId: options.branchId ?? LIFE_FIXTURE.chilonzor,
      deliveryType,
      paymentType: options.paymentType ?? 'cash',
      status,
      toAddress: deliveryType === 'delivery' ? 'Tashkent, 1 Test street' : null,
      toLat: deliveryType === 'delivery' ? 41.3 : null,
      toLong: deliveryType === 'delivery' ? 69.21 : null,
      futureTime: options.futureTime ?? null,
      goodsPrice: 32_000,
      deliveryPrice: 0,
      deliveryReason: deliveryType === 'delivery' ? 'distance' : 'pickup',
      discountPrice: 0,
      totalPrice: 32_000,
      courierId: options.courierId ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('insertLifeOrder: no row');
  await db.insert(orderLines).values({
    orderId: row.id,
    position: 0,
    productId: LIFE_FIXTURE.beefWrap,
    type: 'simple',
    title: { ru: 'Лаваш с говядиной', uz: "Mol go'shtli o'rama", en: 'Beef wrap' },
    variants: [],
    modifiers: [],
    quantity: 1,
    unitPrice: 32_000,
    totalPrice: 32_000,
  });
  await db
    .insert(orderStatusHistory)
    .values({ orderId: row.id, status, event: null, actor: 'server', createdAt });
  return row.id;
}
