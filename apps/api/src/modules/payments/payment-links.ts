/**
 * Where the customer pays an online order (the `payment_link` of POST /v2/ondemand-order and of the
 * order's page): the provider's checkout built as its documentation says, or, with the demo settings
 * outside production, the API's own sandbox page (sandbox.routes.ts), which then calls our merchant
 * endpoints over HTTP exactly as the provider would.
 */
import type { TLocale, TOnlinePaymentType } from '@app/contracts';
import { DEMO_CLICK_SECRET_KEY, DEMO_PAYME_KEY, type Env } from '../../env.ts';

export type PaymentLinkConfig = Pick<
  Env,
  | 'NODE_ENV'
  | 'STOREFRONT_URL'
  | 'PAYME_MERCHANT_ID'
  | 'PAYME_KEY'
  | 'PAYME_CHECKOUT_URL'
  | 'CLICK_SERVICE_ID'
  | 'CLICK_MERCHANT_ID'
  | 'CLICK_SECRET_KEY'
  | 'CLICK_CHECKOUT_URL'
>;

export type LinkedOrder = {
  id: string;
  /** Sums the provider takes: the order's total minus its bonus part. */
  amountDue: number;
};

/** Sums to Payme's tiyin. */
export const toTiyin = (sums: number): number => sums * 100;

/** Whether the provider runs on its demo settings outside production: links go to the sandbox. */
export function usesSandbox(config: PaymentLinkConfig, provider: TOnlinePaymentType): boolean {
  if (config.NODE_ENV === 'production') return false;
  return provider === 'payme'
    ? config.PAYME_KEY === DEMO_PAYME_KEY
    : config.CLICK_SECRET_KEY === DEMO_CLICK_SECRET_KEY;
}

/** Whether the provider is configured at all (its ids and key are set): otherwise it is not offered. */
export function isConfigured(config: PaymentLinkConfig, provider: TOnlinePaymentType): boolean {
  return provider === 'payme'
    ? Boolean(config.PAYME_MERCHANT_ID && config.PAYME_KEY)
    : Boolean(config.CLICK_SERVICE_ID && config.CLICK_MERCHANT_ID && config.CLICK_SECRET_KEY);
}

/** The storefront's page of the order, where the provider sends the customer back. */
export function returnUrl(config: Pick<Env, 'STOREFRONT_URL'>, orderId: string, locale: TLocale): string {
  const prefix = locale === 'ru' ? '' : `/${locale}`;
  return `${config.STOREFRONT_URL}${prefix}/myorders/${orderId}`;
}

/**
 * The payment link of `order` with `provider`. `apiOrigin` is the API's own public origin (the
 * request's), used for the sandbox pages only.
 */
export function paymentLink(
  config: PaymentLinkConfig,
  provider: TOnlinePaymentType,
  order: LinkedOrder,
  locale: TLocale,
  apiOrigin: string,
): string {
  const back = returnUrl(config, order.id, locale);
  if (usesSandbox(config, provider)) {
    const query = new URLSearchParams({ order_id: order.id, return_url: back, lang: locale });
    return `${apiOrigin.replace(/\/+$/, '')}/dev/pay/${provider}?${query}`;
  }
  if (provider === 'payme') {
    const params = `m=${config.PAYME_MERCHANT_ID};ac.order_id=${order.id};a=${toTiyin(order.amountDue)};c=${back};l=${locale}`;
    return `${config.PAYME_CHECKOUT_URL}/${Buffer.from(params, 'utf8').toString('base64')}`;
  }
  const query = new URLSearchParams({
    service_id: config.CLICK_SERVICE_ID ?? '',
    merchant_id: config.CLICK_MERCHANT_ID ?? '',
    amount: String(order.amountDue),
    transaction_param: order.id,
    return_url: back,
  });
  return `${config.CLICK_CHECKOUT_URL}?${query}`;
}
