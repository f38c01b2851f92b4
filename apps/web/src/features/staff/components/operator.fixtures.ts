import type { TStaffAccountRole, TStaffOrder } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement, type ReactNode } from 'react';
import { ConfigProvider } from '@/lib/config-provider';
import { TEST_CONFIG } from '@/test/app';
import common from '../../../../messages/ru/common.json';
import staff from '../../../../messages/ru/staff.json';
import { useStaffSession } from '../session';

/**
 * Component tests of the staff screens only (*.test.tsx): the providers of a staff page with the real
 * Russian messages (a missing or broken one throws), a signed-in member and orders as the API lists them.
 */
// A busy machine (two cores, builds beside the tests) types and renders slowly: wait longer than 1 s.
configure({ asyncUtilTimeout: 10_000 });

export function renderStaffScreen(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  type TIntlProps = ComponentProps<typeof NextIntlClientProvider>;
  // Only the namespaces the staff screens read (the app's type lists every namespace).
  const messages = { common, staff } as unknown as TIntlProps['messages'];
  const intl: Omit<TIntlProps, 'children'> = {
    locale: 'ru',
    timeZone: 'Asia/Tashkent',
    messages,
    onError: (error) => {
      throw error;
    },
  };
  const config: Omit<ComponentProps<typeof ConfigProvider>, 'children'> = { config: TEST_CONFIG };
  const view = render(
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
  return Object.assign(view, { queryClient });
}

export const STAFF_TOKEN = 's'.repeat(40);
export const STAFF_ID = '00000000-0000-4000-8000-0000000000bb';

export function signInStaff(role: TStaffAccountRole, id = STAFF_ID) {
  useStaffSession.getState().signIn({
    staff: { id, login: role, name: 'Dilnoza', role, branch_id: null },
    token: STAFF_TOKEN,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

/** A current order as GET /v1/staff/orders lists it to an operator: new, placed `minutesAgo`. */
export function staffOrder(n: number, minutesAgo: number, extra: Partial<TStaffOrder> = {}): TStaffOrder {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    external_order_id: `B-${10_000 + n}`,
    status: 'new',
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    delivery_type: 'delivery',
    branch: {
      id: '00000000-0000-4000-8000-000000000001',
      slug: 'chilonzor',
      name: { ru: 'Чиланзар', uz: 'Chilonzor', en: 'Chilonzor' },
    },
    total_price: 66_000,
    items_count: 2,
    payment_type: 'cash',
    paid: false,
    loyalty_amount: 0,
    refund_due: false,
    to_address: 'ул. Тестовая, 5',
    future_time: null,
    comment: '',
    customer: { name: 'Aziz', phone: '998971000001' },
    courier: null,
    allowed_events: ['operator-accepted', 'operator-cancelled'],
    target_minutes: 45,
    ...extra,
  };
}
