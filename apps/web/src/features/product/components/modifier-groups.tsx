'use client';

import type { TLocale } from '@app/contracts';
import {
  type ChosenModifier,
  canIncrease,
  chosenQuantity,
  formatSum,
  groupChosenCount,
  groupLimit,
  setChosenQuantity,
} from '@app/domain';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import type { ProductModifiers } from '@/lib/product-choice';

type Props = {
  modifiers: ProductModifiers;
  chosen: ChosenModifier[];
  onChange: (chosen: ChosenModifier[]) => void;
  locale: TLocale;
};

/** "choose 2" / "choose 1–3" / "up to 3", from the domain's reading of a group's min and max. */
export function useGroupLimitText() {
  const t = useTranslations('common.product');
  return (min: number, max: number) => {
    const limit = groupLimit(min, max);
    if (limit.kind === 'exactly') return t('limitExactly', { count: limit.count });
    if (limit.kind === 'up_to') return t('limitUpTo', { max: limit.max });
    return t('limitRange', { min: limit.min, max: limit.max });
  };
}

const extra = (price: number, locale: TLocale) => (price > 0 ? `+${formatSum(price, locale)}` : '');

/** 'Unavailable' beside a modifier on the branch's modifier stop list (issue 13). */
function StopMark({ text }: { text: string }) {
  return (
    <span className="ml-2 text-xs font-semibold text-paprika-600" data-testid="modifier-unavailable">
      {text}
    </span>
  );
}

/**
 * Single modifiers (checkboxes, or steppers when more than one is allowed; compulsory ones fixed)
 * and group modifiers (min/max explained and counted live). Limits are enforced by the domain's
 * canIncrease here and validateModifierSelection in the form.
 */
