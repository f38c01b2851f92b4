'use client';

import type { TLocale, TModifierResponse } from '@app/contracts';
import { type CartLine, formatSum, lineTotal, lineUnitPrice } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { imageUrl } from '@/components/ui/image-url';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Link } from '@/i18n/navigation';
import { useConfig } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { cartStore } from '../store';

export type TModifiers = TModifierResponse['product_modifiers'];

/** Names of a line's modifiers, from GET /v2/modifier (the cart keeps only ids and prices). */
function modifierNames(line: CartLine, mods: TModifiers | undefined, locale: TLocale): string[] {
  return line.order_modifiers.map((m) => {
    const single = mods?.single_modifiers.find((s) => s.id === m.modifier_id);
    const variant = mods?.group_modifiers
      .find((g) => g.id === m.parent_id)
      ?.variants.find((v) => v.id === m.modifier_id);
    const name = single?.name[locale] ?? variant?.title[locale] ?? '…';
    return m.modifier_quantity > 1 ? `${name} × ${m.modifier_quantity}` : name;
  });
}

/**
 * One line of the cart page: the dish with its choices, its quantity (a line added automatically
 * only says it), its prices, and removal (asked first: `onRemove` opens the confirmation).
 */
export function CartLineItem({
  line,
  modifiers,
  onRemove,
}: {
  line: CartLine;
  /** The product's modifiers, to name the line's choices; undefined while they load. */
  modifiers: TModifiers | undefined;
  onRemove: (line: CartLine) => void;
}) {
  const t = useTranslations('order.cart');
  const locale = useLocale() as TLocale;
  const { apiUrl } = useConfig();
  const name = line.product_name[locale];
  const details = [...line.variants.map((v) => v.title[locale]), ...modifierNames(line, modifiers, locale)];
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
              onClick={() => onRemove(line)}
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
            <span className="text-sm text-muted">{t('quantityValue', { count: line.quantity })}</span>
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
}
