/**
 * The back office's loop on the production shape: PostgreSQL, two server processes, nginx in front
 * (docs/decisions/0039, 0040). Every step goes through the other process than the step before, so a
 * process that kept a one-time password, a session, a case lock or a case's state in its own memory fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { CASE_PATHS, NEXT_STEP_MESSAGES } from '#contract/cases.ts';
import { OFFICER_MESSAGES, OFFICER_PATHS, type OfficerCase } from '#contract/officer.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import { authenticate, signIn } from '../../server/test/auth.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../server/test/fake-sms-gateway.ts';
import { pdAnswers } from '../../server/officer/test-support.ts';
import { sql } from './database.ts';
import { startDeployment, type Deployment, type ServerProcess } from './harness.ts';
import { HttpClient, envelope } from './http-client.ts';

// Before any day the test may run on: the form refuses a payment date in the future.
const ANSWERS = pdAnswers('2026-01-15');

let gateway: FakeSmsGateway;
let deployment: Deployment;
let a: ServerProcess;
let b: ServerProcess;
let applicant: HttpClient;
let officer: HttpClient;
let lead: HttpClient;

/**
 * Signs an officer in through the real flow, each step through a different door: the password through
 * one process, the code sent through the other, and the code checked through nginx.
 */
async function signedInOfficer(loginName: string, first: ServerProcess, second: ServerProcess) {
  const client = new HttpClient(first.url);
  const login = await authenticate(client, loginName);
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json()).toMatchObject({ otpRequired: true });
  client.base = second.url;
  const sent = await client.post(API_PATHS.sendOtpSms, {});
  expect(sent.statusCode, sent.body).toBe(200);
  client.base = deployment.nginx.url;
  const verified = await client.post(API_PATHS.verifyOtp, { otp: gateway.lastCode() });
  expect(verified.statusCode, verified.body).toBe(200);
  client.token = (verified.json() as { token: string }).token;
  return client;
}

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  deployment = await startDeployment(2, {
    SMS_GATEWAY_URL: gateway.url,
    SMS_GATEWAY_USER: 'u',
    SMS_GATEWAY_PASSWORD: 'p',
  });
  [a, b] = deployment.servers as [ServerProcess, ServerProcess];
  applicant = new HttpClient(deployment.nginx.url);
  await signIn(applicant, 'ptib.demo');
  officer = await signedInOfficer('officer.demo', a, b);
  lead = await signedInOfficer('officer.lead', b, a);
});
afterAll(async () => {
  await deployment?.stop();
  await gateway?.close();
});

/** Points the client at a process and answers it, so each step below says where it goes. */
const through = (client: HttpClient, server: ServerProcess | 'nginx') => {
  client.base = server === 'nginx' ? deployment.nginx.url : server.url;
  return client;
};

const caseUrl = (id: string) => fillPath(OFFICER_PATHS.case, { id });
const actionUrl = (id: string) => fillPath(OFFICER_PATHS.action, { id });

