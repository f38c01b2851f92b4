/** Checkout (issue 5): the form that turns a signed-in customer's cart into an order. */
export { CheckoutView, type TCheckoutViewProps } from './components/checkout-view';
