import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { FIELD_MESSAGES, addDays, allFields, formatIsoDate, todayInSingapore } from '#contract/forms/index.ts';
import { CASE_PATHS, NEXT_STEP_MESSAGES } from '#contract/cases.ts';
import { FEES, feeAnswer } from '#contract/fees.ts';
import {
  DEMO_PAYNOW_UEN,
  PAYMENT_MESSAGES,
  PAYMENT_PATHS,
  PAYMENT_TEXT,
  DECISION_REASON_MAX,
  QUEUE_MAX_LINES,
  RECONCILIATION_PATHS,
  STATEMENT_MAX_CHARS,
  formatMoney,
  parsePayload,
  type Bill,
  type BillDetail,
  type ImportReport,
  type MoneyToReturn,
  type RefundToPay,
  type ResolvedLine,
  type StatementLine,
} from '#contract/payments.ts';
import type { CaseDetail, CasesSummary, EserviceDetail } from '#contract/schemas/eservices.ts';
import { doAction, signedInOfficer, view } from '../officer/test-support.ts';
import { moveCase } from '../cases/service.ts';
import { runPayments } from './cli.ts';
import { migrate } from '../db/migrate.ts';
import { AUTHORITY_OFFICER } from '#contract/officer.ts';
import { rejectWithCommand } from '../test/rejection.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { singaporeOn } from '#contract/singapore.ts';
import { statementsDuring } from '../test/database.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { uploadFile } from '../test/upload.ts';

/**
 * Bills through every state, the statement import (exact, part, over, unknown, repeated), matching and
 * marking by hand, receipts for the payer only, refunds limited by their receipt, and the demo's simulated
 * payment (absent in production).
 */
const clock = new FakeClock('2030-01-15T02:00:00Z');
/** A node of EXPLAIN (FORMAT JSON)'s plan, as far as the tests read it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let app: FastifyInstance;
let demo: TestClient;
let other: TestClient;
let finance: TestClient;
let officer: TestClient;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p' },
    { now: clock.now },
  ));
  demo = await signedInClient(app, 'ptib.demo');
  other = await signedInClient(app, 'ptib.master');
  // Statements are imported and matched by a finance officer of the back office (docs/decisions/0046).
  finance = await signedInOfficer(app, gateway, 'officer.finance');
  // A case officer decides the records; signed in once, as each sign-in sends an SMS code and the demo
  // accounts may be sent only so many an hour (OTP.SMS_PER_LOGIN).
  officer = await signedInOfficer(app, gateway, 'officer.demo');
});
afterAll(async () => {
  await gateway.close();
});

async function upload(client: TestClient, caseId: string, field: string): Promise<string> {
  const res = await uploadFile(client, caseId, field);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().responseJSON as { id: string }).id;
}

async function drafted(
  client: TestClient,
  code: string,
  change: (answers: Record<string, unknown>) => void = () => {},
): Promise<CaseDetail> {
  const form = (await client.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON as EserviceDetail;
  const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
  change(answers);
  const created = await client.post(API_PATHS.cases, { appCode: code, data: answers, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  let record = created.json().responseJSON as CaseDetail;
  const required = allFields(form.form).filter((f) => f.type === 'attachment' && f.required);
  if (required.length > 0) {
    for (const field of required) answers[field.name] = [await upload(client, record.id, field.name)];
    const saved = await client.post(fillPath(CASE_PATHS.one, { id: record.id }), {
      data: answers,
      version: record.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    record = saved.json().responseJSON as CaseDetail;
  }
  return record;
}

const submit = (client: TestClient, record: CaseDetail) =>
  client.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
    version: record.version,
  });

async function submitted(
  client: TestClient,
  code: string,
  change: (answers: Record<string, unknown>) => void = () => {},
): Promise<{ record: CaseDetail; status: number; body: string }> {
  const record = await drafted(client, code, change);
  const res = await submit(client, record);
  return { record, status: res.statusCode, body: res.body };
}

async function payable(client: TestClient, code: string, dollars: string): Promise<CaseDetail> {
  const field = { PCD: 'depositAmount', PC: 'certificateFee', PD: 'paymentAmount' }[code]!;
  const { record, status, body } = await submitted(client, code, (a) => {
    a[field] = { amount: dollars, currency: 'SGD' };
  });
  expect(status, body).toBe(200);
  return record;
}

async function bill(client: TestClient, caseId: string): Promise<BillDetail> {
  const res = await client.get(fillPath(PAYMENT_PATHS.bill, { id: caseId }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as BillDetail;
}

async function importCsv(rows: string[], client = finance): Promise<ImportReport> {
  const csv = ['transaction_id,value_date,type,amount,currency,reference,payer_name', ...rows].join('\n');
  const res = await client.request({
    method: 'POST',
    url: RECONCILIATION_PATHS.statements,
    body: { csv },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as ImportReport;
}
async function queue(client = finance): Promise<StatementLine[]> {
  const res = await client.request({ method: 'GET', url: RECONCILIATION_PATHS.queue });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().responseJSON as { lines: StatementLine[] }).lines;
}

async function returns(client = finance): Promise<MoneyToReturn[]> {
  const res = await client.request({ method: 'GET', url: RECONCILIATION_PATHS.queue });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().responseJSON as { returns: MoneyToReturn[] }).returns;
}

/** What the payer is told to do next about a record: on its page, and on the dashboard. */
async function nextSteps(caseId: string) {
  const one = (await demo.get(fillPath(CASE_PATHS.one, { id: caseId }))).json().responseJSON as CaseDetail;
  const summary = (await demo.get(API_PATHS.casesSummary)).json().responseJSON as CasesSummary;
  return [one.progress?.nextStep, summary.latest.find((c) => c.id === caseId)?.progress?.nextStep];
}

/** Keys of decisions' attempts, as the finance screen makes them (docs/decisions/0109). */
const KEYS = {
  refund: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e60',
  other: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e61',
  match: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e62',
  undo: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e63',
  mark: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e64',
  import: '7a1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e65',
};

let txn = 0;
const credit = (reference: string, amount: string, valueDate = '2030-01-16') =>
  `T${++txn},${valueDate},CR,${amount},SGD,${reference},PAYER ${txn}`;

