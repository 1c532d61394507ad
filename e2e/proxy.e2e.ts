import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  HOME_TEXT,
  MESSAGES,
  MYSELF_SUFFIX,
  RESPONSE_CODE,
  TOAST_TITLES,
} from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { FORM_TEXT } from '#contract/forms/index.ts';
import { fillLogin, signIn } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { undersizedTargets } from './target-size.ts';
import type { Page } from '@playwright/test';

const MASTER = 'Lim Mei Ling';
const PROXY = 'Chua & Partners LLP';
const PROXY_ID = 'PTIB00000011';
const KOH = 'Koh Legal Services';

const selector = (page: Page) => page.getByRole('group', { name: 'Choose whom to act for' });
/**
 * The master's own choice, whatever its unread count (docs/decisions/0101): earlier tests' sign-ins from new
 * browsers leave the master's own profile messages, and its label then says how many.
 */
const MYSELF = new RegExp(`^${MASTER}${MYSELF_SUFFIX.replace(/[()]/g, '\\$&')}(, \\d+ unread messages?)?$`);
const actingAs = (page: Page) => page.getByTestId('acting-as');

async function switchTo(page: Page, name: string | RegExp) {
  await selector(page).getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Switch profile' }).click();
}

test('a master user switches to another profile, keeps acting for it across a reload, and switches back', async ({
  page,
}) => {
  await signIn(page, 'ptib.master');
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);

  const radios = selector(page).getByRole('radio');
  await expect(radios.first()).toHaveAccessibleName(new RegExp(`^${MASTER} \\(Myself\\)`));
  await expect(radios.first()).toBeChecked();
  await expect(radios).toHaveCount(4);
  const blocked = selector(page).getByRole('radio', { name: 'Yeo Trustees Pte Ltd' });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAccessibleDescription(/blocked/);

  await switchTo(page, PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);
  await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${PROXY}`);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`You are now acting for ${PROXY}.`);
  // The records are the acting profile's: its insolvency report and proof of debt.
  const latest = page.getByRole('table', { name: 'Latest records' });
  await expect(latest.getByRole('link', { name: /^FR \d{6} \d{4}$/ })).toBeVisible();
  await expect(latest.getByRole('link', { name: /^PN \d{6} \d{4}$/ })).toBeVisible();
  await expect(latest.getByRole('link', { name: /^RD / })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('PTIB.proxyProfileId'))).toBe(PROXY_ID);

  await page.goto('/#/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText(PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);

  await page.goto('/#/dashboard');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${PROXY}`);
  await expect(selector(page).getByRole('radio', { name: `${PROXY} (acting now)` })).toBeChecked();
  await switchTo(page, MYSELF);
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
  await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${MASTER}`);
  expect(await page.evaluate(() => sessionStorage.getItem('PTIB.proxyProfileId'))).toBe('');
  await page.goto('/#/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(MASTER);
});

/**
 * Chua & Partners LLP with one unread message and the other profiles with none, as an officer's request for more
 * information leaves it (docs/decisions/0101): the header then has its note "1 unread for other profiles".
 */
async function oneUnreadForProxy(page: Page) {
  await page.route(`**${NOTIFICATION_PATHS.unreadByProfile}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      responseJSON: { profiles: { ptibProfileID: string; unread: number }[] };
    };
    for (const profile of body.responseJSON.profiles) profile.unread = profile.ptibProfileID === PROXY_ID ? 1 : 0;
    await route.fulfill({ response, json: body });
  });
}

test('the header note and the missing record’s "Switch profile" take the keyboard to the switcher (WCAG 2.4.3)', async ({
  page,
}) => {
  await oneUnreadForProxy(page);
  await signIn(page, 'ptib.master');
  const switcher = page.getByRole('heading', { level: 2, name: 'Act for another profile' });

  await page.goto('/#/inbox');
  await expect(page.getByRole('heading', { level: 1, name: NOTIFICATION_MESSAGES.inboxTitle })).toBeVisible();
  const note = page.getByTestId('inbox-others');
  // Named by its words as shown, with no space before the colon of the words a screen reader hears after them.
  await expect(note).toHaveAccessibleName(
    `${NOTIFICATION_MESSAGES.otherProfilesUnread(1)}${NOTIFICATION_MESSAGES.otherProfilesUnreadHint}`,
  );
  await note.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard#proxy-heading$/);
  await expect(switcher).toBeFocused();
  // The next Tab is the switcher's own choice, once the profiles have come: the one acted for now.
  const myself = selector(page).getByRole('radio', { name: new RegExp(`^${MASTER} \\(Myself\\)`) });
  await expect(myself).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(myself).toBeFocused();

  // A record the acting profile does not hold (another profile's, or none) says so, with the way to switch; the
  // link leaves with its page, and the focus must not fall to the document's start.
  await page.goto('/#/generic?app=PAR&case=999999');
  const switchLink = page.getByRole('link', { name: CASE_MESSAGES.notFoundSwitch });
  await switchLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard#proxy-heading$/);
  await expect(switcher).toBeFocused();
  await expect(myself).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(myself).toBeFocused();
});

