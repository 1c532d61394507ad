import { createHash } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { DEMO_PASSWORD } from './auth-helpers.ts';
import { test, expect } from './fixtures.ts';

/** The build prerenders home, and the login screen, into index.html (docs/decisions/0012-prerendered-home.md). */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home is readable and the header search works as a plain form', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PTIB e-Services' })).toBeVisible();
    await expect(page.getByText('Computer Misuse Act')).toBeVisible();
    const search = page.getByRole('search');
    await search.getByRole('searchbox').fill('refund');
    await search.getByRole('button', { name: /search/i }).click();
    await expect(page).toHaveURL(/#\/search\?q=refund&resultswithin=minlaw$/);
  });
});

test('the prerendered markup obeys the CSP: its one inline script is the gate, allowed by its hash', async ({
  request,
}) => {
  const res = await request.get('/');
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain('data-prerendered="home"');
  expect(root).toContain('<template id="prerendered-login">');
  expect(root).not.toMatch(/<script|\sstyle="/i);
  // The route gate, inline in the head (docs/decisions/0012-prerendered-home.md), is the page's only script.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.map(([, attrs]) => attrs)).toEqual([' type="module" blocking="render"']);
  const gate = scripts[0]![2]!;
  expect(gate).toContain('data-prerendered');
  // The header allows that script by the hash of the bytes sent, and no other inline script.
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  const hash = `'sha256-${createHash('sha256').update(gate, 'utf8').digest('base64')}'`;
  expect(scriptSrc).toEqual(['script-src', "'self'", hash]);
  expect(csp).not.toContain('unsafe-inline');
});

/** Holds back every script (the route gate is inline) until release() is called: the app's code has not arrived. */
async function holdAppScripts(page: Page): Promise<{ held: string[]; release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    get held() {
      return held.map((r) => new URL(r.request().url()).pathname);
    },
    release: async () => {
      released = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

/** Records what the main showed at the first frame, and every layout shift. */
async function watchFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { firstFrameMain?: string; shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // The first rendering opportunity comes once the render-blocking gate has run.
    requestAnimationFrame(() => (w.firstFrameMain = document.querySelector('main')?.textContent ?? ''));
  });
}

test.describe('#/login before the app has loaded', () => {
  test('paints the login form from the HTML; what was typed, and the focus, survive the app’s takeover', async ({
    page,
  }) => {
    await watchFirstFrame(page);
    const scripts = await holdAppScripts(page);
    await page.goto('/#/login');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Log in to PTIB e-Services' })).toBeVisible();
    // Nothing of the app has run: its scripts are all held back, and the page is still the prerendered one.
    await expect.poll(() => scripts.held.some((p) => /\/assets\/index-/.test(p))).toBe(true);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'login');
    const firstFrame = await page.evaluate(() => (window as unknown as { firstFrameMain?: string }).firstFrameMain);
    expect(firstFrame).toContain('Log in to PTIB e-Services');
    expect(firstFrame).not.toContain('Welcome');

    // A quick visitor fills the form; sending it does nothing yet (no password in the address, no request).
    await main.getByLabel('Login name', { exact: true }).fill('ptib.demo');
    await main.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await expect(main.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
    await page.keyboard.press('Enter');
    expect(page.url()).toMatch(/\/#\/login$/);
    expect(page.url()).not.toContain(encodeURIComponent(DEMO_PASSWORD));

    await scripts.release();
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    await expect(main.getByLabel('Login name', { exact: true })).toHaveValue('ptib.demo');
    await expect(main.getByLabel('Password', { exact: true })).toHaveValue(DEMO_PASSWORD);
    await expect(main.getByLabel('Password', { exact: true })).toBeFocused();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
  });

  test('the app takes over #/login without a layout shift, an error or an axe violation', async ({ page, axe }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await watchFirstFrame(page);
    await page.goto('/#/login');
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to PTIB e-Services' })).toBeVisible();
    // Layout shifts are reported with the frame that made them: two frames on, they are all counted.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect((await axe().analyze()).violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('another route never shows home’s prerendered content while the app loads', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { mainAtLoad: string }).mainAtLoad = document.querySelector('main')?.textContent ?? '';
    });
  });
  await page.goto('/#/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mainAtLoad: string }).mainAtLoad)).not.toContain('Welcome');
});

test('the app takes over home without a layout shift or an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/#/home');
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PTIB e-Services' })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
  expect(errors).toEqual([]);
});

test('on a phone, Menu opens the menu before the app has arrived, and it stays open once the app takes over', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts = await holdAppScripts(page);
  await page.goto('/#/home');
  await expect.poll(() => scripts.held.some((p) => /\/assets\/index-/.test(p))).toBe(true);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#site-menu');
  await expect(menu).toBeHidden();
  await toggle.click();
  // The route gate opens the prerendered menu: the app's code is still held back.
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'home');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'E-services' })).toBeVisible();

  await scripts.release();
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(toggle).toBeFocused();
  // From here the app's own toggle closes it.
  await toggle.click();
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(errors).toEqual([]);
});

test('when the app will not load, the login page says so and Try again brings it', async ({ page, axe }) => {
  // The connection drops after the page came: every script of the app fails.
  const fail = (route: Route) => route.abort('internetdisconnected');
  await page.route(/\/assets\/[^/]+\.js$/, fail);
  await page.goto('/#/login');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(CONNECTION_MESSAGES.pageTitle);
  await expect(alert).toContainText(CONNECTION_MESSAGES.pageFailed);
  // The form stays in view below it, still not to be sent.
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
  expect((await axe().analyze()).violations).toEqual([]);

  await page.unroute(/\/assets\/[^/]+\.js$/, fail);
  await alert.getByRole('button', { name: CONNECTION_MESSAGES.retry }).click();
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  await expect(alert).toHaveCount(0);
});
