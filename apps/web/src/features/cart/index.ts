/** Public parts of the cart (all client-side: the cart lives in the browser). */
export { CartBadge } from './cart-badge';
export { CartView } from './components/cart-view';
// The quantities (badge, cards) are light; the store with the line rules loads where it is used.
export {
  quantityOfProduct,
  useCartKnown,
  useCartLines,
  useCartQuantity,
} from './quantities';
export { cartStore, useCart, useCartHydrated } from './store';
export { preloadCartStore, useAddToCart } from './use-add-to-cart';
