'use client';

import type { TLocalizedText } from '@app/contracts';
import { CART_LINE_QUANTITY_MAX } from '@app/domain';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type MouseEvent, type SyntheticEvent, useRef, useState } from 'react';
import { isBrowserClick } from '@/components/intent-link';
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

/**
 * A card's links to its product page (the name and 'Choose') and its 'Add' button, found by the
 * classes they carry anyway: no attribute is added to seventy cards' markup for the grid to find them.
 */
const CARD_LINK = 'a.mc-link, a.mc-choose';
const CARD_ADD = 'button.mc-add';

/** The card's link or add button the event happened on (or inside), within the grid's element. */
function actionOf(event: SyntheticEvent<HTMLElement>): HTMLAnchorElement | HTMLButtonElement | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const found = target.closest<HTMLAnchorElement | HTMLButtonElement>(`${CARD_LINK}, ${CARD_ADD}`);
  return found && event.currentTarget.contains(found) ? found : null;
}

/** The product slug of the card an element is in (`data-product-slug` on the card's article). */
const slugOf = (element: Element) =>
  element.closest<HTMLElement>('[data-product-slug]')?.dataset.productSlug ?? '';

const NO_BUSY: ReadonlySet<string> = new Set();

/**
 * The menu cards' links and 'Add' buttons, handled once for the whole grid (issue 11): the cards are
 * plain markup with no hooks and no handlers of their own, so hydrating seventy of them costs React
 * a component each instead of six with a dozen hooks and two store subscriptions (the menu page's
 * TBT). The grid's element takes the returned handlers; events reach it by bubbling.
 *
 * - A card's link (its name, its 'Choose') opens its product inside the app (`router.push`, keeping
 *   the scroll, so the product dialog's intercepting route works as with `IntentLink`); a click the
 *   browser should handle itself (another tab, a modified click) is left to it. The link's page is
 *   prefetched when the customer reaches for it (pointer over it, focus, touch), once per page view.
 * - An 'Add' button puts its card's product (`data-product-slug`) in the cart; reaching for it
 *   fetches the product's names for the cart line and the cart store's code. While an add is under
 *   way its button is marked disabled (`busy`, `aria-disabled`).
 */
export function useCardActions(menuId: string, products: readonly MenuCard[]) {
  const t = useTranslations('common');
  const api = useApi();
  const router = useRouter();
  const addToCart = useAddToCart(menuId);
  const [busy, setBusy] = useState<ReadonlySet<string>>(NO_BUSY);
  const prefetched = useRef(new Set<string>());

  const productOf = (element: Element) => {
    const slug = slugOf(element);
    return products.find((p) => p.slug === slug);
  };

  const reach = (event: SyntheticEvent<HTMLElement>) => {
    const action = actionOf(event);
    if (!action) return;
    if (action instanceof HTMLAnchorElement) {
      const url = action.getAttribute('href');
      if (url === null || prefetched.current.has(url)) return;
      prefetched.current.add(url);
      router.prefetch(url);
      return;
    }
    const product = productOf(action);
    if (!product) return;
    loadCartProductFacts(api, product.slug, menuId).catch(() => {});
    preloadCartStore();
  };

  const add = async (product: MenuCard) => {
    setBusy((current) => new Set(current).add(product.id));
    try {
      const { title, imageUrl } = await loadCartProductFacts(api, product.slug, menuId);
      const outcome = await addToCart({
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
      if (outcome === 'capped') {
        notify('error', t('menu.atMost', { name: product.name, max: CART_LINE_QUANTITY_MAX }));
      } else notify('success', t('menu.added', { name: product.name }));
    } catch (error) {
      notify('error', apiErrorMessage(error, t('errors.generic')));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(product.id);
        return next;
      });
    }
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const action = actionOf(event);
    if (!action) return;
    if (action instanceof HTMLAnchorElement) {
      if (isBrowserClick(event, action)) return;
      const url = action.getAttribute('href');
      if (url === null) return;
      event.preventDefault();
      router.push(url, { scroll: false });
      return;
    }
    // A busy button (aria-disabled) still takes clicks: an add already under way is not repeated.
    const product = productOf(action);
    if (product && !busy.has(product.id)) void add(product);
  };

  return {
    busy,
    handlers: {
      onClick,
      onPointerOver: reach,
      onFocus: reach,
      onTouchStart: reach,
    },
  };
}
