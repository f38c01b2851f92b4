export * from './branch.ts';
export * from './common.ts';
export * from './content.ts';
export * from './customer.ts';
export * from './location.ts';
export * from './pricing.ts';
export * from './product.ts';
export * from './shipper.ts';
