// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/app';
import { LanguageSwitcher } from './language-switcher';

vi.mock('next/navigation', () => ({
  usePathname: () => '/about',
  useSearchParams: () => new URLSearchParams('tab=2'),
}));

const button = () => screen.getByRole('button', { name: /Язык/ });
const items = () => screen.getAllByRole('menuitem');

describe('the language switcher (spec section 2; its menu loads at the first opening, issue 11)', () => {
  it('renders only the button until it is opened, then the menu with the same page in every language', async () => {
    renderInApp(<LanguageSwitcher />);
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button());
    const menu = await screen.findByRole('menu');
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', menu.id);
    expect(items().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ["O'zbekcha", '/uz/about?tab=2'],
      ['Русский', '/about?tab=2'],
      ['English', '/en/about?tab=2'],
    ]);
    // The current language takes focus.
    await waitFor(() => expect(document.activeElement).toBe(items()[1]));
    expect(items()[1]).toHaveAttribute('aria-current', 'true');

    // A second press on the button closes it.
    fireEvent.click(button());
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the current or the last language, moves with arrows, Home and End', async () => {
    renderInApp(<LanguageSwitcher />);
    fireEvent.keyDown(button(), { key: 'ArrowUp' });
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(items()[2]));
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items()[2]);

    // Escape closes and gives focus back to the button.
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());

    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(items()[1]));
    // Tab closes without taking focus back.
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes at a press outside, not at a press on its own button', async () => {
    renderInApp(
      <div>
        <LanguageSwitcher />
        <p>outside</p>
      </div>,
    );
    fireEvent.click(button());
    await screen.findByRole('menu');
    act(() => {
      button().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => {
      screen.getByText('outside').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
