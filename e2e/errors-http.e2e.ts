import type { Page, Request } from '@playwright/test';
import {
  API_PATHS,
  CONNECTION_MESSAGES,
  DEFAULT_CONTACT_PHONE,
  MESSAGES,
  TOAST_TITLES,
  withPhone,
  withReference,
} from '#contract/index.ts';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * The HTTP layer in a real browser against the real server: encrypted sign-in on the wire, and calls
 * that fail (HTTP 500, no connection) show the system-difficulties toast while the form keeps its input.
 */

const PROXY = 'Chua & Partners LLP';
const selector = (page: Page) => page.getByRole('group', { name: 'Choose whom to act for' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');

test('sign-in travels encrypted: only { wrappedKey, iv, cipher } on the wire, and the answer too', async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === API_PATHS.authenticate) sent.push(r);
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === API_PATHS.authenticate);
  await signIn(page, 'ptib.demo');

  expect(sent).toHaveLength(1);
  const body = sent[0]!.postData() ?? '';
  expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(['cipher', 'iv', 'wrappedKey']);
  expect(body).not.toContain(DEMO_PASSWORD);
  expect(body).not.toContain('ptib.demo');
  const answer = await (await answered).text();
  expect(Object.keys(JSON.parse(answer) as object).sort()).toEqual(['cipher', 'iv']);
  const token = await page.evaluate(() => sessionStorage.getItem('PTIB.token'));
  expect(token).toBeTruthy();
  expect(answer).not.toContain(token!);
});

test('a call that fails with 500 shows the error toast and keeps the form input', async ({ page, baseURL }) => {
  await signIn(page, 'ptib.master');
  const phone = (
    (await (await page.request.get(`${baseURL}${API_PATHS.config}`)).json()) as {
      responseJSON: { contactPhone: string };
    }
  ).responseJSON.contactPhone;
  await page.route(`**${API_PATHS.switchProxyProfile}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        header: { responseCode: '500', responseDesc: withReference(MESSAGES.somethingWrong, 'test') },
        responseJSON: null,
      }),
    }),
  );
  const choice = selector(page).getByRole('radio', { name: PROXY });
  await choice.check();
  await page.getByRole('button', { name: 'Switch profile' }).click();

  const toast = toasts(page).filter({ hasText: TOAST_TITLES.error });
  await expect(toast).toContainText(withPhone(MESSAGES.systemDifficulties, phone || DEFAULT_CONTACT_PHONE));
  // The 500's reference, to quote when reporting the matter (docs/decisions/0117).
  await expect(toast).toContainText('Reference: test');
  await expect(choice).toBeChecked();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a call that cannot reach the server shows the same toast and keeps the form input', async ({ page }) => {
  await signIn(page, 'ptib.master');
  await page.route(`**${API_PATHS.switchProxyProfile}`, (route) => route.abort('internetdisconnected'));
  const choice = selector(page).getByRole('radio', { name: PROXY });
  await choice.check();
  await page.getByRole('button', { name: 'Switch profile' }).click();
  await expect(toasts(page).filter({ hasText: TOAST_TITLES.error })).toContainText(
    MESSAGES.systemDifficulties.split('{phone}')[0]!,
  );
  await expect(choice).toBeChecked();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a reload while the profile call fails says the page could not load, and never asks to log in again', async ({
  page,
}) => {
  await signIn(page, 'ptib.demo');
  await page.goto('/#/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  let failing = true;
  await page.route(`**${API_PATHS.retrieveProfile}`, (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }) : route.fallback(),
  );
  await page.reload();

  const trouble = page.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle });
  await expect(trouble).toBeVisible();
  await expect(page).toHaveURL(/#\/profile$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // The server answers again: trying again opens the screen, with the same session.
  failing = false;
  await page.getByRole('button', { name: CONNECTION_MESSAGES.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});
