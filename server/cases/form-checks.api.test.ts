import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contract/index.ts';
import { FIELD_MESSAGES, initialValues } from '../../contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '../../contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';

/**
 * Form fields whose rule needs more than the value (migration 091, docs/decisions/0034): a case number
 * must be one, and a record of the acting profile; payments and claims need more than 0; a travel
 * application starts with no destination.
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

const save = (c: TestClient, appCode: string, data: Record<string, unknown>, draft = false) =>
  c.post(API_PATHS.cases, { appCode, data, draft });

const PAR_VALID = {
  destinationCountry: 'MY',
  departureDate: '2030-07-01',
  returnDate: '2030-07-05',
  sponsored: 'N',
  purpose: 'Family visit',
};

async function travelApplication(c: TestClient): Promise<CaseDetail> {
  const res = await save(c, 'PAR', PAR_VALID);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
}

const amendment = (travelCaseNumber: string) => ({
  travelCaseNumber,
  keepOtherDetails: 'Y',
  newDepartureDate: '',
  newReturnDate: '',
  reason: 'Flight moved',
});

const returned = (travelCaseNumber: string) => ({
  travelCaseNumber,
  returnedOn: '2030-07-05',
  asApproved: 'Y',
  countriesVisited: '',
});

function refusal(res: { statusCode: number; json: () => unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as {
    header: { responseCode: string };
    responseJSON: { fieldErrors: Record<string, string> };
  };
  expect(body.header.responseCode).toBe('400');
  return body.responseJSON.fieldErrors[path];
}

describe('case-number fields', () => {
  it.each([
    ['TRA', 'travelCaseNumber', amendment],
    ['TRT', 'travelCaseNumber', returned],
  ] as const)('%s refuses what is not a case number, even in a draft', async (code, field, values) => {
    for (const draft of [false, true]) {
      const res = await save(demo, code, values('ABC'), draft);
      expect(refusal(res, field), `draft ${draft}`).toBe(
        FIELD_MESSAGES.caseNumber('Case number of the travel application'),
      );
    }
  });

  it.each([
    ['TRA', amendment],
    ['TRT', returned],
  ] as const)('%s refuses a case that does not exist with a clear 400, and takes a real one', async (code, values) => {
    const missing = await save(demo, code, values('PR 999999 2030'));
    expect(refusal(missing, 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound('Case number of the travel application'),
    );
    const travel = await travelApplication(demo);
    // Typed loosely, as the record search takes it.
    const ok = await save(demo, code, values(travel.caseNumber.toLowerCase().replace(/ /g, '')));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses another e-service's record, or another profile's, where a travel application is meant", async () => {
    const payment = await save(demo, 'PD', {
      debtorIdNumber: 'S1234567D001',
      paymentAmount: { amount: '10', currency: 'SGD' },
      paymentMethod: 'GIRO',
      paymentDate: '2030-05-01',
      remarks: '',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const pdNumber = (payment.json().responseJSON as CaseDetail).caseNumber;
    expect(refusal(await save(demo, 'TRA', amendment(pdNumber)), 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound('Case number of the travel application'),
    );
    const othersTravel = await travelApplication(master);
    expect(refusal(await save(demo, 'TRT', returned(othersTravel.caseNumber)), 'travelCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound('Case number of the travel application'),
    );
  });

  it('ICAWL watches a case number of one of the profile’s records, and refuses ABC or an unknown one', async () => {
    const values = (watchedCaseNumber: string) => ({ watchedCaseNumber, notifyBySms: 'N', mobileNumber: '', note: '' });
    expect(refusal(await save(demo, 'ICAWL', values('ABC')), 'watchedCaseNumber')).toBe(
      FIELD_MESSAGES.caseNumber('Case number to watch'),
    );
    expect(refusal(await save(demo, 'ICAWL', values('PD 999999 2030')), 'watchedCaseNumber')).toBe(
      FIELD_MESSAGES.caseNotFound('Case number to watch'),
    );
    const travel = await travelApplication(demo);
    expect((await save(demo, 'ICAWL', values(travel.caseNumber))).statusCode).toBe(201);
  });
});

describe('amounts', () => {
  it.each([
    ['PD', 'paymentAmount', 'Payment amount'],
    ['PCD', 'depositAmount', 'Deposit amount'],
    ['PRD', 'refundAmount', 'Refund amount'],
    ['PNC', 'claimAmount', 'Amount claimed'],
    ['SDNE', 'amountDemanded', 'Amount demanded'],
    ['DAR', 'proposedRepayment', 'Proposed monthly repayment'],
  ])('%s refuses a %s of 0', async (code, field, label) => {
    for (const amount of ['0', '0.00']) {
      const res = await save(demo, code, { [field]: { amount, currency: 'SGD' } }, true);
      expect(refusal(res, `${field}.amount`), amount).toBe(FIELD_MESSAGES.amountTooSmall(label, 0.01));
    }
    const res = await save(demo, code, { [field]: { amount: '0.01', currency: 'SGD' } }, true);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('travel application', () => {
  it('starts with no destination, and a final save asks for one', async () => {
    const res = await demo.get(`${API_PATHS.eservices}/PAR`);
    const eservice = res.json().responseJSON as EserviceDetail;
    expect(initialValues(eservice.form).destinationCountry).toBe('');
    const missing = await save(demo, 'PAR', { ...PAR_VALID, destinationCountry: '' });
    expect(refusal(missing, 'destinationCountry')).toBe(FIELD_MESSAGES.choose('Country of destination'));
  });
});
