/**
 * An online order's payment as placing it and its page see it: whether a provider can take it now, the
 * link the customer pays at, and until when.
 *
 * The sandbox links' origin is PUBLIC_API_URL (env.ts; unset: http://localhost:PORT), a setting,
 * never the request's Host header: the link is stored with the Idempotency-Key's answer and shown on
 * the order's page, and a client that chose the Host would choose where the customer is sent to pay.
 */
import { ONLINE_PAYMENT_TYPES, type TLocale, type TOnlinePaymentType } from '@app/contracts';
import type { Env } from '../../env.ts';
import { isConfigured, type PaymentLinkConfig, paymentLink } from './payment-links.ts';

export type OrderPaymentConfig = PaymentLinkConfig & Pick<Env, 'PUBLIC_API_URL' | 'PAYMENT_TIMEOUT_MIN'>;

const MINUTE = 60_000;

export const isOnlinePaymentType = (value: string): value is TOnlinePaymentType =>
  (ONLINE_PAYMENT_TYPES as readonly string[]).includes(value);

/** Whether the provider can take an order's money now (its settings are there). */
export const canTakeOnline = (config: OrderPaymentConfig | undefined, provider: TOnlinePaymentType) =>
  config !== undefined && isConfigured(config, provider);

/** The link where the customer pays `order` (its id, and the sums the provider takes). */
export const orderPaymentLink = (
  config: OrderPaymentConfig,
  provider: TOnlinePaymentType,
  order: { id: string; amountDue: number },
  locale: TLocale,
): string => paymentLink(config, provider, order, locale, config.PUBLIC_API_URL);

/** When an order placed at `createdAt` and still unpaid is cancelled by the server. */
export const paymentDeadline = (config: Pick<Env, 'PAYMENT_TIMEOUT_MIN'>, createdAt: Date): Date =>
  new Date(createdAt.getTime() + config.PAYMENT_TIMEOUT_MIN * MINUTE);

/** What the order's page (GET /v2/orders/{id}) shows of an online payment: OrderDetailExtras' part. */
export function awaitedPayment(
  config: OrderPaymentConfig,
  order: {
    id: string;
    status: string;
    paymentType: string;
    totalPrice: number;
    loyaltyAmount: number;
    createdAt: Date;
  },
  locale: TLocale,
): { paymentLink: string | null; paymentDeadline: Date | null } {
  if (order.status !== 'payment-awaited' || !isOnlinePaymentType(order.paymentType)) {
    return { paymentLink: null, paymentDeadline: null };
  }
  const amountDue = order.totalPrice - order.loyaltyAmount;
  return {
    // Settings removed since the order was placed: it can no longer be paid, only wait for its deadline.
    paymentLink: canTakeOnline(config, order.paymentType)
      ? orderPaymentLink(config, order.paymentType, { id: order.id, amountDue }, locale)
      : null,
    paymentDeadline: paymentDeadline(config, order.createdAt),
  };
}
