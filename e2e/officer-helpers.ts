import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { fillLogin } from './auth-helpers.ts';
import { expect as baseExpect } from './fixtures.ts';

/** Officers in the browser: signed in with the one-time password every officer sign-in asks for. */
const expect = baseExpect.configure({ timeout: 20_000 });

function serverLog(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: the global setup did not start the server');
  return readFileSync(file, 'utf8');
}

/** The code of the latest SMS the embedded sender logged after `offset` characters of the log. */
async function codeFromLog(offset: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () =>
        (code = [
          ...serverLog()
            .slice(offset)
            .matchAll(/one-time password is (\d{6})\./g),
        ].at(-1)?.[1]),
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * An officer signs in with the one-time password every officer sign-in asks for, and lands on the queues
 * (a finance officer: on the reconciliation, given as `landing`). Each sign-in sends an SMS, and an account
 * or a number gets ten an hour (docs/decisions/0028) on the one server the whole run shares: keep each
 * officer's sign-ins over all the files under ten, spreading them over officer.demo, officer.lead (an
 * officer and a supervisor) and officer.finance.
 */
export async function signInOfficer(
  page: Page,
  loginName: string,
  landing: { url: RegExp; heading: string } = { url: /#\/officer$/, heading: OFFICER_SCREEN_TEXT.queuesHeading },
): Promise<void> {
  const offset = serverLog().length;
  await page.goto('/#/login');
  await fillLogin(page, loginName);
  const input = page.getByLabel('One-time password', { exact: true });
  const tooMany = page.getByText(/^Too many codes have been sent to this account/);
  await expect(input.or(tooMany).first()).toBeVisible();
  if (await tooMany.isVisible())
    throw new Error(`${loginName} was sent ten codes this hour: spread the officers' sign-ins (see signInOfficer)`);
  await input.fill(await codeFromLog(offset));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(landing.url);
  await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
}

/** Presses a final decision's button and confirms it in the dialog that asks (docs/decisions/0070). */
export async function decide(page: Page, label: 'Approve' | 'Approve rejection'): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
}
