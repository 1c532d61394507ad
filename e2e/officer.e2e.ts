import type { Browser, Page } from '@playwright/test';
import { API_PATHS, MESSAGES } from '#contract/index.ts';
import { CASE_MESSAGES, NEXT_STEP_MESSAGES, TIMELINE_LABELS } from '#contract/cases.ts';
import { FORM_TEXT, todayInSingapore, type FieldDef, type FormDefinition } from '#contract/forms/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { DECISION_DOCUMENT_REQUIRED, OFFICER_MESSAGES, type OfficerQueue } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT, PROGRESS_TEXT } from '#contract/officerScreens.ts';
import { PAYMENT_TEXT } from '#contract/payments.ts';
import { sampleAnswers } from '../server/test/sample-answers.ts';
import { call, fillLogin } from './auth-helpers.ts';
import { FORM_CODES } from './eservices.ts';
import { decide, signInOfficer } from './officer-helpers.ts';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, expect as baseExpect, test } from './fixtures.ts';

/**
 * The back office in the browser (docs/decisions/0049): the whole loop with an applicant and officers in
 * browser contexts of their own (an applicant submits, an officer asks for more information, the applicant
 * answers, the officer proposes a rejection, a supervisor approves it, and the applicant sees each step),
 * a stale action, axe on every officer screen, and each side's guard against the other's users.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
// Several sign-ins (each hashes a password) and a dozen screens on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const DENIED = /#\/common-handler\/access-denied\?errorCode=PTACC-951$/;

/** The applicant signs in and lands on the dashboard (a password check is slow on a busy machine). */
async function signIn(page: Page, loginName: string): Promise<void> {
  await page.goto('/#/login');
  await fillLogin(page, loginName);
  await expect(page).toHaveURL(/#\/dashboard$/);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Fields at the top of a form (a request names those). */
const topFields = (form: FormDefinition): FieldDef[] => form.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));

interface Submitted {
  caseNumber: string;
  id: string;
  appCode: string;
  title: string;
  /** A free-text question the officer asks about. */
  question: FieldDef;
}

/**
 * The applicant's draft (a careful applicant's answers, server/test/sample-answers.ts) of a form e-service that
 * needs neither a required document nor another record, submitted from check answers in the browser.
 */
async function applicantSubmits(page: Page): Promise<Submitted> {
  for (const code of FORM_CODES) {
    const eservice = await call<{ title: string; form: FormDefinition }>(page, `${API_PATHS.eservices}/${code}`);
    if (eservice.status !== 200) continue;
    const { title, form } = eservice.body.responseJSON;
    const fields = topFields(form);
    const question = fields.find((f) => f.type === 'textarea' || (f.type === 'text' && !f.format));
    const awkward = fields.some(
      (f) => (f.type === 'attachment' && f.required) || (f.type === 'caseNumber' && f.recordOf),
    );
    if (!question || awkward) continue;
    const answers = sampleAnswers(form, todayInSingapore(new Date()), () => undefined);
    const draft = await call<{ id: string; caseNumber: string }>(page, API_PATHS.cases, {
      json: { appCode: code, data: answers, draft: true },
    });
    if (draft.status !== 201) continue;
    const { id, caseNumber } = draft.body.responseJSON;
    await page.goto(`/#/generic?app=${code}&case=${id}&step=check`);
    await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.checkHeading })).toBeVisible();
    for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: FORM_TEXT.submit(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.confirmationTitle(title) })).toBeVisible();
    return { caseNumber, id, appCode: code, title, question };
  }
  throw new Error('No e-service without required documents and other records to submit');
}

/** The applicant's dashboard row and timeline of the record. */
async function applicantSees(page: Page, caseNumber: string, step: string, nextStep: string): Promise<void> {
  // Opened afresh: the applicant comes back to the dashboard later, not to the page as it was.
  await page.goto('/#/dashboard');
  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: caseNumber }) });
  await expect(row).toContainText(nextStep);
  const details = page.locator('details').filter({ hasText: caseNumber });
  // A record waiting for the applicant opens by itself; the others open with a click on their summary.
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details.getByRole('listitem').filter({ hasText: step }).first()).toBeVisible();
}

