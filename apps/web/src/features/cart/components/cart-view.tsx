'use client';

import type { TLocale } from '@app/contracts';
import {
  availableLines,
  type CartLine,
  cartGoodsPrice,
  cartSubtotal,
  cartTotalQuantity,
  formatSum,
} from '@app/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toasts';
import { useOpenLogin } from '@/features/auth';
import { getPathname, Link, useRouter } from '@/i18n/navigation';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { useCartDiscounts } from '../hooks/use-cart-discounts';
import { checkoutBlock } from '../lib/checkout-block';
import { hasOwnLines } from '../lib/default-lines';
import { cartStore, useCart, useCartHydrated } from '../store';
import { autoAddQueryKey } from '../use-add-to-cart';
import { CartLineItem, type TModifiers } from './cart-line';
import { CartSummary } from './cart-summary';

/** After a line is removed or the cart cleared, keyboard focus lands on the list (or the empty cart). */
const cartFocusAfterChange = () =>
  document.getElementById('cart-lines-title') ?? document.getElementById('cart-empty-title');

/**
 * The cart page: lines with their choices and prices, quantities, removal and clearing (both
 * confirmed), totals, the minimum order notice, unavailable lines and the confirmed way to checkout.
 */
function CartViewContent({
  minimalOrderPrice,
  stoppedIds,
  menuId,
  branchId,
}: {
  minimalOrderPrice: number;
  stoppedIds: string[];
  menuId: string;
  branchId: string | null;
}) {
  const t = useTranslations('order.cart');
  const _tOrder = useTranslations('order');
  const locale = useLocale() as TLocale;
  const api = useApi();
  const router = useRouter();
  const signedIn = useAuthStore((state) => state.user !== null);
  const openLogin = useOpenLogin();
  const hydrated = useCartHydrated();
  const lines = useCart((s) => s.lines);
  const autoAdd = useCart((s) => s.autoAdd);
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [clearing, setClearing] = useState(false);
  const [confirmCheckout, setConfirmCheckout] = useState(false);

  // Today's stop list: lines using a stopped product, size, pick or modifier are flagged (and block
  // checkout).
  const stoppedKey = stoppedIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stoppedKey stands for the id list's content.
  useEffect(() => {
    if (hydrated) cartStore.getState().setStopped(stoppedIds);
  }, [hydrated, stoppedKey]);

  // A cart restored from storage has no auto-add list yet: fetch it so default lines stay right.
  const needsAutoAdd = hydrated && hasOwnLines(lines) && autoAdd?.deliveryType !== deliveryType;
  const autoAddQuery = useQuery({
    queryKey: autoAddQueryKey(menuId, deliveryType),
    queryFn: ({ signal }) =>
      api.get('/v3/auto-add-product', {
        schema: contract('ZAutoAddResponse'),
        query: { delivery_type: deliveryType, menu_id: menuId },
        signal,
      }),
    enabled: needsAutoAdd,
  });
  useEffect(() => {
    if (needsAutoAdd && autoAddQuery.data)
      cartStore.getState().setAutoAdd(autoAddQuery.data.products, deliveryType);
  }, [needsAutoAdd, autoAddQuery.data, deliveryType]);

  // The server's per-product discounts, as the lines' prices (spec section 4, "Cart").
  useCartDiscounts({ branchId, deliveryType, enabled: hydrated });

  const productsWithModifiers = useMemo(
    () => [...new Set(lines.filter((l) => l.order_modifiers.length > 0).map((l) => l.product_id))],
    [lines],
  );
  const modifierQueries = useQueries({
    queries: productsWithModifiers.map((productId) => ({
      queryKey: ['modifiers', productId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get('/v2/modifier', {
          schema: contract('ZModifierResponse'),
          query: { product_id: productId },
          signal,
        }),
    })),
  });
  const modifiersOf = (productId: string): TModifiers | undefined =>
    modifierQueries[productsWithModifiers.indexOf(productId)]?.data?.product_modifiers;

  if (!hydrated) {
    return (
      <div aria-busy="true" className="py-16 text-center text-muted">
        {t('loading')}
      </div>
    );
  }

  if (!hasOwnLines(lines)) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="cart-empty">
        <p id="cart-empty-title" tabIndex={-1} className="text-xl font-bold">
          {t('empty')}
        </p>
        <p className="text-muted">{t('emptyHint')}</p>
        <Link href={paths.home()} className={buttonClasses('primary')}>
          {t('toMenu')}
        </Link>
      </div>
    );
  }

  const orderable = availableLines(lines);
  const subtotal = cartSubtotal(orderable);
  const discount = cartGoodsPrice(orderable) - subtotal;
  const quantity = cartTotalQuantity(lines);
  const block = checkoutBlock(lines, minimalOrderPrice);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
      <section aria-labelledby="cart-lines-title">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="cart-lines-title" tabIndex={-1} className="text-lg font-bold">
            {t('linesTitle', { count: quantity })}
          </h2>
          <button
            type="button"
            onClick={() => setClearing(true)}
            className="rounded-full px-3 py-2 text-sm font-semibold text-paprika-600 hover:bg-paprika-500/10"
            data-testid="cart-clear"
          >
            {t('clear')}
          </button>
        </div>
        <ul className="flex flex-col gap-3" data-testid="cart-lines">
          {/* The customer's own dishes first; what was added automatically comes last. */}
          {[...lines.filter((l) => !l.default_product), ...lines.filter((l) => l.default_product)].map(
            (line) => (
              <CartLineItem
                key={line.key}
                line={line}
                modifiers={modifiersOf(line.product_id)}
                onRemove={setRemoving}
              />
            ),
          )}
        </ul>
      </section>

      <CartSummary
        quantity={quantity}
        subtotal={subtotal}
        discount={discount}
        block={block}
        onCheckout={() => setConfirmCheckout(true)}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('removeTitle')}
        description={removing ? t('removeText', { name: removing.product_name[locale] }) : undefined}
        confirmLabel={t('removeConfirm')}
        destructive
        fallbackFocus={cartFocusAfterChange}
        onConfirm={() => {
          if (!removing) return;
          cartStore.getState().remove(removing.key);
          notify('success', t('removed', { name: removing.product_name[locale] }));
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title={t('clearTitle')}
        description={t('clearText')}
        confirmLabel={t('clearConfirm')}
        destructive
        fallbackFocus={cartFocusAfterChange}
        onConfirm={() => {
          cartStore.getState().clear();
          notify('success', t('cleared'));
        }}
      />
      <ConfirmDialog
        open={confirmCheckout}
        onOpenChange={setConfirmCheckout}
        title={t('checkoutTitle')}
        description={t('checkoutText', { total: formatSum(subtotal, locale) })}
        confirmLabel={t('checkoutConfirm')}
        onConfirm={() => {
          // Checkout needs a customer (spec section 6): an anonymous one signs in first and lands there.
          if (signedIn) router.push(paths.checkout());
          else openLogin({ next: getPathname({ href: paths.checkout(), locale }) });
        }}
      />
    </div>
  );
}

/** Fetches through the shared query cache, which loads with this component rather than with every page. */
export function CartView(props: Parameters<typeof CartViewContent>[0]) {
  return (
    <QueryProvider>
      <CartViewContent {...props} />
    </QueryProvider>
  );
}
