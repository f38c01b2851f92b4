/**
 * Orders written straight into the tables for the tests of order reads, the status stream and
 * reviews: any status and history, without going through checkout (placeTestOrder in
 * src/test/orders.ts places a real one). The default is a delivery from 'chilonzor' of the fixture
 * chain: 2 beef wraps with the garlic sauce and a cola.
 */
import type { OrderStatus } from '@app/domain';
import type { Db } from '../../db/client.ts';
import {
  type OrderLineModifier,
  type OrderLineVariant,
  type OrderRow,
  orderLines,
  orderStatusHistory,
  orders,
  staffAccounts,
} from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';

const t = (ru: string, uz: string, en: string) => ({ ru, uz, en });

export const FIXTURE_IDS = {
  chilonzor: stableId('branch', 'chilonzor'),
  westZone: stableId('zone', 'west'),
  beefWrap: stableId('product', 'beef-wrap'),
  cola: stableId('product', 'cola'),
  margherita: stableId('product', 'margherita'),
  margherita35: stableId('product', 'margherita-35'),
  sauce: stableId('group-modifier', 'beef-wrap/sauce'),
  garlic: stableId('group-modifier-variant', 'beef-wrap/sauce/garlic'),
};

export type TestLine = {
  productId: string;
  type?: 'simple' | 'combo' | 'origin';
  title: { ru: string; uz: string; en: string };
  quantity: number;
  unitPrice: number;
  variants?: OrderLineVariant[];
  modifiers?: OrderLineModifier[];
  comment?: string;
};

export const DEFAULT_LINES: TestLine[] = [
  {
    productId: FIXTURE_IDS.beefWrap,
    title: t('Лаваш с говядиной', "Mol go'shtli o'rama", 'Beef wrap'),
    quantity: 2,
    unitPrice: 32_000,
    modifiers: [
      {
        modifier_id: FIXTURE_IDS.garlic,
        parent_id: FIXTURE_IDS.sauce,
        name: t('Чесночный', 'Sarimsoqli', 'Garlic'),
        quantity: 1,
        price: 0,
      },
    ],
    comment: 'без лука',
  },
  {
    productId: FIXTURE_IDS.cola,
    title: t('Кока-Кола 0,5 л', 'Coca-Cola 0,5 l', 'Coca-Cola 0.5 l'),
    quantity: 1,
    unitPrice: 8_000,
  },
];

export type TestOrderInput = {
  customerId: string;
  /** The statuses the order went through, oldest first; the last is its status. Default ['new']. */
  history?: OrderStatus[];
  deliveryType?: 'delivery' | 'self-pickup';
  /** When it was placed; each later status a minute after the one before. */
  createdAt?: Date;
  futureTime?: Date | null;
  lines?: TestLine[];
  courierId?: string | null;
  paymentType?: 'cash' | 'card';
  promoCode?: string | null;
  deliveryPrice?: number;
  discountPrice?: number;
  changeFrom?: number | null;
};

let counter = 0;

/** Writes an order, its lines and its history in one transaction; answers the order row. */
export async function insertTestOrder(db: Db, input: TestOrderInput): Promise<OrderRow> {
  const history = input.history ?? ['new'];
  const createdAt = input.createdAt ?? new Date();
  const lines = input.lines ?? DEFAULT_LINES;
  const pickup = input.deliveryType === 'self-pickup';
  const goods = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const delivery = pickup ? 0 : (input.deliveryPrice ?? 12_000);
  const discount = input.discountPrice ?? 0;
  const minute = 60_000;
  const status = history.at(-1) ?? 'new';
  const updatedAt = new Date(createdAt.getTime() + (history.length - 1) * minute);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        shipperId: DEMO_SHIPPER_ID,
        externalOrderId: `T-${process.pid}-${++counter}`,
        customerId: input.customerId,
        branchId: FIXTURE_IDS.chilonzor,
        deliveryType: pickup ? 'self-pickup' : 'delivery',
        paymentType: input.paymentType ?? 'cash',
        paid: status === 'delivered' || status === 'finished',
        status,
        toAddress: pickup ? null : 'ул. Тестовая, 5',
        toLat: pickup ? null : 41.3,
        toLong: pickup ? null : 69.21,
        deliveryZoneId: pickup ? null : FIXTURE_IDS.westZone,
        accommodation: pickup ? '' : 'Дом 5',
        apartment: pickup ? '' : '12',
        building: pickup ? '' : '2',
        floor: pickup ? '' : '3',
        description: pickup ? '' : 'Домофон 12',
        isCourierCall: !pickup,
        comment: 'Позвоните заранее',
        futureTime: input.futureTime ?? null,
        goodsPrice: goods,
        deliveryPrice: delivery,
        deliveryReason: pickup ? 'pickup' : 'distance',
        deliveryDistanceM: pickup ? 0 : 840,
        discountPrice: discount,
        totalPrice: goods + delivery - discount,
        promoCode: input.promoCode ?? null,
        changeFrom: input.changeFrom ?? null,
        courierId: input.courierId ?? null,
        createdAt,
        updatedAt,
      })
      .returning();
    if (!order) throw new Error('insertTestOrder: no order row');
    await tx.insert(orderLines).values(
      lines.map((l, position) => ({
        orderId: order.id,
        position,
        productId: l.productId,
        type: l.type ?? 'simple',
        title: l.title,
        variants: l.variants ?? [],
        modifiers: l.modifiers ?? [],
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        totalPrice: l.unitPrice * l.quantity,
        comment: l.comment ?? '',
      })),
    );
    await tx.insert(orderStatusHistory).values(
      history.map((s, i) => ({
        orderId: order.id,
        status: s,
        event: i === 0 ? null : s,
        actor: i === 0 ? 'server' : 'operator',
        createdAt: new Date(createdAt.getTime() + i * minute),
      })),
    );
    return order;
  });
}

/** A courier account (staff) for orders that have one. */
export async function insertTestCourier(db: Db, login = `courier-${process.pid}-${++counter}`) {
  const [row] = await db
    .insert(staffAccounts)
    .values({
      id: stableId('test-staff', login),
      shipperId: DEMO_SHIPPER_ID,
      login,
      name: 'Rustam',
      phone: '998901112233',
      role: 'courier',
      passwordHash: 'scrypt$test',
    })
    .returning();
  if (!row) throw new Error('insertTestCourier: no row');
  return row;
}
