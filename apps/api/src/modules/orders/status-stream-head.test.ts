import { ZApiError, ZOrderStatusEvent } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { signInTestCustomer, type TestCustomer } from '../../test/orders.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { insertTestOrder } from './orders.fixtures.ts';
import { STATUS_STREAMS_PER_CUSTOMER } from './orders.routes.ts';

// HEAD /v2/orders/{id}/status-stream on a real listening server. Fastify answers HEAD for a GET route
// by running its handler and dropping the body: the stream was never read nor closed, so its place
// (http/stream-slots.ts), its heartbeat and its bus subscription stayed taken for good.

const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;
let base: string;
let who: TestCustomer;

beforeAll(async () => {
  // The process holds as many streams as one customer may: a leaked place shows either way.
  t = await buildTestApp({
    clock: clock.now,
    env: { ORDER_STATUS_STREAM_LIMIT: STATUS_STREAMS_PER_CUSTOMER },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  who = await signInTestCustomer(t);
});
afterAll(async () => {
  const closing = t?.close();
  t?.app.server.closeAllConnections();
  await closing;
});

describe('HEAD /v2/orders/{id}/status-stream', () => {
  it('answers 404 in JSON without taking a place: after five HEADs every place is still free', async () => {
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const url = `/v2/orders/${order.id}/status-stream`;
    const headers = { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}`, 'accept-language': 'en' };
    for (let i = 0; i < 5; i++) {
      const head = await fetch(`${base}${url}`, { method: 'HEAD', headers });
      expect(head.status).toBe(404);
      expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const head = await t.app.inject({ method: 'HEAD', url, headers });
    expect(head.statusCode).toBe(404);
    // A HEAD answer has no body; its headers are those of the JSON error a GET of an unknown route gets.
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = { statusCode: 404, code: 'ROUTE_NOT_FOUND', message: `Route HEAD ${url} not found` };
    expect(ZApiError.parse(body)).toEqual(body);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));

    // Every place of the customer (and of the process) is free.
    const responses: Response[] = [];
    for (let i = 0; i < STATUS_STREAMS_PER_CUSTOMER; i++) {
      const response = await fetch(`${base}${url}`, { headers });
      expect(response.status).toBe(200);
      responses.push(response);
    }
    // Ended by the server: a cancelled order ends its streams.
    clock.advance(60_000);
    await t.app.db.transaction((tx) =>
      applyEvent(t.app, tx, order.id, 'operator-cancelled', 'operator', null),
    );
    for (const response of responses) {
      const text = await response.text();
      const first = text.split('\n').find((line) => line.startsWith('data: '));
      expect(ZOrderStatusEvent.parse(JSON.parse(first?.slice(6) ?? 'null')).status).toBe('new');
    }
  });
});
