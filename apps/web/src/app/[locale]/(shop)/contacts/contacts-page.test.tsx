// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import ContactsPage from './page';

/**
 * The contacts page's list of restaurants: its data and the server-only parts stand in, the badge
 * says which status it was given.
 */
const branch = (n: number, slug: string, name: string, phone: string, is_active: boolean) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug,
  name: { ru: name, uz: name, en: name },
  address: { ru: `${name}, адрес`, uz: name, en: name },
  phone,
  is_active,
});

vi.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));
vi.mock('@/i18n/page-locale', () => ({ resolvePageLocale: async () => 'ru' }));
vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));
vi.mock('@/lib/seo', () => ({ pageMetadata: () => ({}) }));
vi.mock('@/features/shell/server', () => ({
  getShipper: async () => ({ phone: '998712000000', work_hour_start: '10:00', work_hour_end: '23:00' }),
}));
vi.mock('@/features/content', () => ({
  PageFrame: ({ title, children }: { title: ReactNode; children: ReactNode }) => (
    <div>
      <h1>{title}</h1>
      {children}
    </div>
  ),
}));
vi.mock('@/features/content/server', () => ({
  getPage: async () => ({
    title: { ru: 'Контакты', uz: '', en: '' },
    body: { ru: 'Пишите нам.', uz: '', en: '' },
  }),
  getBranches: async () => [
    branch(1, 'tashkent-oybek', 'Ойбек', '998712000003', false),
    branch(2, 'tashkent-chilonzor', 'Чиланзар', '998712000001', true),
    branch(3, 'samarkand-registan', 'Регистан', '998662000002', true),
  ],
  BranchStatusBadge: ({ status }: { status: { kind: string } }) => (
    <span data-testid="branch-status">{status.kind}</span>
  ),
}));

describe('the contacts page’s restaurants', () => {
  it('marks a restaurant closed for now, as the branches pages do, and lists it after the working ones', async () => {
    render(await ContactsPage({ params: Promise.resolve({ locale: 'ru' }) }));
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link', { name: /^[А-Яа-я]+$/ }).textContent)).toEqual([
      'Чиланзар',
      'Регистан',
      'Ойбек',
    ]);
    const closed = rows[2] as HTMLElement;
    expect(within(closed).getByTestId('branch-status')).toHaveTextContent('inactive');
    for (const open of rows.slice(0, 2)) expect(within(open).queryByTestId('branch-status')).toBeNull();
  });
});
