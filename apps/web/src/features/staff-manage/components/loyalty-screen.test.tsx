// @vitest-environment jsdom
import type { TLoyaltyMovementsResponse, TQueuedLoyaltyMovement } from '@app/contracts';
import { formatSum } from '@app/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { apiError, deferred, mockApi, type TApiReply } from '@/test/app';
import { auditActionKey } from '../lib/audit-labels';
import { useStaffSession } from '../lib/staff';
import { LoyaltyScreen } from './loyalty-screen';
import { renderScreen, STAFF_TOKEN, signIn } from './manager.fixtures';
import { ManagerNav } from './manager-nav';
import { OverviewScreen } from './overview-screen';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  usePathname: () => '/staff/manager/loyalty',
}));

const LIST = '/v1/staff/loyalty-movements';
const GAVE_UP = '00000000-0000-4000-8000-000000000101';
const RETRYING = '00000000-0000-4000-8000-000000000102';
const UNKNOWN = '00000000-0000-4000-8000-000000000103';

const gaveUp: TQueuedLoyaltyMovement = {
  id: GAVE_UP,
  order_id: '00000000-0000-4000-8000-000000000201',
  external_order_id: 'B-10001',
  reason: 'refund',
  amount: 12_000,
  state: 'gave-up',
  attempts: 7,
  last_error: 'iiko: card 998901234567 is blocked',
  charge_unknown: false,
  next_attempt_at: '2026-12-06T07:40:00.000Z',
  gave_up_at: '2026-12-06T07:40:00.000Z',
  created_at: '2026-12-03T07:40:00.000Z',
};
const retrying: TQueuedLoyaltyMovement = {
  id: RETRYING,
  order_id: '00000000-0000-4000-8000-000000000202',
  external_order_id: 'B-10002',
  reason: 'earned',
  amount: 3_450,
  state: 'retrying',
  attempts: 0,
  last_error: null,
  charge_unknown: false,
  next_attempt_at: '2026-12-06T08:05:00.000Z',
  gave_up_at: null,
  created_at: '2026-12-06T08:00:00.000Z',
};

/** The give-back of bonuses charged for an order never written, whose charge nobody knows was made. */
const unknown: TQueuedLoyaltyMovement = {
  ...gaveUp,
  id: UNKNOWN,
  order_id: null,
  external_order_id: 'B-10077',
  amount: 25_000,
  attempts: 0,
  last_error: 'The order was not placed, and it is not known whether iiko charged its bonuses off',
  charge_unknown: true,
};

const answer = (movements: TQueuedLoyaltyMovement[]): TLoyaltyMovementsResponse => ({
  provider: 'iiko',
  count: movements.length,
  movements,
});

/** The API with a queue that the actions change the way the API does: retried rows wait again, settled ones leave. */
function api(
  actions: {
    retry?: () => TApiReply | Promise<TApiReply>;
    settle?: () => TApiReply | Promise<TApiReply>;
  } = {},
) {
  let queue = [gaveUp, retrying];
  return mockApi()
    .on('GET', LIST, () => ({ body: answer(queue) }))
    .on('POST', `${LIST}/${GAVE_UP}/retry`, async () => {
      const reply = (await actions.retry?.()) ?? {};
      if ((reply.status ?? 200) >= 300) return reply;
      const row: TQueuedLoyaltyMovement = { ...gaveUp, state: 'retrying', gave_up_at: null };
      queue = [retrying, row];
      return { body: row };
    })
    .on('DELETE', `${LIST}/${GAVE_UP}`, async () => {
      const reply = (await actions.settle?.()) ?? { status: 204 };
      if ((reply.status ?? 200) >= 300) return reply;
      queue = queue.filter((m) => m.id !== GAVE_UP);
      return { status: 204 };
    });
}

/** The API with the unknown give-back queued: 'not charged' takes it off (204), or answers as told. */
function notChargedApi(notCharged?: () => TApiReply | Promise<TApiReply>) {
  let queue = [unknown, gaveUp];
  return mockApi()
    .on('GET', LIST, () => ({ body: answer(queue) }))
    .on('POST', `${LIST}/${UNKNOWN}/not-charged`, async () => {
      const reply = (await notCharged?.()) ?? { status: 204 };
      if ((reply.status ?? 200) >= 300) return reply;
      queue = queue.filter((m) => m.id !== UNKNOWN);
      return { status: 204 };
    });
}

const rowOf = (order: string) =>
  screen.getByRole('rowheader', { name: new RegExp(order) }).closest('tr') as HTMLElement;

