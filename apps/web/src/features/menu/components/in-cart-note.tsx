'use client';

import { useTranslations } from 'next-intl';
// The cart's index also exports the cart page; the build drops what the menu does not use
// (apps/web/package.json sideEffects, guarded by lib/client-bundle.test.ts).
import { useProductInCart } from '@/features/cart';

/**
 * A menu card's sign that the dish is in the cart ('In the cart: 2'), on the card's picture, beside
 * the header's badge. A polite live region, present (empty) from the start so screen readers announce
 * the change where it happens; it takes no room until there is something to say.
 */
export function InCartNote({ productId }: { productId: string }) {
  const t = useTranslations('common.menu');
  const count = useProductInCart(productId);
  return (
    <p aria-live="polite" aria-atomic="true" data-testid="in-cart" data-count={count} className="mc-note">
      {count > 0 ? (
        <span className="inline-block rounded-full bg-brand-700 px-2.5 py-1 text-xs font-bold text-white shadow-card">
          <span aria-hidden="true">✓ </span>
          {t('inCart', { count })}
        </span>
      ) : null}
    </p>
  );
}
