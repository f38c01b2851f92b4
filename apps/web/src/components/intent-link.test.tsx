// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentLink } from './intent-link';

const router = vi.hoisted(() => ({ prefetch: vi.fn() }));
/** What the locale-aware Link was given, per rendered link. */
const linkProps = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@/i18n/navigation', () => ({
  useRouter: () => router,
  Link: ({
    children,
    href,
    prefetch,
    ...props
  }: {
    children: ReactNode;
    href: unknown;
    prefetch?: unknown;
  }) => {
    linkProps.push({ href, prefetch });
    return (
      <a href={typeof href === 'string' ? href : '/x'} {...props}>
        {children}
      </a>
    );
  },
}));

describe('IntentLink', () => {
  beforeEach(() => {
    router.prefetch.mockClear();
    linkProps.length = 0;
  });

  it('never prefetches on its own, so a screen of product links fetches nothing during load', () => {
    render(<IntentLink href="/product/osh">Osh</IntentLink>);
    expect(linkProps.at(-1)).toEqual({ href: '/product/osh', prefetch: false });
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('prefetches its page once when the customer reaches for it', () => {
    const href = { pathname: '/product/osh', query: { city: 'samarkand' } };
    const onFocus = vi.fn();
    render(
      <IntentLink href={href} onFocus={onFocus}>
        Osh
      </IntentLink>,
    );
    const link = screen.getByRole('link', { name: 'Osh' });
    fireEvent.pointerEnter(link);
    expect(router.prefetch).toHaveBeenCalledWith(href);
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    // The caller's own handlers still run.
    expect(onFocus).toHaveBeenCalledTimes(1);
  });

  it('prefetches on touch and on keyboard focus too', () => {
    render(
      <>
        <IntentLink href="/a">A</IntentLink>
        <IntentLink href="/b">B</IntentLink>
      </>,
    );
    fireEvent.touchStart(screen.getByRole('link', { name: 'A' }));
    fireEvent.focus(screen.getByRole('link', { name: 'B' }));
    expect(router.prefetch.mock.calls).toEqual([['/a'], ['/b']]);
  });
});
