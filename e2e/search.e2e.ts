import { test, expect } from './fixtures.ts';

const GOV_SEARCH = 'https://www.search.gov.sg/search';

test.describe('site search from the header', () => {
  test('"Within This Website" shows ranked results with the words marked, the e-service first', async ({ page }) => {
    await page.goto('/#/home');
    // The app's search, which moves focus to the results: before the app has taken over, the header is a
    // plain form that loads the results as a new page ("site search without JavaScript" below).
    await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
    const header = page.getByRole('banner');
    await header.getByLabel('Search', { exact: true }).fill('proprietorship');
    await expect(header.getByLabel('Search scope')).toHaveValue('minlaw');
    await header.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/#\/search\?q=proprietorship&resultswithin=minlaw$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeFocused();
    await expect(page.getByText('1 result for “proprietorship”.')).toBeVisible();
    const first = page.locator('.search-result').first();
    await expect(first.getByRole('link')).toHaveText('Bankruptcy Information Search');
    await expect(first.getByRole('link')).toHaveAttribute('href', '#/register?app=BIS');
    await expect(first.locator('mark')).toHaveText(['proprietorship']);
    await expect(page).toHaveTitle('Search results | PTIB e-Services');
  });

  test('pages through many results by address', async ({ page }) => {
    await page.goto('/#/search?q=application%20OR%20payment%20OR%20apply&resultswithin=minlaw');
    await expect(page.getByText(/^1–10 of \d+ results/)).toBeVisible();
    const firstPage = await page.locator('.search-result h2').allTextContents();
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.getByText(/^11–\d+ of \d+ results/)).toBeVisible();
    const secondPage = await page.locator('.search-result h2').allTextContents();
    expect(secondPage.some((t) => firstPage.includes(t))).toBe(false);
  });

  test('has a clear empty state', async ({ page }) => {
    await page.goto('/#/search?resultswithin=minlaw');
    await expect(page.getByText('Enter a word or phrase to search this website.')).toBeVisible();
    await page.goto('/#/search?q=xylophonequartz&resultswithin=minlaw');
    await expect(page.getByText('No results for “xylophonequartz”.')).toBeVisible();
  });

  test('"Within All Government Websites" goes through the server to the all-of-government search', async ({ page }) => {
    // Never leave the machine: the outside search answers from here.
    await page.route(`${GOV_SEARCH}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gov search</title><h1>Gov search</h1>' }),
    );
    await page.goto('/#/home');
    const header = page.getByRole('banner');
    await header.getByLabel('Search', { exact: true }).fill('court fees & charges');
    await header.getByLabel('Search scope').selectOption({ label: 'Within All Government Websites' });
    const redirect = page.waitForResponse((res) => new URL(res.url()).pathname === '/search');
    await header.getByRole('button', { name: 'Search' }).click();
    const answer = await redirect;
    expect([302, 303]).toContain(answer.status());
    const location = new URL(answer.headers()['location']!);
    expect(`${location.origin}${location.pathname}`).toBe(GOV_SEARCH);
    expect(location.searchParams.get('q')).toBe('court fees & charges');
    await expect(page).toHaveTitle('Gov search');
  });

  test("the results page's own address with the all-of-government scope goes on to that search", async ({ page }) => {
    await page.route(`${GOV_SEARCH}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gov search</title><h1>Gov search</h1>' }),
    );
    await page.goto('/#/search?q=court%20fees&resultswithin=gov');
    await expect(page).toHaveTitle('Gov search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('court fees');
  });

  test('the server redirects both scopes (no redirect followed)', async ({ request }) => {
    const minlaw = await request.get('/search?q=refund&resultswithin=minlaw', { maxRedirects: 0 });
    expect(minlaw.status()).toBe(303);
    expect(minlaw.headers()['location']).toBe('/#/search?q=refund&resultswithin=minlaw');
    const gov = await request.get('/search?q=refund%20deposit&resultswithin=gov', { maxRedirects: 0 });
    expect(gov.status()).toBe(303);
    expect(gov.headers()['location']).toBe(`${GOV_SEARCH}?q=refund+deposit`);
    const bad = await request.get('/search?resultswithin=gov', { maxRedirects: 0 });
    expect(bad.status()).toBe(303);
    expect(bad.headers()['location']).toBe('/#/search?resultswithin=minlaw');
  });
});

test.describe('site search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form is a plain form that reaches the results address', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByLabel('Search', { exact: true }).fill('travel');
    await header.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/#\/search\?q=travel&resultswithin=minlaw$/);
  });
});
