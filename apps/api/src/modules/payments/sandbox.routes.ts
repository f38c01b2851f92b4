/**
 * The payment sandbox (issue 12): outside production, with the providers' demo settings, an online
 * order's `payment_link` is `GET /dev/pay/{payme|click}?order_id=&return_url=&lang=` (payment-links.ts),
 * a page of the API's own standing in for the provider's checkout, which a laptop without network cannot
 * reach. It shows the order's number, the amount due and the provider, with Pay and Cancel; the form
 * posts back here, and the API then calls our own merchant endpoints over HTTP exactly as the provider
 * does (sandbox-client.ts), and sends the customer back to `return_url` (303). A refusal of the merchant
 * endpoint is shown on the page instead.
 *
 * - Registered only outside production (app.ts): 404 there, like any unknown route.
 * - `return_url` must be on the storefront (STOREFRONT_URL, same origin and path prefix): else 400,
 *   so the page is no open redirect.
 * - The merchant endpoints are reached at the address this API listens on (app.server.address()):
 *   the same process, through the network stack, as the provider would.
 * - The page works under its own strict policy: no script, one style allowed by its hash, forms only
 *   to this API and the storefront (where the 303 leads: Chromium checks form-action on redirects).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { formatSum } from '@app/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { toTiyin } from './payment-links.ts';
import { findPaymentOrder } from './payments.repository.ts';
import { clickSandbox, type MerchantTarget, paymeSandbox, type SandboxResult } from './sandbox-client.ts';

type Lang = 'ru' | 'uz' | 'en';
const PROVIDERS = { payme: 'Payme', click: 'Click' } as const;
type Provider = keyof typeof PROVIDERS;

const TEXTS = {
  ru: {
    title: (p: string) => `Оплата через ${p} (тестовая)`,
    note: 'Тестовая страница оплаты: деньги не списываются.',
    order: 'Заказ',
    amount: 'К оплате',
    provider: 'Платёжная система',
    pay: 'Оплатить',
    cancel: 'Отменить',
    form: 'Оплата заказа',
    notFound: 'Заказ не найден',
    badReturn: 'Неверный адрес возврата: он должен вести в магазин.',
    failed: 'Платёж не прошёл',
    unreachable: 'Не удалось связаться с магазином',
    back: 'Вернуться в магазин',
  },
  uz: {
    title: (p: string) => `${p} orqali to'lov (sinov)`,
    note: "Sinov to'lov sahifasi: pul yechilmaydi.",
    order: 'Buyurtma',
    amount: "To'lanadigan summa",
    provider: "To'lov tizimi",
    pay: "To'lash",
    cancel: 'Bekor qilish',
    form: "Buyurtma to'lovi",
    notFound: 'Buyurtma topilmadi',
    badReturn: "Qaytish manzili noto'g'ri: u do'konga olib borishi kerak.",
    failed: "To'lov amalga oshmadi",
    unreachable: "Do'kon bilan bog'lanib bo'lmadi",
    back: "Do'konga qaytish",
  },
  en: {
    title: (p: string) => `Pay with ${p} (sandbox)`,
    note: 'A test payment page: no money is taken.',
    order: 'Order',
    amount: 'Amount due',
    provider: 'Payment system',
    pay: 'Pay',
    cancel: 'Cancel',
    form: 'Paying the order',
    notFound: 'Order not found',
    badReturn: 'Wrong return address: it must lead to the shop.',
    failed: 'The payment did not go through',
    unreachable: 'Could not reach the shop',
    back: 'Back to the shop',
  },
} as const;

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#52525b}dd{margin:0;font-weight:600}.note{color:#52525b}
.error{border:2px solid #b91c1c;color:#7f1d1d;background:#fef2f2;padding:.75rem;border-radius:8px}
form{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.7rem 1.4rem;border-radius:8px;border:2px solid #1d4ed8;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}.cancel{background:#fff;color:#1d4ed8}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d4ed8}`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const ZLang = z.enum(['ru', 'uz', 'en']).catch('ru');
const ZSandboxInput = z.object({
  order_id: z.string().max(100).default(''),
  return_url: z.string().max(2000).default(''),
  lang: ZLang.default('ru'),
});
const ZSandboxPost = ZSandboxInput.extend({ action: z.enum(['pay', 'cancel']).catch('cancel') });

/** Whether `url` leads to the storefront: its origin, and a path under STOREFRONT_URL's. */
export function isStorefrontUrl(url: string, storefront: string): boolean {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(storefront);
  } catch {
    return false;
  }
  if (target.origin !== base.origin || target.username || target.password) return false;
  const prefix = base.pathname.replace(/\/+$/, '');
  return target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
}

type PageInput = {
  provider: Provider;
  lang: Lang;
  returnUrl: string;
  order: { id: string; number: string; amountDue: number } | null;
  error?: string;
};