describe('a bill', () => {
  it('is issued on submission: amount in cents, reference, due date, expiry, QR, history', async () => {
    const record = await payable(demo, 'PCD', '1234.50');
    const b = await bill(demo, record.id);
    expect(b).toMatchObject({
      caseNumber: record.caseNumber,
      amountCents: 123450,
      receivedCents: 0,
      state: 'awaiting',
      reference: record.caseNumber.replace(/ /g, ''),
      dueOn: '2030-01-29',
      expiresOn: '2030-02-14',
      receiptNumber: null,
      uen: DEMO_PAYNOW_UEN,
      canSimulate: true,
    });
    expect(b.history).toEqual([expect.objectContaining({ from: null, to: 'awaiting' })]);
    const qr = parsePayload(b.payNow!);
    expect(qr).toMatchObject({
      '01': '12',
      '26.00': 'SG.PAYNOW',
      '26.01': '2',
      '26.02': DEMO_PAYNOW_UEN,
      '26.03': '0',
      '26.04': '20300214',
      '54': '1234.50',
      '62.01': b.reference,
    });
    const list = (await demo.get(PAYMENT_PATHS.bills)).json().responseJSON as { bills: Bill[] };
    expect(list.bills.map((x) => x.caseId)).toContain(record.id);
  });

  it('bills an amount typed as the portal writes it, and keeps it without separators', async () => {
    for (const [code, field, typed] of [
      ['PCD', 'depositAmount', '1,234.56'],
      ['PD', 'paymentAmount', ' S$1,234.56 '],
    ] as const) {
      const record = await payable(demo, code, typed);
      expect((await bill(demo, record.id)).amountCents).toBe(123456);
      const stored = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
      expect(stored.data[field]).toEqual({ amount: '1234.56', currency: 'SGD' });
    }
    const badly = await demo.post(API_PATHS.cases, {
      appCode: 'PCD',
      data: { depositAmount: { amount: '1,23,4', currency: 'SGD' } },
      draft: true,
    });
    expect(badly.statusCode, badly.body).toBe(400);
    expect(badly.json().responseJSON.fieldErrors).toEqual({
      'depositAmount.amount': FIELD_MESSAGES.amount('Deposit amount', 2),
    });
  });

  it('of a payment certificate is the portal’s fee, whatever the applicant typed', async () => {
    const { record, status, body } = await submitted(demo, 'PC', (a) => {
      a.certificateFee = { amount: '0.01', currency: 'SGD' };
    });
    expect(status, body).toBe(200);
    expect((await bill(demo, record.id)).amountCents).toBe(FEES.paymentCertificate);
  });

  it('of a debtor’s payment is issued only for one to make by PayNow, not one made by cheque', async () => {
    const { record, status, body } = await submitted(demo, 'PD', (a) => {
      a.paymentMethod = 'CHEQUE';
      a.paymentDate = todayInSingapore(new Date(clock.now().getTime() - 2 * 86_400_000));
    });
    expect(status, body).toBe(200);
    expect((await demo.get(fillPath(PAYMENT_PATHS.bill, { id: record.id }))).statusCode).toBe(404);
    const byPayNow = await payable(demo, 'PD', '12.00');
    expect((await bill(demo, byPayNow.id)).amountCents).toBe(1200);
  });

  it('of a debtor’s payment follows its method when an officer asks for it changed, and then stays', async () => {
    const { record, status, body } = await submitted(demo, 'PD', (a) => {
      a.paymentMethod = 'CHEQUE';
      a.paymentAmount = { amount: '40.00', currency: 'SGD' };
      a.creditors = [];
    });
    expect(status, body).toBe(200);
    await doAction(officer, record.id, { action: 'assignToMe' });
    const changeMethod = async (method: string) => {
      await doAction(officer, record.id, {
        action: 'requestInfo',
        message: 'Say how the payment is made.',
        fields: ['paymentMethod'],
      });
      const current = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
      return demo.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
        version: current.version,
        // Away from PayNow, the date of the payment made is asked again (a question the method shows).
        data: { ...current.data, paymentMethod: method, ...(method === 'PAYNOW' ? {} : { paymentDate: '2030-01-10' }) },
      });
    };
    const billFor = () => demo.get(fillPath(PAYMENT_PATHS.bill, { id: record.id }));
    expect((await billFor()).statusCode).toBe(404);

    // To PayNow: billed, as a submission by PayNow is.
    expect((await changeMethod('PAYNOW')).statusCode).toBe(200);
    expect(await bill(demo, record.id)).toMatchObject({ state: 'awaiting', amountCents: 4000 });
    // Away from PayNow before anything was paid: nothing is due by PayNow any more.
    expect((await changeMethod('GIRO')).statusCode).toBe(200);
    expect((await bill(demo, record.id)).state).toBe('cancelled');
    // And back: the same bill is due again, from today.
    expect((await changeMethod('PAYNOW')).statusCode).toBe(200);
    expect(await bill(demo, record.id)).toMatchObject({ state: 'awaiting', amountCents: 4000 });

    // Once money has reached the bill, the payment is by PayNow: the change is refused beside the question.
    await importCsv([credit((await bill(demo, record.id)).reference, '40.00')]);
    expect((await bill(demo, record.id)).state).toBe('paid');
    const refused = await changeMethod('CHEQUE');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().responseJSON.fieldErrors).toEqual({ paymentMethod: PAYMENT_MESSAGES.methodFixed });
    expect((await bill(demo, record.id)).state).toBe('paid');
  });

  it('is refused in another currency, beside the question: at once, and at submission under version 2', async () => {
    const usd = (a: Record<string, unknown>) => {
      a.paymentAmount = { amount: '10.00', currency: 'USD' };
      // No creditors: each one's share is compared with the payment.
      a.creditors = [];
    };
    const form = (await demo.get(`${API_PATHS.eservices}/PD`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    usd(answers);
    const refused = await demo.post(API_PATHS.cases, { appCode: 'PD', data: answers, draft: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().responseJSON.fieldErrors).toEqual({
      'paymentAmount.currency': FIELD_MESSAGES.fixedCurrency('Payment amount', 'Singapore dollars'),
    });
    // A record filled in under version 2, whose question took any currency, reads and saves as it did; its
    // bill still refuses the dollars PayNow cannot pay.
    const old = await drafted(demo, 'PD');
    await app.db.query('UPDATE cases SET form_version = 2 WHERE id = $1::bigint', [old.id]);
    const saved = await demo.post(fillPath(CASE_PATHS.one, { id: old.id }), {
      data: answers,
      version: old.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json().responseJSON as CaseDetail;
    expect(record.formVersion).toBe(2);
    const res = await submit(demo, record);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().responseJSON.fieldErrors).toEqual({ 'paymentAmount.currency': PAYMENT_MESSAGES.sgdOnly });
    expect((await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON.status).toBe('draft');
    expect((await demo.get(fillPath(PAYMENT_PATHS.bill, { id: record.id }))).statusCode).toBe(404);
  });

  it('asks every payment and SDNE’s demand in Singapore dollars, and shows PC’s fee (version 3)', async () => {
    const form = async (code: string) =>
      ((await demo.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON as EserviceDetail).form;
    const field = async (code: string, name: string, row?: string) => {
      const f = allFields(await form(code)).find((x) => x.name === (row ?? name));
      return f?.type === 'group' ? f.fields.find((x) => x.name === name) : f;
    };
    expect(await field('PCD', 'depositAmount')).toMatchObject({ currency: 'SGD', min: 1 });
    expect(await field('PRD', 'refundAmount')).toMatchObject({ currency: 'SGD' });
    expect(await field('PD', 'paymentAmount')).toMatchObject({ currency: 'SGD', min: 1 });
    expect(await field('PD', 'amount', 'creditors')).toMatchObject({ currency: 'SGD' });
    expect(await field('PC', 'certificateFee')).toEqual(
      expect.objectContaining({ type: 'amount', currency: 'SGD', fee: 'paymentCertificate' }),
    );
    expect(await field('SDNE', 'amountDemanded')).toMatchObject({ currency: 'SGD', min: 1_500_000 });
    const idr = await demo.post(API_PATHS.cases, {
      appCode: 'SDNE',
      data: { amountDemanded: { amount: '15000', currency: 'IDR' } },
      draft: true,
    });
    expect(idr.statusCode, idr.body).toBe(400);
    expect(idr.json().responseJSON.fieldErrors).toEqual({
      'amountDemanded.currency': FIELD_MESSAGES.fixedCurrency('Amount demanded', 'Singapore dollars'),
    });
    const pc = await payable(demo, 'PC', '0.01');
    const stored = (await demo.get(fillPath(CASE_PATHS.one, { id: pc.id }))).json().responseJSON as CaseDetail;
    expect(stored.data.certificateFee).toEqual(feeAnswer('paymentCertificate'));
  });

  it('is not issued for other e-services, and is the payer profile’s only', async () => {
    // A profile update: no question of it is a payment.
    const { record, status } = await submitted(demo, 'PTIB');
    expect(status).toBe(200);
    expect((await demo.get(fillPath(PAYMENT_PATHS.bill, { id: record.id }))).statusCode).toBe(404);
    const paid = await payable(demo, 'PD', '10.00');
    expect((await other.get(fillPath(PAYMENT_PATHS.bill, { id: paid.id }))).statusCode).toBe(404);
    expect((await other.get(fillPath(PAYMENT_PATHS.receipt, { id: paid.id }))).statusCode).toBe(404);
  });
});

describe('the payer’s list of bills', () => {
  it('keeps a bill still owed when twenty newer ones were paid, newest first', async () => {
    const owed = await payable(demo, 'PD', '9.99');
    for (let i = 0; i < 20; i++) {
      const record = await payable(demo, 'PD', '1.00');
      expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(200);
    }
    clock.advance(1_000);
    const newest = await payable(demo, 'PD', '2.00');
    const { bills } = (await demo.get(PAYMENT_PATHS.bills)).json().responseJSON as { bills: Bill[] };
    expect(bills.map((b) => b.caseId)).toContain(owed.id);
    expect(bills[0]!.caseId).toBe(newest.id);
    const order = bills.map((b) => [b.issuedAt, Number(b.caseId)] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]));
  });
});

describe('the statement import', () => {
  it('settles exact credits and issues a receipt the payer downloads', async () => {
    const record = await payable(demo, 'PCD', '1000.00');
    const { reference } = await bill(demo, record.id);
    expect((await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: record.id }))).statusCode).toBe(409);
    // Banks pass references on with spaces: the case number as printed matches too.
    expect(await importCsv([credit(record.caseNumber, '"1,000.00"')])).toEqual({
      credits: 1,
      settled: 1,
      queued: 0,
      alreadyImported: 0,
      ignored: 0,
    });
    const b = await bill(demo, record.id);
    expect(b).toMatchObject({ state: 'paid', receivedCents: 100000, reference });
    expect(b.receiptNumber).toMatch(/^2030\d{6}$/);
    expect(b.payNow).toBeNull();
    const pdf = await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: record.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(b.receiptNumber!);
    expect(text).toContain(record.caseNumber);
    expect(text).toContain('S$1,000.00');
  });

  it('queues part, over and unknown credits; a person matches or marks them with a reason', async () => {
    const part = await payable(demo, 'PD', '300.00');
    const over = await payable(demo, 'PD', '40.00');
    const partRef = (await bill(demo, part.id)).reference;
    const overRef = (await bill(demo, over.id)).reference;
    const rows = [credit(partRef, '100.00'), credit(overRef, '45.00'), credit('NOSUCHREF1', '12.34')];
    expect(await importCsv(rows)).toMatchObject({ credits: 3, settled: 0, queued: 3 });
    const lines = await queue();
    const of = (ref: string) => lines.find((l) => l.reference === ref)!;
    expect(of(partRef)).toMatchObject({ queueReason: 'part', amountCents: 10000, outstandingCents: 30000 });
    expect(of(overRef)).toMatchObject({ queueReason: 'over', amountCents: 4500, outstandingCents: 4000 });
    // No bill, so nothing is said to be still due on one (not "S$0.00", as if a bill were paid).
    expect(of('NOSUCHREF1')).toMatchObject({
      queueReason: 'unknown_reference',
      billReference: null,
      outstandingCents: null,
    });
    expect((await bill(demo, part.id)).state).toBe('awaiting');

    // Importing the same statement again changes nothing.
    expect(await importCsv(rows)).toMatchObject({ credits: 3, settled: 0, queued: 0, alreadyImported: 3 });
    expect((await queue()).length).toBe(lines.length);

    const act = (id: string, what: 'match' | 'mark', body: unknown, client = finance) =>
      client.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS[what], { id }), body });
    expect((await act(of(partRef).id, 'match', { reference: partRef, reason: 'x' })).statusCode).toBe(400);
    expect((await act(of(partRef).id, 'match', { reference: 'NOPE', reason: 'Payer confirmed' })).statusCode).toBe(400);
    expect((await act(of(partRef).id, 'match', { reference: partRef, reason: 'First instalment' })).statusCode).toBe(
      200,
    );
    const partBill = await bill(demo, part.id);
    expect(partBill).toMatchObject({ state: 'part_paid', receivedCents: 10000, receiptNumber: null });
    expect(partBill.history.at(-1)).toMatchObject({ from: 'awaiting', to: 'part_paid' });
    expect(parsePayload(partBill.payNow!)['54']).toBe('200.00');
    // The rest, exactly, settles on import.
    expect(await importCsv([credit(partRef, '200.00')])).toMatchObject({ settled: 1 });
    expect((await bill(demo, part.id)).state).toBe('paid');

    expect((await act(of(overRef).id, 'match', { reference: overRef, reason: 'Payer added a tip' })).statusCode).toBe(
      200,
    );
    const overBill = await bill(demo, over.id);
    expect(overBill).toMatchObject({ state: 'over_paid', receivedCents: 4500 });
    expect(overBill.receiptNumber).not.toBeNull();
    // What was paid over comes back as the payer's bill says: a refund drawn on its receipt, of the extra
    // only. A payment on a debt is not a deposit: what settled the bill is not refunded.
    const refundOf = (receiptNumber: string | null, amount: string) =>
      submitted(demo, 'PRD', (a) => {
        a.receiptNumber = receiptNumber;
        a.refundAmount = { amount, currency: 'SGD' };
      });
    const all = await refundOf(overBill.receiptNumber, '45.00');
    expect(all.status, all.body).toBe(400);
    expect(JSON.parse(all.body).responseJSON.fieldErrors).toEqual({
      'refundAmount.amount': PAYMENT_MESSAGES.refundTooLarge('S$5.00'),
    });
    const receiptText = async () =>
      (await pdfText((await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: over.id }))).rawPayload)).replace(
        /\s+/g,
        ' ',
      );
    expect(await receiptText()).toContain(PAYMENT_TEXT.overPaid('S$5.00'));
    const extra = await refundOf(overBill.receiptNumber, '5.00');
    expect(extra.status, extra.body).toBe(200);
    expect((await bill(demo, over.id)).refundedCents).toBe(500);
    // Drawn back: the receipt no longer offers it, and another refund of it is told nothing is left.
    expect(await receiptText()).not.toContain(PAYMENT_TEXT.overPaid('S$5.00'));
    const again = await refundOf(overBill.receiptNumber, '1.00');
    expect(JSON.parse(again.body).responseJSON.fieldErrors).toEqual({ receiptNumber: PAYMENT_MESSAGES.nothingLeft });
    const paidExactly = await refundOf((await bill(demo, part.id)).receiptNumber, '1.00');
    expect(paidExactly.status, paidExactly.body).toBe(400);
    expect(JSON.parse(paidExactly.body).responseJSON.fieldErrors).toEqual({
      receiptNumber: PAYMENT_MESSAGES.nothingPaidOver,
    });
    // A later credit for it waits, and reads that nothing is still due, not minus what was paid over.
    await importCsv([credit(overRef, '5.00')]);
    const later = (await queue()).find((l) => l.reference === overRef)!;
    expect(later).toMatchObject({ queueReason: 'not_payable', outstandingCents: 0 });
    expect((await act(later.id, 'mark', { reason: 'Returned to the payer' })).statusCode).toBe(200);

    expect((await act(of('NOSUCHREF1').id, 'mark', { reason: 'Returned to the payer' })).statusCode).toBe(200);
    expect((await act(of('NOSUCHREF1').id, 'mark', { reason: 'Again' })).statusCode).toBe(409);
    expect((await act(of('NOSUCHREF1').id, 'mark', { reason: 'Again' }, demo)).statusCode).toBe(403);
    const left = (await queue()).map((l) => l.reference);
    expect(left).not.toContain(partRef);
    expect(left).not.toContain(overRef);
    expect(left).not.toContain('NOSUCHREF1');
  });

  it('says why a credit waits as its bill is now, not as it was at the import', async () => {
    const paidSince = await payable(demo, 'PD', '300.00');
    const lessSince = await payable(demo, 'PD', '300.00');
    const paidRef = (await bill(demo, paidSince.id)).reference;
    const lessRef = (await bill(demo, lessSince.id)).reference;
    expect(
      await importCsv([credit(paidRef, '0.50'), credit(lessRef, '100.00'), credit(lessRef, '200.00')]),
    ).toMatchObject({
      queued: 3,
    });
    // Then the first bill is paid in full, and a part of the second is matched by hand.
    expect(await importCsv([credit(paidRef, '300.00')])).toMatchObject({ settled: 1 });
    const first = (await queue()).find((l) => l.reference === lessRef && l.amountCents === 10000)!;
    const matched = await finance.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.match, { id: first.id }),
      body: { reference: lessRef, reason: 'First instalment' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const lines = await queue();
    expect(lines.find((l) => l.reference === paidRef)).toMatchObject({
      queueReason: 'not_payable',
      outstandingCents: 0,
    });
    expect(lines.find((l) => l.reference === lessRef)).toMatchObject({
      amountCents: 20000,
      queueReason: 'exact',
      outstandingCents: 20000,
    });
  });

  it('refuses a file it cannot read, saying where, and imports nothing of it', async () => {
    const record = await payable(demo, 'PD', '20.00');
    const { reference } = await bill(demo, record.id);
    const send = (csv: string) =>
      finance.request({ method: 'POST', url: RECONCILIATION_PATHS.statements, body: { csv } });
    const bad = await send(
      `transaction_id,value_date,type,amount,currency,reference,payer_name\nZ1,2030-01-16,CR,20.00,SGD,${reference},A\nZ2,2030-01-16,CR,12.345,SGD,X,B\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.responseDesc).toBe(
      PAYMENT_MESSAGES.badStatement(3, 'amount must be dollars and cents above zero, like 1234.50'),
    );
    expect((await bill(demo, record.id)).state).toBe('awaiting');
    const noHeader = await send('a,b\n1,2\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().header.responseDesc).toContain('the header lacks transaction_id');
    expect(
      (await send('transaction_id,value_date,type,amount,currency,reference,payer_name\nZ3,2030-01-16,CR,1.00,USD,X,B'))
        .statusCode,
    ).toBe(400);
  });

  it('names the line of the file as an editor numbers it, past blank lines and line breaks in quotes', async () => {
    const send = (csv: string) =>
      finance.request({ method: 'POST', url: RECONCILIATION_PATHS.statements, body: { csv } });
    const header = 'transaction_id,value_date,type,amount,currency,reference,payer_name';
    const amountWrong = 'amount must be dollars and cents above zero, like 1234.50';
    // A blank line after the header; the bad amount is on line 4.
    const blank = await send(`${header}\r\n\r\nL1,2030-01-16,CR,1.00,SGD,X,A\r\nL2,2030-01-16,CR,1.234,SGD,X,B\r\n`);
    expect(blank.json().header.responseDesc).toBe(PAYMENT_MESSAGES.badStatement(4, amountWrong));
    // A payer's name over two lines, in quotes; the bad amount is on line 4.
    const quoted = await send(`${header}\nL3,2030-01-16,CR,1.00,SGD,X,"TAN\nAH KOW"\nL4,2030-01-16,CR,1.234,SGD,X,B\n`);
    expect(quoted.json().header.responseDesc).toBe(PAYMENT_MESSAGES.badStatement(4, amountWrong));
  });

  it('refuses a value date no calendar has, saying where, rather than failing', async () => {
    const record = await payable(demo, 'PD', '20.00');
    const { reference } = await bill(demo, record.id);
    for (const day of ['2030-02-30', '2030-04-31', '0000-01-01']) {
      const res = await finance.request({
        method: 'POST',
        url: RECONCILIATION_PATHS.statements,
        body: {
          csv: `transaction_id,value_date,type,amount,currency,reference,payer_name\nD-${day},${day},CR,20.00,SGD,${reference},A\n`,
        },
      });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json().header.responseDesc).toBe(
        PAYMENT_MESSAGES.badStatement(2, 'value_date must be a date like 2026-11-25'),
      );
    }
    expect((await bill(demo, record.id)).state).toBe('awaiting');
  });

  it('refuses a line with more fields than the header, rather than read S$1,234.50 as S$1', async () => {
    const record = await payable(demo, 'PD', '1.00');
    const { reference } = await bill(demo, record.id);
    const res = await finance.request({
      method: 'POST',
      url: RECONCILIATION_PATHS.statements,
      // The bank's columns in its own order, the amount last and its thousands separator not in quotes.
      body: {
        csv: `transaction_id,value_date,type,currency,reference,payer_name,amount\nF1,2030-01-16,CR,SGD,${reference},TAN AH KOW,1,234.50\n`,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.badStatement(2, PAYMENT_MESSAGES.extraFields(8, 7)));
    expect((await bill(demo, record.id)).state).toBe('awaiting');
    // Empty fields after the last column (some exports end each line with a comma) are still read.
    expect(await importCsv([`${credit(reference, '1.00')},,`])).toMatchObject({ credits: 1, settled: 1 });
  });

  it('refuses what it would read quietly wrong: text after a quote, a column twice, a date far ahead', async () => {
    const record = await payable(demo, 'PD', '100.00');
    const { reference } = await bill(demo, record.id);
    const header = 'transaction_id,value_date,type,amount,currency,reference,payer_name';
    const send = (csv: string) =>
      finance.request({ method: 'POST', url: RECONCILIATION_PATHS.statements, body: { csv } });
    const refusals: Array<[string, string]> = [
      // Read before as S$100.00.
      [
        `${header}\nQ9,2030-01-16,CR,"1"00,SGD,${reference},A`,
        PAYMENT_MESSAGES.badStatement(2, PAYMENT_MESSAGES.afterQuote),
      ],
      [
        `${header},amount\nQ10,2030-01-16,CR,1.00,SGD,${reference},A,100.00`,
        PAYMENT_MESSAGES.repeatedColumns(['amount']),
      ],
      // The clock reads 2030-01-15: a week ahead is the most a credit is value-dated.
      [
        `${header}\nQ11,9999-12-31,CR,100.00,SGD,${reference},A`,
        PAYMENT_MESSAGES.badStatement(2, PAYMENT_MESSAGES.valueDateAhead('2030-01-22')),
      ],
    ];
    for (const [csv, message] of refusals) {
      const res = await send(csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().header.responseDesc, csv).toBe(message);
    }
    expect((await bill(demo, record.id)).state).toBe('awaiting');
    // Blanks after a closing quote are an export's padding, and a credit may be value-dated a week ahead.
    expect((await send(`${header}\nQ12,2030-01-22,CR,"100.00" ,SGD,${reference},A`)).statusCode).toBe(200);
    expect((await bill(demo, record.id)).state).toBe('paid');
  });

  it('drops the characters that reorder text from what a statement says, so the queue shows it as it reads', async () => {
    await importCsv(['RLO-1,2030-01-16,CR,1.00,SGD,REF\u202e1,\u202eTAN\u202c AH KOW']);
    const line = (await queue()).find((l) => l.transactionId === 'RLO-1');
    expect(line).toMatchObject({ reference: 'REF1', payerName: 'TAN AH KOW' });
  });

  it('says a line is short when it ends before the fields a credit needs, not that its currency is wrong', async () => {
    const send = (row: string) =>
      finance.request({
        method: 'POST',
        url: RECONCILIATION_PATHS.statements,
        body: { csv: `transaction_id,value_date,type,amount,currency,reference,payer_name\n${row}\n` },
      });
    const short = await send('T4-B,2030-01-16,CR');
    expect(short.statusCode).toBe(400);
    expect(short.json().header.responseDesc).toBe(PAYMENT_MESSAGES.badStatement(2, PAYMENT_MESSAGES.fewerFields(3, 7)));
    // An export that leaves off the empty fields at the end (no reference, no payer) is still read.
    expect((await send('T4-C,2030-01-16,CR,1.00,SGD')).statusCode).toBe(200);
    // A transaction id of the characters the rule takes is read, and one with a space is named for what it is.
    expect((await send('T4/D_E.F-1,2030-01-16,CR,1.00,SGD,X,A')).statusCode).toBe(200);
    expect((await send('T4 G,2030-01-16,CR,1.00,SGD,X,A')).json().header.responseDesc).toBe(
      PAYMENT_MESSAGES.badStatement(2, PAYMENT_MESSAGES.badTransactionId),
    );
  });

  it('says how many credits wait in all when it lists only the oldest of them', async () => {
    const read = async () => {
      const res = await finance.request({ method: 'GET', url: RECONCILIATION_PATHS.queue });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().responseJSON as { lines: StatementLine[]; waiting: number };
    };
    const before = await read();
    expect(before.waiting).toBe(before.lines.length);
    // The last imported is the oldest credit: the screen says it lists the oldest, so it is among them.
    const many = Array.from(
      { length: QUEUE_MAX_LINES + 1 },
      (_, i) => `MANY${i},${i === QUEUE_MAX_LINES ? '2030-01-02' : '2030-01-16'},CR,5.00,SGD,NOT A BILL,X`,
    );
    expect(await importCsv(many)).toMatchObject({ queued: QUEUE_MAX_LINES + 1 });
    const after = await read();
    expect(after.lines).toHaveLength(QUEUE_MAX_LINES);
    expect(after.lines[0]!.transactionId).toBe(`MANY${QUEUE_MAX_LINES}`);
    expect(after.waiting).toBe(before.waiting + QUEUE_MAX_LINES + 1);
    // Dealt with, so the tests after this one find their credits among those listed.
    for (let page = await read(); page.lines.some((l) => l.transactionId.startsWith('MANY')); page = await read())
      for (const l of page.lines.filter((l) => l.transactionId.startsWith('MANY'))) {
        const res = await finance.request({
          method: 'POST',
          url: fillPath(RECONCILIATION_PATHS.mark, { id: l.id }),
          body: { reason: 'Not ours' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    expect((await read()).waiting).toBe(before.waiting);
  });

  it('lists the credits the bank made first at the top, whatever order the statement gave them in', async () => {
    // Statements list credits newest first as often as not: the queue read "the oldest 500" of the import order.
    const days = ['2030-01-14', '2030-01-12', '2030-01-10', '2030-01-08'];
    const tagged = days.map((day, i) => `AGE${i},${day},CR,3.00,SGD,NOT A BILL,X`);
    expect(await importCsv(tagged)).toMatchObject({ queued: days.length });
    const listed = (await queue()).filter((l) => l.transactionId.startsWith('AGE'));
    expect(listed.map((l) => l.valueDate)).toEqual([...days].reverse());
  });

  it('takes a long statement in a few database statements, not some for each credit', async () => {
    // At three round trips a credit, the longest statement allowed outlasted the screen's wait for its answer.
    const unknown = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag}${i},2030-01-16,CR,1.00,SGD,NOT BILLED ${tag},X`);
    const few = await statementsDuring(app.db, async () => void (await importCsv(unknown(2, 'FEW'))));
    const many = await statementsDuring(app.db, async () => void (await importCsv(unknown(20, 'LOTS'))));
    expect(many).toEqual(few);
    const lots = (await queue()).filter((l) => l.transactionId.startsWith('LOTS'));
    expect(lots.map((l) => l.queueReason)).toEqual(Array(20).fill('unknown_reference'));
  });

  it('takes a statement of as many characters as the screen allows, whatever its script', async () => {
    // Payers' names in Chinese take three bytes each: the JSON of such a statement outgrows the 1 MB other
    // calls may send long before it reaches STATEMENT_MAX_CHARS.
    const name = '陈'.repeat(60);
    const row = (i: number) => `\nBIG${String(i).padStart(6, '0')},2030-01-16,DR,1.00,SGD,FEE,${name}`;
    const header = 'transaction_id,value_date,type,amount,currency,reference,payer_name';
    const n = Math.floor((STATEMENT_MAX_CHARS - header.length) / row(0).length);
    const csv = header + Array.from({ length: n }, (_, i) => row(i)).join('');
    expect(csv.length).toBeLessThanOrEqual(STATEMENT_MAX_CHARS);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2_000_000);
    const res = await finance.request({
      method: 'POST',
      url: RECONCILIATION_PATHS.statements,
      body: { fileName: 'nov.csv', csv },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().responseJSON).toMatchObject({ credits: 0, ignored: n });
  });

  it('ignores debits and reads quoted fields', async () => {
    const record = await payable(demo, 'PD', '7.50');
    const { reference } = await bill(demo, record.id);
    expect(
      await importCsv([
        `Q1,2030-01-16,DR,1.00,SGD,FEE,BANK`,
        `Q2,2030-01-16,CR,7.50,SGD,"${reference}","TAN, AH ""KOW"""`,
      ]),
    ).toMatchObject({ credits: 1, settled: 1, ignored: 1 });
  });

  it('says how many debits it left aside, so a file of debits alone does not read as empty', async () => {
    const send = async (rows: string[]) => {
      const csv = ['transaction_id,value_date,type,amount,currency,reference,payer_name', ...rows].join('\n');
      const res = await finance.request({ method: 'POST', url: RECONCILIATION_PATHS.statements, body: { csv } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().header.responseDesc as string;
    };
    expect(await send(['W1,2030-01-16,DR,1.00,SGD,FEE,BANK', 'W2,2030-01-16,DR,2.00,SGD,FEE,BANK'])).toBe(
      'Statement imported: 0 settled, 0 waiting for a person, 0 already imported; 2 debits ignored.',
    );
    expect(await send(['W3,2030-01-16,DR,1.00,SGD,FEE,BANK', credit('NOT A BILL', '1.00')])).toBe(
      'Statement imported: 0 settled, 1 waiting for a person, 0 already imported; 1 debit ignored.',
    );
    expect(await send([credit('NOT A BILL', '1.00')])).toBe(
      'Statement imported: 0 settled, 1 waiting for a person, 0 already imported.',
    );
  });
});

