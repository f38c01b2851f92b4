'use client';

import type { TLocale, TProductDetail } from '@app/contracts';
import {
  CART_LINE_QUANTITY_MAX,
  chooseComboVariant,
  formatSum,
  modifiersUnorderable,
  optionsUnorderable,
} from '@app/domain';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { offButtonProps } from '@/components/ui/button';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toasts';
import { useAddToCart } from '@/features/cart';
import {
  type ChoiceProblem,
  cartItemFor,
  choiceProblems,
  choiceTotal,
  initialChoice,
  type ProductChoice,
  type ProductModifiers,
} from '@/lib/product-choice';
import { ModifierGroups, useGroupLimitText } from './modifier-groups';
import { useProductDialogClose } from './product-dialog-context';

/** 'Unavailable' beside a size or combo option on the branch's stop list, as beside a modifier. */
function StopMark({ text }: { text: string }) {
  return (
    <span className="text-xs font-semibold text-paprika-600" data-testid="option-unavailable">
      {text}
    </span>
  );
}

const NOTHING_STOPPED: readonly string[] = [];

/**
 * Sizes, combo picks, modifiers, quantity, the live total and "add to cart". Sizes and picks on the
 * branch's stop list (`stoppedOptionIds`, rendered by the server again when the live stop list
 * changes) cannot be chosen, and a stopped one already chosen keeps "add" off.
 */
