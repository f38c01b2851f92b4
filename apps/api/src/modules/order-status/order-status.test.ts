import type { TOrderStatusEvent } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseWindow } from '../../test/database-clock.ts';
import { insertLifeOrder, LIFE_FIXTURE } from './order-status.fixtures.ts';
import { currentStatusEvents } from './order-status.repository.ts';
import { applyEvent } from './order-status.service.ts';

const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => {
  const [r] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  if (!r) throw new Error('no order');
  return r;
};
const apply = (
  id: string,
  event: Parameters<typeof applyEvent>[3],
  actor: Parameters<typeof applyEvent>[4],
  staffId?: string,
) => t.app.db.transaction((tx) => applyEvent(t.app, tx, id, event, actor, staffId));

describe('applyEvent', () => {
  it('writes the status, a history row and answers the published event', async () => {
    const id = await insertLifeOrder(t.app.db);
    const heard: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e));
    const window = await databaseWindow(t.app.db);
    const result = await apply(id, 'operator-accepted', 'operator', LIFE_FIXTURE.staff.operator);
    // Stamped by the database's clock (status-stamp.test.ts), not the app's.
    await window.expectWithin(result.at);
    expect(result.at).not.toBe(clock.now().toISOString());
    expect(result).toEqual({ order_id: id, status: 'operator-accepted', at: result.at, courier: null });
    expect(await row(id)).toMatchObject({ status: 'operator-accepted', updatedAt: new Date(result.at) });
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history.at(-1)).toMatchObject({
      status: 'operator-accepted',
      event: 'operator-accepted',
      actor: 'operator',
      staffId: LIFE_FIXTURE.staff.operator,
      createdAt: new Date(result.at),
    });
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard).toEqual([result]);
  });

  it("publishes the order's own (lower-case) id when given it in upper case", async () => {
    const id = await insertLifeOrder(t.app.db);
    expect(id).toBe(id.toLowerCase());
    expect(id.toUpperCase()).not.toBe(id);
    const heard: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e));
    const result = await apply(
      id.toUpperCase(),
      'operator-accepted',
      'operator',
      LIFE_FIXTURE.staff.operator,
    );
    expect(result.order_id).toBe(id);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard.map((e) => e.order_id)).toEqual([id]);
  });

  it('writes and announces nothing when the surrounding transaction rolls back', async () => {
    const id = await insertLifeOrder(t.app.db);
    const heard: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e));
    await expect(
      t.app.db.transaction(async (tx) => {
        await applyEvent(t.app, tx, id, 'operator-accepted', 'operator');
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard).toEqual([]);
    expect((await row(id)).status).toBe('new');
  });

  it("marks an online order paid when its payment is received, and sends a scheduled one to 'future'", async () => {
    const now = await insertLifeOrder(t.app.db, { status: 'payment-awaited', paymentType: 'payme' });
    await apply(now, 'payment-received', 'server');
    expect(await row(now)).toMatchObject({ status: 'new', paid: true });
    const later = await insertLifeOrder(t.app.db, {
      status: 'payment-awaited',
      paymentType: 'click',
      futureTime: new Date('2026-03-02T12:00:00Z'),
    });
    await apply(later, 'payment-received', 'server');
    expect(await row(later)).toMatchObject({ status: 'future', paid: true });
  });

  it('does not mark a cash order paid before the customer has it', async () => {
    const id = await insertLifeOrder(t.app.db, {
      status: 'courier-picked',
      courierId: LIFE_FIXTURE.staff.courier,
    });
    expect((await row(id)).paid).toBe(false);
    await apply(id, 'delivered', 'courier', LIFE_FIXTURE.staff.courier);
    expect(await row(id)).toMatchObject({ status: 'delivered', paid: true });
  });

  it('lets the server cancel only orders nobody has taken on; a refund, until it is picked up', async () => {
    const fresh = await insertLifeOrder(t.app.db);
    await apply(fresh, 'server-cancelled', 'server');
    expect((await row(fresh)).status).toBe('server-cancelled');
    const cooking = await insertLifeOrder(t.app.db, { status: 'vendor-accepted' });
    await expect(apply(cooking, 'server-cancelled', 'server')).rejects.toMatchObject({
      statusCode: 409,
      code: 'ORDER_TRANSITION_REFUSED',
    });
    await t.app.db.transaction((tx) =>
      applyEvent(t.app, tx, cooking, 'server-cancelled', 'server', null, 'Payme', { refund: true }),
    );
    expect((await row(cooking)).status).toBe('server-cancelled');
    const picked = await insertLifeOrder(t.app.db, { status: 'courier-picked' });
    await expect(
      t.app.db.transaction((tx) =>
        applyEvent(t.app, tx, picked, 'server-cancelled', 'server', null, 'Payme', { refund: true }),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'ORDER_TRANSITION_REFUSED',
    });
  });

  it('refuses an unknown order (404) and a status outside the machine (409)', async () => {
    await expect(
      apply('5d0c6a1e-0000-4000-8000-000000000001', 'operator-accepted', 'operator'),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'STAFF_ORDER_NOT_FOUND',
    });
    const odd = await insertLifeOrder(t.app.db);
    await t.app.db.update(orders).set({ status: 'imported-oddity' }).where(eq(orders.id, odd));
    await expect(apply(odd, 'operator-accepted', 'operator')).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('currentStatusEvents', () => {
  it("answers each order's status, when it took it and its courier", async () => {
    const id = await insertLifeOrder(t.app.db, { status: 'vendor-ready' });
    clock.advance(60_000);
    const accepted = await apply(id, 'courier-accepted', 'courier', LIFE_FIXTURE.staff.courier);
    const other = await insertLifeOrder(t.app.db, { createdAt: new Date('2026-02-01T10:00:00Z') });
    const events = await currentStatusEvents(t.app.db, [id, other, '5d0c6a1e-0000-4000-8000-000000000002']);
    expect(events.sort((a, b) => a.at.localeCompare(b.at))).toEqual([
      { order_id: other, status: 'new', at: '2026-02-01T10:00:00.000Z', courier: null },
      {
        order_id: id,
        status: 'courier-accepted',
        // The time the event was published with: its history row's, the database's.
        at: accepted.at,
        courier: { name: 'Courier One', phone: '998901000001' },
      },
    ]);
    expect(await currentStatusEvents(t.app.db, [])).toEqual([]);
  });
});
