import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { OFFICER_PATHS, type OfficerActionRequest, type OfficerCase } from '#contract/officer.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import { authenticate } from '../test/auth.ts';
import { TestClient, signedInClient } from '../test/client.ts';
import type { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';

/** Test helpers of the back office's API tests (server/officer/*.api.test.ts). */

/** Signs an officer in through the real flow: password, then the one-time password the fake gateway got. */
export async function signedInOfficer(
  app: FastifyInstance,
  gateway: FakeSmsGateway,
  loginName: string,
  password?: string,
): Promise<TestClient> {
  const client = new TestClient(app);
  const login = await authenticate(client, loginName, password);
  expect(login.statusCode, login.body).toBe(200);
  expect(JSON.parse(login.body)).toMatchObject({ otpRequired: true });
  const sent = await client.post(API_PATHS.sendOtpSms, {});
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await client.post(API_PATHS.verifyOtp, { otp: gateway.lastCode() });
  expect(verified.statusCode, verified.body).toBe(200);
  client.token = (JSON.parse(verified.body) as { token: string }).token;
  return client;
}

/**
 * An app on the clock given whose officers sign in through a fake SMS gateway, with the applicant (ptib.demo),
 * an officer and a supervisor signed in. The caller closes the gateway.
 */
export async function officerTestApp(clock: FakeClock) {
  const gateway = await startFakeSmsGateway();
  const { app, db } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p', LOG_LEVEL: 'error' },
    { now: clock.now },
  );
  return {
    app,
    db,
    gateway,
    applicant: await signedInClient(app, 'ptib.demo'),
    officer: await signedInOfficer(app, gateway, 'officer.demo'),
    lead: await signedInOfficer(app, gateway, 'officer.lead'),
  };
}

/**
 * A Payment by Debtor record's answers that pass its rules (the payment date is before `today`), by PayNow so
 * the record has a bill (docs/decisions/0078).
 */
export const pdAnswers = (paymentDate: string) => ({
  debtorIdNumber: 'S9470855I',
  paymentAmount: { amount: '150.25', currency: 'SGD' },
  paymentMethod: 'PAYNOW',
  paymentDate,
  creditors: [],
  proofOfPayment: [],
  remarks: '',
  declaration: true,
});

/** Creates and submits a record as the applicant; answers it as submitted. */
export async function submitted(
  applicant: TestClient,
  data: Record<string, unknown>,
  appCode = 'PD',
): Promise<CaseDetail> {
  const created = await applicant.post(API_PATHS.cases, { appCode, data, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json().responseJSON as CaseDetail;
  const res = await applicant.post('/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id }), {
    version: draft.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as CaseDetail;
}

export const caseUrl = (id: string) => fillPath(OFFICER_PATHS.case, { id });
export const actionUrl = (id: string) => fillPath(OFFICER_PATHS.action, { id });

export async function view(officer: TestClient, id: string): Promise<OfficerCase> {
  const res = await officer.get(caseUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as OfficerCase;
}

/** Takes an action on the version the officer sees now; expects it to succeed and answers the new view. */
export async function doAction(
  officer: TestClient,
  id: string,
  action: Omit<OfficerActionRequest, 'version'> & Record<string, unknown>,
): Promise<OfficerCase> {
  const { version } = await view(officer, id);
  const res = await officer.post(actionUrl(id), { ...action, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as OfficerCase;
}
