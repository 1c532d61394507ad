import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { API_PATHS } from '#contract/index.ts';
import { allFields, FORM_TEXT, todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import { REFUND_ESERVICE } from '#contract/payments.ts';
import { TRAVEL_APPLICATION_FIELDS, TRAVEL_RETURN_ESERVICE, TRAVEL_RETURN_FIELDS } from '#contract/travel.ts';
import { sampleAnswers } from '../server/test/sample-answers.ts';
import { call, signIn } from './auth-helpers.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { FORM_CODES } from './eservices.ts';

/**
 * Each of the seventeen e-services, completed in the browser: a draft holding a careful applicant's answers
 * (server/test/sample-answers.ts; typing each kind of question is forms.e2e.ts's and generic.e2e.ts's) is
 * walked through every question page with Continue, which checks each page as the user would; then check
 * answers, the declaration, the submission, the confirmation and the PDF acknowledgement.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** The text of the acknowledgement the confirmation's download button gives. */
async function acknowledgementText(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: FORM_TEXT.download }).click(),
  ]);
  const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// The register's searches and the watchlist have screens of their own (register.e2e.ts).
for (const code of FORM_CODES) {
  test(`${code}: from its first question page to the PDF acknowledgement`, async ({ page }) => {
    await signIn(page, 'ptib.master');
    const eservice = await call<{ title: string; form: FormDefinition }>(page, `${API_PATHS.eservices}/${code}`);
    expect(eservice.status).toBe(200);
    const { title, form } = eservice.body.responseJSON;

    const draft = async (appCode: string, data: Record<string, unknown>) => {
      const res = await call<{ id: string; caseNumber: string; version: number }>(page, API_PATHS.cases, {
        method: 'POST',
        json: { appCode, data, draft: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.responseJSON;
    };
    // A travel amendment or return names one of the applicant's own travel applications, submitted.
    const needsTravel = allFields(form).some((f) => f.type === 'caseNumber' && f.recordOf);
    let travel: { caseNumber: string } | null = null;
    if (needsTravel) {
      const travelForm = await call<{ form: FormDefinition }>(page, `${API_PATHS.eservices}/PAR`);
      // Leaving today, so a return told today is of a trip that has left (docs/decisions/0114).
      const application = await draft('PAR', {
        ...sampleAnswers(travelForm.body.responseJSON.form, todayInSingapore(new Date())),
        [TRAVEL_APPLICATION_FIELDS.departureDate]: todayInSingapore(new Date()),
      });
      const sent = await call(page, `/process-engine/cases/${application.id}/submit`, {
        method: 'POST',
        json: { version: application.version },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      travel = application;
    }
    const answers = sampleAnswers(form, todayInSingapore(new Date()), (f) =>
      f.recordOf ? travel?.caseNumber : undefined,
    );
    if (code === TRAVEL_RETURN_ESERVICE) answers[TRAVEL_RETURN_FIELDS.returnedOn] = todayInSingapore(new Date());
    if (code === REFUND_ESERVICE) {
      // A refund names a receipt of the applicant's own: a deposit submitted and paid (the demo's button) first.
      const depositForm = await call<{ form: FormDefinition }>(page, `${API_PATHS.eservices}/PCD`);
      const deposit = await draft(
        'PCD',
        sampleAnswers(depositForm.body.responseJSON.form, todayInSingapore(new Date())),
      );
      const sent = await call(page, `/process-engine/cases/${deposit.id}/submit`, {
        method: 'POST',
        json: { version: deposit.version },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const paid = await call<{ receiptNumber: string }>(page, `/api/cases/${deposit.id}/bill/simulate`, {
        method: 'POST',
        json: {},
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      answers.receiptNumber = paid.body.responseJSON.receiptNumber;
    }
    const record = await draft(code, answers);
    const required = allFields(form).filter((f) => f.type === 'attachment' && f.required);
    if (required.length > 0) {
      for (const field of required) {
        const up = await call<{ id: string }>(page, `/api/cases/${record.id}/documents?field=${field.name}`, {
          method: 'POST',
          file: PDF,
        });
        expect(up.status, JSON.stringify(up.body)).toBe(201);
        answers[field.name] = [up.body.responseJSON.id];
      }
      const saved = await call(page, `${API_PATHS.cases}/${record.id}`, {
        method: 'POST',
        json: { data: answers, version: record.version, draft: true },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    // Every question page, as the user goes through them: Continue checks the page before moving on.
    await page.goto(`/#/generic?app=${code}&case=${record.id}`);
    const h1 = page.getByRole('heading', { level: 1 });
    const check = page.getByRole('heading', { level: 1, name: FORM_TEXT.checkHeading });
    await expect(page.getByTestId('case-number')).toHaveText(record.caseNumber);
    for (let step = 0; step <= form.pages.length && !(await check.isVisible()); step++) {
      const heading = (await h1.textContent())!;
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle })).toHaveCount(0);
      await expect(h1).not.toHaveText(heading);
    }
    await expect(check).toBeVisible();

    for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: FORM_TEXT.submit(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.confirmationTitle(title) })).toBeVisible();
    await expect(page.getByTestId('case-number')).toHaveText(record.caseNumber);

    const text = await acknowledgementText(page);
    expect(text).toContain(record.caseNumber);
    expect(text).toContain(title);
  });
}

/**
 * BSA asks for payslips only of one employed (docs/decisions/0110): a payslip uploaded before the answer
 * changed to No stays with the draft, is not on check answers, and is not sent: the acknowledgement lists no
 * documents.
 */
test('BSA: a payslip uploaded, then "Employed: No", is neither checked nor sent', async ({ page }) => {
  await signIn(page, 'ptib.master');
  const eservice = await call<{ title: string; form: FormDefinition }>(page, `${API_PATHS.eservices}/BSA`);
  expect(eservice.status).toBe(200);
  const { title, form } = eservice.body.responseJSON;
  const answers = {
    ...sampleAnswers(form, todayInSingapore(new Date())),
    employed: 'Y',
    employerName: 'Acme Pte Ltd',
  };
  const created = await call<{ id: string; caseNumber: string }>(page, API_PATHS.cases, {
    method: 'POST',
    json: { appCode: 'BSA', data: answers, draft: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const record = created.body.responseJSON;
  const h1 = page.getByRole('heading', { level: 1 });
  const check = page.getByRole('heading', { level: 1, name: FORM_TEXT.checkHeading });

  await page.goto(`/#/generic?app=BSA&case=${record.id}&page=expenditure`);
  await expect(h1).toHaveText('Expenditure');
  await page
    .getByLabel('Payslips')
    .setInputFiles({ name: 'payslip-may.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
  await expect(page.getByRole('list', { name: 'Files uploaded: Payslips' })).toContainText('payslip-may.pdf');

  await page.goto(`/#/generic?app=BSA&case=${record.id}&page=period`);
  await expect(h1).toHaveText('The month of the statement');
  await page.getByRole('group', { name: 'Employed during the period' }).getByRole('radio', { name: 'No' }).check();
  for (let step = 0; step <= form.pages.length && !(await check.isVisible()); step++) {
    const heading = (await h1.textContent())!;
    // The payslips are asked no more on the page that asked them.
    if (heading === 'Expenditure') await expect(page.getByLabel('Payslips')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert', { name: FORM_TEXT.errorSummaryTitle })).toHaveCount(0);
    await expect(h1).not.toHaveText(heading);
  }
  await expect(check).toBeVisible();
  await expect(page.getByRole('term').getByText('Payslips', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('payslip-may.pdf');

  for (const box of await page.getByRole('main').getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: FORM_TEXT.submit(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: FORM_TEXT.confirmationTitle(title) })).toBeVisible();
  const text = await acknowledgementText(page);
  expect(text).toContain(record.caseNumber);
  expect(text).not.toContain('payslip-may.pdf');
  expect(text).toContain('No documents were attached.');
  const files = await call<{ documents: unknown[] }>(page, `/api/cases/${record.id}/documents`);
  expect(files.body.responseJSON.documents).toEqual([]);
});
