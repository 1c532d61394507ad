import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS, NEXT_STEP_MESSAGES } from '#contract/cases.ts';
import {
  FIELD_MESSAGES,
  addDays,
  formatIsoDate,
  todayInSingapore,
  type FormDefinition,
} from '#contract/forms/index.ts';
import { TRAVEL_RETURN_MESSAGES } from '#contract/travel.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { PAYMENT_MESSAGES } from '#contract/payments.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { singaporeOn } from '#contract/singapore.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { actionUrl, doAction, officerTestApp, submitted, view } from '../officer/test-support.ts';
import { moveCase } from './service.ts';
import { rejectWithCommand } from '../test/rejection.ts';

/**
 * A Travel Application Amendment (TRA) amends or withdraws a travel application not yet decided
 * (docs/decisions/0034): an amendment asks the new trip (migrations 197, 203), and one request at a time may wait
 * for a decision on the same travel application (checkReferredRecords). Its approval acts on the travel
 * application (docs/decisions/0091).
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

    await rejectWithCommand(db, pending.caseNumber, clock.now());
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

/** The applicant's record as its page reads it. */
const record = async (id: string) => {
  const res = await applicant.get(fillPath(CASE_PATHS.one, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as CaseDetail;
};

/** What the applicant was told of a record, in the inbox (every message's email and SMS are made from the same). */
const told = async (caseId: string) =>
  (
    await db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'decided' ORDER BY id`,
      [caseId],
    )
  ).rows.map((r) => r.body);

/** Assigns the case to the officer and approves it: the approval's answer. */
async function approve(id: string) {
  await doAction(officer, id, { action: 'assignToMe' });
  const { version } = await view(officer, id);
  return officer.post(actionUrl(id), { action: 'approve', version });
}

describe('an approved request to withdraw a travel application', () => {
  it('withdraws it: its bill is cancelled, the applicant told, and no officer can approve it any more', async () => {
    const travel = await travelApplication();
    // PAR's form bills nothing; a bill on it stands for any an application may hold (docs/decisions/0059).
    await db.query(
      `INSERT INTO bills (case_id, profile_id, reference, amount_cents, issued_at, due_on, expires_on)
       SELECT id, profile_id, 'PR-WITHDRAWN-' || id, 5000, $2, $3::date, $3::date FROM cases WHERE id = $1::bigint`,
      [travel.id, clock.now(), '2030-06-20'],
    );
    await doAction(officer, travel.id, { action: 'assignToMe' });
    const request = await submitted(applicant, await amendment(travel.caseNumber, { action: 'withdraw' }), 'TRA');

    // Before the request is decided, the officer of the trip sees it waiting.
    const before = await view(officer, travel.id);
    expect(before.travelRequests).toEqual([
      expect.objectContaining({ caseNumber: request.caseNumber, status: 'submitted', action: 'withdraw', trip: [] }),
    ]);
    expect((await view(officer, request.id)).travelApplication).toEqual({
      id: travel.id,
      caseNumber: travel.caseNumber,
      status: 'in_review',
    });

    const approved = await approve(request.id);
    expect(approved.statusCode, approved.body).toBe(200);

    const trip = await view(officer, travel.id);
    expect(trip.status).toBe('withdrawn');
    expect(trip.history.at(-1)).toMatchObject({
      from: 'in_review',
      to: 'withdrawn',
      by: 'Officer Demo',
      message: OFFICER_MESSAGES.history.withdrawnBy(request.caseNumber),
    });
    expect(trip.travelRequests).toEqual([
      expect.objectContaining({ caseNumber: request.caseNumber, status: 'approved', action: 'withdraw' }),
    ]);
    expect(trip.allowedActions).toEqual(['addNote']);
    expect(trip.bill?.state).toBe('cancelled');
    const { rows: billHistory } = await db.query<{ reason: string }>(
      `SELECT h.reason FROM bill_history h JOIN bills b ON b.id = h.bill_id WHERE b.case_id = $1::bigint ORDER BY h.id`,
      [travel.id],
    );
    expect(billHistory.at(-1)?.reason).toBe(PAYMENT_MESSAGES.withdrawnReason);

    // Nor can the applicant ask to amend it now, not even in a draft: it is final.
    const again = await applicant.post(API_PATHS.cases, {
      appCode: 'TRA',
      data: await amendment(travel.caseNumber),
      draft: true,
    });
    expect(fieldErrors(again)).toEqual({
      travelCaseNumber: FIELD_MESSAGES.caseDecided(LABEL),
    });

    const refused = await officer.post(actionUrl(travel.id), { action: 'approve', version: trip.version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().header.responseDesc).toBe(OFFICER_MESSAGES.actionNotAllowed('approve', 'withdrawn'));

    const mine = await record(travel.id);
    expect(mine.status).toBe('withdrawn');
    expect(mine.progress?.nextStep).toBe(NEXT_STEP_MESSAGES.withdrawn);
    expect(mine.progress?.timeline.at(-1)).toMatchObject({
      status: 'withdrawn',
      message: OFFICER_MESSAGES.history.withdrawnBy(request.caseNumber),
    });
    expect(await told(travel.id)).toEqual([
      `Record ${travel.caseNumber} was withdrawn ${singaporeOn(clock.now())}, as you asked in request ${request.caseNumber}.`,
    ]);
    const { rows: outbox } = await db.query<{ channel: string }>(
      `SELECT channel FROM notification_outbox WHERE case_id = $1::bigint AND kind = 'decided' ORDER BY channel`,
      [travel.id],
    );
    expect(outbox.map((r) => r.channel)).toContain('sms');
  });

  it("withdraws it when the operator's command approves the request too", async () => {
    const travel = await travelApplication();
    const request = await submitted(applicant, await amendment(travel.caseNumber, { action: 'withdraw' }), 'TRA');
    await moveCase(db, request.caseNumber, 'in_review', 'officer.lead', clock.now());
    await moveCase(db, request.caseNumber, 'approved', 'officer.lead', clock.now());
    expect((await record(travel.id)).status).toBe('withdrawn');
  });
});

describe('an approved request to amend a travel application', () => {
  const newTrip = {
    action: 'amend',
    newDepartureDate: '2030-07-10',
    newReturnDate: '2030-07-20',
    countries: [{ country: 'MY', arrivalDate: '2030-07-10', departureDate: '2030-07-20' }],
  };

  it('shows the new trip beside the answers, to the officer and the applicant, and in the approval', async () => {
    const travel = await travelApplication();
    const request = await submitted(applicant, await amendment(travel.caseNumber, newTrip), 'TRA');
    await doAction(officer, travel.id, { action: 'assignToMe' });
    const seen = await view(officer, travel.id);

    const approved = await approve(request.id);
    expect(approved.statusCode, approved.body).toBe(200);

    const trip = await view(officer, travel.id);
    expect(trip.status).toBe('in_review');
    // The answers as submitted stay: the acknowledgement's digest covers them.
    expect(trip.answers).toEqual(seen.answers);
    const shown = [
      { path: 'newDepartureDate', label: 'New departure date', value: '10 Jul 2030' },
      { path: 'newReturnDate', label: 'New return date', value: '20 Jul 2030' },
      { path: 'countries[0].country', label: 'Country 1: Country', value: 'Malaysia' },
      { path: 'countries[0].arrivalDate', label: 'Country 1: Arrival date', value: '10 Jul 2030' },
      { path: 'countries[0].departureDate', label: 'Country 1: Departure date', value: '20 Jul 2030' },
    ];
    expect(trip.travelRequests).toEqual([
      {
        id: request.id,
        caseNumber: request.caseNumber,
        status: 'approved',
        action: 'amend',
        submittedAt: expect.any(String),
        approvedAt: clock.now().toISOString(),
        trip: shown,
      },
    ]);
    expect(trip.history.at(-1)).toMatchObject({
      from: 'in_review',
      to: 'in_review',
      message: OFFICER_MESSAGES.history.amendedBy(request.caseNumber),
    });
    expect((await record(travel.id)).travelAmendment).toEqual({
      caseNumber: request.caseNumber,
      approvedAt: clock.now().toISOString(),
      trip: shown,
    });

    // An approval sent from the view of the trip as it was is stale: the officer sees the amended trip first.
    const stale = await officer.post(actionUrl(travel.id), { action: 'approve', version: seen.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().header.responseDesc).toBe(OFFICER_MESSAGES.staleVersion);

    const decided = await officer.post(actionUrl(travel.id), { action: 'approve', version: trip.version });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await told(travel.id)).toEqual([
      `Record ${travel.caseNumber} was approved ${singaporeOn(clock.now())}.\nThe approval is for the trip as amended by request ${request.caseNumber}: leaving on 10 Jul 2030 and returning on 20 Jul 2030.`,
    ]);
  });
});

describe('a request about a travel application decided meanwhile', () => {
  it('is refused, saying why, and changes nothing', async () => {
    const travel = await travelApplication();
    const request = await submitted(applicant, await amendment(travel.caseNumber, { action: 'withdraw' }), 'TRA');
    // A rejection may still decide the trip while the request waits; an approval may not (docs/decisions/0114).
    await rejectWithCommand(db, travel.caseNumber, clock.now());

    const refused = await approve(request.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().header.responseDesc).toBe(
      OFFICER_MESSAGES.travelApplicationDecided(request.caseNumber, travel.caseNumber, 'rejected'),
    );
    expect((await view(officer, request.id)).status).toBe('in_review');
    expect((await view(officer, travel.id)).status).toBe('rejected');
  });
});

describe('a travel application whose amendment or withdrawal waits (docs/decisions/0114)', () => {
  it('is not approved until the request is decided, and the officer is not offered the approval', async () => {
    const travel = await travelApplication();
    const request = await submitted(
      applicant,
      await amendment(travel.caseNumber, {
        action: 'amend',
        newDepartureDate: '2030-07-10',
        newReturnDate: '2030-07-20',
        countries: [{ country: 'MY', arrivalDate: '2030-07-10', departureDate: '2030-07-20' }],
      }),
      'TRA',
    );
    await doAction(officer, travel.id, { action: 'assignToMe' });
    const seen = await view(officer, travel.id);
    expect(seen.allowedActions).not.toContain('approve');
    expect(seen.allowedActions).toContain('proposeRejection');

    const refused = await officer.post(actionUrl(travel.id), { action: 'approve', version: seen.version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().header.responseDesc).toBe(
      OFFICER_MESSAGES.travelRequestWaiting(travel.caseNumber, request.caseNumber, 'amend'),
    );
    expect((await view(officer, travel.id)).status).toBe('in_review');
    expect(await told(travel.id)).toEqual([]);
    // Nor by the operator's command, which follows the back office's rules.
    await expect(moveCase(db, travel.caseNumber, 'approved', 'officer.demo', clock.now())).rejects.toThrow(
      OFFICER_MESSAGES.travelRequestWaiting(travel.caseNumber, request.caseNumber, 'amend'),
    );

    // The request decided, the trip is approved as amended.
    expect((await approve(request.id)).statusCode).toBe(200);
    const now = await view(officer, travel.id);
    expect(now.allowedActions).toContain('approve');
    const decided = await officer.post(actionUrl(travel.id), { action: 'approve', version: now.version });
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('is approved once a waiting withdrawal is rejected', async () => {
    const travel = await travelApplication();
    const request = await submitted(applicant, await amendment(travel.caseNumber, { action: 'withdraw' }), 'TRA');
    await doAction(officer, travel.id, { action: 'assignToMe' });
    const { version } = await view(officer, travel.id);
    const refused = await officer.post(actionUrl(travel.id), { action: 'approve', version });
    expect(refused.json().header.responseDesc).toBe(
      OFFICER_MESSAGES.travelRequestWaiting(travel.caseNumber, request.caseNumber, 'withdraw'),
    );
    await rejectWithCommand(db, request.caseNumber, clock.now());
    const decided = await officer.post(actionUrl(travel.id), { action: 'approve', version });
    expect(decided.statusCode, decided.body).toBe(200);
  });
});

describe('a return notification (docs/decisions/0114)', () => {
  const day = (offset: number) => addDays(today, offset);
  /** A travel application whose trip (as the applicant gave it) left `away` days ago and came back `back` days ago. */
  async function tripOf(away: number, back: number) {
    const travel = await travelApplication();
    await db.query(
      `UPDATE cases SET data = data || jsonb_build_object('departureDate', $2::text, 'returnDate', $3::text)
        WHERE id = $1::bigint`,
      [travel.id, day(-away), day(-back)],
    );
    return travel;
  }
  /** A return notification of the trip, saved as a draft (the check runs on drafts too): the answer. */
  async function report(travelCaseNumber: string, returnedOn: string, change: Record<string, unknown> = {}) {
    const data = {
      ...sampleAnswers(await formOf('TRT'), today, () => travelCaseNumber),
      returnedOn,
      asApproved: 'N',
      differences: 'We came back by another route.',
      countriesVisited: [{ country: 'MY', arrivedOn: returnedOn, leftOn: returnedOn }],
      ...change,
    };
    return applicant.post(API_PATHS.cases, { appCode: 'TRT', data, draft: true });
  }

  it('is refused for a return before the trip leaves, beside the question, and taken from its departure on', async () => {
    // Not yet decided: a debtor who travelled regardless still tells of the return (docs/decisions/0034).
    const travel = await tripOf(10, 3);
    expect(fieldErrors(await report(travel.caseNumber, day(-11)))).toEqual({
      returnedOn: TRAVEL_RETURN_MESSAGES.beforeDeparture('Returned on', travel.caseNumber, formatIsoDate(day(-10))),
    });
    const taken = await report(travel.caseNumber, day(-10));
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('goes by the departure of the approved amendment', async () => {
    const travel = await tripOf(10, 3);
    const request = await submitted(
      applicant,
      await amendment(travel.caseNumber, {
        action: 'amend',
        newDepartureDate: day(30),
        newReturnDate: day(40),
        countries: [{ country: 'MY', arrivalDate: day(30), departureDate: day(40) }],
      }),
      'TRA',
    );
    expect((await approve(request.id)).statusCode).toBe(200);
    // The amended trip has since happened: it left 5 days ago.
    await db.query(
      `UPDATE cases SET data = data || jsonb_build_object('newDepartureDate', $2::text, 'newReturnDate', $3::text)
        WHERE id = $1::bigint`,
      [request.id, day(-5), day(-1)],
    );
    expect(fieldErrors(await report(travel.caseNumber, day(-7)))).toEqual({
      returnedOn: TRAVEL_RETURN_MESSAGES.beforeDeparture('Returned on', travel.caseNumber, formatIsoDate(day(-5))),
    });
    expect((await report(travel.caseNumber, day(-5))).statusCode).toBe(201);
  });

  it('is not said to have gone as approved when it came back after the approved return date', async () => {
    const travel = await tripOf(10, 3);
    expect((await approve(travel.id)).statusCode).toBe(200);
    expect(fieldErrors(await report(travel.caseNumber, day(-1), { asApproved: 'Y', differences: undefined }))).toEqual({
      asApproved: TRAVEL_RETURN_MESSAGES.lateAsApproved('The trip went as approved', formatIsoDate(day(-3))),
    });
    expect((await report(travel.caseNumber, day(-1))).statusCode).toBe(201);
    expect((await report(travel.caseNumber, day(-3), { asApproved: 'Y', differences: undefined })).statusCode).toBe(
      201,
    );
  });
});
