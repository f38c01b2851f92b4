// @vitest-environment jsdom
import type { TProductDetail } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductModifiers } from '@/lib/product-choice';
import { renderInApp } from '@/test/app';
import { productDetail } from '@/test/product-fixtures';
import { ProductOrderForm } from './product-order-form';

/** The cart's add, as the form calls it: each added item recorded. */
const added = vi.fn(async (_item: unknown) => 'added' as const);
vi.mock('@/features/cart', () => ({ useAddToCart: () => added }));

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (ru: string) => ({ ru, uz: ru, en: ru });
const none: ProductModifiers = { single_modifiers: [], group_modifiers: [] };

const pizza: TProductDetail = productDetail({
  type: 'origin',
  title: text('Маргарита'),
  out_price: 50_000,
  variants: [
    { id: uuid(31), title: text('25 см'), property: text('25 см'), out_price: 50_000, weight: 400 },
    { id: uuid(32), title: text('35 см'), property: text('35 см'), out_price: 80_000, weight: 700 },
  ],
});

const combo: TProductDetail = productDetail({
  type: 'combo',
  title: text('Комбо'),
  out_price: 60_000,
  combo_groups: [
    {
      id: uuid(40),
      title: text('Напиток'),
      variants: [
        { id: uuid(41), product_id: uuid(51), title: text('Кола'), out_price: 0 },
        { id: uuid(42), product_id: uuid(52), title: text('Сок'), out_price: 5_000 },
      ],
    },
  ],
});

const form = (product: TProductDetail, stoppedOptionIds: string[]) => (
  <ProductOrderForm
    product={product}
    modifiers={none}
    locale="ru"
    menuId={uuid(90)}
    unavailable={false}
    stoppedOptionIds={stoppedOptionIds}
  />
);

const addButton = () => screen.getByTestId('product-add-to-cart');

beforeEach(() => added.mockClear());

describe('the product form: sizes and combo picks on the branch stop list', () => {
  it('a stopped size is marked, cannot be chosen, and the first size not stopped is chosen', async () => {
    const user = userEvent.setup();
    renderInApp(form(pizza, [uuid(31)]));
    const small = screen.getByRole('radio', { name: /25 см/ });
    const large = screen.getByRole('radio', { name: /35 см/ });
    expect(small).toBeDisabled();
    expect(small).not.toBeChecked();
    expect(small).toHaveAccessibleName(/нет в наличии/i);
    expect(large).toBeChecked();
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    await user.click(addButton());
    expect(added).toHaveBeenCalledWith(
      expect.objectContaining({ variants: [expect.objectContaining({ product_id: uuid(32) })] }),
    );
  });

  it('a size stopped while the form is open keeps "add" off and says why', async () => {
    const user = userEvent.setup();
    const view = renderInApp(form(pizza, []));
    expect(screen.getByRole('radio', { name: /25 см/ })).toBeChecked();
    // The live stop list's refresh renders the server part again with the new stopped ids.
    view.rerender(form(pizza, [uuid(31)]));
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('product-add-reason')).toHaveTextContent('25 см: нет в наличии');
    await user.click(addButton());
    expect(added).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: /35 см/ }));
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    // Once left, the stopped size cannot be chosen again.
    expect(screen.getByRole('radio', { name: /25 см/ })).toBeDisabled();
  });

  it('every size stopped: the product is unavailable', () => {
    renderInApp(form(pizza, [uuid(31), uuid(32)]));
    expect(screen.getByTestId('product-unavailable')).toBeDisabled();
    expect(screen.queryByTestId('product-add-to-cart')).toBeNull();
  });

  it('a stopped combo pick is marked and skipped; a group all stopped makes the product unavailable', () => {
    const view = renderInApp(form(combo, [uuid(51)]));
    const group = screen.getByRole('group', { name: /Напиток/ });
    const cola = within(group).getByRole('radio', { name: 'Кола' });
    expect(cola).toBeDisabled();
    expect(cola).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Сок' })).toBeChecked();
    expect(within(group).getByTestId('option-unavailable')).toHaveTextContent('Нет в наличии');
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    view.unmount();
    renderInApp(form(combo, [uuid(51), uuid(52)]));
    expect(screen.getByTestId('product-unavailable')).toBeDisabled();
  });

  it('a combo group with no option left: its title and Unavailable, nothing to pick, Add refused', async () => {
    const user = userEvent.setup();
    const [drink] = combo.combo_groups;
    if (!drink) throw new Error('a group');
    const emptied = productDetail({
      ...combo,
      combo_groups: [drink, { id: uuid(60), title: text('Десерт'), variants: [] }],
    });
    renderInApp(form(emptied, []));
    const groups = screen.getAllByTestId('combo-group');
    expect(groups).toHaveLength(2);
    const dessert = groups[1];
    if (!dessert) throw new Error('the dessert group');
    expect(dessert).toHaveTextContent('Десерт');
    expect(within(dessert).getByTestId('option-unavailable')).toHaveTextContent('Нет в наличии');
    // No empty radio group: only the drink's two radios.
    expect(within(dessert).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dessert).queryByRole('group')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    const unavailable = screen.getByTestId('product-unavailable');
    expect(unavailable).toBeDisabled();
    expect(unavailable).toHaveTextContent('Нет в наличии');
    expect(screen.queryByTestId('product-add-to-cart')).toBeNull();
    // Submitting the form anyway adds nothing.
    await user.click(unavailable);
    fireEvent.submit(screen.getByTestId('product-order-form'));
    expect(added).not.toHaveBeenCalled();
  });

  it('a combo with no group at all is unavailable', () => {
    renderInApp(form(productDetail({ ...combo, combo_groups: [] }), []));
    expect(screen.queryAllByTestId('combo-group')).toHaveLength(0);
    expect(screen.getByTestId('product-unavailable')).toBeDisabled();
    expect(screen.queryByTestId('product-add-to-cart')).toBeNull();
  });
});