test('on a 320 px phone the header’s Messages link and the note under it are targets of 24 px (WCAG 2.5.8)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await oneUnreadForProxy(page);
  await signIn(page, 'ptib.master');
  for (const hash of ['#/dashboard', '#/inbox']) {
    await page.goto(`/${hash}`);
    await expect(page.getByTestId('inbox-others')).toBeVisible();
    expect(await undersizedTargets(page, 'header'), hash).toEqual([]);
  }
});

test('a switch in one tab is followed by the other tabs of the browser', async ({ page, context }) => {
  // Remember me: the token is in localStorage, so the second tab shares the session at once.
  await signIn(page, 'ptib.master', { rememberMe: true });
  const other = await context.newPage();
  await other.goto('/#/profile');
  await expect(other.getByTestId('profile-name')).toHaveText(MASTER);

  await switchTo(page, PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);
  await expect(actingAs(other)).toHaveText(`Acting for ${PROXY}`);
  await expect(other.getByTestId('profile-name')).toHaveText(PROXY);

  await switchTo(page, MYSELF);
  await expect(actingAs(other)).toHaveText(`Signed in as ${MASTER}`);
});

test('a switch in another tab leaves no record of the profile acted for before on an open form', async ({
  page,
  context,
}) => {
  await signIn(page, 'ptib.master', { rememberMe: true });
  const form = await context.newPage();
  await form.goto('/#/generic?app=PAR');
  await form.getByLabel('Purpose of the trip').fill('A trip of my own');
  await form.getByRole('button', { name: FORM_TEXT.saveDraft }).click();
  await expect(form).toHaveURL(/[?&]case=\d+/);
  const heading = form.getByRole('heading', { name: /^Record / });
  await expect(heading).toBeVisible();
  const own = (await heading.textContent())!.replace(/^Record /, '');

  await switchTo(page, PROXY);
  await expect(actingAs(form)).toHaveText(`Acting for ${PROXY}`);
  // The draft is the master's own: acting for the other profile, the page neither shows it nor offers a form to
  // save over it, only where to go.
  await expect(form.getByText(CASE_MESSAGES.notFound).first()).toBeVisible();
  await expect(form.getByRole('main')).not.toContainText(own);
  await expect(form.getByLabel('Purpose of the trip')).toHaveCount(0);
  await expect(form.getByRole('link', { name: CASE_MESSAGES.notFoundSwitch })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a form emptied by a switch in another tab says the input typed there is kept for its profile', async ({
  page,
  context,
}) => {
  await signIn(page, 'ptib.master', { rememberMe: true });
  await switchTo(page, KOH);
  await expect(actingAs(page)).toHaveText(`Acting for ${KOH}`);
  const form = await context.newPage();
  await form.goto('/#/generic?app=PRD');
  const typed = 'Typed while acting for Koh';
  await form.getByRole('form').getByRole('textbox').first().fill(typed);

  await switchTo(page, PROXY);
  await expect(actingAs(form)).toHaveText(`Acting for ${PROXY}`);
  const main = form.getByRole('main');
  // Emptied on purpose (the input is Koh's), and the page says where it is, not what it is.
  await expect(main).toContainText(CASE_MESSAGES.unsavedForProfile(KOH));
  await expect(form.getByRole('form').getByRole('textbox').first()).toHaveValue('');
  await expect(main).not.toContainText(typed);

  // Acting for Koh again, the input is offered back.
  await switchTo(page, KOH);
  await expect(actingAs(form)).toHaveText(`Acting for ${KOH}`);
  await expect(form.getByRole('region', { name: /unsaved changes/ })).toBeVisible();
  await expect(main).not.toContainText(CASE_MESSAGES.unsavedForProfile(KOH));
});

