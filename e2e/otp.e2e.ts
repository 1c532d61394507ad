import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { API_PATHS, OTP_MESSAGES } from '#contract/index.ts';
import { TOKEN_KEY, fillLogin, storedKeys } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

/** The server's log so far (the global setup writes it to E2E_SERVER_LOG). */
function serverLog(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: the global setup did not start the server');
  return readFileSync(file, 'utf8');
}

/** The code of the latest SMS the embedded sender logged after `offset` characters of the log. */
async function codeFromLog(offset: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = [
        ...serverLog()
          .slice(offset)
          .matchAll(/one-time password is (\d{6})\./g),
      ].at(-1)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Password step of ptib.otp on the login screen; answers the code the server sent. */
async function passwordStep(page: Page): Promise<string> {
  const offset = serverLog().length;
  await page.goto('/#/login');
  await fillLogin(page, 'ptib.otp');
  // A password check is deliberately slow (argon2), and the machine may be busy.
  await expect(page.getByRole('heading', { name: 'Enter your one-time password' })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByText(OTP_MESSAGES.required.replace('{mobile}', '****8901'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OTP_MESSAGES.codeSent })).toBeAttached();
  return codeFromLog(offset);
}

test('ptib.otp signs in with the code from the SMS (read from the server log)', async ({ page, axe }) => {
  const code = await passwordStep(page);
  const input = page.getByLabel('One-time password', { exact: true });
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveAttribute('aria-disabled', 'true');
  expect((await axe().analyze()).violations).toEqual([]);

  await input.fill(code);
  await input.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect((await storedKeys(page)).session[TOKEN_KEY]).toBeTruthy();
});

test('after the code, the dashboard address comes only once the authorizations its guard reads are stored', async ({
  page,
}) => {
  // The code's answer holds no identity, so the app asks for it. That answer is held until the test has
  // looked: what the app shows meanwhile is what a slow server or a busy machine would show.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked: () => void = () => undefined;
  const profileAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`**${API_PATHS.retrieveProfile}`, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  const code = await passwordStep(page);
  await page.getByLabel('One-time password', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await profileAsked;
  const meanwhile = await page.evaluate(() => ({
    hash: window.location.hash,
    authorizations: window.sessionStorage.getItem('PTIB.authorizations'),
  }));
  expect(meanwhile).toEqual({ hash: '#/login', authorizations: null });
  release();
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 20_000 });
  const stored = await page.evaluate(() => window.sessionStorage.getItem('PTIB.authorizations'));
  expect(JSON.parse(stored ?? 'null')).toContain('SEMS01');
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
});

test('a wrong code three times shows the error each time; the right one still signs in', async ({ page, axe }) => {
  const code = await passwordStep(page);
  const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
  const step = page.getByRole('region', { name: 'Enter your one-time password' });
  const input = page.getByLabel('One-time password', { exact: true });
  for (const left of [4, 3, 2]) {
    await input.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('alert')).toHaveText(OTP_MESSAGES.codeIncorrect(left));
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  expect((await axe().analyze()).violations).toEqual([]);
  expect((await storedKeys(page)).session[TOKEN_KEY]).toBeUndefined();

  await input.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 20_000 });
});

test('"Back to password" returns to the login form with the login name kept', async ({ page }) => {
  await passwordStep(page);
  await page.getByRole('button', { name: 'Back to password' }).click();
  await expect(page.getByLabel('Login name')).toHaveValue('ptib.otp');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
});

test('a reload at the code (a phone that dropped the tab while its user read the SMS) comes back to it', async ({
  page,
}) => {
  const code = await passwordStep(page);
  const sent = serverLog().length;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter your one-time password' })).toBeFocused();
  await expect(page.getByText(OTP_MESSAGES.required.replace('{mobile}', '****8901'))).toBeVisible();
  // The cool-down of the code already sent goes on, and no second code is sent.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveAttribute('aria-disabled', 'true');
  const input = page.getByLabel('One-time password', { exact: true });
  await input.fill(code);
  await input.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 20_000 });
  expect(serverLog().slice(sent)).not.toMatch(/one-time password is \d{6}\./);
});
