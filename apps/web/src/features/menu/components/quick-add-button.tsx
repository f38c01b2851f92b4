'use client';

import type { TLocalizedText } from '@app/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { useAddToCart } from '@/features/cart';
import { pick } from '@/lib/localized';

export type QuickAddProduct = {
  id: string;
  slug: string;
  title: TLocalizedText;
  price: number;
  imageUrl: string | null;
};

/** "Add" on a menu card for a product with nothing to choose: straight into the cart. */
export function QuickAddButton({ product, menuId }: { product: QuickAddProduct; menuId: string }) {
  const t = useTranslations('common.menu');
  const locale = useLocale();
  const addToCart = useAddToCart(menuId);
  const [busy, setBusy] = useState(false);
  const name = pick(product.title, locale);

  const add = async () => {
    setBusy(true);
    try {
      await addToCart({
        product_id: product.id,
        type: 'simple',
        variants: [],
        order_modifiers: [],
        price: product.price,
        default_product: false,
        product_name: product.title,
        image_url: product.imageUrl,
        slug: product.slug,
        comment: '',
      });
      notify('success', t('added', { name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={add}
      disabled={busy}
      aria-label={t('addNamed', { name })}
      data-testid="add-to-cart"
      className="relative z-10 inline-flex h-10 items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-line disabled:text-muted"
    >
      {t('add')}
    </button>
  );
}
