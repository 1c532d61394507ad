import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES } from '../contract/notifications.ts';
import { signIn } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

test('the header counts unread messages; the inbox lists them read and unread, each linking on', async ({
  browser,
  page,
  axe,
}) => {
  // A sign-in in another browser first: the account then knows one, and this page's sign-in is from a new one.
  const elsewhere = await browser.newContext();
  await signIn(await elsewhere.newPage(), 'ptib.master');
  await elsewhere.close();
  await signIn(page, 'ptib.master');

  const link = page.getByRole('link', { name: /^Messages \(\d+ unread\)$/ });
  await expect(link).toBeVisible();
  const before = Number(/\((\d+) unread\)/.exec((await link.textContent()) ?? '')![1]);
  expect(before).toBeGreaterThanOrEqual(1);
  await link.click();
  await expect(page).toHaveURL(/#\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: NOTIFICATION_MESSAGES.inboxTitle })).toBeVisible();

  const label = NOTIFICATION_KIND_LABELS.newDevice;
  const newest = page.getByRole('listitem').filter({ hasText: label }).first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^Unread: .*${label}`));
  await expect(newest).toContainText('signed in to from a browser it had not used before');
  await expect(newest.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute('href', '#/dashboard');
  expect((await axe().analyze()).violations).toEqual([]);

  // Marked read by keyboard: the list and the header's count follow.
  await newest.getByRole('button', { name: new RegExp(`^${NOTIFICATION_MESSAGES.markRead}`) }).focus();
  await page.keyboard.press('Enter');
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^Read: .*${label}`));
  await expect(page.getByTestId('inbox-link')).toHaveText(
    before - 1 === 0 ? 'Messages' : `Messages (${before - 1} unread)`,
  );
  expect((await axe().analyze()).violations).toEqual([]);

  await newest.getByRole('link', { name: 'Open the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('signed out, the header has no inbox link', async ({ page }) => {
  await page.goto('/#/home');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByTestId('inbox-link')).toHaveCount(0);
});
