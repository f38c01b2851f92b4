import type { TStaffBranch } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement, type ReactNode } from 'react';
import { ConfigProvider } from '@/lib/config-provider';
import { TEST_CONFIG } from '@/test/app';
import common from '../../../../messages/ru/common.json';
import staffManage from '../../../../messages/ru/staff-manage.json';
import { useStaffSession } from '../lib/staff';

/**
 * Component tests of the manager's screens only (*.test.tsx): the providers of a manager page with the
 * real Russian messages (a missing or broken one throws), and a signed-in staff member.
 */
// A busy machine (two cores, builds beside the tests) types and renders slowly: wait longer than 1 s.
configure({ asyncUtilTimeout: 10_000 });

export function renderScreen(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  // createElement with children as its third argument (props typed as the components declare them).
  type TIntlProps = ComponentProps<typeof NextIntlClientProvider>;
  // Only the namespaces the manager's screens read (the app's type lists every namespace).
  const messages = { common, 'staff-manage': staffManage } as unknown as TIntlProps['messages'];
  const intl: Omit<TIntlProps, 'children'> = {
    locale: 'ru',
    timeZone: 'Asia/Tashkent',
    messages,
    onError: (error) => {
      throw error;
    },
  };
  const config: Omit<ComponentProps<typeof ConfigProvider>, 'children'> = { config: TEST_CONFIG };
  return render(
    createElement(
      NextIntlClientProvider,
      intl as TIntlProps,
      createElement(
        ConfigProvider,
        config as ComponentProps<typeof ConfigProvider>,
        createElement(QueryClientProvider, { client: queryClient }, ui),
      ),
    ),
  );
}

export const STAFF_TOKEN = 't'.repeat(40);

export function signIn(role: 'manager' | 'vendor') {
  useStaffSession.getState().signIn({
    staff: { id: '00000000-0000-4000-8000-0000000000aa', login: role, name: 'Malika', role, branch_id: null },
    token: STAFF_TOKEN,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

export const BRANCH_ID = '00000000-0000-4000-8000-000000000001';
export const chilonzor: TStaffBranch = {
  id: BRANCH_ID,
  slug: 'tashkent-chilonzor',
  name: { ru: 'Чиланзар', uz: 'Chilonzor', en: 'Chilonzor' },
  city: 'tashkent',
  menu_id: '00000000-0000-4000-8000-000000000002',
  work_hour_start: '00:00',
  work_hour_end: '23:59',
  delivery_time: 45,
  cooking_time: 20,
  is_active: true,
  paused_until: null,
  delivery_paused_until: null,
};
