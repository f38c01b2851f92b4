/**
 * My orders (issue 5): the list (current and history), one order with every field, its live status
 * page, repeating an order into the cart, and rating the dishes of a delivered order (also from the
 * product page). Everything is client-side: the customer and their token live in the browser.
 */
export { OrderDetailView } from './components/order-detail';
export { OrderStatusView } from './components/order-status-view';
export { OrdersList } from './components/orders-list';
export { ProductRateAction } from './components/product-rate-action';
export type { TCurrentMenu } from './components/repeat-order';
export { isOrderId } from './lib/order-id';
