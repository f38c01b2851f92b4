/** Client-safe public parts of the product feature. Server code uses './server'. */
export { ProductDialog } from './components/product-dialog';
