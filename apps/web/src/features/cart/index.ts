/** Public parts of the cart (all client-side: the cart lives in the browser). */
export { CartBadge } from './cart-badge';
export { CartView } from './components/cart-view';
export { cartStore, useCart, useCartHydrated, useProductInCart } from './store';
export { useAddToCart } from './use-add-to-cart';
