import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, APPLICATION_CODES, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { PAYMENT_PATHS, REFUND_ESERVICE, type BillDetail } from '#contract/payments.ts';
import { OWN_SCREEN_CODES } from '#contract/register.ts';
import { allFields, todayInSingapore, validate } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { TRAVEL_APPLICATION_FIELDS, TRAVEL_RETURN_ESERVICE, TRAVEL_RETURN_FIELDS } from '#contract/travel.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { uploadFile } from '../test/upload.ts';

/**
 * Every e-service with a form can be completed: a careful applicant's answers to its current form pass its
 * rules, required documents upload, the record submits, and its acknowledgement downloads. The register's
 * searches and the watchlist have screens of their own (server/routes/register.api.test.ts) and make no form
 * record (cases.api.test.ts).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let app: FastifyInstance;
let demo: TestClient;

beforeAll(async () => {
  ({ app } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
});

async function eservice(code: string): Promise<EserviceDetail> {
  const res = await demo.get(`${API_PATHS.eservices}/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as EserviceDetail;
}

async function create(code: string, data: Record<string, unknown>): Promise<CaseDetail> {
  const res = await demo.post(API_PATHS.cases, { appCode: code, data, draft: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
}

async function upload(caseId: string, field: string): Promise<string> {
  const res = await uploadFile(demo, caseId, field, 'proof.pdf');
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().responseJSON as { id: string }).id;
}

async function submit(id: string, version: number): Promise<void> {
  const res = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id })}`, { version });
  expect(res.statusCode, res.body).toBe(200);
}

async function paidReceipt(): Promise<string> {
  const deposit = await create('PCD', sampleAnswers((await eservice('PCD')).form, today));
  await submit(deposit.id, deposit.version);
  const paid = await demo.post(fillPath(PAYMENT_PATHS.simulate, { id: deposit.id }), {});
  expect(paid.statusCode, paid.body).toBe(200);
  return (paid.json().responseJSON as BillDetail).receiptNumber!;
}

const FORM_CODES = APPLICATION_CODES.filter((code) => !OWN_SCREEN_CODES.includes(code));

describe('each e-service with a form', () => {
  it.each(FORM_CODES)('%s: filled in, submitted, acknowledged', async (code) => {
    const { form } = await eservice(code);
    // A travel amendment or return names one of the applicant's own travel applications, submitted.
    const travel = form.pages.some((p) =>
      p.sections.some((s) => s.fields.some((f) => f.type === 'caseNumber' && f.recordOf)),
    )
      ? // Leaving today, so a return told today is of a trip that has left (docs/decisions/0114).
        await create('PAR', {
          ...sampleAnswers((await eservice('PAR')).form, today),
          [TRAVEL_APPLICATION_FIELDS.departureDate]: today,
        })
      : null;
    if (travel) await submit(travel.id, travel.version);
    const answers = sampleAnswers(form, today, (f) => (f.recordOf ? travel?.caseNumber : undefined));
    if (code === TRAVEL_RETURN_ESERVICE) answers[TRAVEL_RETURN_FIELDS.returnedOn] = today;
    // A refund names a receipt of the applicant's own: a deposit paid first (the demo's simulated payment).
    if (code === REFUND_ESERVICE) answers.receiptNumber = await paidReceipt();
    const record = await create(code, answers);
    for (const field of allFields(form))
      if (field.type === 'attachment' && field.required) answers[field.name] = [await upload(record.id, field.name)];
    expect(validate(form, answers, { mode: 'submit', today })).toEqual({});

    const saved = await demo.post(fillPath(CASE_PATHS.one, { id: record.id }), {
      data: answers,
      version: record.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = (saved.json().responseJSON as CaseDetail).version;
    const submitted = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
      version,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const pdf = await demo.get(fillPath(CASE_PATHS.acknowledgement, { id: record.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