describe('the statement import command (npm run payments -- import)', () => {
  it('imports only as an enabled finance officer, and records the import under their account', async () => {
    const record = await payable(demo, 'PD', '21.00');
    const { reference } = await bill(demo, record.id);
    const line = credit(reference, '21.00');
    const transactionId = line.split(',')[0]!;
    const csv = ['transaction_id,value_date,type,amount,currency,reference,payer_name', line].join('\n');
    const run = async (officer: string) => {
      const out: string[] = [];
      const err: string[] = [];
      const status = await runPayments(
        app.db,
        { command: 'import', file: 'statement.csv', officer },
        csv,
        clock.now(),
        (l) => out.push(l),
        (l) => err.push(l),
      );
      return { status, out, err };
    };
    const state = async () =>
      (
        await app.db.query<{ lines: string; imports: string }>(
          `SELECT (SELECT count(*)::text FROM statement_lines WHERE transaction_id = $1) AS lines,
                  (SELECT count(*)::text FROM audit_events
                    WHERE event = 'statement_import' AND detail->>'fileName' = 'statement.csv') AS imports`,
          [transactionId],
        )
      ).rows[0];

    // A name that is no account, a disabled finance officer's, an applicant's, and a case officer's.
    await app.db.query(
      `INSERT INTO accounts (login_name, password_hash, profile_id, disabled) VALUES ('finance.gone', 'x', 'PTIB-BACKOFFICE', true)`,
    );
    await app.db.query(
      `INSERT INTO officers (account_id, display_name, roles)
       SELECT id, 'Gone Finance', '{finance}' FROM accounts WHERE login_name = 'finance.gone'`,
    );
    await app.db.query(
      `INSERT INTO account_authorities (account_id, authority) SELECT id, $1 FROM accounts WHERE login_name = 'finance.gone'`,
      [AUTHORITY_OFFICER],
    );
    for (const name of ['finance.nobody', 'finance.gone', 'ptib.demo'])
      expect(await run(name)).toEqual({ status: 1, out: [], err: [PAYMENT_MESSAGES.commandOfficerUnknown(name)] });
    expect(await run('officer.demo')).toEqual({
      status: 1,
      out: [],
      err: [PAYMENT_MESSAGES.commandRoleRequired('officer.demo', 'finance')],
    });
    expect(await state()).toEqual({ lines: '0', imports: '0' });
    expect(await bill(demo, record.id)).toMatchObject({ state: 'awaiting', receivedCents: 0 });

    // Any letter case of a login name is the same account, as at sign-in.
    expect(await run('Officer.Finance')).toMatchObject({ status: 0, err: [] });
    expect(await bill(demo, record.id)).toMatchObject({ state: 'paid', receivedCents: 2100 });
    const { rows: lines } = await app.db.query<{ imported_by: string }>(
      'SELECT imported_by FROM statement_lines WHERE transaction_id = $1',
      [transactionId],
    );
    expect(lines).toEqual([{ imported_by: 'officer.finance' }]);
    const { rows: history } = await app.db.query<{ actor: string }>(
      `SELECT h.actor FROM bill_history h JOIN bills b ON b.id = h.bill_id
        WHERE b.case_id = $1::bigint AND h.to_state = 'paid'`,
      [record.id],
    );
    expect(history).toEqual([{ actor: 'officer.finance' }]);
    const { rows: audits } = await app.db.query<{
      account_id: number;
      login_name: string;
      detail: Record<string, unknown>;
    }>(
      `SELECT e.account_id, e.login_name, e.detail FROM audit_events e
        WHERE e.event = 'statement_import' AND e.detail->>'fileName' = 'statement.csv'`,
    );
    const { rows: accounts } = await app.db.query<{ id: number }>(
      `SELECT id FROM accounts WHERE login_name = 'officer.finance'`,
    );
    expect(audits.map((a) => [Number(a.account_id), a.login_name, a.detail.via, a.detail.settled])).toEqual([
      [Number(accounts[0]!.id), 'officer.finance', 'command', 1],
    ]);
  });
});

