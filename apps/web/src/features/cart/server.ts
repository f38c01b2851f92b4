import 'server-only';

export { type CartPageData, getCartPageData } from './api/cart.server';
