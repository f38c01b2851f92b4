'use client';

import type { TLocalizedText } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { preloadCartStore, useAddToCart } from '@/features/cart';
import type { TApiClient } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import type { MenuCard } from '../lib/menu-view';

/** What a cart line keeps of a product beyond the card: its name in every locale, its picture. */
type CartProductFacts = { title: TLocalizedText; imageUrl: string | null };

/**
 * The cart line needs the name in all three locales (the cart shows it in whichever the customer
 * switches to), but the page sends the browser only its own locale's: the rest comes from the API
 * when the customer reaches for the button (hover, focus, touch), one request per product.
 */
const facts = new Map<string, Promise<CartProductFacts>>();

function loadCartProductFacts(api: TApiClient, slug: string, menuId: string): Promise<CartProductFacts> {
  const key = `${menuId}/${slug}`;
  const known = facts.get(key);
  if (known) return known;
  const loading = api
    .get(`/v2/product/${encodeURIComponent(slug)}`, {
      schema: contract('ZProductDetail'),
      query: { menu_id: menuId },
    })
    .then((p) => ({ title: p.title, imageUrl: p.image?.url ?? null }));
  facts.set(key, loading);
  // A failed request is asked again at the next press, not remembered.
  loading.catch(() => facts.delete(key));
  return loading;
}

/** "Add" on a menu card for a product with nothing to choose: straight into the cart. */
export function QuickAddButton({
  product,
  menuId,
}: {
  product: Pick<MenuCard, 'slug' | 'id' | 'name' | 'price'>;
  menuId: string;
}) {
  const t = useTranslations('common');
  const api = useApi();
  const addToCart = useAddToCart(menuId);
  const [busy, setBusy] = useState(false);
  const prefetch = () => {
    loadCartProductFacts(api, product.slug, menuId).catch(() => {});
    preloadCartStore();
  };

  const add = async () => {
    setBusy(true);
    try {
      const { title, imageUrl } = await loadCartProductFacts(api, product.slug, menuId);
      await addToCart({
        product_id: product.id,
        type: 'simple',
        variants: [],
        order_modifiers: [],
        // The price the customer saw on the card (this menu's).
        price: product.price,
        default_product: false,
        product_name: title,
        image_url: imageUrl,
        slug: product.slug,
        comment: '',
      });
      notify('success', t('menu.added', { name: product.name }));
    } catch (error) {
      notify('error', apiErrorMessage(error, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={add}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      disabled={busy}
      aria-label={t('menu.addNamed', { name: product.name })}
      data-testid="add-to-cart"
      className="mc-btn mc-add"
    >
      {t('menu.add')}
    </button>
  );
}
