// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/stores/auth';
import { renderInApp } from '@/test/app';
import { closeLogin, useOpenLogin } from '../hooks/use-open-login';
import { AuthSlot } from './auth-slot';

/**
 * Next's search parameters as the router holds them: they stay what they were, as they do when a
 * pushState comes before Next's router patched the History API (after hydration; use-open-login.ts).
 */
const nextParams = vi.hoisted(() => ({ current: new URLSearchParams() }));
vi.mock('next/navigation', () => ({
  useSearchParams: () => nextParams.current,
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
}));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));

let openLogin: ReturnType<typeof useOpenLogin> = () => {};
function Opener() {
  openLogin = useOpenLogin();
  return null;
}

/** The slot, as the layout mounts it, beside a component that can open sign-in. */
const renderWithOpener = () =>
  renderInApp(
    <>
      <Opener />
      <AuthSlot />
    </>,
  );

// The dialog shows once the stored session is read (no customer signed in here).
beforeEach(async () => {
  useAuthStore.setState({ user: null });
  await useAuthStore.persist.rehydrate();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  nextParams.current = new URLSearchParams();
});

describe('the sign-in dialog follows the URL, whether or not Next saw it change', () => {
  it('opens on openLogin though Next still holds the old parameters, and closes on closeLogin', async () => {
    window.history.replaceState(null, '', '/product/osh');
    renderWithOpener();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openLogin({ next: '/product/osh' }));
    expect(window.location.search).toContain('login');
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeVisible();
    act(() => closeLogin());
    expect(window.location.search).toBe('');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens on a page loaded with ?login, as the server rendered it', async () => {
    window.history.replaceState(null, '', '/cart?login');
    nextParams.current = new URLSearchParams('login');
    renderInApp(<AuthSlot />);
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeVisible();
  });

  it('closes when the customer goes back (popstate)', async () => {
    window.history.replaceState(null, '', '/');
    renderWithOpener();
    act(() => openLogin());
    expect(await screen.findByRole('dialog', { name: 'Вход' })).toBeVisible();
    // Back: the entry without ?login, and the browser's popstate.
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
