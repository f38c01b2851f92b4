// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import ru from '../../../../messages/ru/common.json';
import { Pagination } from './pagination';

// The server's translator, over the real Russian texts.
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) =>
    createTranslator({ locale: 'ru', messages: { common: ru }, namespace: namespace as 'common' }),
}));
// The locale-aware link as a plain anchor: what it points at, with `?page=` when it has a query.
vi.mock('@/i18n/navigation', () => ({
  Link: ({
    href,
    children,
    ...rest
  }: {
    href: string | { pathname: string; query: { page: string } };
    children: ReactNode;
    rel?: string;
    className?: string;
  }) => (
    <a href={typeof href === 'string' ? href : `${href.pathname}?page=${href.query.page}`} {...rest}>
      {children}
    </a>
  ),
}));

describe('the pagination of the news (in the page’s language)', () => {
  it('names its navigation and its links in Russian, not in English or as a gallery’s photos', async () => {
    render(await Pagination({ page: 2, pageCount: 3, pathname: '/news' }));
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Предыдущая страница' }));
    expect(screen.getByRole('link', { name: 'Предыдущая страница' })).toHaveAttribute('href', '/news');
    expect(screen.getByRole('link', { name: 'Следующая страница' })).toHaveAttribute('href', '/news?page=3');
    expect(nav).toHaveTextContent('2 / 3');
  });

  it('shows nothing when everything fits on one page, and no link past either end', async () => {
    expect(await Pagination({ page: 1, pageCount: 1, pathname: '/news' })).toBeNull();
    render(await Pagination({ page: 1, pageCount: 2, pathname: '/news' }));
    expect(screen.queryByRole('link', { name: 'Предыдущая страница' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Следующая страница' })).toHaveAttribute('href', '/news?page=2');
  });
});
