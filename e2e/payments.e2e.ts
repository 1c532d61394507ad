import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { API_PATHS } from '#contract/index.ts';
import { FORM_TEXT, todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import {
  BILL_STATE_LABELS,
  DEMO_PAYNOW_UEN,
  PAYMENT_MESSAGES,
  PAYMENT_PATHS,
  PAYMENT_TEXT,
  crc16,
  parsePayload,
  type Bill,
} from '#contract/payments.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { sampleAnswers } from '../server/test/sample-answers.ts';
import { call, signIn } from './auth-helpers.ts';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, expect as baseExpect, test } from './fixtures.ts';
import { decide, signInOfficer } from './officer-helpers.ts';

/**
 * A payment e-service from submission to receipt in the browser: the bill with its PayNow QR, which a QR
 * reader (jsQR, over the canvas's pixels) reads back into exactly the payload a banking app would pay; the
 * demo's simulated payment; the receipt PDF; the bill on the dashboard.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/**
 * Submits a Payment by Debtor record through its pages, as a user does, and lands on its confirmation;
 * `typed`: the amount the user types on the payment page instead, and how check answers shows it.
 */
async function submitPayment(
  page: Page,
  dollars: string,
  typed?: { amount: string; shown: string },
): Promise<{ caseNumber: string; title: string; id: string }> {
  const eservice = await call<{ title: string; form: FormDefinition }>(page, `${API_PATHS.eservices}/PD`);
  const { title, form } = eservice.body.responseJSON;
  const answers = sampleAnswers(form, todayInSingapore(new Date()));
  answers.paymentAmount = { amount: dollars, currency: 'SGD' };
  const draft = await call<{ id: string; caseNumber: string }>(page, API_PATHS.cases, {
    json: { appCode: 'PD', data: answers, draft: true },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const record = draft.body.responseJSON;
  await page.goto(`/#/generic?app=PD&case=${record.id}`);
  const h1 = page.getByRole('heading', { level: 1 });
  const check = page.getByRole('heading', { level: 1, name: FORM_TEXT.checkHeading });
  await expect(page.getByTestId('case-number')).toHaveText(record.caseNumber);
  if (typed !== undefined) {
    await page.goto(`/#/generic?app=PD&case=${record.id}&page=payment`);
    await page.getByRole('group', { name: 'Payment amount' }).getByLabel('Amount').fill(typed.amount);
  }
  for (let step = 0; step <= form.pages.length && !(await check.isVisible()); step++) {
    const heading = (await h1.textContent())!;
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(h1).not.toHaveText(heading);
  }
  if (typed) {
    const row = page.locator('dt', { hasText: /^Payment amount$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(row).toHaveText(typed.shown);
  }
  for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: FORM_TEXT.submit(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.confirmationTitle(title) })).toBeVisible();
  return { caseNumber: record.caseNumber, title, id: record.id };
}

/** The QR as a phone's camera would see it: the canvas's pixels, decoded by jsQR. */
async function scanQr(page: Page): Promise<string | null> {
  const image = await page.getByTestId('paynow-qr').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  return jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height)?.data ?? null;
}

test('a bill’s PayNow QR, drawn on the page, reads back into the payload a bank would pay', async ({ page, axe }) => {
  await signIn(page, 'ptib.demo');
  const { caseNumber } = await submitPayment(page, '1234.50');
  const panel = page.getByRole('region', { name: PAYMENT_TEXT.heading });
  await expect(panel.getByTestId('bill-amount')).toHaveText('S$1,234.50');
  await expect(panel.getByTestId('bill-state')).toHaveText(BILL_STATE_LABELS.awaiting);
  const reference = caseNumber.replace(/ /g, '');
  await expect(panel.getByTestId('paynow-uen')).toHaveText(DEMO_PAYNOW_UEN);
  await expect(panel.getByTestId('paynow-reference')).toHaveText(reference);

  await expect.poll(() => scanQr(page)).not.toBeNull();
  const scanned = (await scanQr(page))!;
  expect(scanned).toBe(await page.getByTestId('paynow-qr').getAttribute('data-payload'));
  expect(parsePayload(scanned)).toMatchObject({
    '00': '01',
    '01': '12',
    '26.00': 'SG.PAYNOW',
    '26.01': '2',
    '26.02': DEMO_PAYNOW_UEN,
    '26.03': '0',
    '53': '702',
    '54': '1234.50',
    '58': 'SG',
    '62.01': reference,
  });
  expect(parsePayload(scanned)['26.04']).toMatch(/^\d{8}$/);
  expect(scanned.slice(-4)).toBe(crc16(scanned.slice(0, -4)));

  const results = await axe().analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
});

test('an amount typed as the portal writes it is checked, billed and shown as S$1,234.56', async ({ page }) => {
  await signIn(page, 'ptib.demo');
  await submitPayment(page, '', { amount: 'S$1,234.56', shown: 'S$1,234.56' });
  const panel = page.getByRole('region', { name: PAYMENT_TEXT.heading });
  await expect(panel.getByTestId('bill-amount')).toHaveText('S$1,234.56');
});

test('pay a bill with the demo button, download the receipt, see it paid on the dashboard', async ({ page, axe }) => {
  await signIn(page, 'ptib.demo');
  const { caseNumber, title } = await submitPayment(page, '75.00');
  const panel = page.getByRole('region', { name: PAYMENT_TEXT.heading });
  await expect(panel.getByTestId('bill-state')).toHaveText(BILL_STATE_LABELS.awaiting);
  await panel.getByRole('button', { name: PAYMENT_TEXT.simulate }).click();
  await expect(panel.getByTestId('bill-state')).toHaveText(BILL_STATE_LABELS.paid);
  await expect(panel.getByTestId('paynow-qr')).toHaveCount(0);
  const receiptNumber = (await panel.getByTestId('receipt-number').textContent())!;
  expect(receiptNumber).toMatch(/^\d{10}$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: PAYMENT_TEXT.downloadReceipt }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
  try {
    const text = (await parser.getText()).text;
    expect(text).toContain(receiptNumber);
    expect(text).toContain(caseNumber);
    expect(text).toContain(title);
    expect(text).toContain('S$75.00');
  } finally {
    await parser.destroy();
  }

  await panel.getByText(PAYMENT_TEXT.history).click();
  await expect(panel.getByRole('listitem').last()).toContainText(BILL_STATE_LABELS.paid);
  const results = await axe().analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

  await page.goto('/#/dashboard');
  const bills = page.getByRole('region', { name: PAYMENT_TEXT.dashboardHeading });
  await expect(bills.getByTestId('dashboard-bill').filter({ hasText: caseNumber })).toContainText(
    `S$75.00, ${BILL_STATE_LABELS.paid}`,
  );
});

test('a finance officer imports the bank statement; the bill settles and its payer downloads the receipt', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ptib.demo');
  const { caseNumber } = await submitPayment(page, '42.50');
  const bills = await call<{ bills: Bill[] }>(page, PAYMENT_PATHS.bills);
  const { reference } = bills.body.responseJSON.bills.find((b) => b.caseNumber === caseNumber)!;

  // The bank's statement, as its export gives it (columns: docs/decisions/0046).
  const csv = [
    'transaction_id,value_date,type,amount,currency,reference,payer_name',
    `E2E-${reference},${todayInSingapore(new Date())},CR,42.50,SGD,${reference},TAN AH KOW`,
  ].join('\n');
  const finance = await (await browser.newContext()).newPage();
  await signInOfficer(finance, 'officer.finance', {
    url: /#\/officer\/payments$/,
    heading: PAYMENT_TEXT.reconciliationHeading,
  });
  await finance.getByLabel(PAYMENT_TEXT.statementFile).setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await finance.getByRole('button', { name: PAYMENT_TEXT.importButton }).click();
  const screen = finance.getByRole('region', { name: PAYMENT_TEXT.reconciliationHeading });
  await expect(screen.getByRole('status')).toContainText('1 settled');
  const results = await new AxeBuilder({ page: finance }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

  await page.reload();
  const panel = page.getByRole('region', { name: PAYMENT_TEXT.heading });
  await expect(panel.getByTestId('bill-state')).toHaveText(BILL_STATE_LABELS.paid);
  const receiptNumber = (await panel.getByTestId('receipt-number').textContent())!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: PAYMENT_TEXT.downloadReceipt }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
});

