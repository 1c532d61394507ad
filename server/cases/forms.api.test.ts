import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '#contract/cases.ts';
import type { FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { FORM_DEFINITIONS } from '../db/forms/definitions.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { publishFormVersion } from './forms.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

// 2030-03-10 in Singapore: the `today` of every date limit below.
const clock = new FakeClock('2030-03-10T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let demo: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
});

const submitUrl = (id: string) => '/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id });
const create = (appCode: string, data: Record<string, unknown>, draft = false) =>
  demo.post(API_PATHS.cases, { appCode, data, draft });
const save = (id: string, data: Record<string, unknown>, version: number, draft = false) =>
  demo.post(fillPath(CASE_PATHS.one, { id }), { data, version, draft });
const read = async (id: string) => (await demo.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail;
const created = (res: { statusCode: number; body: string; json: () => { responseJSON: unknown } }) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
};
const errorsOf = (res: { statusCode: number; body: string; json: () => { responseJSON: unknown } }) => {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().responseJSON as {
    fieldErrors: Record<string, string>;
    errors: Array<{ path: string; message: string }>;
  };
};

const sgd = (amount: string) => ({ amount, currency: 'SGD' });
const PD = {
  debtorIdNumber: 'S9470855I',
  paymentAmount: sgd('500'),
  paymentMethod: 'GIRO',
  paymentDate: '2030-03-01',
  creditors: [],
  proofOfPayment: [],
  remarks: '',
  declaration: true,
};
/**
 * A claim's creditor, an individual or an entity: its NRIC or its UEN is asked, the other hidden. Sampled from
 * version 2, whose SMS questions later versions no longer ask (migration 195).
 */
const {
  notifyBySms: _notifyBySms,
  mobileNumber: _mobileNumber,
  ...PNC
} = sampleAnswers(FORM_DEFINITIONS.PNC!, '2030-03-10');

describe('hidden answers are stripped before they are checked and saved', () => {
  it('drops the UEN of a creditor who is an individual', async () => {
    const c = created(
      await create('PNC', { ...PNC, creditorType: 'I', creditorNric: 'S9470855I', creditorUen: 'not a UEN' }, true),
    );
    expect(c.data).not.toHaveProperty('creditorUen');
    expect((await read(c.id)).data).toMatchObject({ creditorType: 'I', creditorNric: 'S9470855I' });
  });
  it('checks and keeps it when the creditor is an entity', async () => {
    expect(
      errorsOf(await create('PNC', { ...PNC, creditorType: 'NI', creditorNric: undefined, creditorUen: 'nope' }, true))
        .fieldErrors,
    ).toHaveProperty('creditorUen');
    const c = created(
      await create('PNC', { ...PNC, creditorType: 'NI', creditorNric: undefined, creditorUen: '201403121W' }, true),
    );
    expect(c.data).toMatchObject({ creditorUen: '201403121W' });
    expect(c.data).not.toHaveProperty('creditorNric');
  });
  it('strips inside the rows of a repeating group too', async () => {
    const claim = {
      description: 'Loan',
      incurredOn: '2029-01-01',
      amount: sgd('100'),
      secured: 'N',
      security: 'House',
    };
    const c = created(await create('PNC', { claims: [claim] }, true));
    expect(c.data.claims).toEqual([
      { description: 'Loan', incurredOn: '2029-01-01', amount: sgd('100'), secured: 'N' },
    ]);
  });
});

describe('repeating rows', () => {
  it('answers each row error at its path, in page order, as a map and a list', async () => {
    const res = await create('PD', {
      ...PD,
      debtorIdNumber: 'S9470855J',
      creditors: [
        { creditorName: 'Bank A', amount: sgd('100') },
        { creditorName: '', amount: sgd('1.234') },
        { creditorName: 'Bank C', amount: sgd('0') },
      ],
    });
    const { errors, fieldErrors } = errorsOf(res);
    expect(errors).toEqual([
      { path: 'debtorIdNumber', message: 'Debtor identification number must be a real NRIC or FIN, like S1234567D' },
      { path: 'creditors[1].creditorName', message: 'Creditor 2: Enter name of creditor' },
      {
        path: 'creditors[1].amount.amount',
        message: 'Creditor 2: Amount paid to the creditor must be an amount in numbers, with up to 2 decimal places',
      },
      {
        path: 'creditors[2].amount.amount',
        message: 'Creditor 3: Amount paid to the creditor must be S$0.01 or more',
      },
    ]);
    expect(Object.keys(fieldErrors)).toEqual(errors.map((e) => e.path));
  });
  it('keeps to the least and most rows', async () => {
    const dar = { debts: [] };
    expect(errorsOf(await create('DAR', dar)).fieldErrors.debts).toBe('Debts must have at least 1 debt');
    const many = Array.from({ length: 21 }, () => ({ creditorName: 'X', amount: sgd('1') }));
    expect(errorsOf(await create('PD', { ...PD, creditors: many }, true)).fieldErrors).toEqual({
      creditors: 'Creditors paid must have 20 creditors or fewer',
    });
  });
});

