import type { TCustomer } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  codeField,
  latestCode,
  loginDialog,
  maskedPhone,
  nationalDigits,
  randomPhone,
  registerThroughApi,
  sentCount,
  signUpThroughDialog,
  storedUser,
  submitPhone,
} from '../support/auth.ts';
import { expect, literal, localePath, t, test } from '../support/fixtures.ts';

/** Cookie `user_id` of the storefront, if set. */
async function userIdCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'user_id');
}

/** The customer the API knows for a token (GET /v1/customers/me), or the status it refused with. */
async function me(api: APIRequestContext, token: string): Promise<TCustomer | number> {
  const response = await api.get('/v1/customers/me', { headers: { Authorization: token } });
  return response.ok() ? ((await response.json()) as TCustomer) : response.status();
}

/** The API's minute between two codes to one phone (otp.service.ts, OTP_RULES.resendAfterMs). */
const RESEND_AFTER_MS = 60_000;

test('a new customer registers in Uzbek and names themselves', async ({ page, api }) => {
  const locale = 'uz';
  const phone = randomPhone();
  await page.goto(localePath(locale, '/about'));
  await page
    .getByRole('banner')
    .getByRole('button', { name: t(locale, 'header.login') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/uz/about' && url.searchParams.has('login'));
  const dialog = loginDialog(page, locale);
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, onto the phone field.
  await expect(dialog.getByLabel(t(locale, 'auth.phoneLabel'))).toBeFocused();

  await submitPhone(page, locale, phone);
  await expect(dialog).toContainText(maskedPhone(phone));
  await codeField(page, locale).fill(await latestCode(api, phone));

  // Registering: the name step, which wants a name.
  const nameDialog = page.getByRole('dialog', { name: t(locale, 'auth.nameTitle') });
  await expect(nameDialog).toBeVisible();
  await nameDialog.getByRole('button', { name: t(locale, 'auth.continue') }).click();
  await expect(nameDialog.getByRole('alert')).toHaveText(t(locale, 'auth.enter_your_name'));
  await nameDialog.getByLabel(t(locale, 'auth.nameLabel')).fill('Aziz');
  await nameDialog.getByRole('button', { name: t(locale, 'auth.continue') }).click();

  // Completion: the dialog closes (the parameter goes), analytics hears of it, the customer is stored.
  await expect(nameDialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/uz/about' && !url.searchParams.has('login'));
  expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toContainEqual({
    event: 'Authorization_successful',
  });
  const user = await storedUser(page);
  expect(user).toMatchObject({ name: 'Aziz', phone });
  const cookie = await userIdCookie(page);
  expect(cookie?.value).toBe(user?.id);
  // 30 days (2 592 000 s), give or take the test's own run time.
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 2_592_000))).toBeLessThan(120);
  expect(await me(api, user?.access_token ?? '')).toMatchObject({ name: 'Aziz', phone });

  // The top bar now holds the account menu: profile and my orders.
  await page
    .getByRole('banner')
    .getByRole('button', { name: t(locale, 'header.account') })
    .click();
  await expect(page.getByRole('menuitem', { name: t(locale, 'nav.myOrders') })).toBeVisible();
  await page.getByRole('menuitem', { name: t(locale, 'nav.profile') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/uz/profile');
  await expect(page.getByLabel(t(locale, 'auth.profile.name'), { exact: true })).toHaveValue('Aziz');
});

test('a wrong code is refused in Russian; the right one then signs in', async ({ page, api }) => {
  const locale = 'ru';
  const phone = randomPhone();
  await page.goto(`${localePath(locale, '/')}?login`);
  await submitPhone(page, locale, phone);
  const code = await latestCode(api, phone);
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

  const field = codeField(page, locale);
  // Letters are rejected; nothing is sent before six digits.
  await field.pressSequentially('ab12');
  await expect(field).toHaveValue('12');
  await field.fill('');
  await field.fill(wrong);
  const dialog = loginDialog(page, locale);
  await expect(dialog.getByRole('alert')).toHaveText(t(locale, 'auth.wrong_code_entered'));
  await expect(page).toHaveURL((url) => url.searchParams.has('login'));
  expect(await storedUser(page)).toBeNull();

  // Extra digits are ignored: the first six are the code.
  await field.fill(`${code}9`);
  const nameDialog = page.getByRole('dialog', { name: t(locale, 'auth.nameTitle') });
  await nameDialog.getByLabel(t(locale, 'auth.nameLabel')).fill('Бахром');
  await nameDialog.getByRole('button', { name: t(locale, 'auth.continue') }).click();
  await expect(nameDialog).toBeHidden();
  expect(await storedUser(page)).toMatchObject({ name: 'Бахром', phone });
});

test('the public-offer box gates the button, and a short number is refused', async ({ page }) => {
  const locale = 'en';
  // Opened by the URL alone; closing keeps the page's other parameters.
  await page.goto(`${localePath(locale, '/about')}?x=1&login`);
  const dialog = loginDialog(page, locale);
  await expect(dialog).toBeVisible();
  const button = dialog.getByRole('button', { name: t(locale, 'auth.getCode') });
  const phone = dialog.getByLabel(t(locale, 'auth.phoneLabel'));
  const offer = dialog.getByRole('checkbox', { name: literal(t(locale, 'nav.offer').toLowerCase()) });
  await expect(dialog.getByRole('link', { name: t(locale, 'nav.offer').toLowerCase() })).toHaveAttribute(
    'href',
    '/en/offer',
  );

  // Only digits get in, masked as +998 99 999 99 99.
  await phone.pressSequentially('90ab12');
  await expect(phone).toHaveValue('+998 90 12');
  await expect(button).toBeDisabled();
  await offer.check();
  await expect(button).toBeEnabled();
  await offer.uncheck();
  await expect(button).toBeDisabled();

  let lookups = 0;
  page.on('request', (request) => {
    if (request.url().includes('/v1/customers/')) lookups++;
  });
  await offer.check();
  await button.click();
  await expect(dialog.getByRole('alert')).toHaveText(t(locale, 'auth.wrong_phone_entered'));
  expect(lookups).toBe(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/en/about' && url.search === '?x=1');
});

test('the resend link appears after a countdown from 0:60 and restarts it', async ({
  page,
  api,
  serverClock,
}) => {
  const locale = 'en';
  const phone = randomPhone();
  await page.clock.install();
  await page.goto(`${localePath(locale, '/about')}?login`);
  await expect(loginDialog(page, locale)).toBeVisible();
  // Time stands still from here: every step of the countdown below is one the test chose.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await submitPhone(page, locale, phone);

  const dialog = loginDialog(page, locale);
  const countdown = dialog.getByTestId('resend-countdown');
  const resend = dialog.getByRole('button', { name: t(locale, 'auth.resend') });
  await expect(countdown).toHaveText(t(locale, 'auth.resendIn').replace('{time}', '0:60'));
  await expect(resend).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(countdown).toHaveText(t(locale, 'auth.resendIn').replace('{time}', '0:59'));
  await page.clock.fastForward(58_000);
  await expect(countdown).toHaveText(t(locale, 'auth.resendIn').replace('{time}', '0:01'));
  await page.clock.runFor(1000);
  await expect(resend).toBeVisible();
  await expect(countdown).toHaveCount(0);

  // The API's minute passes too (its clock, moved): the resend reaches it and a second code is sent.
  const before = await sentCount(api, phone);
  expect(before).toBe(1);
  await serverClock.advance(RESEND_AFTER_MS);
  await resend.click();
  await expect(countdown).toHaveText(t(locale, 'auth.resendIn').replace('{time}', '0:60'));
  await latestCode(api, phone, before);

  // 'Change phone number' goes back to the phone step with the number kept.
  await dialog.getByRole('button', { name: t(locale, 'auth.changePhone') }).click();
  await expect(dialog.getByLabel(t(locale, 'auth.phoneLabel'))).toHaveValue(maskedPhone(phone));
});

test('signing out revokes the token, deletes user_id and brings the login icon back', async ({
  page,
  api,
}) => {
  const locale = 'en';
  await page.goto(localePath(locale, '/about'));
  await signUpThroughDialog(page, api, locale, randomPhone(), 'Kamola');
  const token = (await storedUser(page))?.access_token ?? '';
  expect(await userIdCookie(page)).toBeDefined();

  await page
    .getByRole('banner')
    .getByRole('button', { name: t(locale, 'header.account') })
    .click();
  await page.getByRole('menuitem', { name: t(locale, 'header.logout') }).click();

  await expect(page.getByText(t(locale, 'auth.signedOut'))).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(locale, 'header.login') }),
  ).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  expect(await userIdCookie(page)).toBeUndefined();
  await expect.poll(() => me(api, token)).toBe(401);
});

