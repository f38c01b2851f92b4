import 'server-only';

export { type CheckoutPageData, getCheckoutPageData } from './api/checkout.server';