describe('a finance officer’s reason', () => {
  it('that shows nothing (zero-width characters) is refused, and the credit still waits', async () => {
    await importCsv([credit('NOBODY KNOWS', '3.00')]);
    const line = (await queue()).find((l) => l.reference === 'NOBODY KNOWS')!;
    const invisible = '\u200b\u200b\u200b\u2060';
    const mark = await finance.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.mark, { id: line.id }),
      body: { reason: invisible },
    });
    expect(mark.statusCode).toBe(400);
    expect(mark.json().header.responseDesc).toContain(PAYMENT_TEXT.reasonRequired);
    const match = await finance.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.match, { id: line.id }),
      body: { reference: 'PD0000012030', reason: invisible },
    });
    expect(match.statusCode).toBe(400);
    expect((await queue()).some((l) => l.id === line.id)).toBe(true);
  });

  it('too short or too long is refused in the words the screen uses, not the schema’s', async () => {
    await importCsv([credit('NOBODY ELSE', '3.00')]);
    const line = (await queue()).find((l) => l.reference === 'NOBODY ELSE')!;
    for (const [reason, said] of [
      ['ab', PAYMENT_TEXT.reasonRequired],
      ['x'.repeat(DECISION_REASON_MAX + 1), PAYMENT_TEXT.reasonTooLong],
    ] as const) {
      const mark = await finance.request({
        method: 'POST',
        url: fillPath(RECONCILIATION_PATHS.mark, { id: line.id }),
        body: { reason },
      });
      expect(mark.statusCode).toBe(400);
      expect(mark.json().header.responseDesc).toBe(`Invalid request body field 'reason': ${said}`);
    }
  });
});

describe('refunds (Refund of Deposits)', () => {
  it('name one of the payer’s receipts and cannot exceed it', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '500.00')]);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const refund = (client: TestClient, receiptNumber: string, amount: string) =>
      submitted(client, 'PRD', (a) => {
        a.receiptNumber = receiptNumber;
        a.refundAmount = { amount, currency: 'SGD' };
      });
    const tooMuch = await refund(demo, receipt, '500.01');
    expect(tooMuch.status, tooMuch.body).toBe(400);
    expect(JSON.parse(tooMuch.body).responseJSON.fieldErrors).toMatchObject({
      'refundAmount.amount': PAYMENT_MESSAGES.refundTooLarge('S$500.00'),
    });
    const unknown = await refund(demo, '99999999', '1.00');
    expect(JSON.parse(unknown.body).responseJSON.fieldErrors).toMatchObject({
      receiptNumber: PAYMENT_MESSAGES.receiptUnknown,
    });
    const notTheirs = await refund(other, receipt, '1.00');
    expect(JSON.parse(notTheirs.body).responseJSON.fieldErrors).toMatchObject({
      receiptNumber: PAYMENT_MESSAGES.receiptUnknown,
    });
    expect((await refund(demo, receipt, '300.00')).status).toBe(200);
    const second = await refund(demo, receipt, '200.01');
    expect(JSON.parse(second.body).responseJSON.fieldErrors).toMatchObject({
      'refundAmount.amount': PAYMENT_MESSAGES.refundTooLarge('S$200.00'),
    });
    expect((await refund(demo, receipt, '200.00')).status).toBe(200);
    expect((await bill(demo, record.id)).refundedCents).toBe(50000);
    // Drawn in full: a further refund is told so beside the receipt, not asked for "S$0.00 or less".
    const nothing = await refund(demo, receipt, '1.00');
    expect(JSON.parse(nothing.body).responseJSON.fieldErrors).toEqual({ receiptNumber: PAYMENT_MESSAGES.nothingLeft });
  });

  it('show the officer the receipt drawn on, whose record it is and what arrived; a payment, its own bill', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    const { reference } = await bill(demo, record.id);
    expect((await view(officer, record.id)).bill).toEqual({
      reference,
      amountCents: 50000,
      receivedCents: 0,
      refundedCents: 0,
      refunds: { paidCents: 0, heldCents: 0 },
      state: 'awaiting',
      receiptNumber: null,
      settledAt: null,
    });
    await importCsv([credit(reference, '500.00')]);
    const paid = await bill(demo, record.id);
    const deposit = (await view(officer, record.id)).bill;
    expect(deposit).toMatchObject({ state: 'paid', receivedCents: 50000, receiptNumber: paid.receiptNumber });
    expect(deposit!.settledAt).toBe(clock.now().toISOString());

    const refund = await submitted(demo, 'PRD', (a) => {
      a.receiptNumber = paid.receiptNumber;
      a.refundAmount = { amount: '120.00', currency: 'SGD' };
    });
    expect(refund.status, refund.body).toBe(200);
    const seen = await view(officer, refund.record.id);
    expect(seen.bill).toBeNull();
    expect(seen.refundOf).toEqual({
      caseNumber: record.caseNumber,
      eserviceTitle: 'Payment of Court Deposits',
      drawnCents: 12000,
      bill: { ...deposit, refundedCents: 12000, refunds: { paidCents: 0, heldCents: 12000 } },
    });
    // A record of no payment e-service has neither.
    const other = await submitted(demo, 'PNC');
    expect(other.status, other.body).toBe(200);
    expect(await view(officer, other.record.id)).toMatchObject({ bill: null, refundOf: null });
  });

  it('rejected, gives back what it drew on the receipt, so the payer may ask for it again', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '500.00')]);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const refund = () =>
      submitted(demo, 'PRD', (a) => {
        a.receiptNumber = receipt;
        a.refundAmount = { amount: '500.00', currency: 'SGD' };
      });
    const first = await refund();
    expect(first.status, first.body).toBe(200);
    const supervisor = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, first.record.id, { action: 'assignToMe' });
    await doAction(officer, first.record.id, { action: 'proposeRejection', reason: 'The deposit is still held.' });
    await doAction(supervisor, first.record.id, { action: 'approveRejection' });
    expect((await bill(demo, record.id)).refundedCents).toBe(0);
    const again = await refund();
    expect(again.status, again.body).toBe(200);
    expect((await bill(demo, record.id)).refundedCents).toBe(50000);
  });

  it('of a deposit paid before its application was rejected, is the payer’s next step until drawn', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '500.00')]);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const supervisor = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'proposeRejection', reason: 'No proceedings are pending.' });
    await doAction(supervisor, record.id, { action: 'approveRejection' });
    const nextStep = async () =>
      ((await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail).progress
        ?.nextStep;
    // Paid, so the bill stands (docs/decisions/0059): "nothing more" would leave the S$500.00 unclaimed.
    expect((await bill(demo, record.id)).state).toBe('paid');
    expect(await nextStep()).toBe(PAYMENT_MESSAGES.nextStepReclaim('S$500.00', receipt));
    const refund = await submitted(demo, 'PRD', (a) => {
      a.receiptNumber = receipt;
      a.refundAmount = { amount: '500.00', currency: 'SGD' };
    });
    expect(refund.status, refund.body).toBe(200);
    expect(await nextStep()).toBe(NEXT_STEP_MESSAGES.rejected);
  });

  it('changed at an officer’s request, draws its new amount on the receipt, never more than is left', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '500.00')]);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const first = await submitted(demo, 'PRD', (a) => {
      a.receiptNumber = receipt;
      a.refundAmount = { amount: '300.00', currency: 'SGD' };
    });
    expect(first.status, first.body).toBe(200);
    await doAction(officer, first.record.id, { action: 'assignToMe' });
    await doAction(officer, first.record.id, {
      action: 'requestInfo',
      message: 'The deposit was S$500.00: ask for it all, or say why not.',
      fields: ['refundAmount'],
    });
    const current = (await demo.get(fillPath(CASE_PATHS.one, { id: first.record.id }))).json()
      .responseJSON as CaseDetail;
    const resubmit = (amount: string) =>
      demo.post(fillPath(CASE_PATHS.resubmit, { id: first.record.id }), {
        version: current.version,
        data: { ...current.data, refundAmount: { amount, currency: 'SGD' } },
      });
    const tooMuch = await resubmit('500.01');
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().responseJSON.fieldErrors).toMatchObject({
      'refundAmount.amount': PAYMENT_MESSAGES.refundTooLarge('S$500.00'),
    });
    expect((await bill(demo, record.id)).refundedCents).toBe(30000);
    const all = await resubmit('500.00');
    expect(all.statusCode, all.body).toBe(200);
    expect((await bill(demo, record.id)).refundedCents).toBe(50000);
  });

  it('submitted at the same moment, two refunds cannot both draw the same money', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '500.00')]);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const change = (a: Record<string, unknown>) => {
      a.receiptNumber = receipt;
      a.refundAmount = { amount: '300.00', currency: 'SGD' };
    };
    const [first, second] = [await drafted(demo, 'PRD', change), await drafted(demo, 'PRD', change)];
    const answers = await Promise.all([submit(demo, first!), submit(demo, second!)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await bill(demo, record.id)).refundedCents).toBe(30000);
  });
});

