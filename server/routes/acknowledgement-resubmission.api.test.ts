import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { doAction, pdAnswers, signedInOfficer, submitted } from '../officer/test-support.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { uploadFile } from '../test/upload.ts';

// Friday 29 May 2026, 10:00 in Singapore.
const clock = new FakeClock('2026-05-29T02:00:00Z');
const ANSWERS = pdAnswers('2026-05-20');
let gateway: FakeSmsGateway;
let app: FastifyInstance;
let db: Database;
let applicant: TestClient;
let officer: TestClient;

async function signInAll() {
  applicant = await signedInClient(app, 'ptib.demo');
  officer = await signedInOfficer(app, gateway, 'officer.demo');
}

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p', LOG_LEVEL: 'error' },
    { now: clock.now },
  ));
  // An address to send the confirmation email to.
  await db.query(
    `UPDATE ptib_profiles SET email = 'demo@example.org', email_confirmed_at = now()
      WHERE id = (SELECT profile_id FROM accounts WHERE login_name = 'ptib.demo')`,
  );
  await signInAll();
});
afterAll(async () => {
  await gateway.close();
});

async function acknowledgementText(id: string): Promise<string> {
  const res = await applicant.get(fillPath(CASE_PATHS.acknowledgement, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

const digestOf = async (id: string) =>
  (await db.query<{ d: string }>('SELECT submitted_digest AS d FROM cases WHERE id = $1::bigint', [id])).rows[0]!.d;

function upload(id: string) {
  return uploadFile(applicant, id, 'proofOfPayment');
}

describe('the acknowledgement of a record resubmitted after a request for more information', () => {
  it('says when it was first submitted and when resubmitted, with the resubmitted answers and digest', async () => {
    const c = await submitted(applicant, { ...ANSWERS, remarks: 'First answer.' });
    const first = await acknowledgementText(c.id);
    const firstDigest = await digestOf(c.id);
    expect(first).toMatch(/Submitted\s+29 May 2026, 10:00/);
    expect(first).not.toContain('Resubmitted');

    clock.set('2026-06-01T01:00:00Z');
    await signInAll();
    await doAction(officer, c.id, { action: 'assignToMe' });
    await doAction(officer, c.id, {
      action: 'requestInfo',
      message: 'Explain the payment and attach the receipt.',
      fields: ['remarks', 'proofOfPayment'],
    });

    // A file added for the answer, not yet sent: the acknowledgement still describes what was submitted.
    clock.set('2026-06-02T03:30:00Z');
    await signInAll();
    const uploaded = await upload(c.id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = (uploaded.json().responseJSON as { id: string }).id;
    const waiting = await acknowledgementText(c.id);
    expect(waiting).toContain('First answer.');
    expect(waiting).toContain(firstDigest);
    expect(waiting).not.toContain('receipt.pdf');
    expect(waiting).not.toContain('Resubmitted');

    clock.set('2026-06-02T03:45:00Z');
    await signInAll();
    const r = (await applicant.get(fillPath(CASE_PATHS.one, { id: c.id }))).json().responseJSON as CaseDetail;
    const res = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: c.id }), {
      version: r.version,
      data: { ...ANSWERS, remarks: 'Paid twice, see the receipt.', proofOfPayment: [documentId] },
    });
    expect(res.statusCode, res.body).toBe(200);

    const text = await acknowledgementText(c.id);
    const digest = await digestOf(c.id);
    expect(digest).not.toBe(firstDigest);
    // The first submission keeps its time; the resubmission and its time are said, in Singapore time.
    expect(text).toMatch(/Submitted\s+29 May 2026, 10:00/);
    expect(text).toMatch(/Resubmitted\s+2 Jun 2026, 11:45/);
    for (const expected of [c.caseNumber, 'Paid twice, see the receipt.', 'receipt.pdf', digest])
      expect(text).toContain(expected);
    expect(text).not.toContain('First answer.');
    expect(text).not.toContain(firstDigest);

    // Neither acknowledgement went by email: each holds every answer (docs/decisions/0042). The record keeps it.
    const { rows: emails } = await db.query<{ kind: string; attached: boolean }>(
      `SELECT kind, attachment IS NOT NULL AS attached FROM notification_outbox
        WHERE case_id = $1::bigint AND channel = 'email' AND kind IN ('submitted', 'resubmitted') ORDER BY id`,
      [c.id],
    );
    expect(emails).toEqual([
      { kind: 'submitted', attached: false },
      { kind: 'resubmitted', attached: false },
    ]);
  });
});
