// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/app';
import type { MenuView } from '../lib/menu-view';
import { menuCard } from '../lib/menu-view.fixtures';
import { toMenuWire } from '../lib/menu-wire';
import { MenuControls, RESULTS_ANNOUNCE_DELAY_MS } from './menu-controls';
import { MenuFilterProvider } from './menu-filter';

const VIEW: MenuView = {
  tags: [{ slug: 'hit', title: 'Хит' }],
  categories: [{ slug: 'plov', title: 'Плов', items: [0, 1, 2] }],
  products: [
    menuCard(1, 'osh', { name: 'Плов свадебный', tags: ['hit'] }),
    menuCard(2, 'kazan', { name: 'Казан-кабоб' }),
    menuCard(3, 'lagman', { name: 'Лагман' }),
  ],
};

function renderControls() {
  return renderInApp(
    <MenuFilterProvider
      wire={toMenuWire(VIEW)}
      locale="ru"
      menuId="00000000-0000-4000-8000-0000000000c1"
      citySlug={null}
    >
      <MenuControls />
    </MenuFilterProvider>,
  );
}

const region = () => screen.getByTestId('menu-results-count');

describe('the menu filter’s result count, announced politely', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a polite live region that says nothing before any filter', () => {
    renderControls();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(RESULTS_ANNOUNCE_DELAY_MS * 2));
    expect(region()).toHaveTextContent('');
  });

  it('speaks once typing pauses, with the count of that moment, not at every keystroke', () => {
    renderControls();
    const search = screen.getByTestId('menu-search');
    for (const text of ['П', 'Пл', 'Пло']) {
      fireEvent.change(search, { target: { value: text } });
      act(() => vi.advanceTimersByTime(RESULTS_ANNOUNCE_DELAY_MS / 3));
      // Still typing: nothing said yet.
      expect(region()).toHaveTextContent('');
    }
    act(() => vi.advanceTimersByTime(RESULTS_ANNOUNCE_DELAY_MS));
    expect(region()).toHaveTextContent('Найдено 1 блюдо');
  });

  it('speaks after a tag is pressed, and falls silent when the filter is cleared', () => {
    renderControls();
    fireEvent.click(screen.getByTestId('menu-tag-hit'));
    act(() => vi.advanceTimersByTime(RESULTS_ANNOUNCE_DELAY_MS));
    expect(region()).toHaveTextContent('Найдено 1 блюдо');
    fireEvent.click(screen.getByTestId('menu-tag-hit'));
    act(() => vi.advanceTimersByTime(RESULTS_ANNOUNCE_DELAY_MS));
    expect(region()).toHaveTextContent('');
  });
});