describe('rules between fields', () => {
  const PAR = {
    destinationCountry: 'MY',
    departureDate: '2030-04-02',
    returnDate: '2030-04-01',
    purpose: 'Family visit',
    sponsored: 'N',
    tripCost: sgd('800'),
    travelBanned: 'N',
    itinerary: [],
    declaration: true,
  };
  it('a return date before the departure date is refused on submit, kept in a draft', async () => {
    expect(errorsOf(await create('PAR', PAR)).fieldErrors).toEqual({
      returnDate: 'Return date must be the same as or after departure date',
    });
    created(await create('PAR', PAR, true));
  });
  it('a departure date in the past, relative to the server clock in Singapore', async () => {
    expect(
      errorsOf(await create('PAR', { ...PAR, departureDate: '2030-03-09', returnDate: '2030-03-20' })).fieldErrors,
    ).toEqual({
      // The day the rule went by is named: a browser abroad may be on another (docs/decisions/0103).
      departureDate: 'Departure date must be today or in the future (today in Singapore is 10 Mar 2030)',
    });
    created(await create('PAR', { ...PAR, departureDate: '2030-03-10', returnDate: '2030-03-20' }));
  });
  it('a repayment above the monthly income', async () => {
    const res = await create('DAR', { monthlyIncome: sgd('1000'), proposedRepayment: sgd('1000.01') });
    expect(errorsOf(res).fieldErrors['proposedRepayment.amount']).toBe(
      'Proposed monthly repayment must be the same as or less than monthly income',
    );
  });
  it('a blocking rule refuses the submission with its message, not the draft', async () => {
    const draft = created(await create('PAR', { ...PAR, returnDate: '2030-04-09', travelBanned: 'Y' }, true));
    const res = await demo.post(submitUrl(draft.id), { version: draft.version });
    expect(errorsOf(res).errors).toEqual([
      {
        path: 'travelBanned',
        message: 'You cannot apply to travel while a court order forbids you to leave Singapore',
      },
    ]);
    const fixed = await save(draft.id, { ...draft.data, travelBanned: 'N' }, draft.version, true);
    const ok = await demo.post(submitUrl(draft.id), { version: fixed.json().responseJSON.version });
    expect(ok.statusCode, ok.body).toBe(200);
  });
  it('a declaration must be ticked to submit', async () => {
    expect(errorsOf(await create('PD', { ...PD, declaration: false })).fieldErrors).toEqual({
      declaration: 'Tick the box to confirm the declaration',
    });
  });
});

