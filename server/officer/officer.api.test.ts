import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, FORBIDDEN_CODE, PROCESS_ENGINE_PATHS, RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS, NEXT_STEP_MESSAGES } from '#contract/cases.ts';
import { formatIsoDate } from '#contract/forms/index.ts';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type Bill } from '#contract/payments.ts';
import { DOCUMENT_PATHS } from '#contract/documents.ts';
import {
  OFFICER_MESSAGES,
  OFFICER_PATHS,
  OFFICER_QUEUES,
  QUEUE_COUNT_CAP,
  type BulkResult,
  type EserviceChoices,
  type OfficerCase,
  type QueuePage,
} from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import type { CaseDetail, CasesSummary } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { moveCase } from '../cases/service.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { idsAboutToGainADigit, statementsDuring } from '../test/database.ts';
import { buildTestApp } from '../test/helper.ts';
import { actionUrl, caseUrl, doAction, pdAnswers, signedInOfficer, submitted, view } from './test-support.ts';
import { TEST_PDF as PDF, otherPdf, uploadFile } from '../test/upload.ts';

// Friday 29 May 2026, 10:00 in Singapore. Monday 1 June is a public holiday (Vesak Day, observed).
const clock = new FakeClock('2026-05-29T02:00:00Z');
const ANSWERS = pdAnswers('2026-05-20');
const statusUrl = (id: string) => '/process-engine' + fillPath(PROCESS_ENGINE_PATHS.status, { id });
let gateway: FakeSmsGateway;
let app: FastifyInstance;
let db: Database;
let applicant: TestClient;
let otherApplicant: TestClient;
let officer: TestClient;
let lead: TestClient;
let finance: TestClient;

/** Moves the clock (days, past every session's idle limit) and signs everyone in again, as they would. */
async function travel(to: string) {
  clock.set(to);
  await signInAll();
}

async function signInAll() {
  applicant = await signedInClient(app, 'ptib.demo');
  otherApplicant = await signedInClient(app, 'ptib.master');
  officer = await signedInOfficer(app, gateway, 'officer.demo');
  lead = await signedInOfficer(app, gateway, 'officer.lead');
  finance = await signedInOfficer(app, gateway, 'officer.finance');
}

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p', LOG_LEVEL: 'error' },
    { now: clock.now },
  ));
  await signInAll();
});
afterAll(async () => {
  await gateway.close();
});

const queue = async (c: TestClient, query: string): Promise<QueuePage> => {
  const res = await c.get(`${OFFICER_PATHS.queue}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as QueuePage;
};

const record = async (c: TestClient, id: string): Promise<CaseDetail> => {
  const res = await c.get(fillPath(CASE_PATHS.one, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as CaseDetail;
};

const accessDenied = (res: { statusCode: number; json(): unknown }, desc: string) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    header: { responseCode: FORBIDDEN_CODE.MISSING_AUTHORITY, responseDesc: desc },
    responseJSON: null,
  });
};

describe('officer accounts', () => {
  it('sign in with a one-time password and say who they are', async () => {
    const res = await lead.get(OFFICER_PATHS.me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON).toMatchObject({
      loginName: 'officer.lead',
      displayName: 'Supervisor Lead',
      roles: ['officer', 'supervisor'],
    });
  });

  it('hold tokens that say they are an officer’s, through a refresh too; a PTIB user’s says nothing of it', async () => {
    // The web app reads it, and does not ask for the PTIB profile it would be refused (docs/decisions/0049).
    expect(decodeJwt(lead.token!)).toMatchObject({ officer: true });
    const refreshed = await lead.post(API_PATHS.refresh);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    lead.token = refreshed.json().responseJSON.token as string;
    expect(decodeJwt(lead.token)).toMatchObject({ officer: true, gen: 1 });
    expect(decodeJwt(applicant.token!)).not.toHaveProperty('officer');
  });

  it('refuse a PTIB token on every officer call with PTACC-951', async () => {
    for (const res of [
      await applicant.get(OFFICER_PATHS.me),
      await applicant.get(`${OFFICER_PATHS.queue}?queue=new`),
      await applicant.get(caseUrl('1')),
      await applicant.post(actionUrl('1'), { action: 'assignToMe', version: 1 }),
      await applicant.post(OFFICER_PATHS.bulk, { action: 'approve', cases: [{ id: '1', version: 1 }] }),
    ])
      accessDenied(res, OFFICER_MESSAGES.notOfficer);
  });

  it('refuse an officer token on the PTIB calls with PTACC-951', async () => {
    for (const res of [
      await officer.post(API_PATHS.retrieveProfile, {}),
      await officer.post(API_PATHS.retrieveMasterPTIBList, {}),
      await officer.post(API_PATHS.switchProxyProfile, { ptibProfileID: '' }),
      await officer.get(API_PATHS.eservices),
      await officer.get(API_PATHS.casesSummary),
      await officer.get(fillPath(CASE_PATHS.one, { id: '1' })),
    ])
      accessDenied(res, OFFICER_MESSAGES.officerOnPtib);
  });

  it("leave no refusal in the audit trail when the app asks an officer's profile, only on the other PTIB calls", async () => {
    const refusals = async (path: string) => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events
          WHERE event = 'authorization_refused' AND login_name = 'officer.finance' AND detail->>'path' = $1`,
        [path],
      );
      return rows[0]!.n;
    };
    const profileBefore = await refusals(API_PATHS.retrieveProfile);
    const eservicesBefore = await refusals(API_PATHS.eservices);
    // The web app's question at every sign-in and start (docs/decisions/0049): still refused, as expected.
    accessDenied(await finance.post(API_PATHS.retrieveProfile, {}), OFFICER_MESSAGES.officerOnPtib);
    accessDenied(await finance.get(API_PATHS.eservices), OFFICER_MESSAGES.officerOnPtib);
    expect(await refusals(API_PATHS.retrieveProfile)).toBe(profileBefore);
    expect(await refusals(API_PATHS.eservices)).toBe(eservicesBefore + 1);
  });

  it('keep case work to the officer and supervisor roles (finance is refused)', async () => {
    expect((await finance.get(OFFICER_PATHS.me)).statusCode).toBe(200);
    accessDenied(
      await finance.get(`${OFFICER_PATHS.queue}?queue=new`),
      OFFICER_MESSAGES.roleRequired('officer or supervisor'),
    );
  });

  it('answer the usual 403 Forbidden without a session', async () => {
    const res = await app.inject({ method: 'GET', url: OFFICER_PATHS.me });
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual({ responseCode: RESPONSE_CODE.FORBIDDEN, responseDesc: 'Forbidden' });
  });
});