function renderPage(input: PageInput): string {
  const t = TEXTS[input.lang];
  const name = PROVIDERS[input.provider];
  const title = t.title(name);
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const body = input.order
    ? `<dl>
<dt>${t.order}</dt><dd>${escapeHtml(input.order.number)}</dd>
<dt>${t.amount}</dt><dd>${escapeHtml(formatSum(input.order.amountDue, input.lang))}</dd>
<dt>${t.provider}</dt><dd>${name}</dd>
</dl>
${error}
<form method="post" action="/dev/pay/${input.provider}" aria-label="${escapeHtml(t.form)}">
<input type="hidden" name="order_id" value="${escapeHtml(input.order.id)}">
<input type="hidden" name="return_url" value="${escapeHtml(input.returnUrl)}">
<input type="hidden" name="lang" value="${input.lang}">
<button class="pay" type="submit" name="action" value="pay">${t.pay}</button>
<button class="cancel" type="submit" name="action" value="cancel">${t.cancel}</button>
</form>`
    : `${error}<p><a href="${escapeHtml(input.returnUrl)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="note">${t.note}</p>
${body}
</main>
</body>
</html>
`;
}

/** The API's own listening address, for calling its merchant endpoints as the provider would. */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') {
    throw new Error('the payment sandbox needs the API to listen on a TCP port');
  }
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

export type SandboxRoutesOptions = {
  /** Where the merchant endpoints are; default this API's own listening address (ownOrigin). */
  merchant?: (app: FastifyInstance) => MerchantTarget;
};

export async function sandboxRoutes(fastify: FastifyInstance, options: SandboxRoutesOptions) {
  const app = fastify;
  const storefront = app.config.STOREFRONT_URL;
  const policy = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "base-uri 'none'",
    `form-action 'self' ${new URL(storefront).origin}`,
    "frame-ancestors 'none'",
  ].join('; ');
  const merchant = options.merchant ?? ((a: FastifyInstance) => ({ origin: ownOrigin(a) }));

  // The form posts urlencoded fields; parsed here unless the app already parses them (Click's endpoint).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  const send = (reply: FastifyReply, status: number, page: PageInput) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .send(renderPage(page));

  /** The checks of both routes: the provider, return_url on the storefront, the order. */
  const load = async (
    reply: FastifyReply,
    provider: string,
    input: z.infer<typeof ZSandboxInput>,
  ): Promise<{ provider: Provider; order: NonNullable<PageInput['order']> } | null> => {
    if (provider !== 'payme' && provider !== 'click') {
      await reply.callNotFound();
      return null;
    }
    if (!isStorefrontUrl(input.return_url, storefront)) {
      await send(reply, 400, {
        provider,
        lang: input.lang,
        returnUrl: storefront,
        order: null,
        error: TEXTS[input.lang].badReturn,
      });
      return null;
    }
    const order = await findPaymentOrder(app.db, input.order_id);
    if (!order) {
      await send(reply, 404, {
        provider,
        lang: input.lang,
        returnUrl: input.return_url,
        order: null,
        error: TEXTS[input.lang].notFound,
      });
      return null;
    }
    return { provider, order: { id: order.id, number: order.externalOrderId, amountDue: order.amountDue } };
  };

  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    '/dev/pay/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const input = ZSandboxInput.parse(request.query ?? {});
      const loaded = await load(reply, request.params.provider, input);
      if (!loaded) return reply;
      return send(reply, 200, { ...loaded, lang: input.lang, returnUrl: input.return_url });
    },
  );

  app.post<{ Params: { provider: string }; Body: Record<string, string> }>(
    '/dev/pay/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const input = ZSandboxPost.parse(request.body ?? {});
      const loaded = await load(reply, request.params.provider, input);
      if (!loaded) return reply;
      const { provider, order } = loaded;
      let result: SandboxResult;
      try {
        const target = merchant(app);
        result =
          provider === 'payme'
            ? await paymeSandbox(
                target,
                { key: app.config.PAYME_KEY ?? '' },
                {
                  orderId: order.id,
                  tiyin: toTiyin(order.amountDue),
                  action: input.action,
                  now: app.clock,
                  lang: input.lang,
                },
              )
            : await clickSandbox(
                target,
                {
                  serviceId: app.config.CLICK_SERVICE_ID ?? '',
                  secretKey: app.config.CLICK_SECRET_KEY ?? '',
                },
                { orderId: order.id, sums: order.amountDue, action: input.action, now: app.clock },
              );
      } catch (error) {
        request.log.warn({ err: error }, 'the payment sandbox could not reach the merchant endpoint');
        return send(reply, 502, {
          provider,
          lang: input.lang,
          returnUrl: input.return_url,
          order,
          error: TEXTS[input.lang].unreachable,
        });
      }
      if (!result.ok) {
        const { failure } = result;
        return send(reply, 409, {
          provider,
          lang: input.lang,
          returnUrl: input.return_url,
          order,
          error: `${TEXTS[input.lang].failed}: ${failure.step} → ${failure.code}${failure.message ? ` (${failure.message})` : ''}`,
        });
      }
      return reply.redirect(input.return_url, 303);
    },
  );
}
