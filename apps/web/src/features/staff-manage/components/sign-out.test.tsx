// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffShell } from '@/features/staff';
import { ConfigProvider } from '@/lib/config-provider';
import { getQueryClient } from '@/lib/query-client';
import { apiError, mockApi, TEST_CONFIG } from '@/test/app';
import common from '../../../../messages/ru/common.json';
import staff from '../../../../messages/ru/staff.json';
import staffManage from '../../../../messages/ru/staff-manage.json';
import { manageKeys } from '../api/manage-api';
import { useStaffSession } from '../lib/staff';
import { signIn } from './manager.fixtures';

vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  usePathname: () => '/staff/manager',
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
}));

const MANAGER_ID = '00000000-0000-4000-8000-0000000000aa';
type TIntlProps = ComponentProps<typeof NextIntlClientProvider>;
const messages = { common, staff, 'staff-manage': staffManage } as unknown as TIntlProps['messages'];

/** The manager's page in the workspace's shell, with its one query cache (the tab's). */
function renderManagerPage() {
  return render(
    <NextIntlClientProvider
      locale="ru"
      timeZone="Asia/Tashkent"
      messages={messages}
      onError={(error) => {
        throw error;
      }}
    >
      <ConfigProvider config={TEST_CONFIG}>
        <StaffShell>
          <p>manager page</p>
        </StaffShell>
      </ConfigProvider>
    </NextIntlClientProvider>,
  );
}

/** What the manager's screens and the queue left in the cache, all fresh for five minutes. */
function seedManagerData() {
  const client = getQueryClient();
  client.setQueryData(manageKeys.accounts, [{ login: 'previous-manager' }]);
  client.setQueryData(manageKeys.audit(1, null), { entries: ['previous manager’s change'] });
  client.setQueryData(manageKeys.figures('2026-11-28'), { orders: 42 });
  client.setQueryData(manageKeys.branches, [{ id: 'branch' }]);
  client.setQueryData(['staff', MANAGER_ID, 'orders', {}], { count: 1, orders: [] });
  return client;
}

/** Every staff or manager answer still in the cache. */
const staffData = () =>
  getQueryClient()
    .getQueryCache()
    .findAll()
    .filter((q) => ['staff', 'staff-manage'].includes(String(q.queryKey[0])) && q.state.data !== undefined)
    .map((q) => q.queryKey);

describe('signing out of the workspace', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('manager'));
  afterEach(() => {
    useStaffSession.getState().signOut();
    getQueryClient().clear();
  });

  it('drops the manager’s accounts, audit log and figures with the staff data (the button)', async () => {
    const api = mockApi()
      .on('GET', '/v1/staff/stream', () => new Promise(() => {}))
      .on('GET', '/v1/staff/me', () => ({
        body: { id: MANAGER_ID, login: 'manager', name: 'Malika', role: 'manager', branch_id: null },
      }))
      .on('POST', '/v1/staff/logout', () => ({ status: 204 }));
    renderManagerPage();
    const client = seedManagerData();
    expect(staffData()).toHaveLength(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(useStaffSession.getState().session).toBeNull());
    expect(api.callsTo('POST', '/v1/staff/logout')).toHaveLength(1);
    expect(staffData()).toEqual([]);
    expect(client.getQueryData(manageKeys.accounts)).toBeUndefined();
  });

  it('drops them too when the API ends the session (a 401)', async () => {
    mockApi()
      .on('GET', '/v1/staff/stream', () => new Promise(() => {}))
      .on('GET', '/v1/staff/me', () => apiError(401, 'STAFF_UNAUTHORIZED', 'Войдите как сотрудник'));
    seedManagerData();
    renderManagerPage();
    await waitFor(() => expect(useStaffSession.getState().session).toBeNull());
    expect(staffData()).toEqual([]);
  });
});