describe('an approved refund (docs/decisions/0088)', () => {
  const refunds = async (): Promise<RefundToPay[]> => {
    const res = await finance.request({ method: 'GET', url: RECONCILIATION_PATHS.queue });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().responseJSON as { refunds: RefundToPay[] }).refunds;
  };
  const paidOut = (id: string, reason: string, client = finance) =>
    client.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS.refundPaid, { id }), body: { reason } });
  /** A paid deposit of S$500.00 and a refund of `amount` drawn on its receipt, to an individual payee. */
  async function refundOf(
    amount: string,
    typed: (answers: Record<string, unknown>) => void = () => {},
  ): Promise<{ deposit: CaseDetail; refund: CaseDetail; receipt: string }> {
    const deposit = await payable(demo, 'PCD', '500.00');
    await importCsv([credit((await bill(demo, deposit.id)).reference, '500.00')]);
    const receipt = (await bill(demo, deposit.id)).receiptNumber!;
    const { record, status, body } = await submitted(demo, 'PRD', (a) => {
      a.receiptNumber = receipt;
      a.refundAmount = { amount, currency: 'SGD' };
      a.entityType = 'I';
      a.payeeName = 'TAN AH KOW';
      a.payeeNric = 'S9470855I';
      delete a.payeeUen;
      a.bankAccountNumber = '0123456789';
      typed(a);
    });
    expect(status, body).toBe(200);
    return { deposit, refund: record, receipt };
  }
  async function approved(id: string): Promise<void> {
    await doAction(officer, id, { action: 'assignToMe' });
    await doAction(officer, id, { action: 'approve' });
  }

  it('is marked paid once when sent again with its key, answered as paid both times (docs/decisions/0109)', async () => {
    const { refund } = await refundOf('80.00');
    await approved(refund.id);
    const url = fillPath(RECONCILIATION_PATHS.refundPaid, { id: refund.id });
    const body = { reason: 'GIRO transfer FT26112901', actionKey: KEYS.refund };
    const first = await finance.request({ method: 'POST', url, body });
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost; the browser or the officer sends the same attempt again.
    const again = await finance.request({ method: 'POST', url, body });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().header.responseDesc).toBe(PAYMENT_MESSAGES.refundPaid);
    const trail = await app.db.query(
      `SELECT 1 FROM audit_events WHERE event = 'refund_paid_out' AND detail->>'caseId' = $1`,
      [refund.id],
    );
    expect(trail.rows).toHaveLength(1);
    // A new attempt (a new key) is judged on its own: the refund is paid.
    const other = await finance.request({ method: 'POST', url, body: { ...body, actionKey: KEYS.other } });
    expect(other.statusCode).toBe(409);
    expect(other.json().header.responseDesc).toBe(PAYMENT_MESSAGES.refundPaidAlready);
    // The key answers its own words only: another reason under it is neither taken nor told "paid".
    const otherWords = await finance.request({ method: 'POST', url, body: { ...body, reason: 'Cheque 123456' } });
    expect(otherWords.statusCode).toBe(400);
    expect(otherWords.json().header.responseDesc).toBe(PAYMENT_MESSAGES.actionKeyOfAnother);
  });

  it('is drawn on a receipt number pasted with spaces, and listed as checked: without them', async () => {
    const { refund, receipt } = await refundOf('120.00', (a) => {
      a.receiptNumber = ` ${String(a.receiptNumber)} `;
      a.payeeName = '  TAN AH KOW ';
      a.bankAccountNumber = ' 0123456789 ';
    });
    const kept = { receiptNumber: receipt, payeeName: 'TAN AH KOW', bankAccountNumber: '0123456789' };
    expect(refund.data).toMatchObject(kept);
    await approved(refund.id);
    expect((await refunds()).find((r) => r.caseId === refund.id)).toMatchObject(kept);
  });

  it('is listed for finance to pay, marked paid once with how, and its payer is told', async () => {
    const { deposit, refund, receipt } = await refundOf('120.00');
    // Not finance's to pay until an officer approves it.
    expect((await refunds()).map((r) => r.caseId)).not.toContain(refund.id);
    const early = await paidOut(refund.id, 'FAST transfer R1');
    expect(early.statusCode).toBe(409);
    expect(early.json().header.responseDesc).toBe(PAYMENT_MESSAGES.refundNotApproved);

    await approved(refund.id);
    const toPay = PAYMENT_MESSAGES.nextStepRefundToPay('S$120.00');
    expect(await nextSteps(refund.id)).toEqual([toPay, toPay]);
    expect((await refunds()).find((r) => r.caseId === refund.id)).toEqual({
      caseId: refund.id,
      caseNumber: refund.caseNumber,
      amountCents: 12000,
      payeeName: 'TAN AH KOW',
      payeeId: 'S9470855I',
      bankAccountNumber: '0123456789',
      receiptNumber: receipt,
    });

    // Finance's alone: not the payer's, nor a case officer's.
    expect((await paidOut(refund.id, 'FAST transfer R1', demo)).statusCode).toBe(403);
    expect((await paidOut(refund.id, 'FAST transfer R1', officer)).statusCode).toBe(403);
    const empty = await paidOut(refund.id, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(PAYMENT_TEXT.reasonRequired);

    const res = await paidOut(refund.id, 'FAST transfer R123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.refundPaid);
    expect((await refunds()).map((r) => r.caseId)).not.toContain(refund.id);
    const day = formatIsoDate(todayInSingapore(clock.now()));
    const paid = PAYMENT_MESSAGES.nextStepRefundPaid('S$120.00', day, 'FAST transfer R123');
    expect(await nextSteps(refund.id)).toEqual([paid, paid]);
    // The deposit's payer reads it in the history of the bill the refund drew on, too.
    expect((await bill(demo, deposit.id)).history.at(-1)?.reason).toBe(
      PAYMENT_MESSAGES.refundPaidReason(refund.caseNumber, 'S$120.00', 'FAST transfer R123'),
    );
    const trail = await app.db.query<{ login_name: string; detail: Record<string, unknown> }>(
      `SELECT login_name, detail FROM audit_events WHERE event = 'refund_paid_out' AND detail->>'caseId' = $1`,
      [refund.id],
    );
    expect(trail.rows).toEqual([
      {
        login_name: 'officer.finance',
        detail: {
          caseId: refund.id,
          caseNumber: refund.caseNumber,
          amountCents: 12000,
          reason: 'FAST transfer R123',
        },
      },
    ]);
    const inbox = await app.db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'refundPaid'`,
      [refund.id],
    );
    expect(inbox.rows.map((r) => r.body)).toEqual([
      `The refund of S$120.00 for record ${refund.caseNumber} has been paid to the bank account you gave on ${day}.\nDetails: FAST transfer R123`,
    ]);
    await app.outbox.drain();
    expect(
      gateway.received
        .map((r) => (r.body as { message?: string } | undefined)?.message ?? '')
        .filter((m) => m.includes(`refund of S$120.00 for record ${refund.caseNumber}`)),
    ).toEqual([
      `PTIB e-Services: The refund of S$120.00 for record ${refund.caseNumber} has been paid to the bank account you gave on ${day}. Please sign in to read the details.`,
    ]);

    const again = await paidOut(refund.id, 'FAST transfer R123');
    expect(again.statusCode).toBe(409);
    expect(again.json().header.responseDesc).toBe(PAYMENT_MESSAGES.refundPaidAlready);
    expect((await paidOut('999999999', 'FAST transfer R9')).statusCode).toBe(404);
  });

  it('marked paid twice at once, is paid once', async () => {
    const { deposit, refund } = await refundOf('80.00');
    await approved(refund.id);
    // Another transaction holds the refund's row until both calls wait on it: neither can have read it before
    // the other (on PGlite, one engine, they wait their turn in any case).
    let both: Promise<Awaited<ReturnType<typeof paidOut>>[]> | undefined;
    await app.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM refunds WHERE case_id = $1::bigint FOR UPDATE', [refund.id]);
      both = Promise.all([paidOut(refund.id, 'FAST transfer A'), paidOut(refund.id, 'FAST transfer B')]);
      if (!process.env.TEST_DATABASE_URL) return;
      const waiting = async () =>
        (
          await app.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting).toBe(2);
    });
    const answers = await both!;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await bill(demo, deposit.id)).history.filter((h) => h.reason?.includes('paid out'));
    expect(history).toHaveLength(1);
    const notices = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'refundPaid'`,
      [refund.id],
    );
    expect(notices.rows[0]!.n).toBe(1);
  });

  it('are read by the bill they draw on, not by a scan of every refund', async () => {
    const { deposit } = await refundOf('30.00');
    const read: Array<{ text: string; params?: readonly unknown[] }> = [];
    const { query } = app.db;
    app.db.query = function (text, params, options) {
      if (text.includes('FROM refunds r')) read.push({ text, params });
      return query(text, params, options);
    } as typeof query;
    try {
      expect((await bill(demo, deposit.id)).refunds).toEqual({ paidCents: 0, heldCents: 3000 });
    } finally {
      app.db.query = query;
    }
    // With the bill, in one statement; its plan, scans forbidden where an index can serve, scans no refunds.
    expect(read).toHaveLength(1);
    const plan = await app.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${read[0]!.text}`,
        read[0]!.params,
      );
      return rows[0]!['QUERY PLAN'][0].Plan;
    });
    const scans = (node: PlanNode): string[] => [
      ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? ''] : []),
      ...(node.Plans ?? []).flatMap(scans),
    ];
    expect(scans(plan)).not.toContain('refunds');
  });

  it('is said on the receipt, the Payment section and the officer’s view as paid only once paid out', async () => {
    const receiptText = async (caseId: string) =>
      (await pdfText((await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: caseId }))).rawPayload)).replace(
        /\s+/g,
        ' ',
      );
    const said = async (caseId: string) => ({
      receipt: await receiptText(caseId),
      section: (await bill(demo, caseId)).refunds,
      officer: (await view(officer, caseId)).bill?.refunds,
    });
    // Applied for, the amount is only set aside (docs/decisions/0088): nothing is refunded yet.
    const { deposit, refund } = await refundOf('120.00');
    let now = await said(deposit.id);
    expect(now.receipt).not.toContain(PAYMENT_TEXT.refundsPaid);
    expect(now.receipt).toContain(`${PAYMENT_TEXT.refundsHeld} S$120.00`);
    expect(now.section).toEqual({ paidCents: 0, heldCents: 12000 });
    expect(now.officer).toEqual(now.section);
    // Approved, finance has still to pay it.
    await approved(refund.id);
    expect((await said(deposit.id)).receipt).toContain(`${PAYMENT_TEXT.refundsHeld} S$120.00`);
    expect((await paidOut(refund.id, 'FAST transfer R42')).statusCode).toBe(200);
    now = await said(deposit.id);
    expect(now.receipt).toContain(`${PAYMENT_TEXT.refundsPaid} S$120.00`);
    expect(now.receipt).not.toContain(PAYMENT_TEXT.refundsHeld);
    expect(now.section).toEqual({ paidCents: 12000, heldCents: 0 });
    expect(now.officer).toEqual(now.section);

    // Rejected, it gives its amount back: the receipt says nothing of refunds.
    const other = await refundOf('60.00');
    const lead = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, other.refund.id, { action: 'assignToMe' });
    await doAction(officer, other.refund.id, { action: 'proposeRejection', reason: 'The deposit is still held.' });
    await doAction(lead, other.refund.id, { action: 'approveRejection' });
    now = await said(other.deposit.id);
    expect(now.receipt).not.toContain(PAYMENT_TEXT.refundsPaid);
    expect(now.receipt).not.toContain(PAYMENT_TEXT.refundsHeld);
    expect(now.receipt).not.toMatch(/refund/i);
    expect(now.section).toEqual({ paidCents: 0, heldCents: 0 });
  });

  it('rejected, is never finance’s to pay', async () => {
    const { refund } = await refundOf('60.00');
    const lead = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, refund.id, { action: 'assignToMe' });
    await doAction(officer, refund.id, { action: 'proposeRejection', reason: 'The deposit is still held.' });
    await doAction(lead, refund.id, { action: 'approveRejection' });
    expect((await refunds()).map((r) => r.caseId)).not.toContain(refund.id);
    expect((await paidOut(refund.id, 'FAST transfer R7')).statusCode).toBe(404);
    expect((await nextSteps(refund.id))[0]).toBe(NEXT_STEP_MESSAGES.rejected);
  });
});

describe('a rejected application', () => {
  const act = (id: string, what: 'match' | 'mark', body: unknown) =>
    finance.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS[what], { id }), body });
  const returned = (id: string, reason: string, client = finance) =>
    client.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS.returned, { id }), body: { reason } });

  it('cancels its part-paid bill: no QR, no payment; what it received is listed to return, once', async () => {
    const record = await payable(demo, 'PD', '300.00');
    const reference = (await bill(demo, record.id)).reference;
    await importCsv([credit(reference, '100.00')]);
    const line = (await queue()).find((l) => l.reference === reference)!;
    expect((await act(line.id, 'match', { reference, reason: 'First instalment' })).statusCode).toBe(200);
    expect((await bill(demo, record.id)).state).toBe('part_paid');

    // Four eyes: an officer proposes, a supervisor approves.
    const lead = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'proposeRejection', reason: 'Not the debtor’s account.' });
    await doAction(lead, record.id, { action: 'approveRejection' });

    const cancelled = await bill(demo, record.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', receivedCents: 10000, refundedCents: 0, payNow: null });
    expect(cancelled.history.at(-1)).toMatchObject({
      from: 'part_paid',
      to: 'cancelled',
      reason: PAYMENT_MESSAGES.cancelledReason,
    });
    const simulated = await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {});
    expect(simulated.statusCode).toBe(409);
    expect(simulated.json().header.responseDesc).toBe(PAYMENT_MESSAGES.notPayable);

    // A later credit waits for a person, who cannot put it on the cancelled bill.
    await importCsv([credit(reference, '200.00')]);
    const late = (await queue()).find((l) => l.reference === reference && l.amountCents === 20000)!;
    expect(late.queueReason).toBe('not_payable');
    // Nothing is due on it (docs/decisions/0059): the finance officer must not read the bill's amount as owed.
    expect(late.outstandingCents).toBe(0);
    const matched = await act(late.id, 'match', { reference, reason: 'Payer asked' });
    expect(matched.statusCode).toBe(409);
    expect(matched.json().header.responseDesc).toBe(PAYMENT_MESSAGES.billCancelled);
    expect((await bill(demo, record.id)).state).toBe('cancelled');
    expect((await act(late.id, 'mark', { reason: 'Returned to the payer' })).statusCode).toBe(200);

    // The money it had received is the finance officer's to return.
    const due = (await returns()).find((r) => r.reference === reference)!;
    expect(due).toMatchObject({
      caseNumber: record.caseNumber,
      amountCents: 10000,
      transactions: [{ transactionId: line.transactionId, payerName: line.payerName, amountCents: 10000 }],
    });
    expect((await returned(due.billId, 'Sent back', demo)).statusCode).toBe(403);
    expect((await returned(due.billId, 'x')).statusCode).toBe(400);
    const res = await returned(due.billId, 'FAST transfer R123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.returned);
    expect((await returns()).map((r) => r.reference)).not.toContain(reference);
    const after = await bill(demo, record.id);
    expect(after).toMatchObject({ state: 'cancelled', refundedCents: 10000 });
    expect(after.history.at(-1)?.reason).toBe(PAYMENT_MESSAGES.returnedReason('FAST transfer R123'));
    const again = await returned(due.billId, 'FAST transfer R123');
    expect(again.statusCode).toBe(409);
    expect(again.json().header.responseDesc).toBe(PAYMENT_MESSAGES.nothingToReturn);
  });

  it('cancels an unpaid bill when the operator rejects; a paid bill keeps its receipt', async () => {
    const unpaid = await payable(demo, 'PCD', '80.00');
    const paid = await payable(demo, 'PCD', '90.00');
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: paid.id }), {})).statusCode).toBe(200);
    for (const record of [unpaid, paid]) await rejectWithCommand(app.db, record.caseNumber, clock.now());
    expect(await bill(demo, unpaid.id)).toMatchObject({ state: 'cancelled', receivedCents: 0, payNow: null });
    const kept = await bill(demo, paid.id);
    expect(kept.state).toBe('paid');
    expect(kept.receiptNumber).not.toBeNull();
    // Nothing was received on the one, and the other's money is a receipt the refund e-service draws on.
    expect((await returns()).map((r) => r.reference)).not.toContain(kept.reference);
    expect((await returns()).map((r) => r.caseNumber)).not.toContain(unpaid.caseNumber);
  });
});

describe('undoing a finance officer’s wrong decision', () => {
  const act = (id: string, what: 'match' | 'mark' | 'undo', body: unknown, client = finance) =>
    client.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS[what], { id }), body });
  const resolved = async (): Promise<ResolvedLine[]> => {
    const res = await finance.request({ method: 'GET', url: RECONCILIATION_PATHS.resolved });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().responseJSON as { lines: ResolvedLine[] }).lines;
  };
  /** A credit of `amount` under a reference no bill has, waiting for a person. */
  async function waitingCredit(amount: string): Promise<StatementLine> {
    const reference = `TYPO ${++txn}`;
    await importCsv([credit(reference, amount)]);
    return (await queue()).find((l) => l.reference === reference)!;
  }
  async function matched(amount: string, reference: string): Promise<StatementLine> {
    const line = await waitingCredit(amount);
    const res = await act(line.id, 'match', { reference, reason: 'Payer confirmed by phone' });
    expect(res.statusCode, res.body).toBe(200);
    return line;
  }
  const kindsFor = async (caseId: string, table: 'inbox_messages' | 'notification_outbox') =>
    (
      await app.db.query<{ kind: string; body?: string }>(
        `SELECT kind${table === 'inbox_messages' ? ', body' : ''} FROM ${table} WHERE case_id = $1::bigint ORDER BY id`,
        [caseId],
      )
    ).rows;
  const undoTrail = async (lineId: string) =>
    (
      await app.db.query<{ login_name: string; detail: Record<string, unknown> }>(
        `SELECT login_name, detail FROM audit_events WHERE event = 'statement_line_undo' AND detail->>'lineId' = $1`,
        [lineId],
      )
    ).rows;

  const trailOf = async (event: string, lineId: string) =>
    (
      await app.db.query<{ detail: Record<string, unknown> }>(
        `SELECT detail FROM audit_events WHERE event = $1 AND detail->>'lineId' = $2`,
        [event, lineId],
      )
    ).rows.map((r) => r.detail);

  it('takes a match, a mark or an undo sent again with its key once, answered as done both times', async () => {
    const record = await payable(demo, 'PD', '15.00');
    const { reference } = await bill(demo, record.id);
    const twice = async (id: string, what: 'match' | 'mark' | 'undo', body: Record<string, unknown>) => {
      const first = await act(id, what, body);
      expect(first.statusCode, first.body).toBe(200);
      const again = await act(id, what, body);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().header.responseDesc).toBe(first.json().header.responseDesc);
    };
    const line = await waitingCredit('15.00');
    await twice(line.id, 'match', { reference, reason: 'Payer confirmed by phone', actionKey: KEYS.match });
    expect(await trailOf('statement_line_match', line.id)).toHaveLength(1);
    expect((await bill(demo, record.id)).state).toBe('paid');
    await twice(line.id, 'undo', { reason: 'Not their payment', actionKey: KEYS.undo });
    expect(await undoTrail(line.id)).toHaveLength(1);
    expect((await bill(demo, record.id)).state).toBe('awaiting');
    const stray = await waitingCredit('3.00');
    await twice(stray.id, 'mark', { reason: 'Returned to the payer', actionKey: KEYS.mark });
    expect(await trailOf('statement_line_mark', stray.id)).toHaveLength(1);
  });

  it('reports an import sent again with its key as the first import, not as "already imported"', async () => {
    const csv = [
      'transaction_id,value_date,type,amount,currency,reference,payer_name',
      credit('TYPO IMPORT', '7.00'),
    ].join('\n');
    const send = () =>
      finance.request({
        method: 'POST',
        url: RECONCILIATION_PATHS.statements,
        body: { csv, fileName: 'sent-twice.csv', actionKey: KEYS.import },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().responseJSON).toMatchObject({ queued: 1, alreadyImported: 0 });
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const imports = await app.db.query(
      `SELECT 1 FROM audit_events WHERE event = 'statement_import' AND detail->>'fileName' = 'sent-twice.csv'`,
    );
    expect(imports.rows).toHaveLength(1);
  });

  it('keeps in the audit trail which credit a person matched or marked, how much, and to which bill', async () => {
    const record = await payable(demo, 'PD', '12.00');
    const { reference } = await bill(demo, record.id);
    const line = await waitingCredit('12.00');
    // Typed as a payer might write it; the trail names the bill as found.
    const typed = reference.toLowerCase().replace(/(\d{6})/, ' $1 ');
    expect((await act(line.id, 'match', { reference: typed, reason: 'Payer confirmed by phone' })).statusCode).toBe(
      200,
    );
    expect(await trailOf('statement_line_match', line.id)).toEqual([
      {
        lineId: line.id,
        reason: 'Payer confirmed by phone',
        transactionId: line.transactionId,
        amountCents: 1200,
        billReference: reference,
        caseNumber: record.caseNumber,
      },
    ]);
    const stray = await waitingCredit('3.00');
    expect((await act(stray.id, 'mark', { reason: 'Returned to the payer' })).statusCode).toBe(200);
    expect(await trailOf('statement_line_mark', stray.id)).toEqual([
      { lineId: stray.id, reason: 'Returned to the payer', transactionId: stray.transactionId, amountCents: 300 },
    ]);
  });

  it('takes a wrong match off its bill: owed again, receipt withdrawn, the credit waits again', async () => {
    const wrong = await payable(demo, 'PD', '70.00');
    const { reference } = await bill(demo, wrong.id);
    const line = await matched('70.00', reference);
    const paid = await bill(demo, wrong.id);
    expect(paid).toMatchObject({ state: 'paid', receivedCents: 7000 });
    expect((await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: wrong.id }))).statusCode).toBe(200);
    expect((await resolved()).find((l) => l.id === line.id)).toMatchObject({
      status: 'matched',
      billReference: reference,
      resolution: 'Payer confirmed by phone',
      // By name, as the rest of the back office names officers; the audit trail keeps the login name.
      resolvedBy: 'Finance Officer',
    });

    expect((await act(line.id, 'undo', { reason: 'x' })).statusCode).toBe(400);
    expect((await act(line.id, 'undo', { reason: 'Wrong bill' }, demo)).statusCode).toBe(403);
    const res = await act(line.id, 'undo', { reason: 'The payer is another applicant' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.undone);

    const owed = await bill(demo, wrong.id);
    expect(owed).toMatchObject({ state: 'awaiting', receivedCents: 0, receiptNumber: null });
    expect(parsePayload(owed.payNow!)['54']).toBe('70.00');
    expect(owed.history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'awaiting',
      by: 'PTIB',
      reason: PAYMENT_MESSAGES.undoneReason(line.transactionId, 'The payer is another applicant', paid.receiptNumber),
    });
    const receipt = await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: wrong.id }));
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().header.responseDesc).toBe(PAYMENT_MESSAGES.notSettled);
    // The credit waits as it did before the match, and is no longer among the decided ones.
    expect((await queue()).find((l) => l.id === line.id)).toMatchObject({
      status: 'queued',
      queueReason: 'unknown_reference',
      resolution: null,
    });
    expect((await resolved()).map((l) => l.id)).not.toContain(line.id);
    expect(await undoTrail(line.id)).toEqual([
      {
        login_name: 'officer.finance',
        detail: {
          lineId: line.id,
          reason: 'The payer is another applicant',
          status: 'matched',
          transactionId: line.transactionId,
          billReference: reference,
        },
      },
    ]);
    // The payer told it was paid is told it is owed again; "payment received" not yet sent does not go.
    const inbox = await kindsFor(wrong.id, 'inbox_messages');
    expect(inbox.at(-1)?.kind).toBe('billReopened');
    expect(inbox.at(-1)?.body).toContain('S$70.00 is still to be paid');
    const unsent = await app.db.query<{ kind: string }>(
      `SELECT kind FROM notification_outbox WHERE case_id = $1::bigint AND sent_at IS NULL AND dead_at IS NULL`,
      [wrong.id],
    );
    expect(unsent.rows.map((r) => r.kind)).not.toContain('billSettled');

    // Put right, the bill pays again later with a new receipt.
    expect(await importCsv([credit(reference, '70.00')])).toMatchObject({ settled: 1 });
    const again = await bill(demo, wrong.id);
    expect(again.state).toBe('paid');
    expect(again.receiptNumber).not.toBe(paid.receiptNumber);
  });

  it('leaves a bill part-paid or paid as what is left makes it, keeping a receipt it still earns', async () => {
    const part = await payable(demo, 'PD', '300.00');
    const partRef = (await bill(demo, part.id)).reference;
    await matched('100.00', partRef);
    const wrongPart = await matched('50.00', partRef);
    expect(await bill(demo, part.id)).toMatchObject({ state: 'part_paid', receivedCents: 15000 });
    expect((await act(wrongPart.id, 'undo', { reason: 'Not this payer' })).statusCode).toBe(200);
    const left = await bill(demo, part.id);
    expect(left).toMatchObject({ state: 'part_paid', receivedCents: 10000 });
    expect(left.history.at(-1)).toMatchObject({ from: 'part_paid', to: 'part_paid' });
    // Nothing was said to be paid, so nothing is said now.
    expect((await kindsFor(part.id, 'inbox_messages')).map((m) => m.kind)).not.toContain('billReopened');

    const over = await payable(demo, 'PD', '40.00');
    const overRef = (await bill(demo, over.id)).reference;
    expect(await importCsv([credit(overRef, '40.00')])).toMatchObject({ settled: 1 });
    const receipt = (await bill(demo, over.id)).receiptNumber;
    const extra = await matched('5.00', overRef);
    expect((await bill(demo, over.id)).state).toBe('over_paid');
    expect((await act(extra.id, 'undo', { reason: 'Another bill’s money' })).statusCode).toBe(200);
    expect(await bill(demo, over.id)).toMatchObject({ state: 'paid', receivedCents: 4000, receiptNumber: receipt });
    expect((await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: over.id }))).statusCode).toBe(200);
  });

  it('puts a credit marked as dealt with back in the queue', async () => {
    const line = await waitingCredit('12.00');
    expect((await act(line.id, 'mark', { reason: 'Returned to the payer' })).statusCode).toBe(200);
    expect((await resolved()).find((l) => l.id === line.id)).toMatchObject({
      status: 'marked',
      billReference: null,
      resolution: 'Returned to the payer',
    });
    expect((await act(line.id, 'undo', { reason: 'It was never returned' })).statusCode).toBe(200);
    expect((await queue()).find((l) => l.id === line.id)).toMatchObject({ status: 'queued', resolution: null });
    expect((await undoTrail(line.id))[0]?.detail).toMatchObject({ status: 'marked', billReference: null });
  });

  it('refuses what is not a person’s decision, or no credit at all', async () => {
    const waiting = await waitingCredit('3.00');
    const notResolved = await act(waiting.id, 'undo', { reason: 'Try it' });
    expect(notResolved.statusCode).toBe(409);
    expect(notResolved.json().header.responseDesc).toBe(PAYMENT_MESSAGES.lineNotResolved);
    // A credit the import settled by its exact reference and amount is not undone here (docs/decisions/0071).
    const record = await payable(demo, 'PD', '21.00');
    await importCsv([credit((await bill(demo, record.id)).reference, '21.00')]);
    const settled = await app.db.query<{ id: string }>(
      `SELECT l.id::text AS id FROM statement_lines l JOIN bills b ON b.id = l.bill_id WHERE b.case_id = $1::bigint`,
      [record.id],
    );
    expect((await act(settled.rows[0]!.id, 'undo', { reason: 'Try it' })).statusCode).toBe(409);
    expect((await bill(demo, record.id)).state).toBe('paid');
    const unknown = await act('999999999', 'undo', { reason: 'Try it' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().header.responseDesc).toBe(PAYMENT_MESSAGES.noLine);
  });

  it('refuses while a refund has drawn on the receipt, and leaves the bill as it was', async () => {
    const record = await payable(demo, 'PCD', '500.00');
    const line = await matched('500.00', (await bill(demo, record.id)).reference);
    const receipt = (await bill(demo, record.id)).receiptNumber!;
    const refund = await submitted(demo, 'PRD', (a) => {
      a.receiptNumber = receipt;
      a.refundAmount = { amount: '100.00', currency: 'SGD' };
    });
    expect(refund.status, refund.body).toBe(200);
    const res = await act(line.id, 'undo', { reason: 'Wrong bill' });
    expect(res.statusCode).toBe(409);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.undoRefundDrawn);
    expect(await bill(demo, record.id)).toMatchObject({ state: 'paid', receivedCents: 50000, receiptNumber: receipt });
    expect((await resolved()).map((l) => l.id)).toContain(line.id);
    expect(await undoTrail(line.id)).toEqual([]);
  });

  it('on a cancelled bill, takes the credit off the money to return, unless it was returned', async () => {
    const lead = await signedInOfficer(app, gateway, 'officer.lead');
    async function cancelledWith(amount: string) {
      const record = await payable(demo, 'PD', '300.00');
      const line = await matched(amount, (await bill(demo, record.id)).reference);
      await doAction(officer, record.id, { action: 'assignToMe' });
      await doAction(officer, record.id, { action: 'proposeRejection', reason: 'Not the debtor’s account.' });
      await doAction(lead, record.id, { action: 'approveRejection' });
      expect((await bill(demo, record.id)).state).toBe('cancelled');
      return { record, line };
    }
    const kept = await cancelledWith('100.00');
    expect((await act(kept.line.id, 'undo', { reason: 'Another payer’s money' })).statusCode).toBe(200);
    expect(await bill(demo, kept.record.id)).toMatchObject({ state: 'cancelled', receivedCents: 0 });
    expect((await returns()).map((r) => r.caseNumber)).not.toContain(kept.record.caseNumber);

    const sent = await cancelledWith('120.00');
    const due = (await returns()).find((r) => r.caseNumber === sent.record.caseNumber)!;
    const returned = await finance.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.returned, { id: due.billId }),
      body: { reason: 'FAST transfer R9' },
    });
    expect(returned.statusCode).toBe(200);
    const res = await act(sent.line.id, 'undo', { reason: 'Another payer’s money' });
    expect(res.statusCode).toBe(409);
    expect(res.json().header.responseDesc).toBe(PAYMENT_MESSAGES.undoMoneyReturned);
    expect(await bill(demo, sent.record.id)).toMatchObject({ state: 'cancelled', receivedCents: 12000 });
  });

  it('asked twice at once, undoes once', async () => {
    const record = await payable(demo, 'PD', '90.00');
    const line = await matched('90.00', (await bill(demo, record.id)).reference);
    const answers = await Promise.all([
      act(line.id, 'undo', { reason: 'Wrong bill' }),
      act(line.id, 'undo', { reason: 'Wrong bill' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await bill(demo, record.id);
    expect(after).toMatchObject({ state: 'awaiting', receivedCents: 0 });
    expect(after.history.filter((h) => h.reason?.startsWith(`Credit ${line.transactionId} taken off`))).toHaveLength(1);
    expect(await undoTrail(line.id)).toHaveLength(1);
    expect((await kindsFor(record.id, 'inbox_messages')).filter((m) => m.kind === 'billReopened')).toHaveLength(1);
  });
});

describe('a rejected application’s bill notice', () => {
  it('is not sent after the rejection when it was still waiting to go', async () => {
    // The gateway was down when the bill was issued: its notice waits in the outbox for the next try.
    const record = await payable(demo, 'PCD', '60.00');
    const waiting = () =>
      app.db.query<{ channel: string }>(
        `SELECT channel FROM notification_outbox
          WHERE case_id = $1::bigint AND kind = 'billIssued' AND sent_at IS NULL AND dead_at IS NULL`,
        [record.id],
      );
    expect((await waiting()).rows.length).toBeGreaterThan(0);
    await rejectWithCommand(app.db, record.caseNumber, clock.now());
    expect((await bill(demo, record.id)).state).toBe('cancelled');

    await app.outbox.drain();
    const texts = gateway.received
      .map((r) => (r.body as { message?: string } | undefined)?.message ?? '')
      .filter((m) => m.includes(record.caseNumber));
    // "Please sign in to pay it" after "was rejected" would ask for money nobody owes (0059).
    expect(texts.filter((m) => m.includes('pay it'))).toEqual([]);
    expect((await waiting()).rows).toEqual([]);
  });
});

describe('an approval’s notice', () => {
  /** What the gateway was sent of a record's approval, once the outbox has drained. */
  async function approvalSms(record: CaseDetail): Promise<string[]> {
    await app.outbox.drain();
    return gateway.received
      .map((r) => (r.body as { message?: string } | undefined)?.message ?? '')
      .filter((m) => m.includes(`${record.caseNumber} was approved`));
  }

  it('says what is still to pay on the bill, and by when, however the record was approved', async () => {
    const byOfficer = await payable(demo, 'PD', '70.00');
    const due = formatIsoDate((await bill(demo, byOfficer.id)).dueOn);
    await doAction(officer, byOfficer.id, { action: 'assignToMe' });
    await doAction(officer, byOfficer.id, { action: 'approve' });
    expect(await approvalSms(byOfficer)).toEqual([
      `PTIB e-Services: Record ${byOfficer.caseNumber} was approved ${singaporeOn(clock.now())}. S$70.00 is still to be paid on its bill. Pay by ${due}. Please sign in to pay it.`,
    ]);

    // Part paid, then approved by the operator's command: what is left, not the whole amount.
    const partPaid = await payable(demo, 'PD', '80.00');
    const reference = (await bill(demo, partPaid.id)).reference;
    await importCsv([credit(reference, '30.00')]);
    const line = (await queue()).find((l) => l.reference === reference)!;
    const matched = await finance.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.match, { id: line.id }),
      body: { reference, reason: 'First instalment' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    await moveCase(app.db, partPaid.caseNumber, 'in_review', 'officer.lead', clock.now());
    await moveCase(app.db, partPaid.caseNumber, 'approved', 'officer.lead', clock.now());
    expect(await approvalSms(partPaid)).toEqual([
      `PTIB e-Services: Record ${partPaid.caseNumber} was approved ${singaporeOn(clock.now())}. S$50.00 is still to be paid on its bill. Pay by ${due}. Please sign in to pay it.`,
    ]);
  });

  it('says nothing of a bill already paid', async () => {
    const record = await payable(demo, 'PD', '72.00');
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(200);
    await moveCase(app.db, record.caseNumber, 'in_review', 'officer.lead', clock.now());
    await moveCase(app.db, record.caseNumber, 'approved', 'officer.lead', clock.now());
    expect(await approvalSms(record)).toEqual([
      `PTIB e-Services: Record ${record.caseNumber} was approved ${singaporeOn(clock.now())}.`,
    ]);
  });
});

describe('a bill paid before its notice went', () => {
  it('does not ask to be paid after the payment was received', async () => {
    // The gateway was down when the bill was issued: its notice waits in the outbox for the next try.
    const record = await payable(demo, 'PD', '61.00');
    const unsent = async () =>
      (
        await app.db.query<{ kind: string }>(
          `SELECT kind FROM notification_outbox WHERE case_id = $1::bigint AND sent_at IS NULL AND dead_at IS NULL`,
          [record.id],
        )
      ).rows.map((r) => r.kind);
    expect(await unsent()).toContain('billIssued');
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(200);
    // "Please sign in to pay it" after "We have received your payment" would ask for money already paid.
    expect(await unsent()).not.toContain('billIssued');
  });
});

describe("an amount changed at an officer's request", () => {
  /** The officer asks for the amount again; the applicant resubmits it as `dollars`. */
  async function resubmitAmount(record: CaseDetail, dollars: string) {
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'requestInfo',
      message: 'Please correct the amount to what you paid.',
      fields: ['paymentAmount'],
    });
    const now = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    return demo.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
      version: now.version,
      data: { ...now.data, paymentAmount: { amount: dollars, currency: 'SGD' } },
    });
  }

  it('changes the bill still to pay, its QR and its history, so they never ask for another amount', async () => {
    const record = await payable(demo, 'PD', '12.00');
    const res = await resubmitAmount(record, '20.00');
    expect(res.statusCode, res.body).toBe(200);
    const changed = await bill(demo, record.id);
    expect(changed).toMatchObject({ amountCents: 2000, state: 'awaiting' });
    expect(parsePayload(changed.payNow!)['54']).toBe('20.00');
    expect(changed.history.at(-1)).toMatchObject({
      from: 'awaiting',
      to: 'awaiting',
      reason: PAYMENT_MESSAGES.amountChanged('S$12.00', 'S$20.00'),
    });
    // The payer is told the new amount: the bill's first notice asked for S$12.00.
    const notices = await app.db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'billIssued' ORDER BY created_at, id`,
      [record.id],
    );
    expect(notices.rows.at(-1)?.body).toContain('has changed from S$12.00 to S$20.00');
  });

  it('is refused beside the question once the bill is paid, and the bill keeps its amount', async () => {
    const record = await payable(demo, 'PD', '30.00');
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(200);
    const res = await resubmitAmount(record, '40.00');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().responseJSON.fieldErrors).toEqual({ 'paymentAmount.amount': PAYMENT_MESSAGES.amountFixed });
    expect(await bill(demo, record.id)).toMatchObject({ amountCents: 3000, state: 'paid' });
    expect((await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON.status).toBe(
      'more_info_requested',
    );
  });
});