test('a refused token signs the customer out with a message', async ({ page, api }) => {
  const locale = 'ru';
  await page.goto(localePath(locale, '/about'));
  await signUpThroughDialog(page, api, locale, randomPhone(), 'Шахло');

  // The stored token stops being one the API knows (as after a sign-out elsewhere or expiry).
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}');
    stored.state.user.access_token = 'x'.repeat(43);
    localStorage.setItem('auth', JSON.stringify(stored));
  });
  await page.reload();

  await expect(page.getByText(t(locale, 'auth.sessionExpired'))).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: t(locale, 'header.login') }),
  ).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  expect(await userIdCookie(page)).toBeUndefined();
});

test('profile: nothing changed, a new name, and a new phone confirmed by its code', async ({ page, api }) => {
  const locale = 'en';
  const phone = randomPhone();
  await page.goto(localePath(locale, '/about'));
  await signUpThroughDialog(page, api, locale, phone, 'Jasur');
  const token = (await storedUser(page))?.access_token ?? '';
  await page.goto(localePath(locale, '/profile'));

  const name = page.getByLabel(t(locale, 'auth.profile.name'), { exact: true });
  const phoneField = page.getByLabel(t(locale, 'auth.profile.phone'));
  const save = page.getByRole('button', { name: t(locale, 'auth.profile.save') });
  await expect(name).toHaveValue('Jasur');
  await expect(phoneField).toHaveValue(maskedPhone(phone));

  await save.click();
  await expect(page.getByText(t(locale, 'auth.profile.nothingChanged'))).toBeVisible();

  await name.fill('');
  await save.click();
  await expect(page.getByText(t(locale, 'auth.enter_your_name'))).toBeVisible();
  await name.fill('Jasur Karimov');
  await page.getByLabel(literal(t(locale, 'auth.profile.dateOfBirth'))).fill('1994-03-21');
  await save.click();
  await expect(page.getByText(t(locale, 'auth.profile.detailsChanged'))).toBeVisible();
  expect(await me(api, token)).toMatchObject({ name: 'Jasur Karimov', date_of_birth: '1994-03-21', phone });

  // A new number: a code goes to it, and only that code makes the change.
  const newPhone = randomPhone();
  await phoneField.fill('');
  await phoneField.pressSequentially(nationalDigits(newPhone));
  await save.click();
  const confirm = page.getByRole('dialog', { name: t(locale, 'auth.profile.confirmPhoneTitle') });
  await expect(confirm).toBeVisible();
  expect(await me(api, token)).toMatchObject({ phone });
  await confirm.getByLabel(t(locale, 'auth.codeLabel')).fill(await latestCode(api, newPhone));
  await expect(page.getByText(t(locale, 'auth.profile.phoneChanged'))).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(await me(api, token)).toMatchObject({ phone: newPhone, name: 'Jasur Karimov' });
  expect(await storedUser(page)).toMatchObject({ phone: newPhone });
});

