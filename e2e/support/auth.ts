import type { TAuthResponse, TLocale, ZSmsOutboxResponse } from '@app/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { z } from 'zod';
import { t } from './fixtures.ts';

type TSmsOutboxResponse = z.infer<typeof ZSmsOutboxResponse>;

/**
 * A fresh customer phone for every test ('998 90' + 7 random digits), so the per-phone limits on
 * one-time codes (one a minute, three in 15 minutes) never join two tests together.
 */
export function randomPhone(): string {
  const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('');
  return `99890${digits}`;
}

/** What a customer types into the masked field: the nine digits after +998. */
export const nationalDigits = (phone: string): string => phone.slice(3);

/** '998901234567' → '+998 90 123 45 67', as the field shows it. */
export const maskedPhone = (phone: string): string =>
  `+998 ${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8, 10)} ${phone.slice(10, 12)}`;

/** SMS texts the API's outbox provider kept for a phone, newest first (GET /v1/dev/sms-outbox). */
async function outbox(api: APIRequestContext, phone: string): Promise<TSmsOutboxResponse['messages']> {
  const response = await api.get('/v1/dev/sms-outbox', { params: { phone } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as TSmsOutboxResponse).messages;
}

/** How many codes a phone has been sent so far (to wait for the next one). */
export async function sentCount(api: APIRequestContext, phone: string): Promise<number> {
  return (await outbox(api, phone)).length;
}

/** The code of the newest SMS to `phone`, once there are more than `before` of them. */
export async function latestCode(api: APIRequestContext, phone: string, before = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await outbox(api, phone);
      if (messages.length <= before) return undefined;
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** A customer made through the API (register, confirm, name): someone who signed up earlier. */
export async function registerThroughApi(
  api: APIRequestContext,
  phone: string,
  name: string,
): Promise<TAuthResponse> {
  const sent = await api.post('/v1/customers/register', { data: { phone, registration_source: 'website' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await latestCode(api, phone);
  const confirmed = await api.post('/v1/customers/register-confirm', { data: { phone, code } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const auth = (await confirmed.json()) as TAuthResponse;
  const named = await api.put(`/v1/customers/${auth.user.id}`, {
    data: { name },
    headers: { Authorization: auth.access_token },
  });
  expect(named.ok(), await named.text()).toBe(true);
  return auth;
}

export function loginDialog(page: Page, locale: TLocale): Locator {
  return page.getByRole('dialog', { name: t(locale, 'auth.title') });
}

/** Phone step: types the number, ticks the public offer, asks for the code. */
export async function submitPhone(page: Page, locale: TLocale, phone: string): Promise<void> {
  const dialog = loginDialog(page, locale);
  await dialog.getByLabel(t(locale, 'auth.phoneLabel')).pressSequentially(nationalDigits(phone));
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: t(locale, 'auth.getCode') }).click();
  await expect(dialog.getByText(t(locale, 'auth.phone_number_is_submitted'))).toBeVisible();
}

export function codeField(page: Page, locale: TLocale): Locator {
  return page.getByRole('dialog').getByLabel(t(locale, 'auth.codeLabel'));
}

/** The stored session as the storefront keeps it (the persisted `auth` store). */
export async function storedUser(
  page: Page,
): Promise<{ id: string; name: string; phone: string; access_token: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('auth');
    return raw ? (JSON.parse(raw) as { state: { user: never } }).state.user : null;
  });
}

/** Opens the sign-in dialog from the header and signs a new customer in, naming them `name`. */
export async function signUpThroughDialog(
  page: Page,
  api: APIRequestContext,
  locale: TLocale,
  phone: string,
  name: string,
): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: t(locale, 'header.login') })
    .click();
  await submitPhone(page, locale, phone);
  await codeField(page, locale).fill(await latestCode(api, phone));
  const nameDialog = page.getByRole('dialog', { name: t(locale, 'auth.nameTitle') });
  await nameDialog.getByLabel(t(locale, 'auth.nameLabel')).fill(name);
  await nameDialog.getByRole('button', { name: t(locale, 'auth.continue') }).click();
  await expect(nameDialog).toBeHidden();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(locale, 'header.account') }),
  ).toBeVisible();
}
