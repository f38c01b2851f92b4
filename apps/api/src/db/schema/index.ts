export * from './catalog.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './location.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './pricing.ts';
export * from './rate-limits.ts';