describe('what the payer is told to do next', () => {
  it('is to pay the bill while it waits, on the record and the dashboard; once paid, what the status says', async () => {
    const record = await payable(demo, 'PD', '1234.50');
    const { dueOn } = await bill(demo, record.id);
    const pay = PAYMENT_MESSAGES.nextStepPay('S$1,234.50', formatIsoDate(dueOn));
    expect(await nextSteps(record.id)).toEqual([pay, pay]);

    const res = await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await nextSteps(record.id)).toEqual([NEXT_STEP_MESSAGES.submitted, NEXT_STEP_MESSAGES.submitted]);
  });
});

describe('the simulated payment', () => {
  it('settles a bill in the demo', async () => {
    const record = await payable(demo, 'PD', '99.99');
    const res = await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON).toMatchObject({ state: 'paid', receivedCents: 9999 });
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(409);
    expect((await other.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(404);
  });

  it('does not exist with NODE_ENV=production', async () => {
    const { app: production } = await buildTestApp(
      { NODE_ENV: 'production', PAYNOW_UEN: '201403121W' },
      { now: clock.now },
    );
    const client = await signedInClient(production, 'ptib.demo');
    const record = await payable(client, 'PD', '10.00');
    const b = await bill(client, record.id);
    expect(b).toMatchObject({ canSimulate: false, uen: '201403121W' });
    expect(parsePayload(b.payNow!)['26.02']).toBe('201403121W');
    const res = await client.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {});
    expect(res.statusCode).toBe(404);
    expect((await bill(client, record.id)).state).toBe('awaiting');
  });
});

