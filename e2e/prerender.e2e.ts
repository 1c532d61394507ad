import { test, expect } from './fixtures.ts';

/** The build prerenders home into index.html (docs/decisions/0012-prerendered-home.md). */

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

test('the prerendered markup obeys the CSP: no inline script, no style attribute', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain('data-prerendered="home"');
  expect(root).not.toMatch(/<script|\sstyle="/i);
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