/** Opens a case from the queues by finding its number, as an officer would. */
async function openCase(page: Page, caseNumber: string, queue: OfficerQueue = 'new') {
  await page.goto(`/#/officer?queue=${queue}`);
  const link = page.getByRole('link', { name: caseNumber, exact: true });
  // Coming from another view of the queues, the screen may redraw its find box as it takes up the new
  // address, dropping what the test had typed into the one before: type and find again until found.
  await expect(async () => {
    await page.getByLabel('Case number or applicant name').fill(caseNumber);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(link).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
}

/** Axe on a page of any context (the fixture's runs on the test's own page only). */
/** An officer signed in, in a browser of their own, who has opened the case and assigned it to themselves. */
async function assignedTo(browser: Browser, loginName: string, caseNumber: string): Promise<Page> {
  const officer = await newPage(browser);
  await signInOfficer(officer, loginName);
  await openCase(officer, caseNumber);
  await officer.getByRole('button', { name: 'Assign to me' }).click();
  await expect(officer.getByTestId('officer-case-status')).toHaveText('In review');
  return officer;
}

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the whole loop: submit, more information, answer, proposed rejection, supervisor approves', async ({
  page: applicant,
  browser,
}) => {
  await signIn(applicant, 'ptib.demo');
  const record = await applicantSubmits(applicant);
  await applicantSees(applicant, record.caseNumber, TIMELINE_LABELS.submitted, NEXT_STEP_MESSAGES.submitted);

  // The officer finds it in the new queue, takes it and asks for more information about one answer.
  const officer = await newPage(browser);
  await signInOfficer(officer, 'officer.demo');
  await expect(officer.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: /New/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await openCase(officer, record.caseNumber);
  await noAxeViolations(officer);
  await officer.getByRole('button', { name: 'Assign to me' }).click();
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.assignToMe })).toBeVisible();

  // Sent empty, the request says what is missing, in an error summary linked to each control.
  const request = officer.getByRole('form', { name: 'Request more information' });
  await request.getByRole('button', { name: 'Request more information' }).click();
  const summary = officer.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle });
  await expect(summary.getByRole('link', { name: OFFICER_MESSAGES.fieldsRequired })).toBeVisible();
  await expect(summary.getByRole('link', { name: OFFICER_MESSAGES.messageRequired })).toBeVisible();
  await noAxeViolations(officer);
  await request.getByRole('checkbox', { name: record.question.label, exact: true }).check();
  const message = 'Please tell us more in this answer.';
  await request.getByLabel(OFFICER_SCREEN_TEXT.messageLabel).fill(message);
  await request.getByRole('button', { name: 'Request more information' }).click();
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.requestInfo })).toBeVisible();
  await expect(officer.getByTestId('officer-case-status')).toHaveText('More information requested');

  // The applicant sees the request, changes only that answer and resubmits.
  await applicantSees(
    applicant,
    record.caseNumber,
    TIMELINE_LABELS.more_info_requested,
    NEXT_STEP_MESSAGES.more_info_requested,
  );
  await expect(applicant.getByText(message).first()).toBeVisible();
  await applicant.getByRole('link', { name: `${PROGRESS_TEXT.answer} on ${record.caseNumber}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: PROGRESS_TEXT.changeRequested })).toBeVisible();
  const answer = applicant.getByRole('textbox', { name: record.question.label });
  await expect(applicant.getByRole('main').getByRole('textbox')).toHaveCount(1);
  await noAxeViolations(applicant);
  // Two lines, as people answer: the officer reads them as two lines.
  await answer.fill('More detail, as the officer asked.\nAnd a second line.');
  await applicant.getByRole('button', { name: PROGRESS_TEXT.resubmit }).click();
  await expect(applicant.getByText(CASE_MESSAGES.resubmitted).first()).toBeVisible();
  await applicantSees(applicant, record.caseNumber, TIMELINE_LABELS.in_review, NEXT_STEP_MESSAGES.in_review);

  // The officer sees what changed, and proposes a rejection with the reason the applicant will read.
  await openCase(officer, record.caseNumber, 'mine');
  const changes = officer.getByRole('region', { name: OFFICER_SCREEN_TEXT.changesHeading });
  const changed = changes.getByRole('row').filter({ hasText: record.question.label });
  await expect(changed).toContainText('More detail, as the officer asked.');
  expect(await changed.innerText()).toContain('More detail, as the officer asked.\nAnd a second line.');
  const reason = 'The applicant is not a member of the scheme.';
  const reject = officer.getByRole('form', { name: 'Propose rejection' });
  await reject.getByLabel(OFFICER_SCREEN_TEXT.reasonLabel).fill(reason);
  await reject.getByRole('button', { name: 'Propose rejection' }).click();
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.proposeRejection })).toBeVisible();
  // To the applicant a proposed rejection is still in review.
  await applicantSees(applicant, record.caseNumber, TIMELINE_LABELS.in_review, NEXT_STEP_MESSAGES.in_review);

  // The supervisor approves it (four eyes); the applicant reads the reason.
  const supervisor = await newPage(browser);
  await signInOfficer(supervisor, 'officer.lead');
  await noAxeViolations(supervisor);
  await supervisor.goto(`/#/officer/case?id=${record.id}`);
  await expect(supervisor.getByRole('heading', { level: 1, name: `Case ${record.caseNumber}` })).toBeVisible();
  await expect(supervisor.getByText(reason).first()).toBeVisible();
  // A final decision is asked once more, in a modal dialog that names the case (docs/decisions/0070).
  await supervisor.getByRole('button', { name: 'Approve rejection' }).click();
  const confirm = supervisor.getByRole('dialog', {
    name: OFFICER_SCREEN_TEXT.confirmApproveRejection(record.caseNumber),
  });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await noAxeViolations(supervisor);
  await confirm.getByRole('button', { name: 'Approve rejection' }).click();
  await expect(
    supervisor.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.approveRejection }),
  ).toBeVisible();
  await expect(supervisor.getByTestId('officer-history')).toContainText('Rejected');

  await applicantSees(applicant, record.caseNumber, TIMELINE_LABELS.rejected, NEXT_STEP_MESSAGES.rejected);
  await expect(applicant.getByText(reason).first()).toBeVisible();
});