test('an anonymous customer is offered sign-in from the dish reviews', async ({ page, demoMenu }) => {
  const locale = 'en';
  const product = demoMenu.firstProduct();
  await page.goto(localePath(locale, `/product/${product.slug}`));
  await page.getByRole('link', { name: t(locale, 'product.signInToRate') }).click();
  await expect(loginDialog(page, locale)).toBeVisible();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/en/product/${product.slug}` &&
      url.searchParams.has('login') &&
      url.searchParams.get('next') === `/en/product/${product.slug}`,
  );
});

test('a returning customer signs in in English and lands where they were going', async ({
  page,
  api,
  serverClock,
}) => {
  const locale = 'en';
  // Someone who signed up earlier: a minute (the API's, moved) before they come back for a new code.
  const returning = { phone: randomPhone(), name: 'Dilnoza' };
  await registerThroughApi(api, returning.phone, returning.name);
  await serverClock.advance(RESEND_AFTER_MS + 1_000);

  // /profile needs a customer: the dialog opens by itself, set to come back here.
  await page.goto(localePath(locale, '/profile'));
  const dialog = loginDialog(page, locale);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('next') === '/en/profile');

  const before = await sentCount(api, returning.phone);
  await submitPhone(page, locale, returning.phone);
  await codeField(page, locale).fill(await latestCode(api, returning.phone, before));

  // A known customer with a name: no name step, straight back to the profile.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/en/profile' && url.search === '');
  await expect(page.getByLabel(t(locale, 'auth.profile.name'), { exact: true })).toHaveValue(returning.name);
  expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toContainEqual({
    event: 'Authorization_successful',
  });
});
