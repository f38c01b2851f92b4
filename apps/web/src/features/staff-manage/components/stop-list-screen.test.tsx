// @vitest-environment jsdom
import type { TStopListItem } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { apiError, deferred, mockApi, type TApiReply } from '@/test/app';
import { useStaffSession } from '../lib/staff';
import { BRANCH_ID, chilonzor, renderScreen, STAFF_TOKEN, signIn } from './manager.fixtures';
import { ManagerGate } from './manager-gate';
import { StopListScreen } from './stop-list-screen';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  usePathname: () => '/staff/manager/stop-list',
}));

const BRANCH = BRANCH_ID;
const PLOV = '00000000-0000-4000-8000-000000000011';
const CHEESE = '00000000-0000-4000-8000-000000000012';
const branch = chilonzor;
const items: TStopListItem[] = [
  {
    kind: 'product',
    id: PLOV,
    product_id: PLOV,
    title: { ru: 'Плов', uz: 'Osh', en: 'Plov' },
    stopped: false,
  },
  {
    kind: 'modifier',
    id: CHEESE,
    product_id: PLOV,
    title: { ru: 'Сыр', uz: 'Pishloq', en: 'Cheese' },
    stopped: true,
  },
];
const STOP_LIST = `/v1/staff/branches/${BRANCH}/stop-list`;

/**
 * The API with the branch and its stop list; PUT answers what `change` gives. `holdRereads`: the stop
 * list is read once, later reads never answer (only the screen itself can then undo a refused change).
 */
function api(
  change: (body: { kind: string; id: string; stopped: boolean }) => TApiReply | Promise<TApiReply>,
  holdRereads = false,
) {
  let current = items;
  let reads = 0;
  return mockApi()
    .on('GET', '/v1/staff/branches', () => ({ body: { branches: [branch] } }))
    .on('GET', STOP_LIST, () => {
      reads += 1;
      if (holdRereads && reads > 1) return new Promise<TApiReply>(() => {});
      return { body: { branch_id: BRANCH, items: current } };
    })
    .on('PUT', STOP_LIST, async (call) => {
      const body = call.body as { kind: string; id: string; stopped: boolean };
      const reply = await change(body);
      if ((reply.status ?? 200) < 300) {
        current = current.map((i) =>
          i.kind === body.kind && i.id === body.id ? { ...i, stopped: body.stopped } : i,
        );
        return { body: { branch_id: BRANCH, items: current } };
      }
      return reply;
    });
}

describe('the stop list screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn('manager');
    vi.mocked(notify).mockClear();
  });
  afterEach(() => useStaffSession.getState().signOut());

  it('shows every product with its modifiers and their state in words', async () => {
    api(() => ({}));
    renderScreen(<StopListScreen />);
    const plov = await screen.findByRole('switch', { name: 'Плов в наличии' });
    expect(plov).toHaveAttribute('aria-checked', 'true');
    expect(plov).toHaveTextContent('В наличии');
    const cheese = screen.getByRole('switch', { name: 'Сыр в наличии' });
    expect(cheese).toHaveAttribute('aria-checked', 'false');
    expect(cheese).toHaveTextContent('Сейчас нет');
    expect(screen.getByRole('list', { name: 'Модификаторы: Плов' })).toContainElement(cheese);
  });

  it('switches at once, sends the change, and keeps it when the API takes it', async () => {
    const answer = deferred<TApiReply>();
    const calls = api(() => answer.promise);
    renderScreen(<StopListScreen />);
    const plov = await screen.findByRole('switch', { name: 'Плов в наличии' });
    await userEvent.click(plov);
    // Optimistic: before the API has answered.
    expect(plov).toHaveAttribute('aria-checked', 'false');
    expect(calls.callsTo('PUT', STOP_LIST).map((c) => c.body)).toEqual([
      { kind: 'product', id: PLOV, stopped: true },
    ]);
    expect(calls.callsTo('PUT', STOP_LIST)[0]?.headers.get('Authorization')).toBe(STAFF_TOKEN);
    await act(async () => answer.resolve({}));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Плов: сейчас нет'));
    expect(screen.getByRole('switch', { name: 'Плов в наличии' })).toHaveAttribute('aria-checked', 'false');
    // One tap brings it back.
    await userEvent.click(screen.getByRole('switch', { name: 'Плов в наличии' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Плов: снова в наличии'));
    expect(screen.getByRole('switch', { name: 'Плов в наличии' })).toHaveAttribute('aria-checked', 'true');
  });

  it('puts the switch back and says why in a toast when the API refuses', async () => {
    const answer = deferred<TApiReply>();
    api(() => answer.promise, true);
    renderScreen(<StopListScreen />);
    const cheese = await screen.findByRole('switch', { name: 'Сыр в наличии' });
    await userEvent.click(cheese);
    expect(cheese).toHaveAttribute('aria-checked', 'true');
    await act(async () => answer.resolve(apiError(403, 'FORBIDDEN', 'Другой филиал')));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Сыр не изменено: Другой филиал'));
    expect(screen.getByRole('switch', { name: 'Сыр в наличии' })).toHaveAttribute('aria-checked', 'false');
  });

  it('finds a modifier by its name', async () => {
    api(() => ({}));
    renderScreen(<StopListScreen />);
    await screen.findByRole('switch', { name: 'Плов в наличии' });
    await userEvent.type(screen.getByLabelText('Поиск блюд и модификаторов'), 'сыр');
    expect(screen.getByRole('switch', { name: 'Сыр в наличии' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Плов в наличии' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Поиск блюд и модификаторов'));
    await userEvent.type(screen.getByLabelText('Поиск блюд и модификаторов'), 'лагман');
    expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();
  });
});

describe('the manager gate', { timeout: 30_000 }, () => {
  afterEach(() => useStaffSession.getState().signOut());

  it('sends a visitor without a session to the staff sign-in', async () => {
    renderScreen(
      <ManagerGate>
        <p>secret</p>
      </ManagerGate>,
    );
    expect(await screen.findByRole('link', { name: 'Ко входу для сотрудников' })).toHaveAttribute(
      'href',
      '/staff',
    );
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('tells another role the page is for managers, and shows it to a manager', async () => {
    signIn('vendor');
    const view = renderScreen(
      <ManagerGate>
        <p>secret</p>
      </ManagerGate>,
    );
    expect(await screen.findByText('Эта страница для управляющих; вы вошли как Кухня.')).toBeInTheDocument();
    view.unmount();
    signIn('manager');
    renderScreen(
      <ManagerGate>
        <p>secret</p>
      </ManagerGate>,
    );
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });
});
