import type { Page, Route } from '@playwright/test';
import { HOME_TEXT, SESSION, SESSION_WARNING_MESSAGES, SITE_SEARCH } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { FIELD_MESSAGES } from '#contract/forms/index.ts';
import { TOKEN_KEY, fillLogin, jumpToAfterRefresh, networkSettler, storedKeys } from './auth-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';

/**
 * What a signed-in user meets on home, on the session warning, in an e-service's record search and in
 * the site search: each screen answers the user's actual situation.
 */

// Sign-in hashes a password (argon2) and the machine is shared: allow for a slow answer.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signIn(page: Page, loginName: string) {
  await page.goto('/#/login');
  await fillLogin(page, loginName);
  await expect(page).toHaveURL(/#\/dashboard$/);
}

test.describe('home for a signed-in user', () => {
  test('the logo leads to a welcome with their name and their links, not to a log-in prompt', async ({ page, axe }) => {
    await signIn(page, 'ptib.demo');
    await page.getByRole('banner').getByRole('link', { name: /home/ }).click();
    await expect(page).toHaveURL(/#\/home$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(HOME_TEXT.signedInHeading('Tan Ah Kow'));
    await expect(main.getByRole('link', { name: HOME_TEXT.dashboardLink })).toHaveAttribute('href', '#/dashboard');
    await expect(main.getByRole('link', { name: HOME_TEXT.eservicesLink })).toHaveAttribute('href', '#/esvc');
    await expect(main.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    expect((await axe().include('main').analyze()).violations).toEqual([]);
  });

  test('a first load of home while signed in turns into the welcome once the app is there', async ({ page }) => {
    await signIn(page, 'ptib.demo');
    await page.goto('/#/home');
    await page.reload();
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    await expect(page.getByRole('main').getByRole('link', { name: HOME_TEXT.dashboardLink })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });
});

test('home for a user without SEMS01 says why, and offers no link that ends in access denied', async ({ page }) => {
  await page.goto('/#/login');
  await fillLogin(page, 'ptib.noauth');
  await expect(page).toHaveURL(/#\/common-handler\/access-denied\?errorCode=PTACC-951$/);
  await page.getByRole('banner').getByRole('link', { name: /home/ }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(HOME_TEXT.signedInHeading('Goh Kim Seng'));
  await expect(main).toContainText(HOME_TEXT.noEservices);
  await expect(main.getByRole('link')).toHaveCount(0);
});

test.describe('session warning', () => {
  const WARN_AT = SESSION.FALLBACK_EXPIRY_MS - SESSION.WARNING_BEFORE_LOGOUT_MS;
  let settled: () => Promise<void>;

  async function warned(page: Page) {
    await signIn(page, 'ptib.demo');
    // A public page that makes no calls of its own, so nothing answers after a clock jump.
    await page.goto('/#/faqs');
    await settled();
    const before = (await storedKeys(page)).session[TOKEN_KEY];
    await jumpToAfterRefresh(page, WARN_AT + 1_000);
    const dialog = page.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    await expect(dialog).toBeVisible();
    return { dialog, before };
  }

  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    settled = networkSettler(page);
  });

  test('Escape means "stay signed in": the token is refreshed and the session goes on', async ({ page }) => {
    const { dialog, before } = await warned(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(before);
    await expect(page).toHaveURL(/#\/faqs$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('closed by the browser itself, the warning keeps the session and stays up until it is kept', async ({
    page,
  }) => {
    const { dialog, before } = await warned(page);
    // Hold the refresh, to see what the user sees while it is under way.
    let release!: (route: Route) => void;
    const held = new Promise<Route>((resolve) => (release = resolve));
    await page.route('**/refreshJWT', (route) => release(route));
    // What Chromium does on Escape when its close watcher allows the page no refusal: it closes the
    // dialog without a cancelable cancel event.
    await dialog.evaluate((d: HTMLDialogElement) => {
      d.dispatchEvent(new Event('cancel', { cancelable: false }));
      d.close();
    });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await (await held).continue();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(before);
  });

  test('a refresh whose answer is lost on its way is tried again, and the session goes on', async ({ page }) => {
    const { dialog, before } = await warned(page);
    // The server rotates the token, and the browser never sees the answer (docs/decisions/0060).
    let lost = 0;
    await page.route('**/refreshJWT', async (route) => {
      if (lost++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(before);
    expect(lost).toBe(2);
    await expect(page).toHaveURL(/#\/faqs$/);
    // The token it was given again is the session's own: the next call is answered as the user's.
    await page.goto('/#/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('closed by the browser with no cancel event at all, the session is kept too', async ({ page }) => {
    const { dialog, before } = await warned(page);
    await dialog.evaluate((d: HTMLDialogElement) => d.close());
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(before);
    await expect(dialog).toBeHidden();
  });
});

test.describe('record search of an e-service', () => {
  test("shows the e-service's own case type, and finds a case of another e-service with a link to it", async ({
    page,
  }) => {
    // ptib.master has no seeded records: the record made here changes no other test's view.
    await signIn(page, 'ptib.master');
    await page.goto('/#/generic?app=PD');
    await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
    await page.getByLabel('Debtor identification number').fill('S9470855I');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByTestId('case-number')).toHaveText(/^PD \d{6} \d{4}$/);
    const number = (await page.getByTestId('case-number').textContent())!;
    expect(number).toMatch(/^PD \d{6} \d{4}$/);

    await page.goto('/#/generic?app=PCD');
    await expect(page.getByRole('heading', { level: 1, name: 'The court case' })).toBeVisible();
    const search = page.getByRole('search', { name: 'Find a record' });
    const box = search.getByRole('searchbox', { name: 'Case number' });
    await expect(box).toHaveAccessibleDescription(/PC 000042 \d{4}/);
    await box.fill(number);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(CASE_MESSAGES.caseNumberNotFound)).toHaveCount(0);
    await expect(page.getByText(CASE_MESSAGES.belongsTo(number, 'Payment by Debtor'))).toBeVisible();
    await page.getByRole('link', { name: CASE_MESSAGES.openIn('Payment by Debtor') }).click();
    await expect(page).toHaveURL(/#\/generic\?app=PD(&|$)/);
    await expect(page.locator('p.caption')).toHaveText('Payment by Debtor');
    await expect(page.getByTestId('case-number')).toHaveText(number);
  });
});

test.describe('form checks', () => {
  test('a travel amendment refuses ABC and an unknown case; a payment of 0; no destination is chosen for the traveller', async ({
    page,
  }) => {
    await signIn(page, 'ptib.master');
    await page.goto('/#/generic?app=TRA');
    await expect(page.getByRole('heading', { level: 1, name: 'The travel application' })).toBeVisible();
    const caseNumber = page.getByLabel('Case number of the travel application');
    await caseNumber.fill('ABC');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const message = FIELD_MESSAGES.caseNumber('Case number of the travel application', 'PR 000042 2026');
    await expect(caseNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(caseNumber).toHaveAccessibleDescription(new RegExp(`Error: ${escape(message)}`));
    // Well formed but no such travel application of this profile: the server says so.
    await caseNumber.fill('PR 999999 2030');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(caseNumber).toHaveAccessibleDescription(
      new RegExp(`Error: ${escape(FIELD_MESSAGES.caseNotFound('Case number of the travel application'))}`),
    );
    await expect(page.getByTestId('case-number')).toHaveCount(0);

    await page.goto('/#/generic?app=PD&page=payment');
    await expect(page.locator('p.caption')).toHaveText('Payment by Debtor');
    const amount = page.getByRole('group', { name: 'Payment amount' }).getByLabel('Amount');
    await amount.fill('0');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(amount).toHaveAccessibleDescription(
      `Error: ${FIELD_MESSAGES.amountAtLeast('Payment amount', 'S$0.01')}`,
    );

    await page.goto('/#/generic?app=PAR');
    await expect(page.getByRole('heading', { level: 1, name: 'Your trip' })).toBeVisible();
    const destination = page.getByLabel('Country of destination');
    await expect(destination).toHaveValue('');
    await expect(destination.locator('option:checked')).toHaveText('Select an option');
    // A question of fact starts unanswered (docs/decisions/0084), and so do the questions that hang on it.
    const sponsored = page.getByRole('group', { name: 'The trip is paid for by someone else' });
    for (const radio of await sponsored.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(page.getByLabel('Name of the person paying')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(sponsored.getByRole('radio', { name: 'Yes' })).toHaveAccessibleDescription(
      `Error: ${FIELD_MESSAGES.yesNo('The trip is paid for by someone else')}`,
    );
    await sponsored.getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByLabel('Name of the person paying')).toBeVisible();
  });
});

test.describe('currency list', () => {
  test('is ordered by name as people look for it, with no fund codes and no name shown twice', async ({ page }) => {
    await signIn(page, 'ptib.master');
    // A trustee's report takes its totals in any currency (a payment is in Singapore dollars only).
    await page.goto('/#/generic?app=FIR&page=accounts');
    const currency = page.getByRole('group', { name: 'Total receipts' }).getByLabel('Currency');
    await expect(currency).toBeVisible();
    const options = await currency
      .locator('option')
      .evaluateAll((list) =>
        list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })).filter((o) => o.value),
      );
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(labels).size).toBe(labels.length);
    const codes = options.map((o) => o.value);
    for (const fund of ['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'XDR', 'XSU', 'XUA'])
      expect(codes).not.toContain(fund);
    expect(codes).toContain('SGD');
  });
});

test.describe('site search', () => {
  test('a search that is too long says so and keeps what was typed', async ({ page }) => {
    await page.goto('/#/home');
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    const long = 'insolvency '.repeat(55).trim();
    expect(long.length).toBeGreaterThan(SITE_SEARCH.QUERY_MAX_LENGTH);
    const header = page.getByRole('banner');
    await header.getByLabel('Search', { exact: true }).fill(long);
    await header.getByRole('button', { name: 'Search' }).click();
    const again = page.getByRole('search', { name: 'Search again' }).getByLabel('Search this website');
    await expect(page.getByRole('status').filter({ hasText: 'too long' })).toHaveText(
      `Your search is too long. Please use at most ${SITE_SEARCH.QUERY_MAX_LENGTH} characters.`,
    );
    await expect(again).toHaveValue(long);
    await expect(again).toHaveAttribute('aria-invalid', 'true');
  });

  test('the all-of-government scope with a long search comes back to say so, the text kept', async ({ page }) => {
    await page.goto('/#/home');
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    const long = 'x'.repeat(600);
    const header = page.getByRole('banner');
    await header.getByLabel('Search', { exact: true }).fill(long);
    await header.getByLabel('Search scope').selectOption({ label: 'Within All Government Websites' });
    await header.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/Your search is too long/)).toBeVisible();
    await expect(page.getByRole('search', { name: 'Search again' }).getByLabel('Search this website')).toHaveValue(
      long,
    );
  });

  test('an abbreviation finds what the pages spell out: OTP finds the one-time password FAQs', async ({ page }) => {
    await page.goto('/#/search?q=OTP&resultswithin=minlaw');
    const results = page.locator('.search-result');
    await expect(results.first()).toBeVisible();
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^#\/faqs#/);
    await expect(results.first().locator('mark').first()).toHaveText(/one/i);
  });
});
