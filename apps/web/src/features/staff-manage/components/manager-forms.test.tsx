// @vitest-environment jsdom
import type { TStaffAccount } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { apiError, deferred, mockApi, type TApiReply } from '@/test/app';
import { useStaffSession } from '../lib/staff';
import { AccountsScreen } from './accounts-screen';
import { BranchesScreen } from './branches-screen';
import { BRANCH_ID, chilonzor, renderScreen, signIn } from './manager.fixtures';
import { PricesScreen } from './prices-screen';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const MENU_ID = chilonzor.menu_id;
const PLOV = '00000000-0000-4000-8000-000000000011';
const courier: TStaffAccount = {
  id: '00000000-0000-4000-8000-0000000000c1',
  login: 'courier',
  name: 'Сардор',
  role: 'courier',
  branch_id: null,
  phone: '998901234567',
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  signIn('manager');
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  useStaffSession.getState().signOut();
  vi.useRealTimers();
});

describe('staff accounts', { timeout: 30_000 }, () => {
  function accountsApi() {
    return mockApi()
      .on('GET', '/v1/staff/branches', () => ({ body: { branches: [chilonzor] } }))
      .on('GET', '/v1/staff/accounts', () => ({ body: { accounts: [courier] } }));
  }

  it('a new kitchen account needs a branch, and the API body is the contract one', async () => {
    const api = accountsApi().on('POST', '/v1/staff/accounts', () => ({ status: 201, body: {} }));
    renderScreen(<AccountsScreen />);
    expect(await screen.findByRole('rowheader', { name: /Сардор/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Новая учётная запись' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая учётная запись' });
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Логин'), 'vendor-night');
    await userEvent.type(form.getByLabelText('Имя'), 'Ночная кухня');
    await userEvent.type(form.getByLabelText('Телефон'), '901112233');
    expect(form.getByLabelText('Телефон')).toHaveValue('+998 90 111 22 33');
    await userEvent.selectOptions(form.getByLabelText('Роль'), 'vendor');
    await userEvent.type(form.getByLabelText('Пароль'), 'night-kitchen-2026');
    await userEvent.click(form.getByRole('button', { name: 'Новая учётная запись' }));
    expect(await form.findByText('Кухне нужен филиал')).toBeInTheDocument();
    expect(form.getByLabelText('Филиал')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/v1/staff/accounts')).toHaveLength(0);
    await userEvent.selectOptions(form.getByLabelText('Филиал'), BRANCH_ID);
    await userEvent.click(form.getByRole('button', { name: 'Новая учётная запись' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Учётная запись vendor-night создана'),
    );
    expect(api.callsTo('POST', '/v1/staff/accounts').map((c) => c.body)).toEqual([
      {
        login: 'vendor-night',
        name: 'Ночная кухня',
        phone: '998901112233',
        role: 'vendor',
        branch_id: BRANCH_ID,
        password: 'night-kitchen-2026',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the API's message in the form and keeps it open", async () => {
    accountsApi().on('POST', '/v1/staff/accounts', () =>
      apiError(409, 'LOGIN_TAKEN', 'Логин courier уже занят'),
    );
    renderScreen(<AccountsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Новая учётная запись' }));
    const form = within(screen.getByRole('dialog', { name: 'Новая учётная запись' }));
    await userEvent.type(form.getByLabelText('Логин'), 'courier');
    await userEvent.type(form.getByLabelText('Имя'), 'Ещё курьер');
    await userEvent.type(form.getByLabelText('Телефон'), '901112234');
    await userEvent.selectOptions(form.getByLabelText('Роль'), 'courier');
    expect(form.queryByLabelText('Филиал')).toBeNull();
    await userEvent.type(form.getByLabelText('Пароль'), 'another-courier');
    await userEvent.click(form.getByRole('button', { name: 'Новая учётная запись' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Логин courier уже занят');
  });

  it('disables after asking, says so in words, and enables again', async () => {
    let account = courier;
    const api = accountsApi()
      .on('GET', '/v1/staff/accounts', () => ({ body: { accounts: [account] } }))
      .on('PATCH', `/v1/staff/accounts/${courier.id}`, (call) => {
        account = { ...account, ...(call.body as Partial<TStaffAccount>) };
        return { body: account };
      });
    renderScreen(<AccountsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Отключить: Сардор' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отключить' }));
    const row = screen.getByRole('row', { name: /Сардор/ });
    expect(await within(row).findByText('Отключена')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Включить: Сардор' }));
    expect(await within(row).findByText('Активна')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/v1/staff/accounts/${courier.id}`).map((c) => c.body)).toEqual([
      { is_active: false },
      { is_active: true },
    ]);
  });
});

describe('prices', { timeout: 30_000 }, () => {
  function pricesApi(price: number | null) {
    let current = price;
    return mockApi()
      .on('GET', '/v1/staff/menus', () => ({
        body: { menus: [{ id: MENU_ID, key: 'tashkent', name: 'Ташкент' }] },
      }))
      .on('GET', `/v1/staff/menus/${MENU_ID}/products`, () => ({
        body: {
          menu_id: MENU_ID,
          products: [{ product_id: PLOV, title: { ru: 'Плов', uz: 'Osh', en: 'Plov' }, price: current }],
        },
      }))
      .on('PUT', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`, (call) => {
        current = (call.body as { price: number }).price;
        return { body: {} };
      })
      .on('DELETE', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`, () => {
        current = null;
        return { body: {} };
      });
  }

  it('saves a row as whole sums and refuses anything else', async () => {
    const api = pricesApi(32_000);
    renderScreen(<PricesScreen />);
    const input = await screen.findByLabelText('Цена: Плов, сум');
    expect(input).toHaveValue('32000');
    await userEvent.clear(input);
    await userEvent.type(input, '32000.5');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Целое число сумов от 0 до 100 000 000');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '35 000');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`)).toHaveLength(1),
    );
    expect(api.callsTo('PUT', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`).map((c) => c.body)).toEqual([
      { price: 35_000 },
    ]);
    expect(await screen.findByText(/Сейчас: 35/)).toBeInTheDocument();
  });

  it("'not sold on this menu' takes it off (DELETE) and a price brings it back", async () => {
    const api = pricesApi(32_000);
    renderScreen(<PricesScreen />);
    const sold = await screen.findByRole('switch', { name: 'Плов продаётся в этом меню' });
    expect(sold).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(sold);
    expect(await screen.findByText('Не продаётся в этом меню')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`)).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Плов продаётся в этом меню' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // Back on without a price: asked for one.
    await userEvent.clear(screen.getByLabelText('Цена: Плов, сум'));
    await userEvent.click(screen.getByRole('switch', { name: 'Плов продаётся в этом меню' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Укажите цену, чтобы продавать Плов в этом меню');
    await userEvent.type(screen.getByLabelText('Цена: Плов, сум'), '30000');
    await userEvent.click(screen.getByRole('switch', { name: 'Плов продаётся в этом меню' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Плов продаётся в этом меню' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(api.callsTo('PUT', `/v1/staff/menus/${MENU_ID}/products/${PLOV}`).map((c) => c.body)).toEqual([
      { price: 30_000 },
    ]);
  });
});

describe('branch pauses', { timeout: 30_000 }, () => {
  it('pauses the whole branch for 30 minutes, shows until when, and resumes now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 11:50 in Tashkent.
    vi.setSystemTime(new Date('2026-11-28T06:50:00.000Z'));
    let branch = chilonzor;
    const api = mockApi()
      .on('GET', '/v1/staff/branches', () => ({ body: { branches: [branch] } }))
      .on('PUT', `/v1/staff/branches/${BRANCH_ID}/pause`, (call) => {
        branch = { ...branch, paused_until: (call.body as { until: string }).until };
        return { body: branch };
      })
      .on('DELETE', `/v1/staff/branches/${BRANCH_ID}/pause`, () => {
        branch = { ...branch, paused_until: null };
        return { body: branch };
      });
    renderScreen(<BranchesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Приостановить весь филиал' }));
    const dialog = screen.getByRole('dialog', { name: 'Приостановить филиал Чиланзар' });
    await userEvent.click(within(dialog).getByRole('button', { name: '30 мин' }));
    expect(await screen.findByText('На паузе до 12:20')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/v1/staff/branches/${BRANCH_ID}/pause`).map((c) => c.body)).toEqual([
      { scope: 'branch', until: '2026-11-28T07:20:00.000Z' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Возобновить сейчас: филиал Чиланзар' }));
    });
    expect(await screen.findByRole('button', { name: 'Приостановить весь филиал' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/v1/staff/branches/${BRANCH_ID}/pause`)).toHaveLength(1);
  });
});

describe('branch delivery and cooking times', { timeout: 30_000 }, () => {
  const TIMES = `/v1/staff/branches/${BRANCH_ID}/times`;
  function timesApi(reply?: (body: unknown) => TApiReply | Promise<TApiReply>) {
    let branch = chilonzor;
    return mockApi()
      .on('GET', '/v1/staff/branches', () => ({ body: { branches: [branch] } }))
      .on('PUT', TIMES, async (call) => {
        if (reply) return reply(call.body);
        branch = { ...branch, ...(call.body as { delivery_time: number; cooking_time: number }) };
        return { body: branch };
      });
  }
  const form = () => screen.getByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });

  it('shows both times in labelled minute fields and saves them as whole numbers', async () => {
    const api = timesApi();
    renderScreen(<BranchesScreen />);
    await screen.findByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });
    const times = within(form());
    const delivery = times.getByLabelText('Доставка, минут');
    const cooking = times.getByLabelText('Приготовление, минут');
    for (const input of [delivery, cooking]) {
      expect(input).toHaveAttribute('type', 'number');
      expect(input).toHaveAttribute('min', '1');
      expect(input).toHaveAttribute('max', '600');
      expect(input).toHaveAttribute('step', '1');
    }
    expect(delivery).toHaveValue(45);
    expect(cooking).toHaveValue(20);
    await userEvent.clear(delivery);
    await userEvent.type(delivery, '50');
    await userEvent.clear(cooking);
    await userEvent.type(cooking, '25');
    await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Чиланзар: доставка 50 мин, приготовление 25 мин'),
    );
    expect(api.callsTo('PUT', TIMES).map((c) => c.body)).toEqual([{ delivery_time: 50, cooking_time: 25 }]);
    // The list read again shows the saved times.
    expect(await screen.findByText('Доставка за 50 мин')).toBeInTheDocument();
    expect(times.getByLabelText('Приготовление, минут')).toHaveValue(25);
    expect(within(form()).queryByRole('alert')).toBeNull();
  });

  it('is off while saving: a second press sends nothing more', async () => {
    const answer = deferred<TApiReply>();
    const api = timesApi(() => answer.promise);
    renderScreen(<BranchesScreen />);
    await screen.findByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });
    const times = within(form());
    await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
    const saving = await times.findByRole('button', { name: 'Сохраняем…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(saving);
    await userEvent.type(times.getByLabelText('Доставка, минут'), '{Enter}');
    expect(api.callsTo('PUT', TIMES)).toHaveLength(1);
    await act(async () => answer.resolve({ body: chilonzor }));
    const saved = await times.findByRole('button', { name: 'Сохранить время' });
    expect(saved).not.toHaveAttribute('aria-disabled');
    expect(api.callsTo('PUT', TIMES).map((c) => c.body)).toEqual([{ delivery_time: 45, cooking_time: 20 }]);
  });

  it('refuses 0, more than 600 and fractions in the form, naming the field, and sends nothing', async () => {
    const api = timesApi();
    renderScreen(<BranchesScreen />);
    await screen.findByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });
    const times = within(form());
    const delivery = times.getByLabelText('Доставка, минут');
    const cooking = times.getByLabelText('Приготовление, минут');
    for (const [field, typed] of [
      [cooking, '0'],
      [cooking, '601'],
      [delivery, '12.5'],
    ] as const) {
      await userEvent.clear(delivery);
      await userEvent.type(delivery, '45');
      await userEvent.clear(cooking);
      await userEvent.type(cooking, '20');
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
      const alert = times.getByRole('alert');
      expect(alert).toHaveTextContent('Целое число минут от 1 до 600');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Целое число минут от 1 до 600');
      const other = field === delivery ? cooking : delivery;
      expect(other).not.toHaveAttribute('aria-invalid');
    }
    // A field left empty.
    await userEvent.clear(delivery);
    await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
    expect(delivery).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', TIMES)).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it("shows the API's message in the form and marks the field it names", async () => {
    const api = timesApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Неверные данные: cooking_time — не больше 600',
        fields: [{ field: 'cooking_time', message: 'must be at most 600' }],
      },
    }));
    renderScreen(<BranchesScreen />);
    await screen.findByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });
    const times = within(form());
    await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
    expect(await times.findByRole('alert')).toHaveTextContent(
      'Неверные данные: cooking_time — не больше 600',
    );
    expect(times.getByLabelText('Приготовление, минут')).toHaveAttribute('aria-invalid', 'true');
    expect(times.getByLabelText('Доставка, минут')).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('PUT', TIMES)).toHaveLength(1);
    expect(notify).not.toHaveBeenCalledWith('success', expect.anything());
  });

  it("shows a refusal that is not about a field (another branch's manager) as the API words it", async () => {
    timesApi(() => apiError(403, 'STAFF_MANAGE_OTHER_BRANCH', 'Этот филиал не ваш'));
    renderScreen(<BranchesScreen />);
    await screen.findByRole('form', { name: 'Время доставки и приготовления: Чиланзар' });
    const times = within(form());
    await userEvent.click(times.getByRole('button', { name: 'Сохранить время' }));
    expect(await times.findByRole('alert')).toHaveTextContent('Этот филиал не ваш');
    for (const label of ['Доставка, минут', 'Приготовление, минут']) {
      expect(times.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
    // The typed times stay for another try.
    expect(times.getByLabelText('Доставка, минут')).toHaveValue(45);
  });
});
