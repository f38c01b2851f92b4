'use client';

import type { TLocale, TModifierResponse } from '@app/contracts';
import {
  availableLines,
  type CartLine,
  cartGoodsPrice,
  cartSubtotal,
  cartTotalQuantity,
  formatSum,
  lineTotal,
  lineUnitPrice,
} from '@app/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { imageUrl } from '@/components/ui/image-url';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toasts';
import { useOpenLogin } from '@/features/auth';
import { ClosedBranchNotice, useOrderingBlocked } from '@/features/location';
import { getPathname, Link, useRouter } from '@/i18n/navigation';
import { contract } from '@/lib/browser-contracts';
import { useApi, useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { useCartDiscounts } from '../hooks/use-cart-discounts';
import { checkoutBlock } from '../lib/checkout-block';
import { hasOwnLines } from '../lib/default-lines';
import { cartStore, useCart, useCartHydrated } from '../store';
import { autoAddQueryKey } from '../use-add-to-cart';

type Modifiers = TModifierResponse['product_modifiers'];

/** Names of a line's modifiers, from GET /v2/modifier (the cart keeps only ids and prices). */
function modifierNames(line: CartLine, mods: Modifiers | undefined, locale: TLocale): string[] {
  return line.order_modifiers.map((m) => {
    const single = mods?.single_modifiers.find((s) => s.id === m.modifier_id);
    const variant = mods?.group_modifiers
      .find((g) => g.id === m.parent_id)
      ?.variants.find((v) => v.id === m.modifier_id);
    const name = single?.name[locale] ?? variant?.title[locale] ?? '…';
    return m.modifier_quantity > 1 ? `${name} × ${m.modifier_quantity}` : name;
  });
}

/** After a line is removed or the cart cleared, keyboard focus lands on the list (or the empty cart). */
const cartFocusAfterChange = () =>
  document.getElementById('cart-lines-title') ?? document.getElementById('cart-empty-title');

/**
 * The cart page: lines with their choices and prices, quantities, removal and clearing (both
 * confirmed), totals, the minimum order notice, unavailable lines and the confirmed way to checkout.
 */
function CartViewContent({
  minimalOrderPrice,
  stoppedProductIds,
  menuId,
  branchId,
}: {
  minimalOrderPrice: number;
  stoppedProductIds: string[];
  menuId: string;
  branchId: string | null;
}) {
  const t = useTranslations('order.cart');
  const tOrder = useTranslations('order');
  const locale = useLocale() as TLocale;
  const api = useApi();
  const { apiUrl } = useConfig();
  const router = useRouter();
  const signedIn = useAuthStore((state) => state.user !== null);
  const openLogin = useOpenLogin();
  const hydrated = useCartHydrated();
  const lines = useCart((s) => s.lines);
  const autoAdd = useCart((s) => s.autoAdd);
  const deliveryType = useCommonStore((s) => s.deliveryType);
  // A closed current branch blocks ordering (spec section 5; issue 4).
  const branchClosed = useOrderingBlocked();
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [clearing, setClearing] = useState(false);
  const [confirmCheckout, setConfirmCheckout] = useState(false);

  // The menu knows today's stop list; lines of stopped products are flagged (and block checkout).
  const stoppedKey = stoppedProductIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stoppedKey stands for the id list's content.
  useEffect(() => {
    if (hydrated) cartStore.getState().setStopped(stoppedProductIds);
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
  const modifiersOf = (productId: string): Modifiers | undefined =>
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
            (line) => {
              const name = line.product_name[locale];
              const details = [
                ...line.variants.map((v) => v.title[locale]),
                ...modifierNames(line, modifiersOf(line.product_id), locale),
              ];
              return (
                <li
                  key={line.key}
                  data-testid="cart-line"
                  data-product-slug={line.slug}
                  data-in-stop={line.in_stop ? 'true' : undefined}
                  className="flex gap-3 rounded-card bg-white p-3 shadow-card"
                >
                  <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-brand-50">
                    {line.image_url && (
                      // biome-ignore lint/performance/noImgElement: the API's smallest file, already the shown size.
                      <img
                        src={imageUrl(apiUrl, line.image_url)}
                        alt=""
                        width={80}
                        height={80}
                        loading="lazy"
                        decoding="async"
                        className={`h-full w-full object-cover ${line.in_stop ? 'opacity-50 grayscale' : ''}`}
                      />
                    )}
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex items-start justify-between gap-2">
                      <p className="font-semibold">
                        {line.default_product ? (
                          name
                        ) : (
                          <Link href={paths.product(line.slug)} className="hover:underline">
                            {name}
                          </Link>
                        )}
                      </p>
                      {!line.default_product && (
                        <button
                          type="button"
                          onClick={() => setRemoving(line)}
                          aria-label={t('removeNamed', { name })}
                          data-testid="cart-line-remove"
                          className="-mt-1 -mr-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-100 hover:text-ink"
                        >
                          <svg
                            width="20"
                            height="20"
                            viewBox="0 0 24 24"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2"
                            aria-hidden="true"
                          >
                            <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
                          </svg>
                        </button>
                      )}
                    </div>
                    {details.length > 0 && <p className="text-sm text-muted">{details.join(', ')}</p>}
                    {line.default_product && <p className="text-sm text-muted">{t('autoAdded')}</p>}
                    {line.in_stop && (
                      <p
                        className="self-start rounded-full bg-paprika-600 px-2 py-0.5 text-xs font-semibold text-white"
                        data-testid="cart-line-unavailable"
                      >
                        {t('unavailable')}
                      </p>
                    )}
                    <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
                      {line.default_product ? (
                        <span className="text-sm text-muted">
                          {t('quantityValue', { count: line.quantity })}
                        </span>
                      ) : (
                        <QuantityStepper
                          size="sm"
                          value={line.quantity}
                          min={1}
                          onChange={(q) =>
                            q > line.quantity
                              ? cartStore.getState().increment(line.key)
                              : cartStore.getState().decrement(line.key)
                          }
                          label={name}
                          testId="cart-line-quantity"
                        />
                      )}
                      <p className="text-right">
                        {line.quantity > 1 && (
                          <span className="block text-xs text-muted">
                            {t('unitPrice', { price: formatSum(lineUnitPrice(line), locale) })}
                          </span>
                        )}
                        {line.price_with_discount < line.price && (
                          <span className="block text-xs text-muted">
                            <span className="sr-only">{t('priceWithoutDiscount')} </span>
                            <del data-testid="cart-line-full-total">
                              {formatSum(lineTotal({ ...line, price_with_discount: line.price }), locale)}
                            </del>
                          </span>
                        )}
                        <span className="font-bold" data-testid="cart-line-total">
                          {formatSum(lineTotal(line), locale)}
                        </span>
                      </p>
                    </div>
                  </div>
                </li>
              );
            },
          )}
        </ul>
      </section>

      <aside
        aria-labelledby="cart-summary-title"
        className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:sticky md:top-24"
      >
        <h2 id="cart-summary-title" className="text-lg font-bold">
          {t('summary')}
        </h2>
        <dl className="flex flex-col gap-2">
          <div className="flex justify-between">
            <dt className="text-muted">{t('totalQuantity')}</dt>
            <dd data-testid="cart-total-quantity">{quantity}</dd>
          </div>
          {discount > 0 && (
            <div className="flex justify-between text-herb-600">
              <dt>{t('discount')}</dt>
              <dd data-testid="cart-discount">−{formatSum(discount, locale)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-bold">
            <dt>{t('subtotal')}</dt>
            <dd data-testid="cart-subtotal">{formatSum(subtotal, locale)}</dd>
          </div>
        </dl>
        {/* A status region present from the start: what blocks checkout is announced as it appears.
            While empty it takes back the summary's gap (`empty:`), so it adds no space. */}
        <div role="status" className="empty:-mt-3" data-testid="checkout-block-status">
          {block && (
            <p className="rounded-card bg-brand-50 p-3 text-sm" data-testid="checkout-blocked">
              {block.kind === 'below_minimum'
                ? tOrder('minimumOrder', { price: formatSum(block.minimum, locale) })
                : t('removeUnavailable')}
            </p>
          )}
        </div>
        <ClosedBranchNotice className="empty:-mt-3" />
        <button
          type="button"
          disabled={block !== null || branchClosed !== null}
          onClick={() => setConfirmCheckout(true)}
          className={buttonClasses('primary', 'lg', 'w-full justify-center')}
          data-testid="cart-checkout"
        >
          {t('checkout')}
        </button>
      </aside>

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
