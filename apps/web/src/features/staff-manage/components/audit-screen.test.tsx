// @vitest-environment jsdom
import type { TAuditEntry } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/app';
import en from '../../../../messages/en/staff-manage.json';
import ru from '../../../../messages/ru/staff-manage.json';
import uz from '../../../../messages/uz/staff-manage.json';
import { AUDIT_ACTION_KEYS, AUDIT_FIELD_KEYS, AUDIT_TARGET_KEYS } from '../lib/audit-labels';
import { useStaffSession } from '../lib/staff';
import { AuditScreen } from './audit-screen';
import { chilonzor, renderScreen, signIn } from './manager.fixtures';

vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
  usePathname: () => '/staff/manager/audit',
}));

const entry = (id: number, action: string, targetType: string): TAuditEntry => ({
  id,
  staff: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Dilnoza', login: 'dilnoza' },
  action,
  target_type: targetType,
  target_id: `target-${id}`,
  branch_id: null,
  before: null,
  after: null,
  at: '2026-12-06T07:40:00.000Z',
});

describe('the audit log', { timeout: 30_000 }, () => {
  afterEach(() => useStaffSession.getState().signOut());

  it('names actions and targets in the manager’s language, and a code it does not know as it is', async () => {
    signIn('manager');
    mockApi()
      .on('GET', '/v1/staff/branches', () => ({ body: { branches: [chilonzor] } }))
      .on('GET', '/v1/staff/audit', () => ({
        body: {
          count: 3,
          entries: [
            entry(3, 'branch.pause', 'branch'),
            entry(2, 'menu-price.set', 'menu-product'),
            entry(1, 'loyalty.adjust', 'customer'),
          ],
        },
      }));
    renderScreen(<AuditScreen />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Пауза филиала')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('филиал target-3');
    expect(rows[0]).not.toHaveTextContent('branch.pause');
    expect(within(rows[1] as HTMLElement).getByText('Цена в меню')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('блюдо в меню target-2');
    // An API newer than this storefront: the code itself rather than nothing.
    expect(rows[2]).toHaveTextContent('loyalty.adjust');
    expect(rows[2]).toHaveTextContent('customer target-1');
  });

  it('names a change of the delivery and cooking times, its fields and their minutes', async () => {
    signIn('manager');
    mockApi()
      .on('GET', '/v1/staff/branches', () => ({ body: { branches: [chilonzor] } }))
      .on('GET', '/v1/staff/audit', () => ({
        body: {
          count: 1,
          entries: [
            {
              ...entry(1, 'branch.times', 'branch'),
              before: { delivery_time: 40, cooking_time: 20 },
              after: { delivery_time: 55, cooking_time: 20 },
            },
          ],
        },
      }));
    renderScreen(<AuditScreen />);
    const [row] = await screen.findAllByRole('listitem');
    const item = within(row as HTMLElement);
    expect(item.getByText('Время доставки и приготовления')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('branch.times');
    // Only what changed: the delivery time, by its name, in minutes.
    const change = item.getByRole('row', { name: /Время доставки/ });
    expect(within(change).getByRole('rowheader')).toHaveTextContent('Время доставки');
    expect(change).toHaveTextContent('40 мин');
    expect(change).toHaveTextContent('55 мин');
    expect(row).not.toHaveTextContent('delivery_time');
    expect(item.queryByText('Время приготовления')).toBeNull();
  });

  it('has every action, target and field in ru, uz and en', () => {
    for (const messages of [ru, uz, en]) {
      const audit = messages.audit as {
        actions: Record<string, string>;
        targets: Record<string, string>;
        fields: Record<string, string>;
      };
      for (const key of AUDIT_ACTION_KEYS) expect(audit.actions[key], key).toMatch(/\S/);
      for (const key of AUDIT_TARGET_KEYS) expect(audit.targets[key], key).toMatch(/\S/);
      for (const key of AUDIT_FIELD_KEYS) expect(audit.fields[key], key).toMatch(/\S/);
    }
  });
});