async function view(client: HttpClient, id: string): Promise<OfficerCase> {
  const res = await client.get(caseUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return envelope<OfficerCase>(res).responseJSON;
}

/** Takes an action on the version the officer sees now (read through the other process); answers the new view. */
async function doAction(
  client: HttpClient,
  id: string,
  action: Record<string, unknown>,
  readVia: ServerProcess,
  actVia: ServerProcess,
): Promise<OfficerCase> {
  const { version } = await view(through(client, readVia), id);
  const res = await through(client, actVia).post(actionUrl(id), { ...action, version });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<OfficerCase>(res).responseJSON;
}

async function record(client: HttpClient, id: string): Promise<CaseDetail> {
  const res = await client.get(fillPath(CASE_PATHS.one, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return envelope<CaseDetail>(res).responseJSON;
}

/** Creates a draft through one process and submits it through the other. */
async function submitted(): Promise<CaseDetail> {
  const created = await through(applicant, a).post(API_PATHS.cases, { appCode: 'PD', data: ANSWERS, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const draft = envelope<CaseDetail>(created).responseJSON;
  const res = await through(applicant, b).post(
    '/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id }),
    { version: draft.version },
  );
  expect(res.statusCode, res.body).toBe(200);
  return envelope<CaseDetail>(res).responseJSON;
}

describe('the back-office loop across two processes behind nginx', () => {
  it('submit, assign, ask, resubmit one field, propose and approve a rejection: the applicant reads why', async () => {
    const c = await submitted();
    const id = c.id;
    expect(c.status).toBe('submitted');

    const assigned = await doAction(officer, id, { action: 'assignToMe' }, a, b);
    expect(assigned).toMatchObject({ status: 'in_review', assignedTo: { displayName: 'Officer Demo' } });

    const asked = await doAction(
      officer,
      id,
      { action: 'requestInfo', message: 'Please explain the payment in the remarks.', fields: ['remarks'] },
      b,
      a,
    );
    expect(asked.status).toBe('more_info_requested');
    expect(asked.infoRequests.at(-1)).toMatchObject({ fields: ['remarks'], answeredAt: null });

    const waiting = await record(through(applicant, b), id);
    expect(waiting.status).toBe('more_info_requested');
    expect(waiting.progress).toMatchObject({
      request: { message: 'Please explain the payment in the remarks.', fields: ['remarks'] },
      nextStep: NEXT_STEP_MESSAGES.more_info_requested,
    });
    const resubmitted = await through(applicant, a).post(fillPath(CASE_PATHS.resubmit, { id }), {
      version: waiting.version,
      data: { ...ANSWERS, remarks: 'Paid by GIRO on 15 January.' },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(envelope<CaseDetail>(resubmitted).responseJSON.status).toBe('in_review');

    const seen = await view(through(officer, b), id);
    expect(seen.status).toBe('in_review');
    expect(seen.changes).toEqual([
      {
        field: 'remarks',
        label: 'Remarks',
        before: '',
        after: 'Paid by GIRO on 15 January.',
        // Each side also as the applicant's check answers words it.
        beforeText: 'Not provided',
        afterText: 'Paid by GIRO on 15 January.',
      },
    ]);

    const reason = 'The debt was settled before this payment.';
    const proposed = await doAction(officer, id, { action: 'proposeRejection', reason }, a, b);
    expect(proposed.status).toBe('rejection_proposed');
    expect((await record(through(applicant, 'nginx'), id)).status).toBe('in_review');

    // The supervisor reads the case through the process the officer did not use last, and decides there.
    const decided = await doAction(lead, id, { action: 'approveRejection' }, a, a);
    expect(decided.status).toBe('rejected');
    expect(decided.decisionReason).toBe(reason);
    expect(decided.history.at(-1)).toMatchObject({
      from: 'rejection_proposed',
      to: 'rejected',
      by: 'Supervisor Lead',
    });

    for (const server of [a, b] as const) {
      const r = await record(through(applicant, server), id);
      expect(r.status, server.url).toBe('rejected');
      expect(r.progress, server.url).toMatchObject({ decisionReason: reason, nextStep: NEXT_STEP_MESSAGES.rejected });
      expect(r.progress!.timeline.at(-1), server.url).toMatchObject({ status: 'rejected', message: reason });
    }

    // What the database holds agrees with what both processes answered: one history, in order.
    const history = await sql<{ to_status: string }>(
      deployment.cluster.url,
      'SELECT to_status FROM case_status_history WHERE case_id = $1 ORDER BY id',
      [id],
    );
    expect(history.map((h) => h.to_status)).toEqual([
      'draft',
      'submitted',
      'in_review',
      'more_info_requested',
      'in_review',
      'rejection_proposed',
      'rejected',
    ]);
  });

  it('two officers acting on one case at once through the two processes: one wins, the other gets 409 and the case now', async () => {
    for (const [round, [first, second]] of [
      [a, b],
      [b, a],
      [a, b],
    ].entries()) {
      const c = await submitted();
      const { version } = await view(through(officer, 'nginx'), c.id);
      expect((await view(through(lead, 'nginx'), c.id)).version).toBe(version);
      const [mine, theirs] = await Promise.all([
        through(officer, first!).post(actionUrl(c.id), { action: 'assignToMe', version }),
        through(lead, second!).post(actionUrl(c.id), { action: 'assignToMe', version }),
      ]);
      const answers = [mine, theirs];
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, `round ${round}: ${mine.body} / ${theirs.body}`).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!;
      const loser = answers.find((r) => r.statusCode === 409)!;
      const won = envelope<OfficerCase>(winner).responseJSON;
      expect(won).toMatchObject({ status: 'in_review', version: version + 1 });
      const lost = envelope<OfficerCase>(loser);
      expect(lost.header).toEqual({
        responseCode: RESPONSE_CODE.CONFLICT,
        responseDesc: OFFICER_MESSAGES.staleVersion,
      });
      // The case as it now is: the winner's assignment, at the winner's version.
      expect(lost.responseJSON).toMatchObject({
        id: c.id,
        status: 'in_review',
        version: version + 1,
        assignedTo: { displayName: won.assignedTo!.displayName },
      });
      const rows = await sql<{ event: string }>(
        deployment.cluster.url,
        `SELECT event FROM audit_events WHERE detail->>'caseId' = $1 AND event LIKE 'officer_%'`,
        [c.id],
      );
      expect(rows, `round ${round}`).toEqual([{ event: 'officer_assignToMe' }]);
    }
  });
});
