import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, APPLICATION_CODES, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { FIELD_MESSAGES, initialValues, todayInSingapore } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { rejectWithCommand } from '../test/rejection.ts';
import { moveCase } from './service.ts';

/**
 * Questions whose rule needs more than the value (docs/decisions/0034): a case number a form says is one of
 * the acting profile's records (recordOf) must be one; payments need more than 0; a travel application
 * starts with no destination. Case-number checks hold on drafts too: a draft may be incomplete, never wrong.
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
let app: FastifyInstance;
let demo: TestClient;
let master: TestClient;

beforeAll(async () => {
  ({ app } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
  master = await signedInClient(app, 'ptib.master');
});

const save = (c: TestClient, appCode: string, data: Record<string, unknown>, draft = true) =>
  c.post(API_PATHS.cases, { appCode, data, draft });

async function draftOf(c: TestClient, appCode: string): Promise<CaseDetail> {
  const res = await save(c, appCode, {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
}

/** A record of the e-service, filled in and submitted. */
async function submittedOf(c: TestClient, appCode: string): Promise<CaseDetail> {
  const eservice = (await c.get(`${API_PATHS.eservices}/${appCode}`)).json().responseJSON as EserviceDetail;
  const res = await save(c, appCode, sampleAnswers(eservice.form, todayInSingapore(clock.now())));
  expect(res.statusCode, res.body).toBe(201);
  const record = res.json().responseJSON as CaseDetail;
  const sent = await c.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
    version: record.version,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return record;
}

function refusal(res: { statusCode: number; json: () => unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  return (res.json() as { responseJSON: { fieldErrors: Record<string, string> } }).responseJSON.fieldErrors[path];
}

const LABEL = 'Case number of the travel application';

describe.each(['TRA', 'TRT'])('%s: the travel application it refers to', (code) => {
  it('refuses what is not a case number', async () => {
    expect(refusal(await save(demo, code, { travelCaseNumber: 'ABC' }), 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNumber(LABEL, 'PR 000042 2026'),
    );
  });

  it('refuses a case that does not exist with a clear 400, and takes a real one typed loosely', async () => {
    expect(refusal(await save(demo, code, { travelCaseNumber: 'PR 999999 2030' }), 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound(LABEL),
    );
    const travel = await submittedOf(demo, 'PAR');
    const ok = await save(demo, code, { travelCaseNumber: travel.caseNumber.toLowerCase().replace(/ /g, '') });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a travel application that is still a draft, in a draft and in a submission', async () => {
    const travel = await draftOf(demo, 'PAR');
    for (const draft of [true, false])
      expect(refusal(await save(demo, code, { travelCaseNumber: travel.caseNumber }, draft), 'travelCaseNumber')).toBe(
        FIELD_MESSAGES.caseNotSubmitted(LABEL),
      );
  });

  it("refuses another profile's travel application, and tells nothing of it", async () => {
    const theirs = await draftOf(master, 'PAR');
    expect(refusal(await save(demo, code, { travelCaseNumber: theirs.caseNumber }), 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound(LABEL),
    );
  });
});

// TRA is to "amend or withdraw a travel application that has not yet been approved" (migration 183).
describe('TRA: the travel application it amends or withdraws', () => {
  it('refuses one already decided, approved or rejected, and takes one still in review', async () => {
    const inReview = await submittedOf(demo, 'PAR');
    await moveCase(app.db, inReview.caseNumber, 'in_review', 'officer.lead', clock.now());
    const ok = await save(demo, 'TRA', { travelCaseNumber: inReview.caseNumber });
    expect(ok.statusCode, ok.body).toBe(201);
    for (const decision of ['approved', 'rejected'] as const) {
      const travel = await submittedOf(demo, 'PAR');
      if (decision === 'rejected') await rejectWithCommand(app.db, travel.caseNumber, clock.now());
      else {
        await moveCase(app.db, travel.caseNumber, 'in_review', 'officer.lead', clock.now());
        await moveCase(app.db, travel.caseNumber, decision, 'officer.lead', clock.now());
      }
      for (const draft of [true, false])
        expect(
          refusal(await save(demo, 'TRA', { travelCaseNumber: travel.caseNumber }, draft), 'travelCaseNumber'),
          decision,
        ).toBe(FIELD_MESSAGES.caseDecided(LABEL));
    }
  });
});

describe('case numbers of the court or the register', () => {
  it('are checked as case numbers, not looked up among the profile’s records', async () => {
    expect(refusal(await save(demo, 'FIR', { estateReference: 'ABC' }), 'estateReference')).toBeDefined();
    expect((await save(demo, 'FIR', { estateReference: 'BS 000042 2026' })).statusCode).toBe(201);
  });
});

describe('amounts', () => {
  it.each([
    ['PD', 'paymentAmount', 'Payment amount'],
    ['PCD', 'depositAmount', 'Deposit amount'],
    ['PRD', 'refundAmount', 'Refund amount'],
  ])('%s refuses a %s of 0 and takes 0.01', async (code, field, label) => {
    for (const amount of ['0', '0.00']) {
      const res = await save(demo, code, { [field]: { amount, currency: 'SGD' } }, false);
      expect(refusal(res, `${field}.amount`), amount).toBe(FIELD_MESSAGES.amountAtLeast(label, 'S$0.01'));
    }
    const res = await save(demo, code, { [field]: { amount: '0.01', currency: 'SGD' } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('travel application', () => {
  it('starts with no destination, and a submission asks for one', async () => {
    const eservice = (await demo.get(`${API_PATHS.eservices}/PAR`)).json().responseJSON as EserviceDetail;
    expect(initialValues(eservice.form).destinationCountry).toBe('');
    const res = await save(demo, 'PAR', { destinationCountry: '' }, false);
    expect(refusal(res, 'destinationCountry')).toBe(FIELD_MESSAGES.choose('Country of destination'));
  });
});

describe('a required text answer that shows nothing', () => {
  it('is missing, as an empty one is: zero-width characters are no answer', async () => {
    for (const code of APPLICATION_CODES) {
      const res = await demo.get(`${API_PATHS.eservices}/${code}`);
      if (res.statusCode !== 200) continue;
      const { form } = res.json().responseJSON as EserviceDetail;
      const field = form.pages
        .flatMap((p) => p.sections.flatMap((s) => s.fields))
        .find((f) => f.required && !f.showIf && (f.type === 'textarea' || (f.type === 'text' && !f.format)));
      if (!field) continue;
      const answers = { ...sampleAnswers(form, todayInSingapore(clock.now())), [field.name]: '\u200b\u2060\ufeff' };
      expect(refusal(await save(demo, code, answers, false), field.name)).toBe(FIELD_MESSAGES.required(field.label));
      return;
    }
    throw new Error('No e-service with a required text question');
  });
});
