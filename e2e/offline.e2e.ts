import type { Page } from '@playwright/test';
import { CONNECTION_MESSAGES, MESSAGES, TOAST_TITLES } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { signIn } from './auth-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';

/**
 * Losing the network must never lose the app (docs/decisions/0032-losing-the-network.md): with the
 * browser offline (Playwright's offline mode, so navigator.onLine is false too), a chunk that will not
 * load leaves the page working and says so, a screen that will not load says so in its place, and one
 * failed save shows one message; back online, everything loads again by itself.
 */

// Sign-in hashes a password (argon2) and the machine is shared: allow for a slow answer.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });

const toasts = (page: Page) => page.locator('li.toast');

/** Uncaught errors of the page: a chunk that failed to load used to be one, and it blanked the app. */
function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

test('offline, scrolling past 400 px keeps the page and says why back to top is missing; online, it comes', async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  const backToTopLoads: string[] = [];
  page.on('request', (r) => {
    if (/\/BackToTopButton-[\w-]+\.js$/.test(r.url())) backToTopLoads.push(r.url());
  });
  await signIn(page, 'ptib.demo');
  await page.goto('/#/esvc');
  const heading = page.getByRole('heading', { level: 1, name: 'E-services' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // Short enough to scroll, and only now: the button's code must not have come with an earlier scroll.
  await page.setViewportSize({ width: 1024, height: 250 });
  expect(backToTopLoads).toEqual([]);

  await context.setOffline(true);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await expect(toasts(page).filter({ hasText: CONNECTION_MESSAGES.offline })).toBeVisible();
  await expect(heading).toBeAttached();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Back to top' })).toHaveCount(0);

  await context.setOffline(false);
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(errors).toEqual([]);
});

test('offline, a menu link says the page could not load, with a retry; online, the page comes', async ({
  page,
  context,
  axe,
}) => {
  const errors = pageErrors(page);
  await signIn(page, 'ptib.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();

  await context.setOffline(true);
  await menu.getByRole('link', { name: 'All e-services' }).click();
  await expect(page).toHaveURL(/#\/esvc$/);
  const trouble = page.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle });
  await expect(trouble).toBeVisible();
  await expect(trouble).toBeFocused();
  await expect(page.getByRole('main')).toContainText(CONNECTION_MESSAGES.pageOffline);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
  expect((await axe().analyze()).violations).toEqual([]);

  // Trying again while still offline says the same, never a blank page.
  await page.getByRole('button', { name: CONNECTION_MESSAGES.retry }).click();
  await expect(trouble).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'E-services' })).toBeVisible();
  await expect(trouble).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** Signed in, on a new Payment by Debtor's first page with a valid identification number typed: its field. */
async function startPaymentByDebtor(page: Page) {
  await signIn(page, 'ptib.master');
  await page.goto('/#/generic?app=PD');
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  const id = page.getByLabel('Debtor identification number');
  await id.fill('S9470855I');
  return id;
}

test('offline, saving a valid form shows one message that the connection is lost, and keeps the input', async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  const id = await startPaymentByDebtor(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(TOAST_TITLES.error);
  await expect(toasts(page)).toContainText(CONNECTION_MESSAGES.offline);
  await expect(page.getByRole('main')).toContainText(MESSAGES.draftSaveFailed);
  await expect(id).toHaveValue('S9470855I');
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.draftSaved })).toBeVisible();
  await expect(page.getByTestId('case-number')).toHaveText(/^PD \d{6} \d{4}$/);
  expect(errors).toEqual([]);
});

test('a draft saved again after its answer was lost is saved, not refused as changed elsewhere', async ({ page }) => {
  const errors = pageErrors(page);
  const id = await startPaymentByDebtor(page);
  const saveDraft = page.getByRole('button', { name: 'Save draft' });
  await saveDraft.click();
  await expect(page.getByTestId('case-number')).toHaveText(/^PD \d{6} \d{4}$/);

  // The server writes the next save, and its answer is lost on the way back (a phone between cells).
  let lost = false;
  await page.route(/\/cases\/[^/?]+$/, async (route) => {
    if (lost || route.request().method() !== 'POST') return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await id.fill('S1234567D');
  await saveDraft.click();
  await expect(page.getByRole('main')).toContainText(MESSAGES.draftSaveFailed);

  // Saved again: the answer of a save that went through, whatever was asked on the way.
  const resaved = page.waitForResponse(
    (r) => /\/cases\/[^/?]+$/.test(r.url()) && r.request().method() === 'POST' && r.status() === 200,
  );
  await saveDraft.click();
  await resaved;
  await expect(toasts(page).filter({ hasText: MESSAGES.draftSaved })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(CASE_MESSAGES.versionConflict);
  await expect(toasts(page).filter({ hasText: CASE_MESSAGES.versionConflict })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Debtor identification number')).toHaveValue('S1234567D');
  expect(errors).toEqual([]);
});
