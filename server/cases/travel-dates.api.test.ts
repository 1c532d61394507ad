import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { FIELD_MESSAGES, addDays, todayInSingapore } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

/**
 * A travel amendment's or return's countries lie within the trip (migration 178: TRA and TRT version 3); a trip
 * and its amendment lie within a year (migration 204).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let app: FastifyInstance;
let demo: TestClient;
let travelCaseNumber: string;

const formOf = async (code: string) =>
  (await demo.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON as EserviceDetail;

beforeAll(async () => {
  ({ app } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
  const res = await demo.post(API_PATHS.cases, {
    appCode: 'PAR',
    data: sampleAnswers((await formOf('PAR')).form, today),
    draft: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  const travel = res.json().responseJSON as CaseDetail;
  const sent = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: travel.id })}`, {
    version: travel.version,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  travelCaseNumber = travel.caseNumber;
});

async function fieldErrors(code: string, change: (answers: Record<string, unknown>) => void) {
  const { form } = await formOf(code);
  const answers = sampleAnswers(form, today, () => travelCaseNumber);
  change(answers);
  const res = await demo.post(API_PATHS.cases, { appCode: code, data: answers, draft: false });
  if (res.statusCode === 201) return {};
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { responseJSON: { fieldErrors: Record<string, string> } }).responseJSON.fieldErrors;
}

const row = (message: string) => FIELD_MESSAGES.inRow('Country', 0, message);

describe('the countries of a travel amendment (TRA)', () => {
  const amend = (arrivalDate: string, departureDate: string) => (answers: Record<string, unknown>) => {
    Object.assign(answers, {
      action: 'amend',
      newDepartureDate: '2030-07-01',
      newReturnDate: '2030-07-10',
      countries: [{ country: 'MY', arrivalDate, departureDate }],
    });
  };

  it('are taken within the new dates, first and last days included', async () => {
    expect(await fieldErrors('TRA', amend('2030-07-01', '2030-07-10'))).toEqual({});
  });

  it('are refused before the new departure or after the new return, at the row', async () => {
    expect(await fieldErrors('TRA', amend('2030-06-30', '2030-07-11'))).toEqual({
      'countries[0].arrivalDate': row(FIELD_MESSAGES.compare.date.gte('Arrival date', 'New departure date')),
      'countries[0].departureDate': row(FIELD_MESSAGES.compare.date.lte('Departure date', 'New return date')),
    });
  });
});

describe('the countries of a travel return (TRT)', () => {
  // A return is told of a trip that has left (docs/decisions/0114): this one left in May.
  beforeAll(async () => {
    await app.db.query(
      `UPDATE cases SET data = data || jsonb_build_object('departureDate', '2030-05-01', 'returnDate', '2030-05-20')
        WHERE case_number = $1`,
      [travelCaseNumber],
    );
  });

  const visited = (arrivedOn: string, leftOn: string) => (answers: Record<string, unknown>) => {
    Object.assign(answers, {
      returnedOn: '2030-05-20',
      countriesVisited: [{ country: 'MY', arrivedOn, leftOn }],
    });
  };

  it('are taken up to the day of return', async () => {
    expect(await fieldErrors('TRT', visited('2030-05-10', '2030-05-20'))).toEqual({});
  });

  it('are refused when arrived at or left after the day of return, at the row', async () => {
    expect(await fieldErrors('TRT', visited('2030-05-21', '2030-05-22'))).toEqual({
      'countriesVisited[0].arrivedOn': row(FIELD_MESSAGES.compare.date.lte('Arrived on', 'Returned on')),
      'countriesVisited[0].leftOn': row(FIELD_MESSAGES.compare.date.lte('Left on', 'Returned on')),
    });
  });
});

describe('a trip (PAR) and its amendment (TRA), within a year (migration 204)', () => {
  const days = (n: number) => addDays(today, n);

  it('refuses a return more than 365 days after the departure', async () => {
    const trip = (returnDate: string) => (answers: Record<string, unknown>) =>
      Object.assign(answers, { departureDate: days(10), returnDate });
    expect(await fieldErrors('PAR', trip(days(375)))).toEqual({});
    expect(await fieldErrors('PAR', trip('9999-12-31'))).toEqual({
      returnDate: FIELD_MESSAGES.compare.daysAfter.lte('Return date', 'Departure date', 365),
    });
  });

  it("holds an amendment's new departure to 365 days ahead, and its return to a year after it", async () => {
    const amend = (newDepartureDate: string, newReturnDate: string) => (answers: Record<string, unknown>) =>
      Object.assign(answers, {
        action: 'amend',
        newDepartureDate,
        newReturnDate,
        countries: [{ country: 'MY', arrivalDate: newDepartureDate, departureDate: newDepartureDate }],
      });
    expect(await fieldErrors('TRA', amend(days(365), days(730)))).toEqual({});
    expect(await fieldErrors('TRA', amend(days(366), days(366)))).toEqual({
      newDepartureDate: FIELD_MESSAGES.maxDaysAhead('New departure date', 365, today),
    });
    expect(await fieldErrors('TRA', amend(days(10), '9999-12-31'))).toEqual({
      newReturnDate: FIELD_MESSAGES.compare.daysAfter.lte('New return date', 'New departure date', 365),
    });
  });
});
