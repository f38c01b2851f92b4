import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatSum } from '@app/domain';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { orders } from '../../db/schema/index.ts';
import { DEMO_CLICK_SECRET_KEY, DEMO_CLICK_SERVICE_ID, DEMO_PAYME_KEY, type Env } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ORDER_TEST_MORNING, placeTestOrder, signInTestCustomer } from '../../test/orders.ts';
import { isStorefrontUrl, sandboxRoutes } from './sandbox.routes.ts';
import { clickSandbox, clickSignTime, paymeSandbox } from './sandbox-client.ts';

/** One request the fake merchant got. */
type Seen = { path: string; headers: IncomingMessage['headers']; body: string };

/**
 * A stand-in for our merchant endpoints on 127.0.0.1: records every request and answers with what
 * `answer` says (success by default), so the tests see exactly what the sandbox sends.
 */
function fakeMerchant() {
  const seen: Seen[] = [];
  let answer: (req: Seen) => unknown = defaultAnswer;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body };
      seen.push(got);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(got)));
    });
  });
  return {
    seen,
    answerWith: (f: (req: Seen) => unknown) => {
      answer = f;
    },
    reset: () => {
      seen.length = 0;
      answer = defaultAnswer;
    },
    start: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        );
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function defaultAnswer(req: Seen): unknown {
  if (req.path === '/v1/payments/payme') {
    const { id, method } = JSON.parse(req.body) as { id: number; method: string };
    const result =
      method === 'CheckPerformTransaction'
        ? { allow: true }
        : method === 'CreateTransaction'
          ? { create_time: 1, transaction: '1', state: 1 }
          : method === 'PerformTransaction'
            ? { perform_time: 2, transaction: '1', state: 2 }
            : { cancel_time: 3, transaction: '1', state: -1 };
    return { jsonrpc: '2.0', id, result };
  }
  const fields = Object.fromEntries(new URLSearchParams(req.body));
  if (req.path === '/v1/payments/click/prepare')
    return { ...pick(fields), merchant_prepare_id: 77, error: 0, error_note: 'Success' };
  // A Complete carrying Click's failure cancels: -9.
  if (Number(fields.error) < 0)
    return { ...pick(fields), merchant_confirm_id: null, error: -9, error_note: 'cancelled' };
  return { ...pick(fields), merchant_confirm_id: 78, error: 0, error_note: 'Success' };
}
const pick = (f: Record<string, string>) => ({
  click_trans_id: f.click_trans_id,
  merchant_trans_id: f.merchant_trans_id,
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const NOW = new Date('2026-03-02T04:05:06.000Z');
const ORDER_ID = '3f2b8a1e-5c4d-4e6f-8a9b-0c1d2e3f4a5b';

const merchant = fakeMerchant();
let origin: string;
beforeAll(async () => {
  origin = await merchant.start();
});
afterAll(async () => {
  await merchant.stop();
});
beforeEach(() => merchant.reset());

const payme = (action: 'pay' | 'cancel', lang: 'ru' | 'uz' | 'en' = 'en') =>
  paymeSandbox(
    { origin },
    { key: 'the-merchant-key' },
    { orderId: ORDER_ID, tiyin: 6_600_000, action, now: () => NOW, lang },
  );
const paymeCalls = () =>
  merchant.seen.map((s) => {
    expect(s.path).toBe('/v1/payments/payme');
    expect(s.headers.authorization).toBe(
      `Basic ${Buffer.from('Paycom:the-merchant-key').toString('base64')}`,
    );
    expect(s.headers['content-type']).toMatch(/^application\/json/);
    // Payme sends no Shipper or Platform header.
    expect(s.headers.shipper).toBeUndefined();
    return JSON.parse(s.body) as {
      jsonrpc: string;
      id: number;
      method: string;
      params: Record<string, unknown>;
    };
  });

describe('the sandbox as Payme (JSON-RPC to /v1/payments/payme)', () => {
  it('pays: CheckPerformTransaction, CreateTransaction (fresh 24-character id, time now), PerformTransaction', async () => {
    expect(await payme('pay')).toEqual({ ok: true });
    const calls = paymeCalls();
    expect(calls.map((c) => c.method)).toEqual([
      'CheckPerformTransaction',
      'CreateTransaction',
      'PerformTransaction',
    ]);
    const account = { order_id: ORDER_ID };
    expect(calls[0]?.params).toEqual({ amount: 6_600_000, account });
    const id = calls[1]?.params.id as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(calls[1]?.params).toEqual({ id, time: NOW.getTime(), amount: 6_600_000, account });
    expect(calls[2]?.params).toEqual({ id });
    expect(calls.every((c) => c.jsonrpc === '2.0' && Number.isInteger(c.id))).toBe(true);
    // Another payment: another transaction id.
    merchant.reset();
    await payme('pay');
    expect(paymeCalls()[1]?.params.id).not.toBe(id);
  });

  it('cancels: CreateTransaction, then CancelTransaction with reason 3', async () => {
    expect(await payme('cancel')).toEqual({ ok: true });
    const calls = paymeCalls();
    expect(calls.map((c) => c.method)).toEqual(['CreateTransaction', 'CancelTransaction']);
    expect(calls[1]?.params).toEqual({ id: calls[0]?.params.id, reason: 3 });
  });

  it("stops at a refusal and returns its code and message in the page's language", async () => {
    merchant.answerWith((req) => {
      const { id, method } = JSON.parse(req.body) as { id: number; method: string };
      return method === 'CheckPerformTransaction'
        ? { id, result: { allow: true } }
        : {
            id,
            error: {
              code: -31050,
              message: { ru: 'Заказ не найден', uz: 'Topilmadi', en: 'Order not found' },
              data: 'order_id',
            },
          };
    });
    expect(await payme('pay', 'uz')).toEqual({
      ok: false,
      failure: { step: 'CreateTransaction', code: -31050, message: 'Topilmadi' },
    });
    expect(paymeCalls().map((c) => c.method)).toEqual(['CheckPerformTransaction', 'CreateTransaction']);
  });
});

describe('the sandbox as Click (signed prepare, then complete)', () => {
  const click = (action: 'pay' | 'cancel') =>
    clickSandbox(
      { origin },
      { serviceId: '10001', secretKey: 'the-click-secret' },
      { orderId: ORDER_ID, sums: 66_000, action, now: () => NOW },
    );
  const fieldsOf = (s: Seen) => {
    expect(s.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(s.headers.shipper).toBeUndefined();
    return Object.fromEntries(new URLSearchParams(s.body));
  };

  it('pays: prepare (action 0) then complete (action 1), each signed with MD5 as Click does', async () => {
    expect(await click('pay')).toEqual({ ok: true });
    expect(merchant.seen.map((s) => s.path)).toEqual([
      '/v1/payments/click/prepare',
      '/v1/payments/click/complete',
    ]);
    const [prepare, complete] = merchant.seen.map(fieldsOf);
    // 09:05:06 in Tashkent.
    expect(clickSignTime(NOW)).toBe('2026-03-02 09:05:06');
    expect(prepare).toEqual({
      click_trans_id: expect.stringMatching(/^\d+$/),
      service_id: '10001',
      click_paydoc_id: expect.stringMatching(/^\d+$/),
      merchant_trans_id: ORDER_ID,
      amount: '66000.00',
      action: '0',
      error: '0',
      error_note: 'Success',
      sign_time: '2026-03-02 09:05:06',
      sign_string: md5(
        `${prepare?.click_trans_id}10001the-click-secret${ORDER_ID}66000.000${'2026-03-02 09:05:06'}`,
      ),
    });
    expect(complete).toEqual({
      ...prepare,
      merchant_prepare_id: '77',
      action: '1',
      sign_string: md5(
        `${prepare?.click_trans_id}10001the-click-secret${ORDER_ID}7766000.001${'2026-03-02 09:05:06'}`,
      ),
    });
  });

  it('cancels: prepare, then complete with error -5017 (the shop answers -9)', async () => {
    expect(await click('cancel')).toEqual({ ok: true });
    const [, complete] = merchant.seen.map(fieldsOf);
    expect(complete).toMatchObject({ action: '1', error: '-5017', merchant_prepare_id: '77' });
  });

  it('stops at a refused prepare and returns its error', async () => {
    merchant.answerWith(() => ({ error: -5, error_note: 'Order does not exist' }));
    expect(await click('pay')).toEqual({
      ok: false,
      failure: { step: 'prepare', code: -5, message: 'Order does not exist' },
    });
    expect(merchant.seen).toHaveLength(1);
  });
});

describe('return_url must lead to the storefront', () => {
  it.each([
    ['http://localhost:3000/en/myorders/1', true],
    ['http://localhost:3000', true],
    ['http://localhost:3000.evil.example/myorders/1', false],
    ['http://localhost:3001/myorders/1', false],
    ['https://localhost:3000/myorders/1', false],
    ['http://user@localhost:3000/myorders/1', false],
    ['//evil.example', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s: %s', (url, allowed) => {
    expect(isStorefrontUrl(url, 'http://localhost:3000')).toBe(allowed);
  });
});

describe('the sandbox pages', () => {
  let t: TestApp;
  let orderId: string;
  let number: string;
  /** The order's total (sums), what the provider takes. */
  let due: number;
  /** The sandbox routes on the test app's database, calling the fake merchant instead of themselves. */
  let pages: FastifyInstance;
  const back = (id: string) => `http://localhost:3000/en/myorders/${id}`;
  const url = (provider: string, query: Record<string, string>) =>
    `/dev/pay/${provider}?${new URLSearchParams(query)}`;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => ORDER_TEST_MORNING });
    const customer = await signInTestCustomer(t);
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' }, { locale: 'en' });
    orderId = placed.order_id;
    number = placed.external_order_id;
    const [row] = await t.app.db
      .select({ total: orders.totalPrice })
      .from(orders)
      .where(eq(orders.id, orderId));
    due = row?.total ?? 0;
    expect(due).toBeGreaterThan(0);
    pages = Fastify({ logger: false });
    pages.decorate('db', t.app.db);
    pages.decorate('config', t.app.config);
    pages.decorate('clock', () => NOW);
    await pages.register(sandboxRoutes, { merchant: () => ({ origin }) });
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await t?.close();
  });

  it('shows the order, the amount due and the provider, with Pay and Cancel in a real form (ru, uz, en)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('payme', { order_id: orderId, return_url: back(orderId), lang: 'en' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<dd>${number}</dd>`);
    expect(html).toContain(`<dd>${formatSum(due, 'en')}</dd>`);
    expect(html).toContain('<dd>Payme</dd>');
    expect(html).toMatch(/<form method="post" action="\/dev\/pay\/payme" aria-label="Paying the order">/);
    expect(html).toContain('<button class="pay" type="submit" name="action" value="pay">Pay</button>');
    expect(html).toContain(
      '<button class="cancel" type="submit" name="action" value="cancel">Cancel</button>',
    );
    expect(html).toContain(`<input type="hidden" name="return_url" value="${back(orderId)}">`);
    expect(html).toContain(':focus-visible');
    // No outside asset: nothing loaded from any URL.
    expect(html).not.toMatch(/\s(src|href)=/);

    const ru = await t.app.inject({
      method: 'GET',
      url: url('click', { order_id: orderId, return_url: back(orderId), lang: 'ru' }),
    });
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('Оплатить');
    expect(ru.body).toContain('<dd>Click</dd>');
    const uz = await t.app.inject({
      method: 'GET',
      url: url('click', { order_id: orderId, return_url: back(orderId), lang: 'uz' }),
    });
    expect(uz.body).toContain("To'lash");
  });

  it('carries a policy its page works under: its one style by hash, forms to itself and the storefront only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('payme', { order_id: orderId, return_url: back(orderId) }),
    });
    const policy = String(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'self' http://localhost:3000; frame-ancestors 'none'`,
    );
    expect(res.body).not.toContain('<script');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 for a return_url off the storefront (no open redirect), 404 for an unknown order or provider', async () => {
    for (const returnUrl of ['https://evil.example/', 'http://localhost:3000.evil.example/x', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: url('payme', { order_id: orderId, return_url: returnUrl }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('evil.example');
      const post = await pages.inject({
        method: 'POST',
        url: '/dev/pay/payme',
        payload: new URLSearchParams({ order_id: orderId, return_url: returnUrl, action: 'pay' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode).toBe(400);
    }
    expect(merchant.seen).toEqual([]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: url('payme', { order_id: '00000000-0000-4000-8000-000000000000', return_url: back('x') }),
    });
    expect(unknown.statusCode).toBe(404);
    const provider = await t.app.inject({
      method: 'GET',
      url: url('paypal', { order_id: orderId, return_url: back(orderId) }),
    });
    expect(provider.statusCode).toBe(404);
  });

  it('answers 400 with its page, not 500, for a field sent twice or of the wrong type', async () => {
    const twice = await t.app.inject({
      method: 'GET',
      url: `/dev/pay/payme?order_id=a&order_id=b&return_url=${encodeURIComponent(back(orderId))}&lang=en`,
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(twice.body).toContain(
      '<p class="error" role="alert">Wrong request: a field is repeated, too long or not text.</p>',
    );
    const returnTwice = await t.app.inject({
      method: 'GET',
      url: `${url('click', { order_id: orderId, return_url: back(orderId) })}&return_url=x`,
    });
    expect(returnTwice.statusCode, returnTwice.body).toBe(400);
    for (const payload of [
      { order_id: 5, return_url: back(orderId), action: 'pay' },
      { order_id: orderId, return_url: [back(orderId)], action: 'pay' },
      [orderId],
    ]) {
      for (const app of [t.app, pages]) {
        const res = await app.inject({
          method: 'POST',
          url: '/dev/pay/payme',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain('role="alert"');
      }
    }
    expect(merchant.seen).toEqual([]);
  });

  const submit = (provider: 'payme' | 'click', action: string) =>
    pages.inject({
      method: 'POST',
      url: `/dev/pay/${provider}`,
      payload: new URLSearchParams({
        order_id: orderId,
        return_url: back(orderId),
        lang: 'en',
        action,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('on Pay calls the merchant endpoint with the order and its amount, then sends the customer back (303)', async () => {
    const res = await submit('payme', 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(back(orderId));
    const bodies = merchant.seen.map(
      (s) => JSON.parse(s.body) as { method: string; params: Record<string, unknown> },
    );
    expect(bodies.map((b) => b.method)).toEqual([
      'CheckPerformTransaction',
      'CreateTransaction',
      'PerformTransaction',
    ]);
    expect(bodies[0]?.params).toEqual({ amount: due * 100, account: { order_id: orderId } });
    expect(bodies[1]?.params.time).toBe(NOW.getTime());
    expect(merchant.seen[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`Paycom:${DEMO_PAYME_KEY}`).toString('base64')}`,
    );

    merchant.reset();
    expect((await submit('click', 'cancel')).statusCode).toBe(303);
    const fields = merchant.seen.map((s) => Object.fromEntries(new URLSearchParams(s.body)));
    expect(fields.map((f) => [f.action, f.error, f.amount, f.service_id])).toEqual([
      ['0', '0', `${due}.00`, DEMO_CLICK_SERVICE_ID],
      ['1', '-5017', `${due}.00`, DEMO_CLICK_SERVICE_ID],
    ]);
    expect(fields[0]?.sign_string).toBe(
      md5(
        `${fields[0]?.click_trans_id}${DEMO_CLICK_SERVICE_ID}${DEMO_CLICK_SECRET_KEY}${orderId}${due}.000${fields[0]?.sign_time}`,
      ),
    );
  });

  it('shows a refusal of the merchant endpoint on the page instead of redirecting', async () => {
    merchant.answerWith((req) => ({
      id: (JSON.parse(req.body) as { id: number }).id,
      error: {
        code: -31050,
        message: { ru: 'Заказ оплачен', uz: "To'langan", en: 'The order is already paid' },
      },
    }));
    const res = await submit('payme', 'pay');
    expect(res.statusCode).toBe(409);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(
      '<p class="error" role="alert">The payment did not go through: CheckPerformTransaction → -31050 (The order is already paid)</p>',
    );
    // The form is still there to try again.
    expect(res.body).toContain('value="pay"');
  });
});

describe('the sandbox in production', () => {
  it('does not exist (404)', async () => {
    const t = await buildTestApp();
    try {
      const production: Partial<Env> = {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'eskiz',
        ESKIZ_EMAIL: 'api@chain.uz',
        ESKIZ_PASSWORD: 'eskiz-account-password',
        OTP_SECRET: '3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e',
        STAFF_DEMO_PASSWORD: undefined,
        PAYME_KEY: undefined,
        CLICK_SECRET_KEY: undefined,
        DOCS_ENABLED: false,
        LOG_LEVEL: 'silent',
        DATA_DIR: t.app.config.DATA_DIR,
      };
      const app = await buildApp({ db: t.db, env: production, logger: false, runJobs: false });
      try {
        for (const method of ['GET', 'POST'] as const) {
          const res = await app.inject({
            method,
            url: `/dev/pay/payme?order_id=${ORDER_ID}&return_url=http://localhost:3000/`,
          });
          expect(res.statusCode).toBe(404);
        }
      } finally {
        await app.close();
      }
      // The same database outside production: there.
      const dev = await t.app.inject({
        method: 'GET',
        url: `/dev/pay/payme?order_id=${ORDER_ID}&return_url=http://localhost:3000/`,
      });
      expect(dev.statusCode).toBe(404);
      expect(dev.body).toContain('Заказ не найден');
    } finally {
      await t.close();
    }
  }, 120_000);
});
