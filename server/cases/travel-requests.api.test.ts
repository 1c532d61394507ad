import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { FIELD_MESSAGES, todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { doAction, officerTestApp, submitted } from '../officer/test-support.ts';
import { moveCase } from './service.ts';

/**
 * A Travel Application Amendment (TRA) amends or withdraws a travel application not yet decided
 * (docs/decisions/0034): an amendment asks the new trip (migrations 197, 203), and one request at a time may wait
 * for a decision on the same travel application (checkReferredRecords).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
const LABEL = 'Case number of the travel application';
let gateway: FakeSmsGateway;
let db: Database;
let applicant: TestClient;
let officer: TestClient;

beforeAll(async () => {
  ({ gateway, db, applicant, officer } = await officerTestApp(clock));
});
afterAll(async () => {
  await gateway.close();
});

const formOf = async (code: string) =>
  (await applicant.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON.form as FormDefinition;

/** A careful amendment (new dates and countries) of the travel application, changed as given. */
async function amendment(travelCaseNumber: string, change: Record<string, unknown> = {}) {
  return { ...sampleAnswers(await formOf('TRA'), today, () => travelCaseNumber), ...change };
}

/** Saves the answers as a draft, then submits it: the submission's answer. */
async function submit(data: Record<string, unknown>) {
  const created = await applicant.post(API_PATHS.cases, { appCode: 'TRA', data, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json().responseJSON as CaseDetail;
  return applicant.post('/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id }), {
    version: draft.version,
  });
}

const fieldErrors = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { responseJSON: { fieldErrors: Record<string, string> } }).responseJSON.fieldErrors;
};

const travelApplication = async () => submitted(applicant, sampleAnswers(await formOf('PAR'), today), 'PAR');

describe('an amendment of a travel application', () => {
  it('asks the new dates and countries, and a withdrawal no trip', async () => {
    const travel = await travelApplication();
    const form = await formOf('TRA');
    const trip = form.pages.find((p) => p.id === 'trip')!;
    expect(trip.sections[0]!.fields.map((f) => f.name)).toEqual(['newDepartureDate', 'newReturnDate', 'countries']);
    expect(form.rules?.some((r) => r.id === 'amendment-changes-nothing')).toBe(false);
    const { newDepartureDate, newReturnDate, countries, ...noTrip } = await amendment(travel.caseNumber);
    expect([newDepartureDate, newReturnDate, countries]).not.toContain(undefined);
    expect(Object.keys(fieldErrors(await submit(noTrip))).sort()).toEqual([
      'countries',
      'newDepartureDate',
      'newReturnDate',
    ]);
    const withdrawal = await submit({ ...noTrip, action: 'withdraw' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });
});

describe('a second request about one travel application', () => {
  it('is refused at submission while the first waits for a decision, and taken once that one is decided', async () => {
    const travel = await travelApplication();
    const first = await submit(await amendment(travel.caseNumber, { action: 'withdraw' }));
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json().responseJSON as CaseDetail;

    const second = await submit(await amendment(travel.caseNumber));
    expect(fieldErrors(second)).toEqual({
      travelCaseNumber: FIELD_MESSAGES.caseRequestPending(LABEL, pending.caseNumber),
    });

    await moveCase(db, pending.caseNumber, 'in_review', 'operator', clock.now());
    await moveCase(db, pending.caseNumber, 'rejected', 'operator', clock.now());
    const after = await submit(await amendment(travel.caseNumber));
    expect(after.statusCode, after.body).toBe(200);
  });

  it('is taken once when several are submitted at the same moment', async () => {
    const travel = await travelApplication();
    const drafts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const created = await applicant.post(API_PATHS.cases, {
          appCode: 'TRA',
          data: await amendment(travel.caseNumber),
          draft: true,
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json().responseJSON as CaseDetail;
      }),
    );
    const answers = await Promise.all(
      drafts.map((draft) =>
        applicant.post('/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id }), {
          version: draft.version,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('leaves the waiting request itself free to answer an officer, and other travel applications alone', async () => {
    const travel = await travelApplication();
    const answers = await amendment(travel.caseNumber);
    const res = await submit(answers);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().responseJSON as CaseDetail;

    const another = await travelApplication();
    const other = await submit(await amendment(another.caseNumber));
    expect(other.statusCode, other.body).toBe(200);

    await doAction(officer, request.id, { action: 'assignToMe' });
    await doAction(officer, request.id, { action: 'requestInfo', message: 'Why?', fields: ['reason'] });
    const { version } = (await applicant.get(fillPath(CASE_PATHS.one, { id: request.id }))).json()
      .responseJSON as CaseDetail;
    const reply = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: request.id }), {
      version,
      data: { ...answers, reason: 'The conference moved a week.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  });
});