describe('a receipt (docs/decisions/0113)', () => {
  const receiptText = async (caseId: string) => {
    const res = await demo.get(fillPath(PAYMENT_PATHS.receipt, { id: caseId }));
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };
  const simulate = async (caseId: string) =>
    expect((await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: caseId }), {})).statusCode).toBe(200);
  const applicantName = async (caseId: string) =>
    (
      await app.db.query<{ name: string }>(
        'SELECT p.ptib_name AS name FROM ptib_profiles p JOIN bills b ON b.profile_id = p.id WHERE b.case_id = $1',
        [caseId],
      )
    ).rows[0]!.name;

  it('names the payer the form gave, with their UEN, and says the same after the profile and the UEN change', async () => {
    const { record, status, body } = await submitted(demo, 'PCD', (a) => {
      a.depositAmount = { amount: '1000.00', currency: 'SGD' };
      a.payerName = 'ACME Pte Ltd';
      a.payerType = 'NI';
      a.payerUen = '201403121W';
      delete a.payerNric;
    });
    expect(status, body).toBe(200);
    await simulate(record.id);
    const applicant = await applicantName(record.id);
    const first = await receiptText(record.id);
    expect(first).toContain(`${PAYMENT_TEXT.paidBy} ACME Pte Ltd`);
    expect(first).toContain(`${PAYMENT_TEXT.payerUen} 201403121W`);
    expect(first).toContain(DEMO_PAYNOW_UEN);
    expect(first).not.toContain(applicant);

    const config = app.config as { PAYNOW_UEN?: string };
    const before = config.PAYNOW_UEN;
    await app.db.query('UPDATE ptib_profiles SET ptib_name = $2 WHERE ptib_name = $1', [applicant, 'Renamed Later']);
    config.PAYNOW_UEN = 'T08GB0001A';
    try {
      expect(await receiptText(record.id)).toBe(first);
    } finally {
      config.PAYNOW_UEN = before;
      await app.db.query('UPDATE ptib_profiles SET ptib_name = $1 WHERE ptib_name = $2', [applicant, 'Renamed Later']);
    }
  });

  it('names the bank’s payer of the credit that settled it when the form asks for none', async () => {
    const record = await payable(demo, 'PD', '70.00');
    await importCsv([`BANKPAYER1,2030-01-16,CR,70.00,SGD,${(await bill(demo, record.id)).reference},LIM HOLDINGS`]);
    expect((await bill(demo, record.id)).state).toBe('paid');
    expect(await receiptText(record.id)).toContain(`${PAYMENT_TEXT.paidBy} LIM HOLDINGS`);
  });

  it('names the applicant as they were named at payment when neither the form nor the bank names a payer', async () => {
    const record = await payable(demo, 'PD', '80.00');
    await simulate(record.id);
    const applicant = await applicantName(record.id);
    await app.db.query('UPDATE ptib_profiles SET ptib_name = $2 WHERE ptib_name = $1', [applicant, 'Renamed Later']);
    try {
      const text = await receiptText(record.id);
      expect(text).toContain(`${PAYMENT_TEXT.paidBy} ${applicant}`);
      expect(text).not.toContain(PAYMENT_TEXT.payerUen);
    } finally {
      await app.db.query('UPDATE ptib_profiles SET ptib_name = $1 WHERE ptib_name = $2', [applicant, 'Renamed Later']);
    }
  });

  // A process of the release before 0113, during the upgrade's rolling restart, settles a bill keeping no payer.
  it('of a bill settled with no payer kept names the one its data gives, and keeps it', async () => {
    const { record } = await submitted(demo, 'PCD', (a) => {
      a.depositAmount = { amount: '33.00', currency: 'SGD' };
      a.payerName = 'Rolling Payer Pte Ltd';
      a.payerType = 'NI';
      a.payerUen = '201403121W';
      delete a.payerNric;
    });
    await simulate(record.id);
    await app.db.query(
      'UPDATE bills SET paid_by = NULL, paid_by_uen = NULL, paid_by_nric = NULL WHERE case_id = $1::bigint',
      [record.id],
    );
    const text = await receiptText(record.id);
    expect(text).toContain(`${PAYMENT_TEXT.paidBy} Rolling Payer Pte Ltd`);
    expect(text).toContain(`${PAYMENT_TEXT.payerUen} 201403121W`);
    const { rows } = await app.db.query<{ paid_by: string | null }>(
      'SELECT paid_by FROM bills WHERE case_id = $1::bigint',
      [record.id],
    );
    expect(rows[0]!.paid_by).toBe('Rolling Payer Pte Ltd');
  });

  it('of a bill settled before migration 218 names the payer its data gives', async () => {
    const { record: deposit } = await submitted(demo, 'PCD', (a) => {
      a.depositAmount = { amount: '30.00', currency: 'SGD' };
      a.payerName = 'Old Payer Pte Ltd';
      a.payerType = 'NI';
      a.payerUen = '201403121W';
      delete a.payerNric;
    });
    await simulate(deposit.id);
    const byBank = await payable(demo, 'PD', '31.00');
    await importCsv([`OLDBANK1,2030-01-16,CR,31.00,SGD,${(await bill(demo, byBank.id)).reference},OLD BANK PAYER`]);
    const simulated = await payable(demo, 'PD', '32.00');
    await simulate(simulated.id);
    const ids = [deposit.id, byBank.id, simulated.id];
    // As they were before the migration: nothing kept, and the demo's bank naming itself as the payer.
    await app.db.query(
      `UPDATE bills SET paid_by = NULL, paid_by_uen = NULL, paid_by_nric = NULL, paid_to_uen = NULL
        WHERE case_id = ANY($1::bigint[])`,
      [ids],
    );
    await app.db.query(
      `UPDATE statement_lines SET payer_name = 'Simulated payment'
        WHERE bill_id = (SELECT id FROM bills WHERE case_id = $1::bigint)`,
      [simulated.id],
    );
    await app.db.query('DELETE FROM schema_migrations WHERE version = 218');
    expect(await migrate(app.db)).toEqual(['218_receipts_fixed_at_payment.sql']);
    const { rows } = await app.db.query<{ paid_by: string; paid_by_uen: string | null }>(
      `SELECT paid_by, paid_by_uen FROM bills WHERE case_id = ANY($1::bigint[]) ORDER BY case_id`,
      [ids],
    );
    expect(rows).toEqual([
      { paid_by: 'Old Payer Pte Ltd', paid_by_uen: '201403121W' },
      { paid_by: 'OLD BANK PAYER', paid_by_uen: null },
      { paid_by: await applicantName(simulated.id), paid_by_uen: null },
    ]);
  });
});