test('officer screens have no axe violations: the queues with their filters; on a phone, the caption reads', async ({
  page,
}) => {
  await signInOfficer(page, 'officer.demo');
  // The caption's words stay on a 360 px screen, not centred over the whole width of the table that scrolls.
  await page.setViewportSize({ width: 360, height: 740 });
  const words = await page
    .getByRole('table')
    .locator('caption')
    .evaluate((caption) => {
      const range = document.createRange();
      range.selectNodeContents(caption);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
  expect(words.left).toBeGreaterThanOrEqual(0);
  expect(words.right).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const hash of ['#/officer', '#/officer?queue=mine', '#/officer?queue=decided&sort=dueDate&age=5']) {
    await page.goto(`/${hash}`);
    await expect(
      page.getByRole('table').or(page.getByText(OFFICER_SCREEN_TEXT.noCases, { exact: false })),
    ).toBeVisible();
    await noAxeViolations(page);
  }
});

test("a case opened from the queue puts the focus on its page's heading", async ({ page }) => {
  await signInOfficer(page, 'officer.demo');
  const link = page.getByRole('table').getByRole('link').first();
  const caseNumber = (await link.textContent())!;
  await link.click();
  const heading = page.getByRole('heading', { level: 1, name: `Case ${caseNumber}` });
  await expect(heading).toBeVisible();
  // Not on the page's start, where the loading screen's own heading left it when the case came.
  await expect(heading).toBeFocused();
});

test("a stale action is refused with the server's message and the case as it is now", async ({ page, browser }) => {
  await signIn(page, 'ptib.demo');
  const record = await applicantSubmits(page);
  const first = await assignedTo(browser, 'officer.demo', record.caseNumber);

  // The same officer in a second tab approves it; the first tab still shows the case as it was.
  const second = await first.context().newPage();
  await second.goto(`/#/officer/case?id=${record.id}`);
  await decide(second, 'Approve');
  await expect(second.getByTestId('officer-case-status')).toHaveText('Approved');

  await first.getByRole('button', { name: 'Release' }).click();
  await expect(first.getByRole('alert').filter({ hasText: OFFICER_MESSAGES.staleVersion })).toBeVisible();
  await expect(first.getByTestId('officer-case-status')).toHaveText('Approved');
});

test('each side keeps the other out: PTACC-951 both ways', async ({ page, browser }) => {
  await signIn(page, 'ptib.demo');
  await page.goto('/#/officer');
  await expect(page).toHaveURL(DENIED);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await page.goto('/#/officer/case?id=1');
  await expect(page).toHaveURL(DENIED);

  const officer = await newPage(browser);
  const unread: number[] = [];
  officer.on('response', (r) => {
    if (new URL(r.url()).pathname === NOTIFICATION_PATHS.unread) unread.push(r.status());
  });
  const profile: number[] = [];
  officer.on('response', (r) => {
    if (new URL(r.url()).pathname === API_PATHS.retrieveProfile) profile.push(r.status());
  });
  await signInOfficer(officer, 'officer.demo');
  // The token says the account is an officer's: the profile call, which would be refused, is not asked
  // (docs/decisions/0049); the sign-in turns to the queues all the same.
  expect(profile).toEqual([]);
  // The inbox is a PTIB call: an officer's header offers no way to it, and never asks for it.
  await expect(officer.getByTestId('inbox-link')).toHaveCount(0);
  for (const hash of ['#/dashboard', '#/profile', '#/generic?app=PD']) {
    await officer.goto(`/${hash}`);
    await expect(officer).toHaveURL(DENIED);
  }
  await expect(officer.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(officer.getByTestId('inbox-link')).toHaveCount(0);
  expect(unread).toEqual([]);
});

/** The back office's line of who is signed in: once on the screen, above its heading, as the queues show it. */
async function saysWhoIsSignedIn(page: Page, name: string, roles: string): Promise<void> {
  const line = page.getByRole('main').getByText(/^Signed in as /);
  await expect(line).toHaveText(OFFICER_SCREEN_TEXT.signedInAs(name, roles));
  await expect(line).toHaveCount(1);
  const heading = page.getByRole('heading', { level: 1 });
  expect(
    await line.evaluate(
      (el, h) => el.compareDocumentPosition(h!) & Node.DOCUMENT_POSITION_FOLLOWING,
      await heading.elementHandle(),
    ),
  ).toBeTruthy();
}

test('every back-office screen says who is signed in, the same way', async ({ page, browser }) => {
  await signInOfficer(page, 'officer.demo');
  await saysWhoIsSignedIn(page, 'Officer Demo', 'officer');
  // A case that cannot be found still is a back-office screen.
  await page.goto('/#/officer/case?id=999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Case' })).toBeVisible();
  await saysWhoIsSignedIn(page, 'Officer Demo', 'officer');

  const finance = await newPage(browser);
  await signInOfficer(finance, 'officer.finance', {
    url: /#\/officer\/payments$/,
    heading: PAYMENT_TEXT.reconciliationHeading,
  });
  await saysWhoIsSignedIn(finance, 'Finance Officer', 'finance');
});

