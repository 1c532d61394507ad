import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { officerTestApp, submitted } from '../officer/test-support.ts';

/**
 * A Travel Application Amendment (TRA) amends or withdraws a travel application not yet decided
 * (docs/decisions/0034): an amendment must change the trip (migration 197).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let gateway: FakeSmsGateway;
let applicant: TestClient;

beforeAll(async () => {
  ({ gateway, applicant } = await officerTestApp(clock));
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
  it('is refused beside "Keep the other details" when it keeps them all, and changes nothing', async () => {
    const travel = await travelApplication();
    const rule = (await formOf('TRA')).rules?.find((r) => r.id === 'amendment-changes-nothing');
    expect(rule?.field).toBe('keepOtherDetails');
    expect(fieldErrors(await submit(await amendment(travel.caseNumber, { keepOtherDetails: 'Y' })))).toEqual({
      keepOtherDetails: rule!.message,
    });
    // A withdrawal keeps nothing to change; an amendment with new dates and countries changes the trip.
    const withdrawal = await submit(await amendment(travel.caseNumber, { action: 'withdraw', keepOtherDetails: 'Y' }));
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });
});