describe('expiry (runs last: the clock moves on a month)', () => {
  it('expires a bill when nothing arrived by its expiry; a credit after that waits for a person', async () => {
    const record = await payable(demo, 'PC', '50.00');
    const reference = (await bill(demo, record.id)).reference;
    clock.advance(31 * 24 * 3600_000);
    // Sessions do not last a month: sign in again.
    const later = await signedInClient(app, 'ptib.demo');
    const b = await bill(later, record.id);
    expect(b.state).toBe('expired');
    expect(b.payNow).toBeNull();
    expect(b.history.map((h) => h.to)).toEqual(['awaiting', 'expired']);
    const financeLater = await signedInOfficer(app, gateway, 'officer.finance');
    const today = todayInSingapore(clock.now());
    expect(await importCsv([credit(reference, '50.00', today)], financeLater)).toMatchObject({
      settled: 0,
      queued: 1,
    });
    expect((await queue(financeLater)).find((l) => l.reference === reference)?.queueReason).toBe('not_payable');
  });

  it('settles an expired bill by a credit the bank dated by its expiry, though imported after it', async () => {
    const payer = await signedInClient(app, 'ptib.demo');
    const record = await payable(payer, 'PD', '80.00');
    const { reference, expiresOn } = await bill(payer, record.id);
    clock.advance(31 * 24 * 3600_000);
    const later = await signedInClient(app, 'ptib.demo');
    const financeLater = await signedInOfficer(app, gateway, 'officer.finance');
    expect((await bill(later, record.id)).state).toBe('expired');
    // Paid on the QR's last day; the statement came a day after it expired.
    expect(await importCsv([credit(reference, '80.00', expiresOn)], financeLater)).toMatchObject({ settled: 1 });
    const b = await bill(later, record.id);
    expect(b).toMatchObject({ state: 'paid', canRenew: false, payNow: null });
    expect(b.receiptNumber).not.toBeNull();
    expect(b.history.slice(-2).map((h) => [h.from, h.to])).toEqual([
      ['awaiting', 'expired'],
      ['expired', 'paid'],
    ]);
  });

  it('says an expired bill is still owed, by a new QR code, though nobody had read the bill since', async () => {
    // Sessions do not last a month (the test before moved the clock on one): a fresh one.
    const record = await payable(await signedInClient(app, 'ptib.demo'), 'PD', '73.00');
    clock.advance(31 * 24 * 3600_000);
    // Nothing reads the bill between its expiry and the approval: the approval itself finds it expired.
    await moveCase(app.db, record.caseNumber, 'in_review', 'officer.lead', clock.now());
    await moveCase(app.db, record.caseNumber, 'approved', 'officer.lead', clock.now());
    await app.outbox.drain();
    const approvals = gateway.received
      .map((r) => (r.body as { message?: string } | undefined)?.message ?? '')
      .filter((m) => m.includes(`${record.caseNumber} was approved`));
    // Asked for again on the record's page (docs/decisions/0086), not "pay it" by a code no bank takes.
    expect(approvals).toEqual([
      `PTIB e-Services: Record ${record.caseNumber} was approved ${singaporeOn(clock.now())}. S$73.00 is still to be paid on its bill, and its QR code has expired. Please sign in to get a new one and pay it.`,
    ]);
  });

  it('asks an expired bill again for its payer while its application is open or approved', async () => {
    const payer = await signedInClient(app, 'ptib.demo');
    const record = await payable(payer, 'PC', '50.00');
    const gone = await payable(payer, 'PC', '50.00');
    clock.advance(31 * 24 * 3600_000);
    const later = await signedInClient(app, 'ptib.demo');
    expect(await bill(later, record.id)).toMatchObject({ state: 'expired', canRenew: true, payNow: null });
    // The record says how to pay it, not that nothing more is to be done (an approved certificate waits on it).
    const open = (await later.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    expect(open.progress?.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);

    const renewUrl = fillPath(PAYMENT_PATHS.renew, { id: record.id });
    const renewed = await later.post(renewUrl, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().header.responseDesc).toBe(PAYMENT_MESSAGES.renewed);
    const b = renewed.json().responseJSON as BillDetail;
    const today = todayInSingapore(clock.now());
    expect(b).toMatchObject({ state: 'awaiting', canRenew: false, dueOn: addDays(today, 14) });
    expect(parsePayload(b.payNow!)['62.01']).toBe(b.reference);
    expect(b.history.at(-1)).toMatchObject({ from: 'expired', to: 'awaiting', reason: PAYMENT_MESSAGES.renewedReason });
    // Once is enough: it is not expired now.
    const again = await later.post(renewUrl, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().header.responseDesc).toBe(PAYMENT_MESSAGES.notRenewable);
    expect((await later.post(fillPath(PAYMENT_PATHS.simulate, { id: record.id }), {})).statusCode).toBe(200);

    // A rejected application's bill is not asked again, nor another profile's.
    await rejectWithCommand(app.db, gone.caseNumber, clock.now());
    expect((await bill(later, gone.id)).canRenew).toBe(false);
    expect((await later.post(fillPath(PAYMENT_PATHS.renew, { id: gone.id }), {})).statusCode).toBe(409);
    const stranger = await signedInClient(app, 'ptib.master');
    expect((await stranger.post(renewUrl, {})).statusCode).toBe(404);
  });

  it('withholds the expired QR code of a part-paid bill, and asks it again for the rest', async () => {
    const payer = await signedInClient(app, 'ptib.demo');
    const record = await payable(payer, 'PD', '1000.00');
    const { reference } = await bill(payer, record.id);
    const financeNow = await signedInOfficer(app, gateway, 'officer.finance');
    const line = credit(reference, '400.00', todayInSingapore(clock.now()));
    expect(await importCsv([line], financeNow)).toMatchObject({ queued: 1 });
    const queued = (await queue(financeNow)).find((l) => l.reference === reference)!;
    const matched = await financeNow.request({
      method: 'POST',
      url: fillPath(RECONCILIATION_PATHS.match, { id: queued.id }),
      body: { reference, reason: 'First instalment' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    clock.advance(31 * 24 * 3600_000);
    const later = await signedInClient(app, 'ptib.demo');
    // A banking app refuses a code past its expiry: none is shown, and a new one is offered for the rest.
    expect(await bill(later, record.id)).toMatchObject({ state: 'part_paid', payNow: null, canRenew: true });
    const open = (await later.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    expect(open.progress?.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);
    const renewed = await later.post(fillPath(PAYMENT_PATHS.renew, { id: record.id }), {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    const b = renewed.json().responseJSON as BillDetail;
    expect(b).toMatchObject({ state: 'part_paid', receivedCents: 40000, canRenew: false });
    expect(b.expiresOn).toBe(addDays(todayInSingapore(clock.now()), 30));
    expect(parsePayload(b.payNow!)['54']).toBe('600.00');
    expect(b.history.at(-1)).toMatchObject({
      from: 'part_paid',
      to: 'part_paid',
      reason: PAYMENT_MESSAGES.renewedReason,
    });
  });

  it('expires again a bill owed once more after its expiry, when a wrong match is undone', async () => {
    const payer = await signedInClient(app, 'ptib.demo');
    // A certificate's bill is the portal's fee (docs/decisions/0078), whatever is typed.
    const record = await payable(payer, 'PC', '64.00');
    const reference = (await bill(payer, record.id)).reference;
    clock.advance(31 * 24 * 3600_000);
    const later = await signedInClient(app, 'ptib.demo');
    const financeLater = await signedInOfficer(app, gateway, 'officer.finance');
    await importCsv(
      [credit(reference, (FEES.paymentCertificate / 100).toFixed(2), todayInSingapore(clock.now()))],
      financeLater,
    );
    const line = (await queue(financeLater)).find((l) => l.reference === reference)!;
    const act = (what: 'match' | 'undo', body: unknown) =>
      financeLater.request({ method: 'POST', url: fillPath(RECONCILIATION_PATHS[what], { id: line.id }), body });
    expect((await act('match', { reference, reason: 'Paid late, accepted' })).statusCode).toBe(200);
    expect((await bill(later, record.id)).state).toBe('paid');
    expect((await act('undo', { reason: 'Not this payer' })).statusCode).toBe(200);
    const b = await bill(later, record.id);
    expect(b).toMatchObject({ state: 'expired', payNow: null, receiptNumber: null });
    expect(b.history.slice(-2).map((h) => [h.from, h.to])).toEqual([
      ['paid', 'awaiting'],
      ['awaiting', 'expired'],
    ]);
    const notice = await app.db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'billReopened'`,
      [record.id],
    );
    // Owed again with its QR code expired: a new one is asked for on the record's page (docs/decisions/0086).
    expect(notice.rows[0]?.body).toContain(
      `${formatMoney(FEES.paymentCertificate)} is still to be paid, and its QR code has expired. Open the record to get a new one and pay it.`,
    );
  });
});