test('a long decision reason wraps on a phone: the case does not scroll sideways', async ({ page, browser }) => {
  await signIn(page, 'ptib.demo');
  const record = await applicantSubmits(page);
  const officer = await assignedTo(browser, 'officer.demo', record.caseNumber);
  // One unbroken word (a pasted reference, a link) longer than a phone is wide.
  const reason = `Reference:${'0123456789'.repeat(30)}`;
  const reject = officer.getByRole('form', { name: 'Propose rejection' });
  await reject.getByLabel(OFFICER_SCREEN_TEXT.reasonLabel).fill(reason);
  await reject.getByRole('button', { name: 'Propose rejection' }).click();
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.proposeRejection })).toBeVisible();

  const supervisor = await newPage(browser);
  await signInOfficer(supervisor, 'officer.lead');
  await supervisor.goto(`/#/officer/case?id=${record.id}`);
  await decide(supervisor, 'Approve rejection');
  await expect(supervisor.getByTestId('officer-case-status')).toHaveText('Rejected');
  await supervisor.setViewportSize({ width: 390, height: 844 });
  await expect(supervisor.getByText(reason).first()).toBeVisible();
  const spill = await supervisor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(spill).toBeLessThanOrEqual(0);
});

test("an officer's message keeps its lines, for the applicant and in the back office", async ({ page, browser }) => {
  await signIn(page, 'ptib.demo');
  const record = await applicantSubmits(page);
  const officer = await assignedTo(browser, 'officer.lead', record.caseNumber);
  // Pasted from a letter: a list, a blank line, and Arabic and emoji as people write them.
  const message = 'Please send:\n1. the bank statement 🏦\n2. the receipt\n\nمرحبا — thank you';
  const request = officer.getByRole('form', { name: 'Request more information' });
  await request.getByLabel(record.question.label, { exact: true }).check();
  await request.getByLabel(OFFICER_SCREEN_TEXT.messageLabel).fill(message);
  await request.getByRole('button', { name: 'Request more information' }).click();
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.requestInfo })).toBeVisible();
  const lines = /Please send:\n1\. the bank statement 🏦\n2\. the receipt\n+مرحبا — thank you/;
  expect(await officer.getByRole('region', { name: OFFICER_SCREEN_TEXT.requestsHeading }).innerText()).toMatch(lines);
  // The history names the request rather than print its message a second time.
  const history = officer.getByTestId('officer-history');
  await expect(history.getByRole('link', { name: OFFICER_SCREEN_TEXT.historyRequest(1, 1) })).toBeVisible();
  expect(await history.innerText()).not.toContain('Please send:');

  await applicantSees(
    page,
    record.caseNumber,
    TIMELINE_LABELS.more_info_requested,
    NEXT_STEP_MESSAGES.more_info_requested,
  );
  const progress = page.getByTestId('case-progress').filter({ hasText: 'Please send:' });
  expect(await progress.innerText()).toMatch(lines);
  // And on the page where the applicant answers it.
  await progress.getByRole('link', { name: `${PROGRESS_TEXT.answer} on ${record.caseNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROGRESS_TEXT.changeRequested })).toBeVisible();
  expect(await page.locator('.notice').filter({ hasText: PROGRESS_TEXT.requestHeading }).innerText()).toMatch(lines);
});

test('with text at 200 % on a phone, the case summary moves its answers under their labels', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOfficer(page, 'officer.lead');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByTestId('officer-case-status')).toBeVisible();
  // As the browser's own text size setting does: the root font twice as large.
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  const widths = await page
    .locator('main .summary-list dd')
    .evaluateAll((dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().width)));
  expect(widths.length).toBeGreaterThan(0);
  // Not squeezed beside its label into a sliver that shows a letter a line.
  for (const width of widths) expect(width).toBeGreaterThan(150);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test('a reason made only of zero-width characters is no reason: said beside it, nothing sent', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ptib.demo');
  const record = await applicantSubmits(page);
  // The supervisor, who works cases too: officer.demo's codes for the hour (OTP.SMS_PER_LOGIN) go to the tests above.
  const officer = await assignedTo(browser, 'officer.lead', record.caseNumber);
  const reject = officer.getByRole('form', { name: 'Propose rejection' });
  // Pasted: it looks empty, and is.
  await reject.getByLabel(OFFICER_SCREEN_TEXT.reasonLabel).fill('\u200b\u200c\u200d\u2060\ufeff');
  await reject.getByRole('button', { name: 'Propose rejection' }).click();
  await expect(reject.getByText(OFFICER_MESSAGES.reasonRequired)).toBeVisible();
  await expect(reject.getByLabel(OFFICER_SCREEN_TEXT.reasonLabel)).toHaveAttribute('aria-invalid', 'true');
  await expect(officer.getByTestId('officer-case-status')).toHaveText('In review');
});

test("a queue's Status filter offers only the statuses the queue can hold", async ({ page }) => {
  // The supervisor, who works cases too: officer.demo's codes for the hour (OTP.SMS_PER_LOGIN) go to the tests above.
  await signInOfficer(page, 'officer.lead');
  await page.goto('/#/officer?queue=mine');
  await expect(page.getByRole('heading', { level: 1, name: OFFICER_SCREEN_TEXT.queuesHeading })).toBeVisible();
  await expect(page.getByLabel('Status').getByRole('option')).toHaveText([
    'Any status',
    'In review',
    'Rejection proposed',
  ]);
});

test('"Back to the queues" returns to the queue, filters and sort the case was opened from', async ({ page }) => {
  // The supervisor, who works cases too: officer.demo's codes for the hour (OTP.SMS_PER_LOGIN) go to the tests above.
  await signInOfficer(page, 'officer.lead');
  await page.goto('/#/officer?queue=new&status=submitted&sort=dueDate');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByTestId('officer-case-status')).toBeVisible();
  await page.getByRole('link', { name: OFFICER_SCREEN_TEXT.backToQueues }).click();
  await expect(page).toHaveURL(/#\/officer\?queue=new&status=submitted&sort=dueDate$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('dueDate');
  await expect(page.getByLabel('Status')).toHaveValue('submitted');
});

test('an action whose answer was lost says so once, and pressed again is taken once', async ({ page, browser }) => {
  await signIn(page, 'ptib.demo');
  const record = await applicantSubmits(page);
  // The supervisor, who works cases too: officer.demo's codes for the hour (OTP.SMS_PER_LOGIN) go to the tests above.
  const officer = await assignedTo(browser, 'officer.lead', record.caseNumber);

  // The server takes the action; its answer never reaches the browser.
  const action = `**/api/officer/cases/${record.id}/action`;
  await officer.route(action, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await decide(officer, 'Approve');
  await expect(
    officer.getByRole('alert').filter({ hasText: OFFICER_MESSAGES.actionUnconfirmed('approve') }),
  ).toBeVisible();
  await expect(officer.locator('li.toast')).toHaveCount(1);
  await expect(officer.getByText(MESSAGES.somethingWrong)).toHaveCount(0);

  await officer.unroute(action);
  await decide(officer, 'Approve');
  await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done.approve })).toBeVisible();
  await expect(officer.getByTestId('officer-case-status')).toHaveText('Approved');
  await expect(officer.getByText(OFFICER_MESSAGES.staleVersion)).toHaveCount(0);
  await expect(
    officer.getByTestId('officer-history').getByRole('listitem').filter({ hasText: 'Approved' }),
  ).toHaveCount(1);
});

test('an estate account statement is approved with the statement attached, and refused without it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ptib.demo');
  const esa = await call<{ title: string; form: FormDefinition }>(page, `${API_PATHS.eservices}/ESA`);
  const { title, form } = esa.body.responseJSON;
  const draft = await call<{ id: string; caseNumber: string }>(page, API_PATHS.cases, {
    json: { appCode: 'ESA', data: sampleAnswers(form, todayInSingapore(new Date()), () => undefined), draft: true },
  });
  expect(draft.status).toBe(201);
  const { id, caseNumber } = draft.body.responseJSON;
  await page.goto(`/#/generic?app=ESA&case=${id}&step=check`);
  for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: FORM_TEXT.submit(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.confirmationTitle(title) })).toBeVisible();

  const officer = await assignedTo(browser, 'officer.demo', caseNumber);
  // Without the statement, the approval is refused before it is confirmed: said by the file input.
  await officer.getByRole('button', { name: 'Approve', exact: true }).click();
  const input = officer.getByLabel(OFFICER_SCREEN_TEXT.attachLabel);
  await expect(input).toHaveAccessibleDescription(new RegExp(`Error: ${DECISION_DOCUMENT_REQUIRED.ESA!.approve!}`));
  await expect(officer.getByTestId('officer-case-status')).toHaveText('In review');

  await input.setInputFiles({
    name: 'Statement of account.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  const documents = officer.getByRole('region', { name: OFFICER_SCREEN_TEXT.decisionDocumentsHeading });
  // The list's item: the file's name is also the Remove button's hidden text.
  await expect(documents.getByRole('listitem').filter({ hasText: 'Statement of account.pdf' })).toBeVisible();
  await noAxeViolations(officer);
  await decide(officer, 'Approve');
  await expect(officer.getByTestId('officer-case-status')).toHaveText('Approved');
  // Sent with the decision, it can no longer be taken back.
  await expect(documents.getByRole('button', { name: /Remove/ })).toHaveCount(0);
});
