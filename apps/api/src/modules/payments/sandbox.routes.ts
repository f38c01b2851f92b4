/**
 * The payment sandbox (issue 12): outside production, with the providers' demo settings, an online
 * order's `payment_link` is `GET /dev/pay/{payme|click}?order_id=&return_url=&lang=` (payment-links.ts),
 * a page of the API's own standing in for the provider's checkout, which a laptop without network cannot
 * reach. It shows the order's number, the amount due and the provider, with Pay and Cancel; the form
 * posts back here, and the API then calls our own merchant endpoints over HTTP exactly as the provider
 * does (sandbox-client.ts), and sends the customer back to `return_url` (303). A refusal of the merchant
 * endpoint is shown on the page instead.
 *
 * - Registered only outside production (app.ts): 404 there, like any unknown route. And a provider's
 *   pages answer only while it runs on its demo settings (usesSandbox, as its links do): with the
 *   shop's own key (PAYME_KEY, CLICK_SECRET_KEY), which the sandbox would sign its calls with, they
 *   answer 404 too, so nobody can have an order marked paid through them without paying.
 * - A query or body that is not one of each field as text (a field sent twice, a JSON number): 400.
 * - `return_url` must be on the storefront (STOREFRONT_URL, same origin and path prefix): else 400,
 *   so the page is no open redirect.
 * - The merchant endpoints are reached at the address this API listens on (app.server.address()):
 *   the same process, through the network stack, as the provider would.
 * - The page (sandbox.page.ts) works under its own strict policy: no script, one style allowed by its
 *   hash, forms only to this API and the storefront (where the 303 leads: Chromium checks form-action
 *   on redirects).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { toTiyin, usesSandbox } from './payment-links.ts';
import { findPaymentOrder } from './payments.repository.ts';
import { type PageInput, type Provider, renderPage, SANDBOX_TEXTS, STYLE_HASH } from './sandbox.page.ts';
import { clickSandbox, type MerchantTarget, paymeSandbox, type SandboxResult } from './sandbox-client.ts';

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

  /**
   * The checks of both routes: the provider (one on its demo settings: else 404, as an unknown route),
   * the fields (`schema`: else 400), return_url on the storefront, the order.
   */
  const load = async <T extends z.infer<typeof ZSandboxInput>>(
    reply: FastifyReply,
    provider: string,
    schema: z.ZodType<T>,
    fields: unknown,
  ): Promise<{ provider: Provider; input: T; order: NonNullable<PageInput['order']> } | null> => {
    if ((provider !== 'payme' && provider !== 'click') || !usesSandbox(app.config, provider)) {
      await reply.callNotFound();
      return null;
    }
    const parsed = schema.safeParse(fields ?? {});
    if (!parsed.success) {
      const lang = ZLang.parse(
        fields && typeof fields === 'object' ? Reflect.get(fields, 'lang') : undefined,
      );
      await send(reply, 400, {
        provider,
        lang,
        returnUrl: storefront,
        order: null,
        error: SANDBOX_TEXTS[lang].badRequest,
      });
      return null;
    }
    const input = parsed.data;
    if (!isStorefrontUrl(input.return_url, storefront)) {
      await send(reply, 400, {
        provider,
        lang: input.lang,
        returnUrl: storefront,
        order: null,
        error: SANDBOX_TEXTS[input.lang].badReturn,
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
        error: SANDBOX_TEXTS[input.lang].notFound,
      });
      return null;
    }
    return {
      provider,
      input,
      order: { id: order.id, number: order.externalOrderId, amountDue: order.amountDue },
    };
  };

  app.get<{ Params: { provider: string }; Querystring: unknown }>(
    '/dev/pay/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const loaded = await load(reply, request.params.provider, ZSandboxInput, request.query);
      if (!loaded) return reply;
      const { provider, input, order } = loaded;
      return send(reply, 200, { provider, order, lang: input.lang, returnUrl: input.return_url });
    },
  );

  app.post<{ Params: { provider: string }; Body: unknown }>(
    '/dev/pay/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const loaded = await load(reply, request.params.provider, ZSandboxPost, request.body);
      if (!loaded) return reply;
      const { provider, input, order } = loaded;
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
          error: SANDBOX_TEXTS[input.lang].unreachable,
        });
      }
      if (!result.ok) {
        const { failure } = result;
        return send(reply, 409, {
          provider,
          lang: input.lang,
          returnUrl: input.return_url,
          order,
          error: `${SANDBOX_TEXTS[input.lang].failed}: ${failure.step} → ${failure.code}${failure.message ? ` (${failure.message})` : ''}`,
        });
      }
      return reply.redirect(input.return_url, 303);
    },
  );
}
