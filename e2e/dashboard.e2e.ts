import { API_PATHS } from '#contract/index.ts';
import { signIn } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

test('the dashboard greets the user and summarises their records, with shortcuts to e-services', async ({
  page,
  axe,
}) => {
  const recordCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(API_PATHS.cases)) recordCalls.push(url.pathname + url.search);
  });
  await signIn(page, 'ptib.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Welcome, Tan Ah Kow');
  await expect(page.getByRole('region', { name: 'Message' })).toContainText(
    'Welcome back. Your records below show where each of your applications stands.',
  );
  // An ordinary user has no one to act for.
  await expect(page.getByRole('region', { name: 'Act for another profile' })).toHaveCount(0);
  await expect(page.getByTestId('acting-as')).toHaveText('Signed in as Tan Ah Kow');

  const byStatus = page.getByRole('table', { name: 'Records by status' });
  await expect(byStatus.getByRole('row', { name: /Draft/ })).toContainText('1');
  await expect(byStatus.getByRole('row', { name: /Submitted/ })).toContainText('1');
  await expect(byStatus.getByRole('row', { name: /Approved/ })).toContainText('1');
  const latest = page.getByRole('table', { name: 'Latest records' });
  await expect(latest.getByRole('row')).toHaveCount(4);
  const refund = latest.getByRole('link', { name: /^RD \d{6} \d{4}$/ });
  await expect(refund).toHaveAttribute('href', /^#\/generic\?app=PRD&case=\d+$/);
  // The records come in one call, not one per e-service.
  expect(recordCalls).toEqual([API_PATHS.casesSummary]);

  const shortcuts = page.getByRole('region', { name: 'E-services' });
  await expect(shortcuts.getByRole('link', { name: 'Refund of Deposits' })).toHaveAttribute(
    'href',
    '#/generic?app=PRD',
  );
  expect((await axe().analyze()).violations).toEqual([]);

  // A case number opens that record in its e-service.
  const caseNumber = (await refund.textContent())!;
  await refund.click();
  await expect(page).toHaveURL(/#\/generic\?app=PRD/);
  await expect(page.getByTestId('case-number')).toHaveText(caseNumber);
});

test('the profile shows the identity with the ID number masked until revealed', async ({ page, axe }) => {
  await signIn(page, 'ptib.demo');
  await page.goto('/#/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Tan Ah Kow');
  await expect(page.getByTestId('profile-address')).toHaveText(/10 Anson Road\s*#12-01\s*Singapore 079903/);
  await expect(page.getByRole('img', { name: 'No photo: initials of Tan Ah Kow' })).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Show ID number' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('•••••567D')).toBeVisible();
  await expect(page.getByText('S1234567D')).toHaveCount(0);
  expect((await axe().analyze()).violations).toEqual([]);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('S1234567D')).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);
});

test('the proxy selector on a master dashboard has no axe violations', async ({ page, axe }) => {
  await signIn(page, 'ptib.master');
  await expect(page.getByRole('group', { name: 'Choose whom to act for' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Records by status' }).or(page.getByText(/no e-service records/)),
  ).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);
});

test("a record opened from the dashboard puts the focus on its page's heading", async ({ page }) => {
  await signIn(page, 'ptib.demo');
  // The approved record: read only, its record's page.
  const approved = page.getByRole('table', { name: 'Latest records' }).getByRole('link', { name: /^PC \d{6} \d{4}$/ });
  await approved.click();
  await expect(page).toHaveURL(/#\/generic\?app=PCD&case=\d+$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Payment of Court Deposits' });
  await expect(heading).toBeVisible();
  // Not on the page's start: a screen reader would begin again at the Computer Misuse Act warning.
  await expect(heading).toBeFocused();
});

test("a printed dashboard shows each record's folded progress in full", async ({ page }) => {
  await signIn(page, 'ptib.demo');
  const folded = page.locator('details.record-progress:not([open])').first();
  const progress = folded.getByTestId('case-progress');
  await expect(folded.locator('summary')).toBeVisible();
  await expect(progress).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(progress).toBeVisible();
  await expect(folded).not.toHaveAttribute('open');
});
