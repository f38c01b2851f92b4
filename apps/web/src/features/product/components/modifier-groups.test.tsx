// @vitest-environment jsdom
import { ZModifierResponse } from '@app/contracts';
import { type ChosenModifier, defaultModifierSelection } from '@app/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProductModifiers } from '@/lib/product-choice';
import { renderInApp } from '@/test/app';
import { ModifierGroups } from './modifier-groups';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (ru: string) => ({ ru, uz: ru, en: ru });
const variant = (n: number, title: string, out_price = 0, in_stop = false) => ({
  id: uuid(n),
  title: text(title),
  out_price,
  in_stop,
});

/** Modifiers as the API answers them (checked by the contract). */
function modifiers(mods: Partial<ProductModifiers>): ProductModifiers {
  return ZModifierResponse.parse({
    product_modifiers: { single_modifiers: [], group_modifiers: [], ...mods },
  }).product_modifiers;
}

/** The dialog's use of the groups: the choice is state, starting from the domain's defaults. */
function Harness({ mods, onChosen }: { mods: ProductModifiers; onChosen?: (c: ChosenModifier[]) => void }) {
  const [chosen, setChosen] = useState(() => defaultModifierSelection(mods));
  return (
    <ModifierGroups
      modifiers={mods}
      chosen={chosen}
      onChange={(next) => {
        setChosen(next);
        onChosen?.(next);
      }}
      locale="ru"
    />
  );
}

/**
 * A group's description: its limit, then the live count. The two sit side by side in a flex row (a
 * browser reads them as two items; jsdom, knowing no layout, joins them without a space).
 */
const described = (limit: string, count: string) => new RegExp(`^${limit}\\s*${count}$`);
const group = (name: string) => screen.getByRole('group', { name });
const add = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: `Добавить один: ${name}` });
const remove = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: `Убрать один: ${name}` });