describe('the whole loop', () => {
  let id: string;

  it('a submitted record waits in the new queue, due ten working days on (the holiday does not count)', async () => {
    const before = await queue(officer, 'queue=new');
    const c = await submitted(applicant, ANSWERS);
    id = c.id;
    const after = await queue(officer, 'queue=new&sort=age');
    expect(after.counts.new).toBe(before.counts.new + 1);
    const item = after.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({
      status: 'submitted',
      applicantName: 'Tan Ah Kow',
      eserviceTitle: 'Payment by Debtor',
      dueDate: '2026-06-15',
      overdue: false,
      assignedTo: null,
      ageDays: 0,
    });
  });

  it('assign to me moves it to in review, in my queue, recorded with who and when', async () => {
    const v = await doAction(officer, id, { action: 'assignToMe' });
    expect(v.status).toBe('in_review');
    expect(v.assignedTo?.displayName).toBe('Officer Demo');
    expect(v.history.at(-1)).toMatchObject({
      from: 'submitted',
      to: 'in_review',
      by: 'Officer Demo',
      at: clock.now().toISOString(),
      message: OFFICER_MESSAGES.history.assigned('Officer Demo'),
    });
    expect(v.allowedActions).toEqual(['release', 'approve', 'proposeRejection', 'requestInfo', 'addNote']);
    expect((await queue(officer, 'queue=mine')).items.map((i) => i.id)).toContain(id);
    expect((await queue(officer, 'queue=new')).items.map((i) => i.id)).not.toContain(id);
    const { rows } = await db.query<{ event: string; login_name: string }>(
      `SELECT event, login_name FROM audit_events WHERE detail->>'caseId' = $1 AND event LIKE 'officer_%'`,
      [id],
    );
    expect(rows).toEqual([{ event: 'officer_assignToMe', login_name: 'officer.demo' }]);
  });

  it('two officers at once: the stale one is told plainly and gets the current state', async () => {
    const seen = await view(lead, id);
    await doAction(officer, id, { action: 'addNote', text: 'Checked the GIRO reference.' });
    // A note changes no state, so the lead's view is still current for an action.
    expect((await view(lead, id)).version).toBe(seen.version);
    const assigned = await lead.post(actionUrl(id), { action: 'release', version: seen.version });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const stale = await officer.post(actionUrl(id), { action: 'approve', version: seen.version });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as { header: { responseDesc: string }; responseJSON: OfficerCase };
    expect(body.header.responseDesc).toBe(OFFICER_MESSAGES.staleVersion);
    expect(body.responseJSON).toMatchObject({ id, status: 'submitted', assignedTo: null, version: seen.version + 1 });
    expect((await view(officer, id)).status).toBe('submitted');
    // A note decides nothing on the state it was written against: sent from the older view, it is kept.
    const note = await officer.post(actionUrl(id), {
      action: 'addNote',
      version: seen.version,
      text: 'Written before the release.',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((note.json().responseJSON as OfficerCase).notes.at(-1)?.text).toBe('Written before the release.');
    await doAction(officer, id, { action: 'assignToMe' });
  });

  it('refuses actions the case is not open to, and actions on another officer’s case', async () => {
    const v = await view(lead, id);
    const res = await lead.post(actionUrl(id), { action: 'approve', version: v.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.notAssignedToYou);
    const notNow = await officer.post(actionUrl(id), { action: 'approveRejection', version: v.version });
    accessDenied(notNow, OFFICER_MESSAGES.roleRequired('supervisor'));
    const assign = await officer.post(actionUrl(id), { action: 'assign', version: v.version, officerAccountId: 1 });
    accessDenied(assign, OFFICER_MESSAGES.roleRequired('supervisor'));
  });

  it('request more information: named questions only, a message, the clock paused', async () => {
    const v = await view(officer, id);
    const unknown = await officer.post(actionUrl(id), {
      action: 'requestInfo',
      version: v.version,
      message: 'Please correct the amount.',
      fields: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().header.responseDesc).toBe(OFFICER_MESSAGES.unknownFields('nope'));
    const empty = await officer.post(actionUrl(id), {
      action: 'requestInfo',
      version: v.version,
      message: ' ',
      fields: ['remarks'],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().header.responseDesc).toBe(OFFICER_MESSAGES.messageRequired);

    await travel('2026-06-02T02:00:00Z'); // Tuesday
    const asked = await doAction(officer, id, {
      action: 'requestInfo',
      message: 'Please correct the amount and explain in the remarks.',
      fields: ['paymentAmount', 'remarks'],
    });
    expect(asked.status).toBe('more_info_requested');
    expect(asked.infoRequests.at(-1)).toMatchObject({
      fields: ['paymentAmount', 'remarks'],
      fieldLabels: ['Payment amount', 'Remarks'],
      requestedBy: 'Officer Demo',
      answeredAt: null,
    });
    expect((await queue(officer, 'queue=waiting')).items.map((i) => i.id)).toContain(id);
    const { rows } = await db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_events WHERE event = 'officer_requestInfo' AND detail->>'caseId' = $1`,
      [id],
    );
    expect(rows[0]!.detail).toMatchObject({
      fields: ['paymentAmount', 'remarks'],
      message: 'Please correct the amount and explain in the remarks.',
    });
  });

  it('the applicant sees the request and what to do next; internal notes never reach them', async () => {
    const r = await record(applicant, id);
    expect(r.status).toBe('more_info_requested');
    expect(r.progress).toMatchObject({
      request: {
        message: 'Please correct the amount and explain in the remarks.',
        fields: ['paymentAmount', 'remarks'],
        fieldLabels: ['Payment amount', 'Remarks'],
      },
      nextStep: NEXT_STEP_MESSAGES.more_info_requested,
    });
    // The release and the review it ended are the back office's own: no second "Submitted".
    expect(r.progress!.timeline.map((t) => t.status)).toEqual(['submitted', 'in_review', 'more_info_requested']);
    const raw = (await applicant.get(fillPath(CASE_PATHS.one, { id }))).body;
    expect(raw).not.toContain('GIRO reference');
    expect(raw).not.toContain('Officer Demo');
    const summary = (await applicant.get(API_PATHS.casesSummary)).json().responseJSON as CasesSummary;
    expect(summary.counts.more_info_requested).toBe(1);
    expect(summary.latest.find((c) => c.id === id)?.progress?.nextStep).toBe(NEXT_STEP_MESSAGES.more_info_requested);
    // The dashboard reads the history with its overview; the record's own view reads it apart: they agree.
    const detail = (await applicant.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail & {
      progress: unknown;
    };
    expect(summary.latest.find((c) => c.id === id)?.progress).toEqual(detail.progress);
  });

  it('the applicant may change only the named questions: any other is refused by name', async () => {
    const r = await record(applicant, id);
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id });
    const wrong = await applicant.post(resubmitUrl, {
      version: r.version,
      data: { ...ANSWERS, paymentAmount: { amount: '175.00', currency: 'SGD' }, debtorIdNumber: 'S1234567D' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().header.responseDesc).toBe(CASE_MESSAGES.onlyRequestedFields('Debtor identification number'));
    const foreign = await otherApplicant.post(resubmitUrl, { version: r.version, data: ANSWERS });
    expect(foreign.statusCode).toBe(404);

    await travel('2026-06-05T02:00:00Z'); // Friday: three working days later
    const ok = await applicant.post(resubmitUrl, {
      version: r.version,
      data: { ...ANSWERS, paymentAmount: { amount: '175.00', currency: 'SGD' }, remarks: 'Paid twice.' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().responseJSON.status).toBe('in_review');
    const again = await applicant.post(resubmitUrl, { version: r.version + 1, data: ANSWERS });
    expect(again.statusCode).toBe(409);
    expect(again.json().header.responseDesc).toBe(CASE_MESSAGES.notAwaitingInfo);
  });

  it('the officer sees what changed, and the due date moved on by the paused working days', async () => {
    const v = await view(officer, id);
    expect(v.status).toBe('in_review');
    expect(v.assignedTo?.displayName).toBe('Officer Demo');
    expect(v.changes).toEqual([
      {
        field: 'paymentAmount',
        label: 'Payment amount',
        before: { amount: '150.25', currency: 'SGD' },
        after: { amount: '175.00', currency: 'SGD' },
        beforeText: 'S$150.25',
        afterText: 'S$175.00',
      },
      {
        field: 'remarks',
        label: 'Remarks',
        before: '',
        after: 'Paid twice.',
        beforeText: 'Not provided',
        afterText: 'Paid twice.',
      },
    ]);
    expect(v.answers.remarks).toBe('Paid twice.');
    expect(v.dueDate).toBe('2026-06-18');
    // The applicant by the name of their profile, as officers are by theirs: never by a login name.
    expect(v.history.at(-1)).toMatchObject({ from: 'more_info_requested', to: 'in_review', by: 'Tan Ah Kow' });
    expect(v.history.map((h) => h.by)).not.toContain('ptib.demo');
  });

  it('the officer reads the answers in the words the applicant checked, not as stored', async () => {
    const v = await view(officer, id);
    const row = (path: string) => v.answerRows.find((r) => r.path === path);
    expect(row('paymentAmount')).toEqual({ path: 'paymentAmount', label: 'Payment amount', value: 'S$175.00' });
    expect(row('declaration')?.value).toBe('Confirmed');
    expect(row('paymentMethod')?.value).toBe('PayNow');
    // Paid by PayNow after submitting: no date of a payment already made is asked, or shown.
    expect(row('paymentDate')).toBeUndefined();
  });

  it('a rejection needs a supervisor other than its proposer (four eyes), recorded as such', async () => {
    const noReason = await officer.post(actionUrl(id), {
      action: 'proposeRejection',
      version: (await view(officer, id)).version,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const proposed = await doAction(officer, id, {
      action: 'proposeRejection',
      reason: 'The debt was already settled.',
    });
    expect(proposed.status).toBe('rejection_proposed');
    expect(proposed.allowedActions).toEqual(['addNote']);
    // The applicant still reads "in review".
    expect((await record(applicant, id)).status).toBe('in_review');
    expect((await queue(lead, 'queue=mine')).items.map((i) => i.id)).toContain(id);

    const returned = await doAction(lead, id, { action: 'returnRejection', note: 'Name the settlement date.' });
    expect(returned.status).toBe('in_review');
    expect(returned.proposedRejection).toBeNull();
    await doAction(officer, id, { action: 'proposeRejection', reason: 'The debt was settled on 1 May 2026.' });

    const decided = await doAction(lead, id, { action: 'approveRejection' });
    expect(decided.status).toBe('rejected');
    expect(decided.decisionReason).toBe('The debt was settled on 1 May 2026.');
    expect(decided.history.at(-1)).toMatchObject({ from: 'rejection_proposed', to: 'rejected', by: 'Supervisor Lead' });
    const { rows } = await db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_events WHERE event = 'officer_approveRejection' AND detail->>'caseId' = $1`,
      [id],
    );
    const officerId = (await (await officer.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    const leadId = (await (await lead.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    expect(rows[0]!.detail).toMatchObject({ proposedBy: officerId, approvedBy: leadId });
    // The supervisor's reason for returning the proposal is in the audit trail too, not only in the history.
    const returnedEvent = await db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_events WHERE event = 'officer_returnRejection' AND detail->>'caseId' = $1`,
      [id],
    );
    expect(returnedEvent.rows[0]!.detail).toMatchObject({ note: 'Name the settlement date.' });

    const r = await record(applicant, id);
    expect(r.status).toBe('rejected');
    expect(r.progress).toMatchObject({
      decisionReason: 'The debt was settled on 1 May 2026.',
      nextStep: NEXT_STEP_MESSAGES.rejected,
    });
    expect(r.progress!.timeline.at(-1)).toMatchObject({
      status: 'rejected',
      message: 'The debt was settled on 1 May 2026.',
    });
    expect((await queue(officer, 'queue=decided')).items.map((i) => i.id)).toContain(id);
  });

  it('a supervisor cannot approve a rejection they proposed themself', async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(lead, c.id, { action: 'assignToMe' });
    await doAction(lead, c.id, { action: 'proposeRejection', reason: 'Wrong debtor.' });
    const v = await view(lead, c.id);
    expect(v.allowedActions).not.toContain('approveRejection');
    const res = await lead.post(actionUrl(c.id), { action: 'approveRejection', version: v.version });
    accessDenied(res, OFFICER_MESSAGES.fourEyes);
    expect((await view(lead, c.id)).status).toBe('rejection_proposed');
  });

  it('a case handed to another officer while the applicant is asked for more: no step, no name for them', async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Send the GIRO slip.', fields: ['remarks'] });
    const leadId = (await (await lead.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    const handed = await doAction(lead, c.id, { action: 'assign', officerAccountId: leadId });
    expect(handed).toMatchObject({ status: 'more_info_requested', assignedTo: { displayName: 'Supervisor Lead' } });
    const { timeline } = (await record(applicant, c.id)).progress!;
    expect(timeline.map((t) => [t.status, t.message])).toEqual([
      ['submitted', null],
      ['in_review', null],
      ['more_info_requested', 'Send the GIRO slip.'],
    ]);
    const summary = await applicant.get(API_PATHS.casesSummary);
    const latest = (summary.json().responseJSON as CasesSummary).latest.find((l) => l.id === c.id);
    expect(latest?.progress?.timeline.map((t) => t.message)).toEqual([null, null, 'Send the GIRO slip.']);
  });

  it('a case taken and released to the queue: the applicant sees it waiting, not submitted a second time', async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    const released = await doAction(officer, c.id, { action: 'release' });
    expect(released.status).toBe('submitted');
    const { timeline } = (await record(applicant, c.id)).progress!;
    expect(timeline.map((t) => t.status)).toEqual(['submitted']);
    // The record page's History list tells the same story as the timeline.
    const historyOf = async () =>
      (await applicant.get(statusUrl(c.id))).json().responseJSON.history as Array<{ to: string; at: string }>;
    expect(await historyOf()).toEqual(timeline.map((t) => ({ from: 'draft', to: t.status, at: t.at })));
    // Taken again, it is in review once more: one step for it.
    await doAction(officer, c.id, { action: 'assignToMe' });
    const again = (await record(applicant, c.id)).progress!.timeline;
    expect(again.map((t) => t.status)).toEqual(['submitted', 'in_review']);
    expect((await historyOf()).map((h) => h.to)).toEqual(['submitted', 'in_review']);
  });

  it('a case released after the applicant answered a request: no step back to submitted', async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Send the GIRO slip.', fields: ['remarks'] });
    const seen = await record(applicant, c.id);
    const res = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: c.id }), {
      version: seen.version,
      data: { ...ANSWERS, remarks: 'Slip sent.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await doAction(officer, c.id, { action: 'release' });
    const steps = ['submitted', 'in_review', 'more_info_requested', 'in_review'];
    expect((await record(applicant, c.id)).progress!.timeline.map((t) => t.status)).toEqual(steps);
    // Taken again: still the one review the answer went to.
    await doAction(officer, c.id, { action: 'assignToMe' });
    expect((await record(applicant, c.id)).progress!.timeline.map((t) => t.status)).toEqual(steps);
  });

  it("the applicant's answer goes to the officer a supervisor handed the case to while they were writing it", async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Send the GIRO slip.', fields: ['remarks'] });
    // The applicant opens the request; meanwhile the case is handed on, twice (nothing they can see).
    const seen = await record(applicant, c.id);
    const leadId = (await (await lead.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    const officerId = (await (await officer.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    await doAction(lead, c.id, { action: 'assign', officerAccountId: leadId });
    await doAction(lead, c.id, { action: 'assign', officerAccountId: officerId });
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id: c.id });
    const res = await applicant.post(resubmitUrl, {
      version: seen.version,
      data: { ...ANSWERS, remarks: 'Slip sent.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await view(officer, c.id)).toMatchObject({ status: 'in_review', assignedTo: { accountId: officerId } });
  });

  it('an answer to a request the officer has since replaced by another is refused as changed elsewhere', async () => {
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Send the GIRO slip.', fields: ['remarks'] });
    const seen = await record(applicant, c.id);
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id: c.id });
    // Answered in another tab, and asked again: the first tab's answer is to a request no longer open.
    const first = await applicant.post(resubmitUrl, { version: seen.version, data: { ...ANSWERS, remarks: 'Sent.' } });
    expect(first.statusCode, first.body).toBe(200);
    await doAction(officer, c.id, { action: 'requestInfo', message: 'And the receipt.', fields: ['remarks'] });
    const late = await applicant.post(resubmitUrl, { version: seen.version, data: { ...ANSWERS, remarks: 'Old.' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().header.responseDesc).toBe(CASE_MESSAGES.versionConflict);
  });

  it('an answer left out of the record, sent empty with the answer to a request, is not a change', async () => {
    // A record sent without its optional answers (by another client of the API, or an older form) is
    // answered from the portal's form, which sends every question: empty ones empty.
    const { proofOfPayment: _files, creditors: _rows, remarks: _remarks, ...sparse } = ANSWERS;
    const c = await submitted(applicant, sparse);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Which account?', fields: ['remarks'] });
    const seen = await record(applicant, c.id);
    const res = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: c.id }), {
      version: seen.version,
      data: { ...ANSWERS, remarks: 'From my DBS account.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON.status).toBe('in_review');
  });

  it('approve, and a supervisor assigns to another officer', async () => {
    const c = await submitted(applicant, ANSWERS);
    const officerId = (await (await officer.get(OFFICER_PATHS.me)).json()).responseJSON.accountId as number;
    const assigned = await doAction(lead, c.id, { action: 'assign', officerAccountId: officerId });
    expect(assigned.assignedTo?.displayName).toBe('Officer Demo');
    const approved = await doAction(officer, c.id, { action: 'approve' });
    expect(approved.status).toBe('approved');
    // Approved with its bill still to pay: paying is what is left to do, not "nothing more".
    const { dueOn } = (await applicant.get(fillPath(PAYMENT_PATHS.bill, { id: c.id }))).json().responseJSON as Bill;
    expect((await record(applicant, c.id)).progress?.nextStep).toBe(
      PAYMENT_MESSAGES.nextStepPay('S$150.25', formatIsoDate(dueOn)),
    );
    const none = await lead.post(actionUrl(c.id), { action: 'addNote', version: approved.version, text: '' });
    expect(none.statusCode).toBe(400);
    const nobody = await lead.post(actionUrl(c.id), {
      action: 'assign',
      version: approved.version,
      officerAccountId: 1,
    });
    expect(nobody.statusCode).toBe(409);
    // The action by the name the officer reads on its button, not the call's identifier.
    expect(nobody.json().header.responseDesc).toBe('"Assign to officer" is not possible while the case is approved.');
  });
});

describe('assigning to another officer', () => {
  it('refuses an officer whose account is disabled, as the list of officers leaves them out', async () => {
    // A supervisor's list may be older than the account's closing, or an id typed: the case would wait in the
    // queue of someone who can no longer sign in, out of everyone else's "mine".
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO accounts (login_name, password_hash, profile_id, otp_required, mobile_num, disabled)
       SELECT 'officer.left', password_hash, profile_id, true, '95550000', true FROM accounts
        WHERE login_name = 'officer.demo' RETURNING id`,
    );
    const leftId = Number(rows[0]!.id);
    await db.query(`INSERT INTO officers (account_id, display_name, roles) VALUES ($1, 'Officer Left', '{officer}')`, [
      leftId,
    ]);
    const listed = (await lead.get(OFFICER_PATHS.officers)).json().responseJSON as {
      officers: { accountId: number }[];
    };
    expect(listed.officers.map((o) => o.accountId)).not.toContain(leftId);

    const c = await submitted(applicant, ANSWERS);
    const { version } = await view(lead, c.id);
    const res = await lead.post(actionUrl(c.id), { action: 'assign', version, officerAccountId: leftId });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.officerNotFound);
    expect((await view(lead, c.id)).assignedTo).toBeNull();
  });
});

describe('documents', () => {
  it('while more information is asked for a document, the applicant adds it there only; officers download it', async () => {
    const c = await submitted(applicant, ANSWERS);
    expect((await uploadFile(applicant, c.id, 'proofOfPayment')).statusCode).toBe(409);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, {
      action: 'requestInfo',
      message: 'Attach the receipt.',
      fields: ['proofOfPayment'],
    });
    expect((await uploadFile(applicant, c.id, 'remarks')).statusCode).toBe(409);
    const uploaded = await uploadFile(applicant, c.id, 'proofOfPayment');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = (uploaded.json().responseJSON as { id: string }).id;
    // A file added by mistake while answering is taken back, before the answer is sent.
    const mistake = await uploadFile(applicant, c.id, 'proofOfPayment', 'other.pdf', otherPdf('mistake'));
    expect(mistake.statusCode, mistake.body).toBe(201);
    const removeFile = (id: string) => applicant.post(fillPath(DOCUMENT_PATHS.delete, { documentId: id }));
    const takenBack = await removeFile((mistake.json().responseJSON as { id: string }).id);
    expect(takenBack.statusCode, takenBack.body).toBe(200);
    const r = await record(applicant, c.id);
    const res = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: c.id }), {
      version: r.version,
      data: { ...ANSWERS, proofOfPayment: [documentId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Once sent, it is the record's: the officers' copy of what was answered.
    expect((await removeFile(documentId)).statusCode).toBe(409);

    // No scanner here: the file is kept not scanned, and no officer may see or open it (docs/decisions/0037).
    const url = fillPath(OFFICER_PATHS.document, { id: c.id, documentId });
    expect(await view(officer, c.id)).toMatchObject({ documents: [], unscannedDocuments: 1 });
    const unscanned = await officer.get(url);
    expect(unscanned.statusCode).toBe(404);
    expect(unscanned.json().header.responseDesc).toBe(OFFICER_MESSAGES.documentNotFound);
    // Once a scanner has passed it, officers see it and download it.
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [documentId]);
    const v = await view(officer, c.id);
    expect(v.documents).toEqual([expect.objectContaining({ id: documentId, fieldName: 'proofOfPayment' })]);
    expect(v.unscannedDocuments).toBe(0);
    expect(v.changes.map((x) => x.field)).toEqual(['proofOfPayment']);
    const file = await officer.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const audited = await db.query<{ login_name: string }>(
      `SELECT login_name FROM audit_events WHERE event = 'officer_document_download' AND detail->>'documentId' = $1`,
      [documentId],
    );
    expect(audited.rows).toEqual([{ login_name: 'officer.demo' }]);
    accessDenied(await applicant.get(url), OFFICER_MESSAGES.notOfficer);
    const elsewhere = await officer.get(fillPath(OFFICER_PATHS.document, { id: '999999', documentId }));
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('cases the back office does not have', () => {
  it('unknown ids and drafts are 404 for officers; bad ids are 400', async () => {
    expect((await officer.get(caseUrl('999999'))).statusCode).toBe(404);
    const created = await applicant.post(API_PATHS.cases, { appCode: 'PD', data: ANSWERS, draft: true });
    const draft = created.json().responseJSON as CaseDetail;
    const res = await officer.get(caseUrl(draft.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.caseNotFound);
    const act = await officer.post(actionUrl(draft.id), { action: 'assignToMe', version: draft.version });
    expect(act.statusCode).toBe(404);
    expect((await officer.get(caseUrl('abc'))).statusCode).toBe(400);
    expect((await officer.post(actionUrl('1'), { action: 'explode', version: 1 })).statusCode).toBe(400);
  });
});

describe('bulk actions', () => {
  it('judge each case on its own and answer per case', async () => {
    const a = await submitted(applicant, ANSWERS);
    const b = await submitted(applicant, ANSWERS);
    const c = await submitted(applicant, ANSWERS);
    // Taken by a colleague after the officer's list was loaded: the list's version is stale.
    const d = await submitted(applicant, ANSWERS);
    await doAction(lead, c.id, { action: 'assignToMe' });
    await doAction(lead, d.id, { action: 'assignToMe' });
    const res = await officer.post(OFFICER_PATHS.bulk, {
      action: 'assignToMe',
      cases: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version + 5 },
        { id: c.id, version: (await view(lead, c.id)).version },
        { id: '999999', version: 1 },
        { id: d.id, version: d.version },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.bulkDone(1, 5));
    const { results } = res.json().responseJSON as BulkResult;
    expect(results).toEqual([
      { id: a.id, ok: true, message: OFFICER_MESSAGES.done.assignToMe, version: a.version + 1, status: 'in_review' },
      // A list shows no case "as it is now": the answer says what stands in the way, or to open the case.
      { id: b.id, ok: false, message: OFFICER_MESSAGES.staleInList, version: b.version, status: 'submitted' },
      {
        id: c.id,
        ok: false,
        message: OFFICER_MESSAGES.alreadyAssigned,
        version: expect.any(Number),
        status: 'in_review',
      },
      { id: '999999', ok: false, message: OFFICER_MESSAGES.caseNotFound, version: null, status: null },
      { id: d.id, ok: false, message: OFFICER_MESSAGES.alreadyAssigned, version: d.version + 1, status: 'in_review' },
    ]);
    const approve = await officer.post(OFFICER_PATHS.bulk, {
      action: 'approve',
      cases: [
        { id: a.id, version: a.version + 1 },
        { id: c.id, version: (await view(lead, c.id)).version },
      ],
    });
    const approved = (approve.json().responseJSON as BulkResult).results;
    expect(approved.map((r) => [r.ok, r.status])).toEqual([
      [true, 'approved'],
      [false, 'in_review'],
    ]);
    expect(approved[1]!.message).toBe(OFFICER_MESSAGES.notAssignedToYou);
  });
});

describe('queues', () => {
  it('offer every e-service to filter by, whatever the page holds; to case workers only', async () => {
    const res = await officer.get(OFFICER_PATHS.eservices);
    expect(res.statusCode, res.body).toBe(200);
    const { eservices } = res.json().responseJSON as EserviceChoices;
    expect(eservices).toContainEqual({ code: 'PIS', title: 'Personal Insolvency Search' });
    expect(eservices.map((e) => e.code).sort()).toEqual(
      (await db.query<{ code: string }>('SELECT code FROM eservices ORDER BY code')).rows.map((r) => r.code),
    );
    accessDenied(await finance.get(OFFICER_PATHS.eservices), OFFICER_MESSAGES.roleRequired('officer or supervisor'));
    accessDenied(await applicant.get(OFFICER_PATHS.eservices), OFFICER_MESSAGES.notOfficer);
  });

  it('find by case number or applicant name, filter by e-service and status, sort and page', async () => {
    const mine = await submitted(otherApplicant, ANSWERS);
    const byNumber = await queue(officer, `queue=new&q=${encodeURIComponent(mine.caseNumber.replace(/ /g, ''))}`);
    expect(byNumber.items.map((i) => i.id)).toEqual([mine.id]);
    expect(byNumber.total).toBe(1);
    // Each tab counts what its link opens: the find is kept there too.
    expect(byNumber.counts).toEqual({ new: 1, mine: 0, waiting: 0, decided: 0 });
    const byName = await queue(officer, 'queue=new&q=lim%20mei');
    expect(byName.items.map((i) => i.applicantName)).toEqual(['Lim Mei Ling']);
    expect((await queue(officer, 'queue=new&appCode=PRD')).items.every((i) => i.appCode === 'PRD')).toBe(true);
    expect((await queue(officer, 'queue=decided&status=approved')).items.every((i) => i.status === 'approved')).toBe(
      true,
    );
    const all = await queue(officer, 'queue=new&pageSize=100');
    const page1 = await queue(officer, 'queue=new&pageSize=1&page=1&sort=dueDate');
    const page2 = await queue(officer, 'queue=new&pageSize=1&page=2&sort=dueDate');
    expect(page1.total).toBe(all.total);
    expect(all.total).toBe(all.counts.new);
    // A page with nothing on it still counts every queue, under its find.
    expect(await queue(officer, 'queue=new&q=nobody%20by%20this%20name')).toEqual({
      counts: { new: 0, mine: 0, waiting: 0, decided: 0 },
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
      found: { new: 0, mine: 0, waiting: 0, decided: 0 },
      foundCase: null,
    });
    expect(all.found).toBeNull();
    // A case looked for in the wrong queue: the answer says which queue holds it.
    const elsewhere = await queue(officer, `queue=decided&q=${encodeURIComponent(mine.caseNumber)}`);
    expect(elsewhere.items).toEqual([]);
    expect(elsewhere.found).toEqual({ new: 1, mine: 0, waiting: 0, decided: 0 });
    expect(page1.items[0]!.id).not.toBe(page2.items[0]!.id);
    const bad = await officer.get(`${OFFICER_PATHS.queue}?queue=nope`);
    expect(bad.statusCode).toBe(400);
    const badAge = await officer.get(`${OFFICER_PATHS.queue}?minAgeDays=5&maxAgeDays=2`);
    expect(badAge.statusCode).toBe(400);
    // A status the queue never holds (a draft is in none) is a mistake to name, not an empty queue.
    for (const query of ['status=draft', 'queue=new&status=approved', 'queue=decided&status=submitted']) {
      const wrong = await officer.get(`${OFFICER_PATHS.queue}?${query}`);
      expect(wrong.statusCode, query).toBe(400);
      expect(wrong.json().header.responseDesc, query).toContain('status');
    }
    const approved = (await queue(officer, 'queue=decided&status=approved')).items;
    expect(approved.every((i) => i.status === 'approved')).toBe(true);
  });

  it('count each tab as its link opens it: under the e-service, the ages and the find, not the status', async () => {
    // A decided case of another e-service: the Decided tab holds it, its tab under Payment Certificates not.
    const c = await submitted(applicant, ANSWERS);
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'approve' });
    const tabs = async (filter: string) => (await queue(officer, `queue=new&${filter}`)).counts;
    const opened = async (filter: string) =>
      Object.fromEntries(
        await Promise.all(OFFICER_QUEUES.map(async (q) => [q, (await queue(officer, `queue=${q}&${filter}`)).total])),
      );
    for (const filter of ['appCode=PC', 'appCode=PD', 'minAgeDays=7', `q=${encodeURIComponent(c.caseNumber)}`])
      expect(await tabs(filter), filter).toEqual(await opened(filter));
    expect((await tabs('appCode=PC')).decided).toBeLessThan((await tabs('')).decided);
    // The tabs' links clear the status: it narrows the page and its total, not the tabs.
    const approved = await queue(officer, 'queue=decided&appCode=PD&status=approved');
    expect(approved.counts).toEqual(await tabs('appCode=PD'));
    expect(approved.items.every((i) => i.status === 'approved')).toBe(true);
  });

  it("find a case by its number wherever it stands, in another officer's work too", async () => {
    const c = await submitted(otherApplicant, ANSWERS);
    await doAction(lead, c.id, { action: 'assignToMe' });
    // In review with the lead: in none of this officer's queues, yet the number finds it.
    const found = await queue(officer, `queue=new&q=${encodeURIComponent(c.caseNumber)}`);
    expect(found.items).toEqual([]);
    expect(found.found).toEqual({ new: 0, mine: 0, waiting: 0, decided: 0 });
    expect(found.foundCase).toEqual({ id: c.id, caseNumber: c.caseNumber, status: 'in_review' });
    // A name is no case number: no one case is named.
    expect((await queue(officer, 'queue=new&q=lim')).foundCase).toBeNull();
    expect((await queue(officer, 'queue=new')).foundCase).toBeNull();
  });

  it('ages and overdue cases under a fake clock: the due date passed stands out', async () => {
    await travel('2026-06-05T02:00:00Z');
    const c = await submitted(applicant, ANSWERS); // Friday 5 June 2026: due 19 June
    expect((await view(officer, c.id)).dueDate).toBe('2026-06-19');
    await travel('2026-06-19T16:30:00Z'); // Saturday 20 June in Singapore
    const page = await queue(officer, 'queue=new&minAgeDays=15&maxAgeDays=15');
    const item = page.items.find((i) => i.id === c.id);
    expect(item).toMatchObject({ ageDays: 15, overdue: true, dueDate: '2026-06-19' });
    expect((await queue(officer, 'queue=new&maxAgeDays=14')).items.map((i) => i.id)).not.toContain(c.id);
  });

  // PGlite's one connection keeps a session's setting; on PostgreSQL a SET reaches one pooled connection of several.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "counts ages in Singapore's days across a daylight-saving change of the database's zone (0103)",
    async () => {
      await travel('2030-03-07T16:30:00Z'); // 00:30 on Friday 8 March 2030 in Singapore
      const c = await submitted(applicant, ANSWERS);
      await travel('2030-03-11T04:00:00Z'); // noon on 11 March; New York went to daylight time on 10 March
      const ids = async (filter: string) =>
        (await queue(officer, `queue=new&q=${encodeURIComponent(c.caseNumber)}&${filter}`)).items.map((i) => i.id);
      await db.query("SET TimeZone = 'America/New_York'");
      try {
        expect(await ids('minAgeDays=3')).toEqual([c.id]);
        expect(await ids('maxAgeDays=3')).toEqual([c.id]);
        expect(await ids('minAgeDays=4')).toEqual([]);
        expect(await ids('maxAgeDays=2')).toEqual([]);
      } finally {
        await db.query('RESET TimeZone');
      }
    },
  );

  it('the operator command line still moves a case', async () => {
    const c = await submitted(applicant, ANSWERS);
    const moved = await moveCase(db, c.caseNumber, 'in_review', 'officer.lead', clock.now());
    expect(moved.status).toBe('in_review');
    expect((await view(officer, c.id)).history.at(-1)).toMatchObject({ to: 'in_review', by: 'Supervisor Lead' });
  });

  it('answer a page, its counts and its total in one statement besides the session check', async () => {
    // The same call refused in its handler, after the session check: what that check alone sends.
    const check = await statementsDuring(app.db, async () => {
      expect((await officer.get(`${OFFICER_PATHS.queue}?minAgeDays=5&maxAgeDays=2`)).statusCode).toBe(400);
    });
    expect(check.length).toBeGreaterThan(0);
    for (const query of ['queue=new', 'queue=new&appCode=PD&sort=dueDate', 'queue=mine&q=nobody-by-this-name']) {
      const sent = await statementsDuring(app.db, async () => void (await queue(officer, query)));
      expect(sent.slice(0, check.length), query).toEqual(check);
      expect(sent.slice(check.length), query).toHaveLength(1);
    }
  });

  it('count up to the cap, so a huge queue costs what a thousand cases do', async () => {
    await db.query(
      `INSERT INTO cases (app_code, profile_id, case_type, case_year, case_number, status, submitted_at)
       SELECT 'PD', 'PTIB00000013', 'PD', 2026, 'PD 9' || lpad(g::text, 6, '0') || ' 2026', 'submitted', $1
         FROM generate_series(1, $2::int) g`,
      [clock.now(), QUEUE_COUNT_CAP + 1],
    );
    const page = await queue(officer, 'queue=new');
    expect(page.counts.new).toBe(QUEUE_COUNT_CAP);
    expect(page.total).toBe(QUEUE_COUNT_CAP);
    expect(page.items).toHaveLength(25);
  });
});

describe('an amount kept as typed before amounts had one normal form', () => {
  it('is not a change when the applicant answers a request about another question', async () => {
    await signInAll();
    const c = await submitted(applicant, ANSWERS);
    await db.query(
      `UPDATE cases SET data = jsonb_set(data, '{paymentAmount,amount}', '" 150.25 "') WHERE id = $1::bigint`,
      [c.id],
    );
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, { action: 'requestInfo', message: 'Explain in the remarks.', fields: ['remarks'] });
    const r = await record(applicant, c.id);
    expect(r.data.paymentAmount).toEqual({ amount: ' 150.25 ', currency: 'SGD' });
    const res = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: c.id }), {
      version: r.version,
      data: { ...r.data, remarks: 'Paid twice.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(officer, c.id)).changes.map((x) => x.field)).toEqual(['remarks']);
  });
});

describe('who moved a case, as officers read it', () => {
  it('a master user who submitted for a profile reads to officers as a person acting for it', async () => {
    const master = await signedInClient(app, 'ptib.master');
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' });
    expect(switched.statusCode, switched.body).toBe(200);
    const c = await submitted(master, ANSWERS);
    const v = await view(officer, c.id);
    expect(v.applicantName).toBe('Chua & Partners LLP');
    expect(v.history.at(-1)).toMatchObject({
      to: 'submitted',
      by: OFFICER_SCREEN_TEXT.actingFor('Lim Mei Ling', 'Chua & Partners LLP'),
    });
    expect(v.history.map((h) => h.by)).not.toContain('ptib.master');
  });
});

describe('notes and requests for more information, when their ids gain a digit', () => {
  it('are kept in the order written, and the changes shown are the last answer’s', async () => {
    const { id } = await submitted(applicant, ANSWERS);
    await doAction(officer, id, { action: 'assignToMe' });
    await idsAboutToGainADigit(db, 'case_notes');
    for (const text of ['First.', 'Second.', 'Third.']) await doAction(officer, id, { action: 'addNote', text });
    expect((await view(officer, id)).notes.map((n) => n.text)).toEqual(['First.', 'Second.', 'Third.']);

    await idsAboutToGainADigit(db, 'case_info_requests');
    let answers: Record<string, unknown> = ANSWERS;
    for (const [field, value] of [
      ['paymentAmount', { amount: '175.00', currency: 'SGD' }],
      ['remarks', 'Paid twice.'],
    ] as const) {
      await doAction(officer, id, { action: 'requestInfo', message: `Please check ${field}.`, fields: [field] });
      answers = { ...answers, [field]: value };
      const sent = await applicant.post(fillPath(CASE_PATHS.resubmit, { id }), {
        version: (await record(applicant, id)).version,
        data: answers,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect((await view(officer, id)).changes.map((c) => c.field)).toEqual(['remarks']);
  });
});