test('signed in again as themself, the form says the input typed for another profile is kept for it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'ptib.master');
  await switchTo(page, KOH);
  await expect(actingAs(page)).toHaveText(`Acting for ${KOH}`);
  await page.goto('/#/generic?app=PRD');
  const typed = 'Typed while acting for Koh';
  const reason = page.getByRole('form').getByLabel('Reason for the refund');
  await reason.fill(typed);

  // A sign-in in another browser ends this session (one session per login); this tab learns it on its next call.
  const elsewhere = await browser.newContext({ baseURL });
  await signIn(await elsewhere.newPage(), 'ptib.master');
  await page.getByRole('form').getByRole('button', { name: FORM_TEXT.saveDraft }).click();
  await expect(page).toHaveURL(/#\/home\?step=interrupted$/);
  await page.goto('/#/login');
  await fillLogin(page, 'ptib.master');
  // Back on the form, acting as themself: empty, and it says whose the kept input is, not what it holds.
  await expect(page).toHaveURL(/#\/generic\?app=PRD/);
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
  const main = page.getByRole('main');
  await expect(main).toContainText(CASE_MESSAGES.unsavedForProfile(KOH));
  await expect(reason).toHaveValue('');
  await expect(main).not.toContainText(typed);
  await expect(page.getByRole('region', { name: /unsaved changes/ })).toHaveCount(0);
  await elsewhere.close();
});

test("a refused switch sends the user home with 'Access forbidden' and the reason", async ({ page }) => {
  const reason = 'You may no longer act for this profile.';
  await signIn(page, 'ptib.master');
  // The grant is withdrawn between listing and switching: the server refuses with 403 and says why.
  await page.route(`**${API_PATHS.switchProxyProfile}`, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ header: { responseCode: '403', responseDesc: reason }, responseJSON: null }),
    }),
  );
  expect(reason).not.toBe(FORBIDDEN_DESC);
  await switchTo(page, PROXY);
  await expect(page).toHaveURL(/#\/home$/);
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await expect(toast).toContainText(TOAST_TITLES.error);
  await expect(toast).toContainText(`${MESSAGES.accessForbidden}: ${reason}`);
  // Still signed in, still acting as themself; home shows them their way back, not a log-in prompt.
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: HOME_TEXT.dashboardLink })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('when the grant is withdrawn while acting for a profile, the app returns the user to acting as themself and says why', async ({
  page,
}) => {
  await signIn(page, 'ptib.master');
  await switchTo(page, PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);
  // The server's answer to any call acting for the profile once the grant is gone (docs/decisions/0029).
  await page.route(
    `**${API_PATHS.casesSummary}*`,
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          header: { responseCode: RESPONSE_CODE.PROXY_WITHDRAWN, responseDesc: AUTH_MESSAGES.proxyWithdrawn(PROXY_ID) },
          responseJSON: null,
        }),
      }),
    { times: 1 },
  );
  await page.goto('/#/profile');
  await page.goto('/#/dashboard');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    AUTH_MESSAGES.proxyWithdrawnReturned(PROXY, PROXY_ID),
  );
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${MASTER}`);
  expect(await page.evaluate(() => sessionStorage.getItem('PTIB.proxyProfileId'))).toBe('');
  // The switch back was made on the server too: a reload keeps the user acting as themself.
  await page.reload();
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
});

test('a grant withdrawn, met first by a navigation’s profile call: back to acting as themself, named, with no log-in', async ({
  page,
}) => {
  await signIn(page, 'ptib.master');
  await switchTo(page, PROXY);
  await expect(actingAs(page)).toHaveText(`Acting for ${PROXY}`);
  // The server's refusal names the profile (docs/decisions/0029): the refused profile call leaves none in memory.
  await page.route(
    `**${API_PATHS.retrieveProfile}`,
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          header: { responseCode: RESPONSE_CODE.PROXY_WITHDRAWN, responseDesc: AUTH_MESSAGES.proxyWithdrawn(PROXY_ID) },
          responseJSON: { ptibProfileID: PROXY_ID, PTIBName: PROXY },
        }),
      }),
    { times: 1 },
  );
  // Every address shown on the way, the guards' redirects (replaceState) included.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenAddresses: string[] }).seenAddresses = seen;
    const replace = history.replaceState.bind(history);
    history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      seen.push(String(url));
      replace(data, unused, url);
    };
    window.addEventListener('hashchange', () => seen.push(window.location.hash));
    window.location.hash = '#/esvc';
  });
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    AUTH_MESSAGES.proxyWithdrawnReturned(PROXY, PROXY_ID),
  );
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(actingAs(page)).toHaveText(`Signed in as ${MASTER}`);
  const seen = await page.evaluate(() => (window as unknown as { seenAddresses: string[] }).seenAddresses);
  expect(seen.filter((address) => address.includes('login=required'))).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('PTIB.returnTo'))).toBeNull();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
});
