// @vitest-environment jsdom
import {
  type TAuthResponse,
  ZAuthResponse,
  ZCodeSentResponse,
  ZUpdateCustomerResponse,
} from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { useAuthStore } from '@/lib/stores/auth';
import { apiError, mockApi, renderInApp } from '@/test/app';
import { LoginDialog } from './login-dialog';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));
vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const PHONE = '998901234567';
const CODE_SENT = ZCodeSentResponse.parse({ message: 'sent', expires_in: 300, resend_after: 60 });
const authFor = (name: string): TAuthResponse =>
  ZAuthResponse.parse({
    user: {
      id: '00000000-0000-4000-8000-000000000c01',
      name,
      phone: PHONE,
      date_of_birth: null,
      registration_source: 'website',
      created_at: '2026-01-10T09:00:00.000Z',
    },
    access_token: 'a'.repeat(64),
    expires_at: '2026-02-10T09:00:00.000Z',
  });

/**
 * A known customer (login) or a new phone (404: register); codes are refused until `accept`, as the
 * API refuses them: 400 WRONG_CODE, or the `refusal` a test sets (too many tries, an expired code).
 */
function authApi({ known }: { known: boolean }) {
  const state = {
    accept: null as string | null,
    refusal: { code: 'WRONG_CODE', message: 'Код неверный или устарел.' },
  };
  const confirm = (purpose: 'login' | 'register') => (call: { body: unknown }) => {
    const { code } = call.body as { code: string };
    const right = state.accept === code && (purpose === 'login') === known;
    return right
      ? { body: authFor(known ? 'Madina' : 'user') }
      : apiError(400, state.refusal.code, state.refusal.message);
  };
  const api = mockApi()
    .on('POST', '/v1/customers/phone', () =>
      known ? { body: { exists: true } } : apiError(404, 'NOT_FOUND', 'Нет такого клиента.'),
    )
    .on('POST', '/v1/customers/login', () => ({ body: CODE_SENT }))
    .on('POST', '/v1/customers/register', () => ({ body: CODE_SENT }))
    .on('POST', '/v1/customers/confirm-login', confirm('login'))
    .on('POST', '/v1/customers/register-confirm', confirm('register'));
  return { api, state };
}

const phoneField = () => screen.getByRole('textbox', { name: 'Номер телефона' });
const getCode = () => screen.getByRole('button', { name: 'Получить код' });
const codeField = () => screen.getByRole('textbox', { name: 'Код из SMS' });

async function renderDialog(user = userEvent.setup()) {
  renderInApp(<LoginDialog open next={null} />);
  await screen.findByRole('dialog', { name: 'Вход' });
  return user;
}

/** Types the number, ticks the offer and asks for the code. */
async function sendCodeTo(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.type(phoneField(), digits);
  await user.click(screen.getByRole('checkbox', { name: /публичной оферты/ }));
  await user.click(getCode());
}

