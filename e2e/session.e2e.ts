import {
  API_PATHS,
  AUTH_MESSAGES,
  DEFAULT_CONTACT_PHONE,
  ERROR_CODES,
  HANDOVER_MESSAGES,
  HOME_STEP_MESSAGES,
  HOME_TEXT,
  SESSION,
  SESSION_WARNING_MESSAGES,
  SSO_MESSAGES,
  withPhone,
} from '#contract/index.ts';
import { DEMO_PASSWORD, TOKEN_KEY, jumpToAfterRefresh, networkSettler, signIn, storedKeys } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

const INTERRUPTED_MESSAGE = withPhone(HOME_STEP_MESSAGES.interrupted, DEFAULT_CONTACT_PHONE);

/**
 * Session lifecycle in a real browser, on a fake clock (page.clock): the warning, Stay signed in, the
 * idle logout, tabs sharing one session. The server's own clock is real: these tests move only the
 * browser's, which the app reads against the server's Date header.
 */
const WARN_AT = SESSION.FALLBACK_EXPIRY_MS - SESSION.WARNING_BEFORE_LOGOUT_MS;

/** A public page that makes no calls of its own once shown, so nothing answers after a clock jump. */
const QUIET = '/#/faqs';

test.describe('session timers', () => {
  let settled: () => Promise<void>;
  test.beforeEach(async ({ page }) => {
    // Signing in on a busy machine takes a while before the clock work starts.
    test.setTimeout(60_000);
    await page.clock.install();
    settled = networkSettler(page);
  });

  test('warns two minutes before an idle logout; Stay signed in refreshes the token', async ({ page, axe }) => {
    await signIn(page);
    await page.goto(QUIET);
    await settled();
    const before = (await storedKeys(page)).session[TOKEN_KEY];
    await jumpToAfterRefresh(page, WARN_AT - 5_000);
    const dialog = page.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    await expect(dialog).toBeHidden();
    await jumpToAfterRefresh(page, WARN_AT + 1_000);
    await expect(dialog).toBeVisible();
    const stay = dialog.getByRole('button', { name: SESSION_WARNING_MESSAGES.stay });
    await expect(stay).toBeFocused();
    expect((await axe().analyze()).violations).toEqual([]);
    await stay.click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(before);
    await expect(page).toHaveURL(/#\/faqs$/);
  });

  test('the warning is a real modal: the page behind is inert and Tab stays inside', async ({ page }) => {
    await signIn(page);
    // On home the refresh check is stopped (spec §4), so key presses here do not end the warning.
    await page.goto('/#/home');
    await settled();
    await jumpToAfterRefresh(page, WARN_AT + 1_000);
    const dialog = page.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await page.locator('main').evaluate((m) => m.matches(':modal'))).toBe(false);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), key).toBe(true);
    }
    await expect(dialog).toBeVisible();
  });

  test('Log out now ends the session at once', async ({ page }) => {
    await signIn(page);
    await page.goto(QUIET);
    await settled();
    await jumpToAfterRefresh(page, WARN_AT + 1_000);
    const dialog = page.getByRole('dialog', { name: SESSION_WARNING_MESSAGES.title });
    await dialog.getByRole('button', { name: SESSION_WARNING_MESSAGES.logout }).click();
    await expect(page).toHaveURL(/#\/home\?step=logout$/);
    expect(await storedKeys(page)).toEqual({ local: {}, session: {} });
  });

  test('an idle user is logged out after 15 minutes', async ({ page }) => {
    await signIn(page);
    await page.goto(QUIET);
    await settled();
    await jumpToAfterRefresh(page, SESSION.FALLBACK_EXPIRY_MS - 5_000);
    await expect(page).toHaveURL(/#\/faqs$/);
    await jumpToAfterRefresh(page, SESSION.FALLBACK_EXPIRY_MS + 1_000);
    await expect(page).toHaveURL(/#\/home\?step=logout$/);
    await expect(page.getByText(HOME_STEP_MESSAGES.loggedOut)).toBeVisible();
    expect(await storedKeys(page)).toEqual({ local: {}, session: {} });
  });

  test('an active user is refreshed at 10 minutes and stays signed in past 15', async ({ page }) => {
    await signIn(page);
    await settled();
    const first = (await storedKeys(page)).session[TOKEN_KEY];
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.clock.fastForward(SESSION.ACTIVITY_DEBOUNCE_MS);
    await jumpToAfterRefresh(page, SESSION.IDLE_REFRESH_MS + 2_000);
    await expect.poll(async () => (await storedKeys(page)).session[TOKEN_KEY]).not.toBe(first);
    await page.clock.fastForward(SESSION.FALLBACK_EXPIRY_MS - SESSION.IDLE_REFRESH_MS + 60_000);
    await expect(page).toHaveURL(/#\/dashboard$/);
  });

  test('a tab that slept past the deadline logs out as soon as it wakes', async ({ page }) => {
    await signIn(page);
    await page.goto(QUIET);
    await settled();
    // Time jumps while no timer runs, as in a throttled tab or a sleeping machine.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 5_000);
    await page.clock.setSystemTime(now + SESSION.FALLBACK_EXPIRY_MS + 60_000);
    await expect(page).toHaveURL(/#\/faqs$/);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/#\/home\?step=logout$/);
  });
});

test.describe('tabs share one session', () => {
  test('a logout in one tab logs the other out', async ({ page, context }) => {
    await signIn(page);
    const other = await context.newPage();
    // sessionStorage mode: the new tab gets the session from the live one over BroadcastChannel.
    await other.goto('/#/profile');
    await expect(other.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(other).toHaveURL(/#\/profile$/);
    expect((await storedKeys(other)).session[TOKEN_KEY]).toBe((await storedKeys(page)).session[TOKEN_KEY]);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/home\?step=logout$/);
    await expect(other).toHaveURL(/#\/home\?step=logout$/);
    expect(await storedKeys(other)).toEqual({ local: {}, session: {} });
  });

  test('a sign-in elsewhere interrupts this session', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const elsewhere = await browser.newContext({ baseURL });
    await signIn(await elsewhere.newPage());
    await page.reload();
    await expect(page).toHaveURL(/#\/home\?step=interrupted$/);
    await expect(page.getByText(INTERRUPTED_MESSAGE)).toBeVisible();
    await elsewhere.close();
  });
});

test.describe('a session ended on the server', () => {
  test('the next guarded screen asks the server first, and shows nothing of the user from memory', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page);
    const greeting = page.getByTestId('dashboard-greeting');
    await expect(greeting).toBeVisible();
    const name = ((await greeting.textContent()) ?? '').replace(/^Welcome,\s*/, '').trim();
    expect(name).not.toBe('');
    // A second sign-in of the same login ends this session on the server; this tab is not told.
    const elsewhere = await browser.newContext({ baseURL });
    await signIn(await elsewhere.newPage());
    await page.evaluate(() => {
      window.location.hash = '#/profile';
    });
    await expect(page).toHaveURL(/#\/home\?step=interrupted$/);
    await expect(page.getByText(INTERRUPTED_MESSAGE)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toHaveCount(0);
    await expect(page.getByText(name)).toHaveCount(0);
    await elsewhere.close();
  });
});

test.describe('what a visit without a session loads (docs/decisions/0027)', () => {
  /**
   * The session engine and the session calls (refresh, logout, profile), with the encrypted-call code
   * (payload.ts with the contract's WebCrypto code): the sign-in chunk (vite.config.ts, docs/decisions/0052).
   */
  const ENGINE = /\/assets\/signin-[\w-]+\.js$/;
  const SEALING = ENGINE;
  /** The dashboard with the signed-in header's parts. */
  const DASHBOARD = /\/assets\/signedin-[\w-]+\.js$/;

  test('home and login load neither the engine nor the encrypted-call code; typing on the form loads the engine and the dashboard, and a stored session loads it at once', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(new URL(r.url()).pathname));
    const loaded = (chunk: RegExp) => scripts.filter((s) => chunk.test(s));
    const settled = networkSettler(page);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PTIB e-Services' })).toBeVisible();
    await page.goto('/#/login');
    const loginName = page.locator('main').getByLabel('Login name', { exact: true });
    await expect(loginName).toBeVisible();
    await settled();
    expect(loaded(ENGINE)).toEqual([]);
    expect(loaded(SEALING)).toEqual([]);

    // The sign-in steps load when the visitor starts typing, and the engine, the encrypted-call code, the
    // public key and the login nonce with them: Log in then waits for none of them (docs/decisions/0051).
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await loginName.fill('ptib.demo');
    await expect.poll(() => loaded(ENGINE).length).toBeGreaterThan(0);
    await expect.poll(() => loaded(SEALING).length).toBeGreaterThan(0);
    await expect.poll(() => asked).toEqual(expect.arrayContaining([API_PATHS.publicKey, API_PATHS.loginNonce]));
    // And the code of what comes next, the dashboard's (docs/decisions/0052): Log in waits for no code.
    await expect.poll(() => loaded(DASHBOARD).length).toBeGreaterThan(0);
    await page.locator('main').getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await settled();
    const beforeLogIn = scripts.length;
    await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(scripts.slice(beforeLogIn).filter((s) => DASHBOARD.test(s) || ENGINE.test(s) || SEALING.test(s))).toEqual(
      [],
    );
    // Log in asked for no second nonce: the one asked for while typing was used.
    expect(asked.filter((p) => p === API_PATHS.loginNonce)).toHaveLength(1);

    // A reload with the session stored loads the engine before anything else needs it, and the session holds.
    scripts.length = 0;
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard$/);
    expect(loaded(ENGINE).length).toBeGreaterThan(0);
  });

  test('home and login bring no code or text that only a session, the error screens or the server use (docs/decisions/0038)', async ({
    page,
  }) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) bodies.push(r.text().catch(() => ''));
    });
    const settled = networkSettler(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PTIB e-Services' })).toBeVisible();
    await page.goto('/#/login');
    await expect(page.locator('main').getByLabel('Login name', { exact: true })).toBeVisible();
    await settled();
    const scripts = (await Promise.all(bodies)).join('\n');
    expect(scripts).toContain('Welcome to PTIB e-Services');
    // Each of these rode in the first load only because its module was there for something else.
    for (const text of [
      AUTH_MESSAGES.invalidCredentials,
      SSO_MESSAGES.handoverInvalid,
      HANDOVER_MESSAGES.question,
      SESSION_WARNING_MESSAGES.body,
      HOME_TEXT.signedInLead,
      ERROR_CODES.at(-1)!,
    ]) {
      expect(scripts).not.toContain(text);
    }
  });
});
