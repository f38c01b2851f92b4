// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type TAddressPoint, useCommonStore } from '@/lib/stores/common';
import { renderInApp } from '@/test/app';
import { AddressList } from './address-list';

const toasts = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('@/components/ui/toasts', () => toasts);
const choose = vi.hoisted(() => ({ selectSavedPoint: vi.fn(async () => 'selected' as const) }));
vi.mock('../lib/choose', () => choose);

/** A saved point of a visitor who is not signed in (kept in the browser: no API call to remove it). */
const point = (n: number, address: string): TAddressPoint => ({
  id: `00000000-0000-4000-8000-00000000020${n}`,
  location: [41.3 + n / 100, 69.2],
  address,
  name: '',
  city: 'tashkent',
  isActive: false,
});

beforeEach(() => {
  toasts.notify.mockClear();
  choose.selectSavedPoint.mockClear();
  act(() =>
    useCommonStore.setState({
      location: null,
      points: [point(1, 'Навои, 1'), point(2, 'Бабура, 2'), point(3, 'Чехова, 3')],
    }),
  );
});

const renderList = () => renderInApp(<AddressList variant="inline" onAddNew={() => {}} />);
const pickButton = (address: string) => screen.getByRole('button', { name: new RegExp(`^${address}`) });

describe('the saved addresses: the focus after a control it was on goes away (WCAG 2.4.3)', () => {
  it('after a removal, goes to the address now in its place, then the one before, then the heading', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Удалить: Бабура, 2' }));
    await waitFor(() => expect(pickButton('Чехова, 3')).toHaveFocus());
    expect(screen.queryByText('Бабура, 2')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Удалить: Чехова, 3' }));
    await waitFor(() => expect(pickButton('Навои, 1')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Удалить: Навои, 1' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('opening the edit form focuses its first field; closing it gives the focus back to Edit', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Изменить: Бабура, 2' }));
    const form = await screen.findByTestId('address-edit-form');
    await waitFor(() => expect(form.querySelector('input')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Изменить: Бабура, 2' })).toHaveFocus());
  });
});

describe('picking the active address (spec section 4, "Address points")', () => {
  const withActive = (location: { lat: number; long: number } | null) =>
    act(() =>
      useCommonStore.setState({
        location,
        points: [{ ...point(1, 'Навои, 1'), isActive: true }, point(2, 'Бабура, 2')],
      }),
    );

  it('with the location set, it is already current: nothing is chosen again', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    withActive({ lat: 41.31, long: 69.2 });
    renderInApp(<AddressList variant="inline" onAddNew={() => {}} onPicked={onPicked} />);
    await user.click(pickButton('Навои, 1'));
    expect(onPicked).toHaveBeenCalledTimes(1);
    expect(choose.selectSavedPoint).not.toHaveBeenCalled();
  });

  it('after removing another address cleared the location, picking it selects it again', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    withActive({ lat: 41.31, long: 69.2 });
    renderInApp(<AddressList variant="inline" onAddNew={() => {}} onPicked={onPicked} />);
    await user.click(screen.getByRole('button', { name: 'Удалить: Бабура, 2' }));
    await waitFor(() => expect(screen.queryByText('Бабура, 2')).toBeNull());
    expect(useCommonStore.getState().location).toBeNull();
    await user.click(pickButton('Навои, 1'));
    await waitFor(() => expect(onPicked).toHaveBeenCalledTimes(1));
    expect(choose.selectSavedPoint).toHaveBeenCalledWith(
      '00000000-0000-4000-8000-000000000201',
      expect.anything(),
    );
  });
});