beforeEach(async () => {
  window.history.replaceState(null, '', '/checkout?login');
  useAuthStore.setState({ user: null });
  await useAuthStore.persist.rehydrate();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('login dialog: the phone step (spec section 5)', () => {
  it('takes digits only into the mask, needs the offer, and refuses a short number without asking the API', async () => {
    const { api } = authApi({ known: true });
    const user = await renderDialog();
    expect(phoneField()).toHaveFocus();
    expect(phoneField()).toHaveValue('+998');
    expect(getCode()).toBeDisabled();

    await user.type(phoneField(), '90abc12');
    expect(phoneField()).toHaveValue('+998 90 12');
    await user.click(screen.getByRole('checkbox', { name: /публичной оферты/ }));
    expect(getCode()).toBeEnabled();
    await user.click(getCode());

    expect(screen.getByRole('alert')).toHaveTextContent('Неверно введён номер телефона');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField()).toHaveAccessibleDescription('Неверно введён номер телефона');
    expect(phoneField()).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    // Typing again clears the message.
    await user.type(phoneField(), '3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the API’s refusal of the number', async () => {
    mockApi().on('POST', '/v1/customers/phone', () =>
      apiError(429, 'TOO_MANY', 'Слишком много попыток. Попробуйте через минуту.'),
    );
    const user = await renderDialog();
    await sendCodeTo(user, '901234567');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много попыток. Попробуйте через минуту.',
    );
    // No longer busy (a busy button is aria-disabled, not disabled).
    expect(getCode()).toBeEnabled();
    expect(getCode()).not.toHaveAttribute('aria-disabled');
  });
});

describe('login dialog: the code step', () => {
  it('registers a new phone: a wrong code is cleared with its message, the right one asks the name, then signs in', async () => {
    const { api, state } = authApi({ known: false });
    const user = await renderDialog();
    await sendCodeTo(user, '901234567');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Номер телефона отправленВведите код, который мы отправили на +998 90 123 45 67',
    );
    expect(api.callsTo('POST', '/v1/customers/register')[0]?.body).toEqual({
      phone: PHONE,
      registration_source: 'website',
    });
    expect(codeField()).toHaveFocus();

    // Letters are dropped; six digits confirm at once.
    await user.type(codeField(), '12ab3456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверно введён код');
    expect(codeField()).toHaveValue('');
    expect(api.callsTo('POST', '/v1/customers/register-confirm')[0]?.body).toEqual({
      phone: PHONE,
      code: '123456',
    });

    state.accept = '654321';
    await user.type(codeField(), '654321');
    expect(await screen.findByRole('dialog', { name: 'Как вас зовут?' })).toBeInTheDocument();
    expect(useAuthStore.getState().user).toBeNull();

    const user2 = authFor('Madina').user;
    api.on('PUT', `/v1/customers/${user2.id}`, () => ({
      body: ZUpdateCustomerResponse.parse({ user: user2, phone_confirmation: null }),
    }));
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите ваше имя');
    await user.type(screen.getByRole('textbox', { name: 'Ваше имя' }), 'Madina');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));

    await waitFor(() => expect(useAuthStore.getState().user?.name).toBe('Madina'));
    // The new token itself carries the name's update (the customer was not stored yet).
    expect(api.callsTo('PUT', `/v1/customers/${user2.id}`)[0]?.headers.get('Authorization')).toBe(
      'a'.repeat(64),
    );
    expect(window.location.search).toBe('');
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toContainEqual({
      event: 'Authorization_successful',
    });
  });

  it("shows the API's message, not 'wrong code', when the code can no longer be used", async () => {
    const { state } = authApi({ known: true });
    const user = await renderDialog();
    await sendCodeTo(user, '901234567');
    await screen.findByRole('textbox', { name: 'Код из SMS' });
    await user.type(codeField(), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверно введён код');

    state.refusal = {
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Слишком много неверных попыток; запросите новый код',
    };
    await user.type(codeField(), '222222');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Слишком много неверных попыток; запросите новый код',
      ),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Неверно введён код');

    state.refusal = {
      code: 'CODE_EXPIRED',
      message: 'Срок действия кода истёк или он уже использован; запросите новый',
    };
    await user.type(codeField(), '333333');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Срок действия кода истёк'));
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('goes back to the phone step to change the number, keeping what was typed', async () => {
    authApi({ known: true });
    const user = await renderDialog();
    await sendCodeTo(user, '901234567');
    await screen.findByRole('textbox', { name: 'Код из SMS' });
    await user.click(screen.getByRole('button', { name: 'Изменить номер телефона' }));
    expect(phoneField()).toHaveValue('+998 90 123 45 67');
    expect(getCode()).toBeEnabled();
    expect(getCode()).not.toHaveAttribute('aria-disabled');
  });
});

describe('login dialog: the resend countdown (spec section 4, fake clock)', () => {
  it('counts down from 0:60, then offers to resend, which sends a new code and starts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = authApi({ known: true });
    const user = await renderDialog(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await sendCodeTo(user, '901234567');
    const countdown = await screen.findByTestId('resend-countdown');
    expect(countdown).toHaveTextContent('Отправить код повторно через 0:60');
    expect(screen.queryByRole('button', { name: 'Отправить код ещё раз' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('через 0:30');
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('через 0:01');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByTestId('resend-countdown')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/customers/login')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('через 0:60');
    expect(codeField()).toHaveFocus();
    await waitFor(() => expect(api.callsTo('POST', '/v1/customers/login')).toHaveLength(2));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Новый код отправлен'));
  });
});