test('a rejected application’s bill is cancelled, and the finance officer returns what it had received', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ptib.demo');
  const { caseNumber, id } = await submitPayment(page, '300.00');
  const bills = await call<{ bills: Bill[] }>(page, PAYMENT_PATHS.bills);
  const { reference } = bills.body.responseJSON.bills.find((b) => b.caseNumber === caseNumber)!;

  // A part payment arrives and the finance officer puts it on the bill by hand.
  const finance = await (await browser.newContext()).newPage();
  await signInOfficer(finance, 'officer.finance', {
    url: /#\/officer\/payments$/,
    heading: PAYMENT_TEXT.reconciliationHeading,
  });
  // A missing file is the file field's error, drawn in the error colour, not as a warning.
  await finance.getByRole('button', { name: PAYMENT_TEXT.importButton }).click();
  const refusal = finance.getByRole('alert').filter({ hasText: PAYMENT_TEXT.chooseFile });
  await expect(refusal).toHaveCSS('border-left-color', 'rgb(179, 38, 30)');
  const transaction = `E2E-PART-${reference}`;
  await finance.getByLabel(PAYMENT_TEXT.statementFile).setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'transaction_id,value_date,type,amount,currency,reference,payer_name',
        `${transaction},${todayInSingapore(new Date())},CR,100.00,SGD,${reference},TAN AH KOW`,
      ].join('\n'),
    ),
  });
  await finance.getByRole('button', { name: PAYMENT_TEXT.importButton }).click();
  const credit = finance.getByRole('listitem').filter({ has: finance.getByRole('heading', { name: transaction }) });
  await credit.getByLabel(PAYMENT_TEXT.reasonLabel).fill('First instalment');
  await credit.getByRole('button', { name: PAYMENT_TEXT.matchButton }).click();
  await expect(finance.getByText(PAYMENT_MESSAGES.matched)).toBeVisible();

  // Matched too soon: the finance officer undoes it, with a reason and a confirmation (docs/decisions/0071).
  await finance.getByRole('button', { name: PAYMENT_TEXT.resolvedShow }).click();
  const decided = finance
    .getByRole('list', { name: PAYMENT_TEXT.resolvedHeading })
    .getByRole('listitem')
    .filter({ has: finance.getByRole('heading', { name: transaction }) });
  await expect(decided).toContainText(PAYMENT_TEXT.matchedTo(reference));
  await decided.getByLabel(PAYMENT_TEXT.reasonLabel).fill('The payer has not confirmed the instalment yet');
  await decided.getByRole('button', { name: PAYMENT_TEXT.undoButton }).click();
  const confirm = finance.getByRole('dialog', { name: PAYMENT_TEXT.undoTitle });
  await expect(confirm).toContainText(PAYMENT_TEXT.undoMatch(transaction, 'S$100.00', reference));
  const withDialog = await new AxeBuilder({ page: finance }).withTags(AXE_TAGS).analyze();
  expect(withDialog.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await confirm.getByRole('button', { name: PAYMENT_TEXT.undoButton }).click();
  await expect(finance.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.undone })).toBeVisible();
  await expect(decided).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: PAYMENT_TEXT.heading }).getByTestId('bill-state')).toHaveText(
    BILL_STATE_LABELS.awaiting,
  );
  // The credit waits again, and is matched once the payer confirms.
  const waiting = finance
    .getByRole('list', { name: PAYMENT_TEXT.queueHeading })
    .getByRole('listitem')
    .filter({ has: finance.getByRole('heading', { name: transaction }) });
  await waiting.getByLabel(PAYMENT_TEXT.reasonLabel).fill('First instalment, confirmed');
  await waiting.getByRole('button', { name: PAYMENT_TEXT.matchButton }).click();
  await expect(finance.getByText(PAYMENT_MESSAGES.matched)).toBeVisible();

  // An officer proposes the rejection, a supervisor approves it (four eyes).
  for (const [login, steps] of [
    [
      'officer.demo',
      [
        ['Assign to me', 'assignToMe'],
        ['Propose rejection', 'proposeRejection'],
      ],
    ],
    ['officer.lead', [['Approve rejection', 'approveRejection']]],
  ] as const) {
    const officer = await (await browser.newContext()).newPage();
    await signInOfficer(officer, login);
    await officer.goto(`/#/officer/case?id=${id}`);
    await expect(officer.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
    for (const [button, action] of steps) {
      if (button === 'Propose rejection') {
        const form = officer.getByRole('form', { name: button });
        await form.getByLabel(OFFICER_SCREEN_TEXT.reasonLabel).fill('Not the debtor’s account.');
        await form.getByRole('button', { name: button }).click();
      } else if (button === 'Approve rejection') await decide(officer, button);
      else await officer.getByRole('button', { name: button }).click();
      await expect(officer.getByRole('status').filter({ hasText: OFFICER_MESSAGES.done[action] })).toBeVisible();
    }
    await officer.context().close();
  }

  // The applicant is asked for nothing more, and told the money comes back.
  await page.reload();
  const panel = page.getByRole('region', { name: PAYMENT_TEXT.heading });
  await expect(panel.getByTestId('bill-state')).toHaveText(BILL_STATE_LABELS.cancelled);
  await expect(panel.getByTestId('bill-cancelled')).toHaveText(
    `${PAYMENT_TEXT.cancelled} ${PAYMENT_TEXT.toReturn('S$100.00')}`,
  );
  await expect(panel.getByTestId('paynow-qr')).toHaveCount(0);

  // The finance officer sees it among the money to return, and says how it went back.
  await finance.reload();
  const returns = finance.getByRole('list', { name: PAYMENT_TEXT.returnsHeading });
  const item = returns.getByRole('listitem', { name: `${caseNumber}: S$100.00` });
  await expect(item).toContainText(transaction);
  const results = await new AxeBuilder({ page: finance }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await item.getByLabel(PAYMENT_TEXT.reasonLabel).fill('FAST transfer R123');
  await item.getByRole('button', { name: PAYMENT_TEXT.returnedButton }).click();
  await expect(finance.getByText(PAYMENT_MESSAGES.returned)).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.reload();
  await expect(panel.getByTestId('bill-cancelled')).toHaveText(
    `${PAYMENT_TEXT.cancelled} ${PAYMENT_TEXT.returnedAll('S$100.00')}`,
  );
});
