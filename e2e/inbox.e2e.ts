import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FORM_TEXT } from '#contract/forms/index.ts';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
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
  // Named with no space before the colon: visually hidden words between the tag and the subject would get one.
  await expect(newest.getByRole('heading', { level: 2 })).toHaveAccessibleName(new RegExp(`^Unread: .*${label}`));
  await expect(
    newest.getByRole('button', { name: new RegExp(`^${NOTIFICATION_MESSAGES.markRead}: .*${label}`) }),
  ).toBeVisible();
  await expect(newest).toContainText('signed in to from a browser it had not used before');
  await expect(newest.getByRole('link', { name: FORM_TEXT.toDashboard })).toHaveAttribute('href', '#/dashboard');
  expect((await axe().analyze()).violations).toEqual([]);

  // Marked read by keyboard: the list and the header's count follow.
  await newest.getByRole('button', { name: new RegExp(`^${NOTIFICATION_MESSAGES.markRead}`) }).focus();
  await page.keyboard.press('Enter');
  await expect(newest.getByRole('heading', { level: 2 })).toHaveAccessibleName(new RegExp(`^Read: .*${label}`));
  await expect(page.getByTestId('inbox-link')).toHaveText(
    before - 1 === 0 ? 'Messages' : `Messages (${before - 1} unread)`,
  );
  expect((await axe().analyze()).violations).toEqual([]);

  await newest.getByRole('link', { name: FORM_TEXT.toDashboard }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('Mark all as read clears the count, and Unread only, kept in the address, lists what is left', async ({
  browser,
  page,
  axe,
}) => {
  // A sign-in in another browser first, so that this page's sign-in leaves at least one unread message.
  const elsewhere = await browser.newContext();
  await signIn(await elsewhere.newPage(), 'ptib.master');
  await elsewhere.close();
  await signIn(page, 'ptib.master');
  await expect(page.getByRole('link', { name: /^Messages \(\d+ unread\)$/ })).toBeVisible();

  await page.goto('/#/inbox?unread=1');
  const filter = page.getByRole('navigation', { name: NOTIFICATION_MESSAGES.filterLabel });
  await expect(filter.getByRole('link', { name: NOTIFICATION_MESSAGES.filterUnread })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const headings = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveAccessibleName(/^Unread: /);
  for (const heading of await headings.all()) await expect(heading).toHaveAccessibleName(/^Unread: /);
  expect((await axe().analyze()).violations).toEqual([]);

  // By keyboard: what was done is said, and the header's count follows.
  const markAll = page.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead, exact: true });
  await markAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: / marked as read\.$/ })).toBeVisible();
  await expect(page.getByTestId('inbox-unread')).toHaveText('0 unread messages');
  await expect(page.getByTestId('inbox-link')).toHaveText(NOTIFICATION_MESSAGES.headerLink(0));
  await expect(markAll).toHaveCount(0);
  expect((await axe().analyze()).violations).toEqual([]);

  // A reload keeps the filter, which now lists nothing.
  await page.reload();
  await expect(page).toHaveURL(/#\/inbox\?unread=1$/);
  await expect(page.getByText(NOTIFICATION_MESSAGES.inboxNoUnread)).toBeVisible();
  await filter.getByRole('link', { name: NOTIFICATION_MESSAGES.filterAll }).click();
  await expect(page).toHaveURL(/#\/inbox$/);
  await expect(headings.first()).toHaveAccessibleName(/^Read: /);
});

test('signed out, the header has no inbox link', async ({ page }) => {
  await page.goto('/#/home');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByTestId('inbox-link')).toHaveCount(0);
});

/** The code in the newest email to `to` the embedded sender wrote under DATA_DIR/mail (no SMTP_HOST). */
function codeMailedTo(to: string): string | null {
  const dir = path.join(process.env.E2E_SERVER_LOG_DIR!, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.confirm.eml'));
  } catch {
    return null;
  }
  for (const file of files) {
    // Quoted-printable soft line breaks undone, so the sentence with the code reads whole.
    const text = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
    if (text.includes(`To: ${to}`)) return /is (\d{6})\./.exec(text)?.[1] ?? null;
  }
  return null;
}

test('an email address is confirmed by the code sent to it, and optional messages are chosen per channel', async ({
  page,
  axe,
}) => {
  await signIn(page, 'ptib.master');
  await page.goto('/#/inbox');
  const settings = page.getByRole('region', { name: 'How we tell you' });
  await expect(settings.getByText('No email address is confirmed yet.')).toBeVisible();
  await settings.getByRole('textbox', { name: 'Email address', exact: true }).fill('master@example.org');
  await settings.getByRole('button', { name: 'Send a code' }).click();
  await expect(settings.getByText(NOTIFICATION_MESSAGES.emailCodeSent)).toBeVisible();
  await expect.poll(() => codeMailedTo('master@example.org')).toMatch(/^\d{6}$/);
  await settings.getByLabel('Code sent to master@example.org').fill(codeMailedTo('master@example.org')!);
  await settings.getByRole('button', { name: 'Confirm the address' }).click();
  await expect(settings.getByText('Messages go to master@example.org.')).toBeVisible();

  const decided = settings.getByRole('checkbox', { name: `${NOTIFICATION_KIND_LABELS.decided} by email` });
  await expect(decided).toBeChecked();
  await expect(decided).toBeDisabled();
  const watched = settings.getByRole('checkbox', { name: `${NOTIFICATION_KIND_LABELS.watchedCaseChanged} by email` });
  await expect(watched).toBeChecked();
  await watched.uncheck();
  await settings.getByRole('button', { name: 'Save choices' }).click();
  await expect(settings.getByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: `${NOTIFICATION_KIND_LABELS.watchedCaseChanged} by email` }),
  ).not.toBeChecked();
});

test.describe('on a 320 px screen, as at 400 % zoom (WCAG 1.4.10), and with text spaced out (1.4.12)', () => {
  // The spacing is a reader's own style sheet: the portal's Content-Security-Policy would refuse it inline.
  test.use({ viewport: { width: 320, height: 640 }, bypassCSP: true });
  const TEXT_SPACING =
    '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
    ' p { margin-bottom: 2em !important; }';

  test('the choices of what is sent where stay inside the page', async ({ page }) => {
    await signIn(page, 'ptib.demo');
    await page.goto('/#/inbox');
    const choices = page.getByRole('table', { name: 'Channels for each kind of message' });
    await expect(choices.getByRole('checkbox').first()).toBeVisible();
    /** How far the table reaches past the page's content (0 or less: it fits), and the page past the window. */
    const spill = () =>
      page.evaluate(() => {
        const main = document.querySelector('main')!;
        const right = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
        const table = document.querySelector('table.inbox-choices')!.getBoundingClientRect().right;
        return [table - right, document.documentElement.scrollWidth - document.documentElement.clientWidth];
      });
    for (const reach of await spill()) expect(reach).toBeLessThanOrEqual(0.5);
    await page.addStyleTag({ content: TEXT_SPACING });
    for (const reach of await spill()) expect(reach).toBeLessThanOrEqual(0.5);
  });
});