describe('the iiko bonuses queue', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn('manager');
    vi.mocked(notify).mockClear();
  });
  afterEach(() => useStaffSession.getState().signOut());

  it('explains a give-back whose charge nobody knows was made, in the manager’s language', async () => {
    mockApi().on('GET', LIST, () => ({ body: answer([unknown]) }));
    renderScreen(<LoyaltyScreen />);
    await screen.findByRole('table');
    const row = rowOf('B-10077');
    expect(row).toHaveTextContent('Бонусы неоформленного заказа, возврат');
    expect(row).toHaveTextContent('Найдите списание в iiko по номеру заказа');
    expect(row).toHaveTextContent('если нет, отметьте «Не списано»');
    expect(row).not.toHaveTextContent('it is not known');
    // Three actions are the manager's: try again (iiko did charge: give it back), settled by hand, or
    // not charged (iiko shows no chargeoff).
    expect(within(row).getAllByRole('button', { name: /B-10077/ })).toHaveLength(3);
    expect(within(row).getByRole('button', { name: 'Повторить сейчас: заказ B-10077' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Учтено вручную: заказ B-10077' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Не списано: заказ B-10077' })).toHaveTextContent(
      'Не списано',
    );
  });

  it('offers “not charged” only on a given-up give-back whose charge nobody knows was made', async () => {
    // Still being tried: iiko may be answering right now.
    const unknownRetrying: TQueuedLoyaltyMovement = {
      ...unknown,
      id: '00000000-0000-4000-8000-000000000104',
      external_order_id: 'B-10078',
      state: 'retrying',
      gave_up_at: null,
    };
    // A give-back of a written order: its charge is not in question.
    const unknownOfOrder: TQueuedLoyaltyMovement = {
      ...unknown,
      id: '00000000-0000-4000-8000-000000000105',
      order_id: '00000000-0000-4000-8000-000000000205',
      external_order_id: 'B-10079',
    };
    // A give-back of an order never written whose charge iiko did make: only to give back.
    const chargedNotPlaced: TQueuedLoyaltyMovement = {
      ...unknown,
      id: '00000000-0000-4000-8000-000000000106',
      external_order_id: 'B-10080',
      charge_unknown: false,
    };
    mockApi().on('GET', LIST, () => ({
      body: answer([unknown, gaveUp, retrying, unknownRetrying, unknownOfOrder, chargedNotPlaced]),
    }));
    renderScreen(<LoyaltyScreen />);
    await screen.findByRole('table');
    expect(screen.getAllByRole('button', { name: /^Не списано/ })).toHaveLength(1);
    expect(
      within(rowOf('B-10077')).getByRole('button', { name: 'Не списано: заказ B-10077' }),
    ).toBeInTheDocument();
    for (const order of ['B-10001', 'B-10002', 'B-10078', 'B-10079', 'B-10080']) {
      expect(within(rowOf(order)).queryByRole('button', { name: /Не списано/ })).toBeNull();
    }
    // The ordinary given-up refund keeps its two actions.
    expect(within(rowOf('B-10001')).getAllByRole('button')).toHaveLength(2);
  });

  it('asks before marking a give-back not charged, then posts it and takes it off the queue', async () => {
    const calls = notChargedApi();
    renderScreen(<LoyaltyScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Не списано: заказ B-10077' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Заказ B-10077: бонусы не списаны?' });
    expect(dialog.textContent).toContain(`нет списания ${formatSum(25_000, 'ru')} по этому заказу`);
    expect(dialog).toHaveTextContent('Из истории клиента уйдут и это списание, и его возврат');
    expect(dialog).toHaveTextContent('«Повторить сейчас»');
    expect(calls.callsTo('POST', `${LIST}/${UNKNOWN}/not-charged`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Не списано' }));
    expect(calls.callsTo('POST', `${LIST}/${UNKNOWN}/not-charged`)).toHaveLength(1);
    expect(calls.callsTo('POST', `${LIST}/${UNKNOWN}/not-charged`)[0]?.headers.get('Authorization')).toBe(
      STAFF_TOKEN,
    );
    // Not settled by hand, not tried again.
    expect(calls.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        'Заказ B-10077: не списано, убрано из очереди и из истории клиента',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /B-10077/ })).toBeNull());
    expect(screen.getByRole('table', { name: 'В очереди 1 движение бонусов' })).toBeInTheDocument();
    // Its button went with the row: the focus is on the table, not lost to the page.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Бонусы iiko' })).toHaveFocus());
  });

  it('sends nothing when “not charged” is cancelled', async () => {
    const calls = notChargedApi();
    renderScreen(<LoyaltyScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Не списано: заказ B-10077' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Заказ B-10077: бонусы не списаны?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
    expect(rowOf('B-10077')).toBeInTheDocument();
  });

  it('shows the API’s message when “not charged” is refused', async () => {
    const calls = notChargedApi(() =>
      apiError(409, 'CONFLICT', 'Это движение не возврат списания с неизвестным исходом'),
    );
    renderScreen(<LoyaltyScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Не списано: заказ B-10077' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Не списано' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Заказ B-10077 не изменён: Это движение не возврат списания с неизвестным исходом',
      ),
    );
    expect(notify).not.toHaveBeenCalledWith('success', expect.anything());
    expect(calls.callsTo('POST', `${LIST}/${UNKNOWN}/not-charged`)).toHaveLength(1);
    await waitFor(() => expect(calls.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2));
    expect(rowOf('B-10077')).toBeInTheDocument();
  });

  it('lists each movement: order, reason, sum, state in words, attempts, times and iiko’s last answer', async () => {
    const calls = api();
    renderScreen(<LoyaltyScreen />);
    const table = await screen.findByRole('table', { name: 'В очереди 2 движения бонусов' });
    expect(screen.getByRole('region', { name: 'Бонусы iiko' })).toContainElement(table);
    expect(calls.callsTo('GET', LIST)[0]?.headers.get('Authorization')).toBe(STAFF_TOKEN);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('rowheader')).toHaveTextContent('B-10001');
    expect(first).toHaveTextContent('Возврат бонусов');
    // The sum as the other screens show it ('12 000 сум', a no-break space before the currency).
    expect(first.textContent).toContain(formatSum(12_000, 'ru'));
    expect(first).toHaveTextContent('Попытки прекращены');
    expect(first).toHaveTextContent('7 попыток');
    expect(first).toHaveTextContent('iiko: card 998901234567 is blocked');
    expect(first).toHaveTextContent('Прекращены:');
    expect(first.querySelector(`time[datetime="${gaveUp.gave_up_at}"]`)).not.toBeNull();
    expect(first.querySelector(`time[datetime="${gaveUp.created_at}"]`)).not.toBeNull();

    expect(within(second).getByRole('rowheader')).toHaveTextContent('B-10002');
    expect(second).toHaveTextContent('Кешбэк');
    expect(second.textContent).toContain(formatSum(3_450, 'ru'));
    expect(second).toHaveTextContent('Повторяется');
    expect(second).toHaveTextContent('Попыток ещё не было');
    expect(second).toHaveTextContent('Ещё не отправлялось');
    expect(second).toHaveTextContent('Следующая попытка:');
    expect(second.querySelector(`time[datetime="${retrying.next_attempt_at}"]`)).not.toBeNull();

    // Real buttons with their text, named after their order.
    expect(within(first).getByRole('button', { name: 'Повторить сейчас: заказ B-10001' })).toHaveTextContent(
      'Повторить сейчас',
    );
    expect(within(first).getByRole('button', { name: 'Учтено вручную: заказ B-10001' })).toHaveTextContent(
      'Учтено вручную',
    );
    // A movement still being tried may be in iiko's hands right now: no action is offered (the API
    // refuses both with 409), the screen says the server goes on by itself.
    expect(within(second).queryAllByRole('button')).toHaveLength(0);
    expect(second).toHaveTextContent('Сервер повторит сам');
  });

  it('tries a movement again now, says so and shows the queue as the API has it then', async () => {
    const held = deferred<TApiReply>();
    const calls = api({ retry: () => held.promise });
    renderScreen(<LoyaltyScreen />);
    const retry = await screen.findByRole('button', { name: 'Повторить сейчас: заказ B-10001' });
    await userEvent.click(retry);
    expect(calls.callsTo('POST', `${LIST}/${GAVE_UP}/retry`)).toHaveLength(1);
    expect(calls.callsTo('POST', `${LIST}/${GAVE_UP}/retry`)[0]?.headers.get('Authorization')).toBe(
      STAFF_TOKEN,
    );
    // Busy while it is under way, without losing the focus: a second press sends nothing.
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(retry);
    expect(calls.callsTo('POST', `${LIST}/${GAVE_UP}/retry`)).toHaveLength(1);
    await act(async () => held.resolve({}));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Заказ B-10001: повторим сейчас'));
    await waitFor(() => expect(rowOf('B-10001')).toHaveTextContent('Повторяется'));
    expect(rowOf('B-10001')).not.toHaveTextContent('Попытки прекращены');
    expect(calls.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2);
    // The focus is still somewhere on the screen: its button, or the table.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Бонусы iiko' })).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
  });

  it('asks before marking a movement settled by hand, then takes it off the queue', async () => {
    const calls = api();
    renderScreen(<LoyaltyScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Учтено вручную: заказ B-10001' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Заказ B-10001: учтено вручную?' });
    expect(dialog.textContent).toContain(formatSum(12_000, 'ru'));
    expect(dialog).toHaveTextContent('отменить это нельзя');
    // Cancel: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.callsTo('DELETE', `${LIST}/${GAVE_UP}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Учтено вручную: заказ B-10001' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Учтено вручную' }),
    );
    expect(calls.callsTo('DELETE', `${LIST}/${GAVE_UP}`)).toHaveLength(1);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Заказ B-10001: учтено вручную, убрано из очереди'),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /B-10001/ })).toBeNull());
    expect(screen.getByRole('table', { name: 'В очереди 1 движение бонусов' })).toBeInTheDocument();
    // Its button went with the row: the focus is on the table, not lost to the page.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Бонусы iiko' })).toHaveFocus());
  });

  it('shows the API’s message when an action is refused, and reads the queue again', async () => {
    const calls = api({
      retry: () => apiError(404, 'NOT_FOUND', 'Это движение бонусов уже не в очереди'),
    });
    renderScreen(<LoyaltyScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить сейчас: заказ B-10001' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Заказ B-10001 не изменён: Это движение бонусов уже не в очереди',
      ),
    );
    await waitFor(() => expect(calls.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the API’s message when the queue cannot be read (a branch’s manager)', async () => {
    mockApi().on('GET', LIST, () =>
      apiError(403, 'FORBIDDEN', 'Очередь бонусов видит только управляющий сетью'),
    );
    renderScreen(<LoyaltyScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить данные: Очередь бонусов видит только управляющий сетью',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the card is kept by the API itself when it is local, not just that the queue is empty', async () => {
    mockApi().on('GET', LIST, () => ({ body: { provider: 'local', count: 0, movements: [] } }));
    renderScreen(<LoyaltyScreen />);
    expect(
      await screen.findByText(/Бонусную карту сети ведёт сам сервер заказов, а не iiko/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Очередь пуста: iiko принял все движения бонусов.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('with the local card, lists rows an earlier iiko setting left, to be settled by hand only', async () => {
    mockApi().on('GET', LIST, () => ({ body: { provider: 'local', count: 1, movements: [gaveUp] } }));
    renderScreen(<LoyaltyScreen />);
    const table = await screen.findByRole('table', { name: 'В очереди 1 движение бонусов' });
    expect(
      screen.getByText(/Эти движения остались с того времени, когда карта была в iiko/),
    ).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).queryByRole('button', { name: /Повторить сейчас/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Учтено вручную: заказ B-10001' })).toBeInTheDocument();
  });

  it('says the queue is empty when iiko has taken everything', async () => {
    mockApi().on('GET', LIST, () => ({ body: answer([]) }));
    renderScreen(<LoyaltyScreen />);
    expect(await screen.findByText('Очередь пуста: iiko принял все движения бонусов.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the iiko bonuses section', { timeout: 30_000 }, () => {
  afterEach(() => useStaffSession.getState().signOut());

  it('is offered to the chain’s manager, not to a branch’s (the API refuses them)', () => {
    signIn('manager');
    const chain = renderScreen(
      <>
        <ManagerNav />
        <OverviewScreen />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Разделы управляющего' });
    expect(within(nav).getByRole('link', { name: 'Бонусы iiko' })).toHaveAttribute(
      'href',
      '/staff/manager/loyalty',
    );
    expect(screen.getAllByRole('link', { name: /Бонусы iiko/ })).toHaveLength(2);
    chain.unmount();

    const session = useStaffSession.getState().session;
    if (!session) throw new Error('signed in');
    useStaffSession.getState().signIn({
      ...session,
      staff: { ...session.staff, branch_id: '00000000-0000-4000-8000-000000000001' },
    });
    renderScreen(
      <>
        <ManagerNav />
        <OverviewScreen />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Журнал действий' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Бонусы iiko/ })).toBeNull();
  });

  it('names its actions in the audit log', () => {
    expect(auditActionKey('loyalty.retry')).toBe('loyaltyRetry');
    expect(auditActionKey('loyalty.settle')).toBe('loyaltySettle');
    expect(auditActionKey('loyalty.not-charged')).toBe('loyaltyNotCharged');
  });
});