describe('versions', () => {
  /** The version after PD's current one: a new required field, and the remarks gone. */
  const nextOf = (form: FormDefinition): FormDefinition => {
    const next = structuredClone(form);
    next.pages[1]!.sections[0]!.fields.push({
      name: 'bankReference',
      label: 'Bank reference',
      type: 'text',
      required: true,
    });
    const paid = next.pages[1]!.sections[1]!;
    paid.fields = paid.fields.filter((f) => f.name !== 'remarks');
    return next;
  };

  it('a record keeps the version it was filled in under, and is checked against it alone', async () => {
    // PD's current version is 5 (creditors within the payment, migrations 186 and 196); the one published here is 6.
    const before = (await demo.get(`${API_PATHS.eservices}/PD`)).json().responseJSON as EserviceDetail;
    expect(before.formVersion).toBe(5);
    const draft = created(await create('PD', { ...PD, remarks: 'before v6' }, true));
    const submittedBefore = created(await create('PD', PD));
    const submitted = await demo.post(submitUrl(submittedBefore.id), { version: submittedBefore.version });
    expect(submitted.statusCode).toBe(200);
    expect(draft.formVersion).toBe(5);

    expect(await publishFormVersion(db, 'PD', nextOf(before.form))).toEqual({ version: 6, published: true });
    const current = (await demo.get(`${API_PATHS.eservices}/PD`)).json().responseJSON as EserviceDetail;
    expect(current.formVersion).toBe(6);
    const old = (await demo.get(`${API_PATHS.eservices}/PD?version=5`)).json().responseJSON as EserviceDetail;
    expect(old).toMatchObject({ formVersion: 5, form: before.form });

    // The v5 draft: saved and submitted under v5 (remarks allowed, no bank reference asked for).
    const saved = await save(draft.id, { ...PD, remarks: 'still v5' }, draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().responseJSON).toMatchObject({ formVersion: 5, data: { remarks: 'still v5' } });
    const ok = await demo.post(submitUrl(draft.id), { version: saved.json().responseJSON.version });
    expect(ok.statusCode, ok.body).toBe(200);

    // A new record is filled in under v6.
    expect(errorsOf(await create('PD', PD)).fieldErrors).toEqual({
      remarks: 'There is no field named remarks in this form',
      bankReference: 'Enter bank reference',
    });
    const { remarks: _gone, ...withoutRemarks } = PD;
    const fresh = created(await create('PD', { ...withoutRemarks, bankReference: 'FAST 123' }));
    expect(fresh.formVersion).toBe(6);

    // The record submitted before v6 is untouched.
    expect(await read(submittedBefore.id)).toMatchObject({ formVersion: 5, data: PD, status: 'submitted' });
  });

  it('a version the form does not have is said to be missing, not the e-service', async () => {
    const missing = await demo.get(`${API_PATHS.eservices}/PD?version=99`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().header.responseDesc).toBe(CASE_MESSAGES.formVersionNotFound(99));
    const unknown = await demo.get(`${API_PATHS.eservices}/NOPE?version=1`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().header.responseDesc).toBe(CASE_MESSAGES.eserviceNotFound);
    // One the user may not use is refused as such, whatever version is asked for.
    await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01', 'SPECIAL'] WHERE code = 'ICAWL'`);
    try {
      const notAllowed = await demo.get(`${API_PATHS.eservices}/ICAWL?version=99`);
      expect(notAllowed.statusCode).toBe(403);
      expect(notAllowed.json().header.responseDesc).toBe(CASE_MESSAGES.eserviceNotAllowed);
    } finally {
      await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01'] WHERE code = 'ICAWL'`);
    }
  });

  it('a published version cannot be changed or removed', async () => {
    await expect(
      db.query(`UPDATE eservice_form_versions SET definition = '{}'::jsonb WHERE code = 'PD' AND version = 2`),
    ).rejects.toThrow(/published/);
    await expect(db.query(`DELETE FROM eservice_form_versions WHERE code = 'PD' AND version = 2`)).rejects.toThrow(
      /published/,
    );
  });

  it('refuses to publish a definition that is not well formed', async () => {
    await expect(publishFormVersion(db, 'PD', { schemaVersion: 2, pages: [] })).rejects.toThrow();
    expect(((await demo.get(`${API_PATHS.eservices}/PD`)).json().responseJSON as EserviceDetail).formVersion).toBe(6);
  });

  it('a record of version 1 (the flat form of before) is still checked against version 1', async () => {
    const legacy = {
      debtorIdNumber: 'S1234567D001',
      paymentAmount: sgd('10'),
      paymentMethod: 'GIRO',
      paymentDate: '2030-01-01',
    };
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO cases (app_code, profile_id, case_type, case_year, case_number, data, form_version)
       SELECT 'PD', profile_id, 'PD', 2030, 'PD 900001 2030', $1::jsonb, 1 FROM cases WHERE id = (SELECT min(id) FROM cases)
       RETURNING id::text AS id`,
      [JSON.stringify(legacy)],
    );
    const id = rows[0]!.id;
    expect((await read(id)).formVersion).toBe(1);
    // 12-character identifier of version 1, not an NRIC of version 2.
    expect(errorsOf(await save(id, { ...legacy, debtorIdNumber: 'S9470855I' }, 1)).fieldErrors).toEqual({
      debtorIdNumber: 'Debtor identification number must be exactly 12 characters',
    });
    const ok = await save(id, legacy, 1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await demo.post(submitUrl(id), { version: 2 })).statusCode).toBe(200);
  });
});

describe('bad answers are a 400 with a reason, never a 500', () => {
  it.each([
    ['a group that is text', { creditors: 'Bank A' }],
    ['a row that is text', { creditors: ['Bank A'] }],
    ['a declaration that is text', { declaration: 'yes' }],
    ['attachments that are not ids', { proofOfPayment: ['../../etc/passwd'] }],
    ['an unknown row field', { creditors: [{ creditorName: 'A', amount: sgd('1'), x: '1' }] }],
  ])('%s', async (_name, data) => {
    const res = await create('PD', { ...PD, ...data }, true);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().header.responseCode).toBe('400');
  });
});
