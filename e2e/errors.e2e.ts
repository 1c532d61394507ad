import {
  ERROR_CODE_LABEL,
  ERROR_SCREEN_TITLES,
  INVALID_CODE,
  MESSAGES,
  ROUTES,
  TAKE_ME_HOME,
} from '#contract/index.ts';
import { expect, test } from './fixtures.ts';

/** The four error screens of decisions.md §3, each with a listed, an unlisted and a missing errorCode. */
const SCREENS = [
  { path: ROUTES.accessDenied, title: ERROR_SCREEN_TITLES.accessDenied, message: MESSAGES.accessDenied, home: false },
  { path: ROUTES.pageNotFound, title: ERROR_SCREEN_TITLES.pageNotFound, message: MESSAGES.notFound, home: true },
  { path: ROUTES.systemError, title: ERROR_SCREEN_TITLES.systemError, message: MESSAGES.somethingWrong, home: true },
  {
    path: ROUTES.unexpectedError,
    title: ERROR_SCREEN_TITLES.unexpectedError,
    message: MESSAGES.unexpected,
    home: true,
  },
];

const CASES = [
  { label: 'a listed code', query: '?errorCode=PTACC-948', shown: 'PTACC-948' },
  { label: 'an unlisted code', query: `?errorCode=${encodeURIComponent('<b>call 999</b>')}`, shown: INVALID_CODE },
  { label: 'no code', query: '', shown: INVALID_CODE },
];

for (const s of SCREENS) {
  test.describe(s.title, () => {
    for (const c of CASES) {
      test(`with ${c.label} shows ${c.shown}`, async ({ page }) => {
        await page.goto(`/#${s.path}${c.query}`);
        const heading = page.getByRole('heading', { level: 1, name: s.title });
        await expect(heading).toBeVisible();
        await expect(page.getByText(s.message)).toBeVisible();
        await expect(page.getByText(`${ERROR_CODE_LABEL}${c.shown}`, { exact: true })).toBeVisible();
        await expect(page.getByTestId('error-code')).toHaveText(c.shown);
        // The code is a small support reference, never the heading, and never raw text from the address.
        await expect(heading).not.toContainText(c.shown);
        await expect(page.getByText('call 999')).toHaveCount(0);
        if (c.query) await expect(page).toHaveTitle(new RegExp(`${s.title}.*${c.shown}`));
        else await expect(page).toHaveTitle(new RegExp(s.title));
        const home = page.getByRole('link', { name: TAKE_ME_HOME });
        if (s.home) await expect(home).toHaveAttribute('href', '/');
        else await expect(home).toHaveCount(0);
      });
    }

    test('has no axe violations', async ({ page, axe }) => {
      await page.goto(`/#${s.path}?errorCode=PTACC-951`);
      await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
      expect((await axe().analyze()).violations).toEqual([]);
    });
  });
}

test("'Take Me Home' goes to the site root, which opens home", async ({ page }) => {
  await page.goto(`/#${ROUTES.systemError}?errorCode=d-994`);
  await page.getByRole('link', { name: TAKE_ME_HOME }).click();
  await expect(page).toHaveURL(/\/#\/home$/);
});
