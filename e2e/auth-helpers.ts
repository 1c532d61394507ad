import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Sign-in helpers shared by the auth and session browser tests. */

export const DEMO_PASSWORD = 'Demo!2345';
export const TOKEN_KEY = 'PTIB.token';

/** Fills and sends the login form found in `scope` (the login screen or the login dialog). */
export async function fillLogin(
  page: Page,
  loginName: string,
  {
    password = DEMO_PASSWORD,
    rememberMe = false,
    scope,
  }: { password?: string; rememberMe?: boolean; scope?: ReturnType<Page['locator']> } = {},
): Promise<void> {
  const root = scope ?? page.locator('main');
  await root.getByLabel('Login name', { exact: true }).fill(loginName);
  await root.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await root.getByLabel(/Remember me/).check();
  await root.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Signs in on the login screen and waits for the dashboard. */
export async function signIn(
  page: Page,
  loginName = 'ptib.demo',
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.goto('/#/login');
  await fillLogin(page, loginName, options);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** An API answer as a test reads it: the status and the envelope. */
export interface Answer<T> {
  status: number;
  body: { responseJSON: T };
}

/**
 * A call of the API from the signed-in page, as the app makes it (bearer token, XSRF header): a GET, or
 * a POST of json or of one PDF file (as the multipart field `file`, named `fileName`) when either is given.
 */
export function call<T>(
  page: Page,
  path: string,
  init: { method?: string; json?: unknown; file?: string; fileName?: string } = {},
): Promise<Answer<T>> {
  return page.evaluate(
    async ({ path, init, tokenKey }) => {
      const token = sessionStorage.getItem(tokenKey) ?? localStorage.getItem(tokenKey);
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
      let body: BodyInit | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.file) {
        const form = new FormData();
        form.append('file', new Blob([init.file], { type: 'application/pdf' }), init.fileName ?? 'proof.pdf');
        body = form;
      }
      const res = await fetch(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
      return { status: res.status, body: await res.json() };
    },
    { path, init, tokenKey: TOKEN_KEY },
  ) as Promise<Answer<T>>;
}

/** Every PTIB.* key in both storages. */
export function storedKeys(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const pick = (s: Storage) =>
      Object.fromEntries(Object.entries({ ...s }).filter(([k]) => k.startsWith('PTIB.'))) as Record<string, string>;
    return { local: pick(localStorage), session: pick(sessionStorage) };
  });
}

/**
 * Waits until the page has had no request in flight for a second. Tests that jump the browser's
 * clock call it first: an answer arriving after the jump carries the server's real Date, which the
 * app rightly takes as this browser's clock being wrong.
 */
export function networkSettler(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return () =>
    expect
      .poll(() => inFlight <= 0 && Date.now() - lastChange > 1_000, { timeout: 20_000, intervals: [100] })
      .toBe(true);
}

/**
 * Moves the browser's fake clock to `ms` after the session's last refresh (PTIB.lastRefresh), however
 * long the test took to get here: timers due on the way fire once, as after a sleep.
 */
export async function jumpToAfterRefresh(page: Page, ms: number): Promise<void> {
  const { lastRefresh, now } = await page.evaluate(() => ({
    lastRefresh: Number(sessionStorage.getItem('PTIB.lastRefresh') ?? localStorage.getItem('PTIB.lastRefresh')),
    now: Date.now(),
  }));
  expect(lastRefresh).toBeGreaterThan(0);
  const wait = lastRefresh + ms - now;
  expect(wait, 'the test is already past the moment it wants to reach').toBeGreaterThan(0);
  await page.clock.fastForward(wait);
}
