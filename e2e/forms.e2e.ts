import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { MESSAGES } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { FORM_TEXT } from '#contract/forms/index.ts';
import { fillLogin } from './auth-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';

// Sign-in hashes a password and the machine is shared: allow for a slow answer.
const expect = baseExpect.configure({ timeout: 15_000 });
// A whole journey through many calls and an upload on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** Acting as ptib.master, whose profile has no seeded records, so no other test's view changes. */
const USER = 'ptib.master';
const TITLE = 'Proof of Debt and Claims';

async function signIn(page: Page) {
  await page.goto('/#/login');
  await fillLogin(page, USER);
  await expect(page).toHaveURL(/#\/dashboard$/);
}

const toast = (page: Page, message: string) => page.locator('li.toast').filter({ hasText: message });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The answer next to a label in the check answers list. */
const answer = (page: Page, label: string) =>
  page.locator('.check-answers > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });

/** A small real PDF: the server judges a file's type by its content. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a proof of debt from the first question to the PDF acknowledgement', async ({ page, axe }) => {
  await signIn(page);
  await page.goto('/#/generic?app=PNC');

  // Page 1: one page of the form at a time, with where the user is.
  await expect(h1(page, 'About the creditor')).toBeVisible();
  await expect(page.getByText(FORM_TEXT.progress(1, 2))).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  // Continue checks this page only: the GOV.UK error summary, focused, linked, and in the title.
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle });
  await expect(summary).toBeFocused();
  await expect(toast(page, MESSAGES.validationSummary)).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(summary.getByRole('link')).toHaveText([
    'Enter name of creditor',
    'Enter NRIC or FIN of the creditor',
    'Enter email address',
  ]);
  const name = page.getByLabel('Name of creditor');
  await expect(name).toHaveAccessibleDescription('Error: Enter name of creditor');
  expect((await axe().analyze()).violations).toEqual([]);
  await summary.getByRole('link', { name: 'Enter name of creditor' }).click();
  await expect(name).toBeFocused();

  await name.fill('Tan Holdings');
  // Conditional questions: the UEN only for an entity, the NRIC only for an individual.
  await page.getByLabel('Creditor is').selectOption({ label: 'Entity' });
  await expect(page.getByLabel('UEN of the creditor')).toBeVisible();
  await expect(page.getByLabel('NRIC or FIN of the creditor')).toHaveCount(0);
  await page.getByLabel('Creditor is').selectOption({ label: 'Individual' });
  await expect(page.getByLabel('UEN of the creditor')).toHaveCount(0);
  await page.getByLabel('NRIC or FIN of the creditor').fill('S9470855I');
  await page.getByLabel('Email address').fill('claims@example.com');
  // How the officer reaches the creditor, not where the portal sends SMS: no such question (migration 195).
  await expect(page.getByRole('group', { name: 'Notify me by SMS' })).toHaveCount(0);
  await page.getByLabel('Mobile number').fill('91234567');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Page 2: a repeating group and an upload.
  await expect(h1(page, 'The claims')).toBeVisible();
  await expect(page.getByText(FORM_TEXT.progress(2, 2))).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=claims/);
  await page.getByLabel('Case number of the estate').fill('BS 000042 2026');
  const claims = page.getByRole('group', { name: 'Claims' });
  const first = claims.getByRole('group', { name: 'Claim 1' });
  await first.getByLabel('What the debt is for').fill('Unpaid invoice 1001');
  await first.getByLabel('Date the debt was incurred').fill('2026-01-15');
  await first.getByRole('group', { name: 'Amount claimed' }).getByLabel('Amount').fill('1500');
  // Unanswered until the creditor says (docs/decisions/0084); the security held is asked of a secured claim.
  await expect(first.getByLabel('Security held')).toHaveCount(0);
  await first.getByRole('group', { name: 'The claim is secured' }).getByRole('radio', { name: 'Yes' }).check();
  await first.getByLabel('Security held').fill('Charge over equipment');
  await claims.getByRole('button', { name: 'Add another claim' }).click();
  const second = claims.getByRole('group', { name: 'Claim 2' });
  // An answer in Arabic ("late fees") reads right to left where it is typed and where it is shown again.
  const arabic = second.getByLabel('What the debt is for');
  await arabic.fill('رسوم التأخير');
  expect(await arabic.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
  await second.getByLabel('Date the debt was incurred').fill('2026-02-01');
  await second.getByRole('group', { name: 'Amount claimed' }).getByLabel('Amount').fill('75.50');
  await second.getByRole('group', { name: 'The claim is secured' }).getByRole('radio', { name: 'No' }).check();
  await expect(second.getByLabel('Security held')).toHaveCount(0);
  await claims.getByRole('button', { name: 'Add another claim' }).click();
  await claims.getByRole('button', { name: 'Remove claim 3' }).click();
  await expect(claims.getByRole('group', { name: /^Claim \d$/ })).toHaveCount(2);

  await page.getByLabel('Supporting documents').setInputFiles({
    name: 'invoice-1001.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  const files = page.getByRole('list', { name: /Files uploaded: Supporting documents/ });
  await expect(files).toContainText('invoice-1001.pdf');
  await expect(files.getByRole('button', { name: 'Remove invoice-1001.pdf' })).toBeVisible();
  // The first upload saved the form as a draft: the address names the record from now on.
  await expect(page).toHaveURL(/[?&]case=\d+/);
  expect((await axe().analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Check answers: what was given, 'Not provided' where skipped, nothing of hidden questions.
  await expect(h1(page, FORM_TEXT.checkHeading)).toBeVisible();
  await expect(answer(page, 'Name of creditor')).toContainText('Tan Holdings');
  await expect(answer(page, 'Mobile number')).toContainText('91234567');
  await expect(page.getByRole('term').getByText('UEN of the creditor', { exact: true })).toHaveCount(0);
  await expect(answer(page, 'Claim 1: Amount claimed')).toContainText('S$1,500.00');
  await expect(answer(page, 'Claim 2: The claim is secured')).toContainText('No');
  const direction = (label: string) =>
    answer(page, label)
      .getByRole('definition')
      .first()
      .evaluate((el) => (el.matches(':dir(rtl)') ? 'rtl' : 'ltr'));
  expect(await direction('Claim 2: What the debt is for')).toBe('rtl');
  expect(await direction('Claim 1: What the debt is for')).toBe('ltr');
  await expect(answer(page, 'Supporting documents')).toContainText('invoice-1001.pdf');
  expect((await axe().analyze()).violations).toEqual([]);

  // Change an answer: to its question, focused, and back to check answers after Continue.
  await page.getByRole('link', { name: 'Change Name of creditor' }).click();
  await expect(h1(page, 'About the creditor')).toBeVisible();
  await expect(page.getByLabel('Name of creditor')).toBeFocused();
  await page.getByLabel('Name of creditor').fill('Tan Holdings Pte');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(h1(page, FORM_TEXT.checkHeading)).toBeVisible();
  await expect(answer(page, 'Name of creditor')).toContainText('Tan Holdings Pte');

  // The declaration must be ticked; the button is named for the action.
  const submit = page.getByRole('button', { name: FORM_TEXT.submit(TITLE) });
  await submit.click();
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(['Tick the box to confirm the declaration']);
  expect((await axe().analyze()).violations).toEqual([]);
  await page.getByRole('checkbox', { name: /^I declare that the debts claimed are true/ }).check();
  await submit.click();

  // Confirmation: the case number, what happens next, contact details and the PDF.
  await expect(h1(page, FORM_TEXT.confirmationTitle(TITLE))).toBeVisible();
  await expect(toast(page, CASE_MESSAGES.submitted)).toBeVisible();
  const caseNumber = page.getByTestId('case-number');
  await expect(caseNumber).toHaveText(/^PN \d{6} \d{4}$/);
  const number = (await caseNumber.textContent())!;
  await expect(page.getByRole('heading', { name: FORM_TEXT.whatNextHeading })).toBeVisible();
  await expect(page.getByText(/call us on/)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  // Bookmarked or reloaded, the confirmation is still there (loaded by the record's id).
  await page.reload();
  await expect(h1(page, FORM_TEXT.confirmationTitle(TITLE))).toBeVisible();
  await expect(page.getByTestId('case-number')).toHaveText(number);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: FORM_TEXT.download }).click(),
  ]);
  const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
  try {
    const text = (await parser.getText()).text;
    expect(text).toContain(number);
    expect(text).toContain('Tan Holdings Pte');
    expect(text).toContain('invoice-1001.pdf');
  } finally {
    await parser.destroy();
  }

  // From the record list, the submitted record is read-only: its answers and the PDF, no inputs.
  const id = /[?&]case=(\d+)/.exec(page.url())![1]!;
  await page.goto(`/#/generic?app=PNC&case=${id}`);
  await expect(page.getByText(FORM_TEXT.submittedView)).toBeVisible();
  await expect(answer(page, 'Name of creditor')).toContainText('Tan Holdings Pte');
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Change/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: FORM_TEXT.download })).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);
});

test.describe('in the dark theme on a narrow screen', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 375, height: 900 } });

  test('a question page with errors and check answers have no axe violations', async ({ page, axe }) => {
    await signIn(page);
    await page.goto('/#/generic?app=PNC');
    await expect(h1(page, 'About the creditor')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle })).toBeFocused();
    expect((await axe().analyze()).violations).toEqual([]);
    await page.goto('/#/generic?app=PNC&step=check');
    await expect(h1(page, FORM_TEXT.checkHeading)).toBeVisible();
    await page.getByRole('button', { name: FORM_TEXT.submit(TITLE) }).click();
    await expect(page.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle })).toBeFocused();
    expect((await axe().analyze()).violations).toEqual([]);
  });
});
