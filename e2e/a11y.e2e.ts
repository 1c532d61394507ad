import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/** Public screens, each with what shows it is ready (the page heading, and the text that loads after). */
const SCREENS: Array<{ name: string; hash: string; ready: (page: Page) => Promise<void> }> = [
  { name: 'home', hash: '#/home', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'search results',
    hash: '#/search?q=refund&resultswithin=minlaw',
    ready: (p) => expect(p.locator('.search-result').first()).toBeVisible(),
  },
  {
    name: 'search, no results',
    hash: '#/search?q=xylophonequartz&resultswithin=minlaw',
    ready: (p) => expect(p.getByText('No results for “xylophonequartz”.')).toBeVisible(),
  },
  {
    name: 'access denied',
    hash: '#/common-handler/access-denied?errorCode=PTACC-951',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible(),
  },
  {
    name: 'page not found',
    hash: '#/common-handler/page-not-found?errorCode=d-994',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Page not Found' })).toBeVisible(),
  },
  {
    name: 'system error',
    hash: '#/common-handler/system-error',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'System Error' })).toBeVisible(),
  },
  {
    name: 'unexpected error',
    hash: '#/common-handler/unexpected-error?errorCode=nope',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Unexpected System Error' })).toBeVisible(),
  },
  {
    name: 'unknown address',
    hash: '#/no/such/page',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Page not Found' })).toBeVisible(),
  },
  {
    name: 'FAQs',
    hash: '#/faqs',
    ready: (p) => expect(p.getByRole('heading', { level: 2, name: 'Why was I logged out?' })).toBeVisible(),
  },
  {
    name: 'rate',
    hash: '#/rate',
    ready: (p) => expect(p.getByRole('radio', { name: '5 – Excellent' })).toBeVisible(),
  },
];

const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(`axe, ${theme} theme, ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: theme });

      for (const screen of SCREENS) {
        test(`${screen.name} has no violations`, async ({ page, axe }) => {
          await page.goto(`/${screen.hash}`);
          await screen.ready(page);
          // The device's scheme drives the default ('system') theme: check it took effect.
          const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
          expect(background).toBe(theme === 'dark' ? 'rgb(18, 20, 23)' : 'rgb(255, 255, 255)');
          const results = await axe().analyze();
          expect(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          ).toEqual([]);
        });
      }
    });
  }
}

test.describe('axe with the theme chosen explicitly', () => {
  test('dark, chosen in the header, on a light device', async ({ page, axe }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/#/home');
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('banner').getByRole('link', { name: 'FAQs' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Why was I logged out?' })).toBeVisible();
    const results = await axe().analyze();
    expect(results.violations).toEqual([]);
  });

  test('with the menu open and toasts and overlay idle, at 375 px', async ({ page, axe }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/#/home');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    const results = await axe().analyze();
    expect(results.violations).toEqual([]);
  });
});