export function ProductOrderForm({
  product,
  modifiers,
  locale,
  menuId,
  unavailable,
  stoppedOptionIds = NOTHING_STOPPED,
}: {
  product: TProductDetail;
  modifiers: ProductModifiers;
  locale: TLocale;
  menuId: string;
  unavailable: boolean;
  /** The product ids of its sizes or combo picks that the branch has stopped. */
  stoppedOptionIds?: readonly string[];
}) {
  const t = useTranslations('common.product');
  const limitText = useGroupLimitText();
  const addToCart = useAddToCart(menuId);
  const closeDialog = useProductDialogClose();
  const stopped = useMemo(() => new Set(stoppedOptionIds), [stoppedOptionIds]);
  const [choice, setChoice] = useState<ProductChoice>(() => initialChoice(product, modifiers, stopped));
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const reasonId = `${baseId}-reason`;

  const problems = useMemo(
    () => choiceProblems(product, modifiers, choice, stopped),
    [product, modifiers, choice, stopped],
  );
  const item = useMemo(() => cartItemFor(product, modifiers, choice), [product, modifiers, choice]);
  const { total } = choiceTotal(item);
  const name = product.title[locale];

  // A compulsory modifier stopped at the branch, or a required group all stopped (issue 13); every
  // size, or every option of a combo group, stopped; a combo group with no option, or no group.
  const unorderable = unavailable || modifiersUnorderable(modifiers) || optionsUnorderable(product, stopped);
  const reason = (p: ChoiceProblem): string => {
    if (p.kind === 'variant') return t('chooseSize');
    if (p.kind === 'option_stopped') {
      const size = product.variants.find((v) => v.id === p.product_id);
      const pick = product.combo_groups.flatMap((g) => g.variants).find((v) => v.product_id === p.product_id);
      const name = size ? size.property[locale] || size.title[locale] : (pick?.title[locale] ?? '');
      return t('modifierUnavailable', { name });
    }
    if (p.kind === 'modifier_stopped') {
      const name =
        modifiers.single_modifiers.find((m) => m.id === p.modifier_id)?.name[locale] ??
        modifiers.group_modifiers.flatMap((g) => g.variants).find((v) => v.id === p.modifier_id)?.title[
          locale
        ] ??
        '';
      return t('modifierUnavailable', { name });
    }
    if (p.kind === 'combo') {
      const group = product.combo_groups.find((g) => g.id === p.group_id);
      return t('chooseInGroup', { group: group?.title[locale] ?? '' });
    }
    const { error } = p;
    if (error.group_id) {
      const group = modifiers.group_modifiers.find((g) => g.id === error.group_id);
      return t('groupNeeds', { group: group?.name[locale] ?? '', limit: limitText(error.min, error.max) });
    }
    const single = modifiers.single_modifiers.find((m) => m.id === error.modifier_id);
    return t('modifierNeeds', { name: single?.name[locale] ?? '', limit: limitText(error.min, error.max) });
  };
  const firstProblem = problems[0];

  const add = async () => {
    if (busy || problems.length > 0 || unorderable) return;
    setBusy(true);
    try {
      if ((await addToCart(item)) === 'capped') {
        notify('error', t('atMost', { name, max: CART_LINE_QUANTITY_MAX }));
      } else notify('success', t('added', { name }));
      if (closeDialog) closeDialog();
      else setChoice(initialChoice(product, modifiers, stopped));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
      data-testid="product-order-form"
    >
      {product.type === 'origin' && product.variants.length > 0 && (
        <fieldset data-testid="variant-picker">
          <legend className="mb-2 text-base font-bold">{t('size')}</legend>
          <div className="flex flex-wrap gap-2">
            {product.variants.map((v) => {
              const inputId = `${baseId}-v-${v.id}`;
              const checked = choice.variantId === v.id;
              const inStop = stopped.has(v.id);
              return (
                <div key={v.id}>
                  <input
                    id={inputId}
                    type="radio"
                    name={`${baseId}-size`}
                    className="peer sr-only"
                    checked={checked}
                    // A stopped size can be left (another chosen), never chosen.
                    disabled={inStop && !checked}
                    onChange={() => setChoice((c) => ({ ...c, variantId: v.id }))}
                  />
                  <label
                    htmlFor={inputId}
                    className="flex cursor-pointer flex-col rounded-card px-4 py-2 ring-1 ring-line peer-checked:bg-brand-50 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:text-muted"
                  >
                    <span className="font-semibold">{v.property[locale] || v.title[locale]}</span>
                    <span className="text-sm text-muted">{formatSum(v.out_price, locale)}</span>
                    {inStop && <StopMark text={t('unavailable')} />}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}

      {product.type === 'combo' &&
        product.combo_groups.map((group) =>
          group.variants.length === 0 ? (
            // Every option switched off chain-wide: nothing to pick (no empty radio group), and the
            // whole combo is unavailable (`optionsUnorderable`).
            <div key={group.id} className="flex flex-col gap-1" data-testid="combo-group">
              <p className="text-base font-bold">{group.title[locale]}</p>
              <StopMark text={t('unavailable')} />
            </div>
          ) : (
            <fieldset key={group.id} className="flex flex-col gap-2" data-testid="combo-group">
              <legend className="mb-1 text-base font-bold">
                {group.title[locale]}{' '}
                <span className="text-sm font-normal text-muted">{t('limitExactly', { count: 1 })}</span>
              </legend>
              {group.variants.map((v) => {
                const inputId = `${baseId}-c-${v.id}`;
                const checked = choice.combo.some(
                  (c) => c.group_id === group.id && c.product_id === v.product_id,
                );
                const inStop = stopped.has(v.product_id);
                return (
                  <div key={v.id} className="flex items-center justify-between gap-3">
                    <span className="flex items-center gap-3">
                      <input
                        id={inputId}
                        type="radio"
                        name={`${baseId}-combo-${group.id}`}
                        checked={checked}
                        disabled={inStop && !checked}
                        onChange={() =>
                          setChoice((c) => ({
                            ...c,
                            combo: chooseComboVariant(c.combo, group.id, v.product_id),
                          }))
                        }
                        className="h-5 w-5 accent-brand-600"
                      />
                      <label htmlFor={inputId}>{v.title[locale]}</label>
                      {inStop && <StopMark text={t('unavailable')} />}
                    </span>
                    {v.out_price > 0 && (
                      <span className="text-sm text-muted">+{formatSum(v.out_price, locale)}</span>
                    )}
                  </div>
                );
              })}
            </fieldset>
          ),
        )}

      {(modifiers.single_modifiers.length > 0 || modifiers.group_modifiers.length > 0) && (
        <ModifierGroups
          modifiers={modifiers}
          chosen={choice.modifiers}
          onChange={(chosen) => setChoice((c) => ({ ...c, modifiers: chosen }))}
          locale={locale}
        />
      )}

      <div className="sticky bottom-0 z-10 flex flex-col gap-2 border-t border-line bg-white pt-3 pb-4 md:static md:border-0 md:pb-0">
        {/* Present from the start, so the reason the button is off is announced as it appears;
            while empty it takes back the bar's gap (`empty:`), so it adds no space. */}
        <div role="status" className="empty:-mt-2">
          {firstProblem && !unorderable && (
            <p
              id={reasonId}
              className="text-sm font-semibold text-paprika-600"
              data-testid="product-add-reason"
            >
              {reason(firstProblem)}
            </p>
          )}
        </div>
        {/* The add button keeps its label on one line: when it does not fit beside the stepper it wraps below. */}
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper
            value={choice.quantity}
            onChange={(quantity) => setChoice((c) => ({ ...c, quantity }))}
            testId="product-quantity"
          />
          {unorderable ? (
            <button
              type="button"
              disabled
              data-testid="product-unavailable"
              className="h-12 flex-[1_0_auto] rounded-full bg-line px-5 font-semibold text-muted"
            >
              {t('unavailable')}
            </button>
          ) : (
            <button
              type="submit"
              // Off while it adds and while the choice is incomplete (the form is reset to it after an
              // add), without losing the focus; the reason describes it.
              {...offButtonProps(busy || problems.length > 0)}
              aria-describedby={firstProblem ? reasonId : undefined}
              data-testid="product-add-to-cart"
              className="inline-flex h-12 flex-[1_0_auto] items-center justify-between gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white sm:gap-3 sm:px-5 sm:text-base hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-line aria-disabled:text-muted"
            >
              <span className="whitespace-nowrap">{t('addToCart')}</span>
              <span className="whitespace-nowrap" data-testid="product-total">
                {formatSum(total, locale)}
              </span>
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
