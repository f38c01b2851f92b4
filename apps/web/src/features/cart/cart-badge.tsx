'use client';

import { useTranslations } from 'next-intl';
import { IntentLink } from '@/components/intent-link';
import { CartIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { useCartKnown, useCartQuantity } from './quantities';

/**
 * The header's cart link with the total quantity across lines (prefetched on hover, focus or touch,
 * not during every page's load). The number appears once the stored
 * cart is read (server HTML never knows it); other tabs' changes arrive through the storage event
 * (`quantities.ts`: the badge needs the quantities, not the cart store).
 */
export function CartBadge() {
  const t = useTranslations('common.menu');
  const hydrated = useCartKnown();
  const count = useCartQuantity();

  const shown = hydrated ? count : 0;
  return (
    <IntentLink
      href={paths.cart()}
      aria-label={t('cartBadge', { count: shown })}
      data-testid="cart-badge"
      data-count={hydrated ? shown : undefined}
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-brand-100 sm:h-11 sm:w-11"
    >
      <CartIcon />
      {shown > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-paprika-600 px-1 text-xs font-bold text-white"
        >
          {shown > 99 ? '99+' : shown}
        </span>
      )}
    </IntentLink>
  );
}