describe('modifier groups: min and max choices', () => {
  it('a group of 1–2: starts at its minimum, stops at its maximum, says when it is below the minimum', async () => {
    const user = userEvent.setup();
    const mods = modifiers({
      group_modifiers: [
        {
          id: uuid(1),
          name: text('Соусы'),
          min_amount: 1,
          max_amount: 2,
          variants: [variant(11, 'Чесночный'), variant(12, 'Острый', 3_000), variant(13, 'Сырный')],
        },
      ],
    });
    renderInApp(<Harness mods={mods} />);
    const sauces = group('Соусы');
    expect(sauces).toHaveAccessibleDescription(described('выберите 1–2', 'Выбрано 1 из 2'));
    expect(sauces).toHaveAttribute('data-valid', 'true');
    expect(
      within(sauces).getByText('+3 000 сум', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeVisible();

    await user.click(add(sauces, 'Острый'));
    expect(sauces).toHaveAccessibleDescription(described('выберите 1–2', 'Выбрано 2 из 2'));
    // At the maximum no variant can be added, each chosen one can be taken back.
    for (const name of ['Чесночный', 'Острый', 'Сырный'])
      expect(add(sauces, name)).toHaveAttribute('aria-disabled', 'true');
    expect(remove(sauces, 'Острый')).not.toHaveAttribute('aria-disabled');
    expect(remove(sauces, 'Сырный')).toHaveAttribute('aria-disabled', 'true');
    // Pressing a button at its limit changes nothing, and the focus stays on it (a disabled button
    // would drop it to the page).
    await user.click(add(sauces, 'Острый'));
    expect(add(sauces, 'Острый')).toHaveFocus();
    expect(sauces).toHaveAccessibleDescription(described('выберите 1–2', 'Выбрано 2 из 2'));

    await user.click(remove(sauces, 'Острый'));
    await user.click(remove(sauces, 'Чесночный'));
    expect(sauces).toHaveAccessibleDescription(described('выберите 1–2', 'Выбрано 0 из 2'));
    expect(sauces).toHaveAttribute('data-valid', 'false');
    expect(add(sauces, 'Сырный')).not.toHaveAttribute('aria-disabled');
  });

  it('a group of exactly one is a radio group with its first choice taken; an optional one offers none', async () => {
    const user = userEvent.setup();
    const mods = modifiers({
      group_modifiers: [
        {
          id: uuid(2),
          name: text('Хлеб'),
          min_amount: 1,
          max_amount: 1,
          variants: [variant(21, 'Лепёшка'), variant(22, 'Без глютена', 5_000)],
        },
        {
          id: uuid(3),
          name: text('Напиток'),
          min_amount: 0,
          max_amount: 1,
          variants: [variant(31, 'Чай'), variant(32, 'Компот')],
        },
      ],
    });
    let last: ChosenModifier[] = [];
    renderInApp(<Harness mods={mods} onChosen={(c) => (last = c)} />);

    const bread = group('Хлеб');
    expect(bread).toHaveAccessibleDescription(described('выберите 1', 'Выбрано 1 из 1'));
    expect(within(bread).getByRole('radio', { name: 'Лепёшка' })).toBeChecked();
    expect(within(bread).queryByRole('radio', { name: 'Без добавок' })).not.toBeInTheDocument();
    await user.click(within(bread).getByRole('radio', { name: 'Без глютена' }));
    expect(within(bread).getByRole('radio', { name: 'Лепёшка' })).not.toBeChecked();
    expect(last.filter((c) => c.parent_id === uuid(2))).toEqual([
      { modifier_id: uuid(22), modifier_quantity: 1, parent_id: uuid(2) },
    ]);

    const drink = group('Напиток');
    expect(drink).toHaveAccessibleDescription(described('до 1', 'Выбрано 0 из 1'));
    expect(within(drink).getByRole('radio', { name: 'Без добавок' })).toBeChecked();
    await user.click(within(drink).getByRole('radio', { name: 'Компот' }));
    expect(drink).toHaveAccessibleDescription(described('до 1', 'Выбрано 1 из 1'));
    await user.click(within(drink).getByRole('radio', { name: 'Без добавок' }));
    expect(last.filter((c) => c.parent_id === uuid(3))).toEqual([]);
    // The bread choice is untouched by the drink's.
    expect(within(bread).getByRole('radio', { name: 'Без глютена' })).toBeChecked();
  });

  it('single extras: a compulsory one stays, an optional one toggles, a counted one stops at its maximum', async () => {
    const user = userEvent.setup();
    const mods = modifiers({
      single_modifiers: [
        {
          id: uuid(41),
          name: text('Салфетки'),
          price: 0,
          is_compulsory: true,
          category_name: text('Прочее'),
          max_amount: 1,
          in_stop: false,
        },
        {
          id: uuid(42),
          name: text('Лук'),
          price: 2_000,
          is_compulsory: false,
          category_name: text('Добавки'),
          max_amount: 1,
          in_stop: false,
        },
        {
          id: uuid(43),
          name: text('Мясо'),
          price: 15_000,
          is_compulsory: false,
          category_name: text('Добавки'),
          max_amount: 2,
          in_stop: false,
        },
        {
          id: uuid(44),
          name: text('Зелень'),
          price: 1_000,
          is_compulsory: true,
          category_name: text('Добавки'),
          max_amount: 3,
          in_stop: false,
        },
      ],
    });
    renderInApp(<Harness mods={mods} />);
    const extras = group('Дополнительно');

    const napkins = within(extras).getByRole('checkbox', { name: 'Салфетки' });
    expect(napkins).toBeChecked();
    expect(napkins).toBeDisabled();
    expect(napkins).toHaveAccessibleDescription('Входит всегда');

    const onion = within(extras).getByRole('checkbox', { name: 'Лук' });
    expect(onion).not.toBeChecked();
    await user.click(onion);
    expect(onion).toBeChecked();
    await user.click(onion);
    expect(onion).not.toBeChecked();

    await user.click(add(extras, 'Мясо'));
    await user.click(add(extras, 'Мясо'));
    expect(add(extras, 'Мясо')).toHaveAttribute('aria-disabled', 'true');
    expect(remove(extras, 'Мясо')).not.toHaveAttribute('aria-disabled');

    // Compulsory and countable: never below one.
    expect(within(extras).getByText('Входит всегда, можно до 3')).toBeInTheDocument();
    expect(remove(extras, 'Зелень')).toHaveAttribute('aria-disabled', 'true');
    await user.click(add(extras, 'Зелень'));
    expect(remove(extras, 'Зелень')).not.toHaveAttribute('aria-disabled');
  });
});

describe('modifier groups: the branch’s modifier stop list (issue 13)', () => {
  it('a stopped variant or single modifier says “Нет в наличии” and cannot be chosen', async () => {
    const user = userEvent.setup();
    const mods = modifiers({
      single_modifiers: [
        {
          id: uuid(1),
          name: text('Сыр'),
          price: 5_000,
          is_compulsory: false,
          category_name: text('Добавки'),
          max_amount: 1,
          in_stop: true,
        },
      ],
      group_modifiers: [
        {
          id: uuid(2),
          name: text('Хлеб'),
          min_amount: 1,
          max_amount: 1,
          variants: [variant(21, 'Лепёшка', 0, true), variant(22, 'Без глютена', 5_000)],
        },
        {
          id: uuid(3),
          name: text('Соусы'),
          min_amount: 0,
          max_amount: 3,
          variants: [variant(31, 'Чили', 0, true), variant(32, 'Сырный')],
        },
      ],
    });
    let last: ChosenModifier[] = defaultModifierSelection(mods);
    renderInApp(<Harness mods={mods} onChosen={(c) => (last = c)} />);

    expect(screen.getAllByTestId('modifier-unavailable').map((e) => e.textContent)).toEqual([
      'Нет в наличии',
      'Нет в наличии',
      'Нет в наличии',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Сыр' })).toBeDisabled();
    const bread = group('Хлеб');
    // The required group starts at its first variant still available.
    expect(within(bread).getByRole('radio', { name: 'Без глютена' })).toBeChecked();
    expect(within(bread).getByRole('radio', { name: 'Лепёшка' })).toBeDisabled();
    const sauces = group('Соусы');
    expect(add(sauces, 'Чили')).toHaveAttribute('aria-disabled', 'true');
    await user.click(add(sauces, 'Чили'));
    await user.click(add(sauces, 'Сырный'));
    expect(last).toContainEqual({ modifier_id: uuid(32), modifier_quantity: 1, parent_id: uuid(3) });
    expect(last.some((c) => c.modifier_id === uuid(21) || c.modifier_id === uuid(31))).toBe(false);
  });
});