export function ModifierGroups({ modifiers, chosen, onChange, locale }: Props) {
  const t = useTranslations('common.product');
  const limitText = useGroupLimitText();
  const baseId = useId();
  const { single_modifiers: singles, group_modifiers: groups } = modifiers;

  const set = (id: string, parent: string | null, quantity: number) =>
    onChange(setChosenQuantity(chosen, id, parent, quantity));

  return (
    <div className="flex flex-col gap-5">
      {singles.length > 0 && (
        <fieldset className="flex flex-col gap-2" data-testid="modifier-singles">
          <legend className="mb-2 text-base font-bold">{t('extras')}</legend>
          {singles.map((m) => {
            const quantity = chosenQuantity(chosen, m.id, null);
            const name = m.name[locale];
            const inputId = `${baseId}-s-${m.id}`;
            if (m.is_compulsory && m.max_amount === 1) {
              return (
                <div
                  key={m.id}
                  className="flex items-center justify-between gap-3"
                  data-testid="modifier-single"
                >
                  <span className="flex items-center gap-3">
                    <input
                      id={inputId}
                      type="checkbox"
                      checked
                      readOnly
                      disabled
                      aria-describedby={`${inputId}-why`}
                      className="h-5 w-5 accent-brand-600"
                    />
                    <label htmlFor={inputId}>{name}</label>
                    {m.in_stop && <StopMark text={t('unavailable')} />}
                  </span>
                  <span className="text-right text-sm text-muted">
                    <span id={`${inputId}-why`} className="block">
                      {t('compulsory')}
                    </span>
                    {extra(m.price, locale)}
                  </span>
                </div>
              );
            }
            if (m.max_amount === 1) {
              return (
                <div
                  key={m.id}
                  className="flex items-center justify-between gap-3"
                  data-testid="modifier-single"
                >
                  <span className="flex items-center gap-3">
                    <input
                      id={inputId}
                      type="checkbox"
                      checked={quantity > 0}
                      // A stopped one can be taken off, never put on.
                      disabled={m.in_stop && quantity === 0}
                      onChange={(e) => set(m.id, null, e.target.checked ? 1 : 0)}
                      className="h-5 w-5 accent-brand-600"
                    />
                    <label htmlFor={inputId}>{name}</label>
                    {m.in_stop && <StopMark text={t('unavailable')} />}
                  </span>
                  <span className="text-sm text-muted">{extra(m.price, locale)}</span>
                </div>
              );
            }
            return (
              <div
                key={m.id}
                className="flex items-center justify-between gap-3"
                data-testid="modifier-single"
              >
                <span>
                  {name} <span className="text-sm text-muted">{extra(m.price, locale)}</span>
                  {m.in_stop && <StopMark text={t('unavailable')} />}
                  <span className="block text-xs text-muted">
                    {m.is_compulsory
                      ? t('compulsoryUpTo', { max: m.max_amount })
                      : t('limitUpTo', { max: m.max_amount })}
                  </span>
                </span>
                <QuantityStepper
                  size="sm"
                  value={quantity}
                  min={m.is_compulsory ? 1 : 0}
                  max={!m.in_stop && canIncrease(modifiers, chosen, m.id, null) ? quantity + 1 : quantity}
                  onChange={(q) => set(m.id, null, q)}
                  label={name}
                />
              </div>
            );
          })}
        </fieldset>
      )}

      {groups.map((group) => {
        const count = groupChosenCount(chosen, group.id);
        const legendId = `${baseId}-g-${group.id}`;
        const below = count < group.min_amount;
        const single = group.max_amount === 1;
        return (
          <fieldset
            key={group.id}
            aria-describedby={`${legendId}-status`}
            data-testid="modifier-group"
            data-group-id={group.id}
            data-valid={below || count > group.max_amount ? 'false' : 'true'}
            className={`flex flex-col gap-2 rounded-card p-3 ring-1 ${below ? 'ring-paprika-500' : 'ring-line'}`}
          >
            <legend className="px-1 text-base font-bold">{group.name[locale]}</legend>
            <p
              id={`${legendId}-status`}
              className="flex justify-between text-sm"
              data-testid="modifier-group-status"
            >
              <span className={below ? 'font-semibold text-paprika-600' : 'text-muted'}>
                {limitText(group.min_amount, group.max_amount)}
              </span>
              <span aria-live="polite" className="text-muted">
                {t('chosenCount', { count, max: group.max_amount })}
              </span>
            </p>
            {group.variants.map((v) => {
              const quantity = chosenQuantity(chosen, v.id, group.id);
              const title = v.title[locale];
              const inputId = `${legendId}-${v.id}`;
              if (single) {
                // At most one: a radio group; an optional group gets a "none" choice below.
                return (
                  <div key={v.id} className="flex items-center justify-between gap-3">
                    <span className="flex items-center gap-3">
                      <input
                        id={inputId}
                        type="radio"
                        name={legendId}
                        checked={quantity > 0}
                        disabled={v.in_stop && quantity === 0}
                        onChange={() =>
                          onChange(
                            setChosenQuantity(
                              chosen.filter((c) => c.parent_id !== group.id),
                              v.id,
                              group.id,
                              1,
                            ),
                          )
                        }
                        className="h-5 w-5 accent-brand-600"
                      />
                      <label htmlFor={inputId}>{title}</label>
                      {v.in_stop && <StopMark text={t('unavailable')} />}
                    </span>
                    <span className="text-sm text-muted">{extra(v.out_price, locale)}</span>
                  </div>
                );
              }
              return (
                <div key={v.id} className="flex items-center justify-between gap-3">
                  <span>
                    {title} <span className="text-sm text-muted">{extra(v.out_price, locale)}</span>
                    {v.in_stop && <StopMark text={t('unavailable')} />}
                  </span>
                  <QuantityStepper
                    size="sm"
                    value={quantity}
                    min={0}
                    max={
                      !v.in_stop && canIncrease(modifiers, chosen, v.id, group.id) ? quantity + 1 : quantity
                    }
                    onChange={(q) => set(v.id, group.id, q)}
                    label={title}
                  />
                </div>
              );
            })}
            {single && group.min_amount === 0 && (
              <div className="flex items-center gap-3">
                <input
                  id={`${legendId}-none`}
                  type="radio"
                  name={legendId}
                  checked={count === 0}
                  onChange={() => onChange(chosen.filter((c) => c.parent_id !== group.id))}
                  className="h-5 w-5 accent-brand-600"
                />
                <label htmlFor={`${legendId}-none`}>{t('none')}</label>
              </div>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
