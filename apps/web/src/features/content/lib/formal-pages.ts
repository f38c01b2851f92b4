import type { TPageSlug } from '@app/contracts';

/** The formal pages and their title/description keys in the formal namespace. */
export const FORMAL_PAGES = {
  offer: 'offer',
  rules: 'rules',
  'return-product-rules': 'returnProductRules',
  'delivery-terms': 'deliveryTerms',
  'playground-rules': 'playgroundRules',
} as const satisfies Partial<Record<TPageSlug, string>>;

export type TFormalSlug = keyof typeof FORMAL_PAGES;
