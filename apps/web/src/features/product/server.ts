import 'server-only';

export { getProductPageData, type ProductPageData } from './api/product.server';
export { ProductView } from './components/product-view';
export { productJsonLd } from './lib/product-json-ld';
export { productMetadata } from './lib/product-metadata';
