import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { uploadFile } from '../test/upload.ts';
import { doAction, officerTestApp, pdAnswers, submitted, view } from './test-support.ts';

/**
 * A file added while answering a request for more information is sent with the answer (docs/decisions/0040):
 * until then its applicant may take it back, and the officers do not have it.
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
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

describe('a file added for a request for more information', () => {
  it('reaches the officers with the answer that sends it, not before', async () => {
    const answers = pdAnswers('2026-05-20');
    const record = await submitted(applicant, answers);
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'requestInfo',
      message: 'Attach the receipt.',
      fields: ['proofOfPayment'],
    });

    clock.advance(60_000);
    const uploaded = await uploadFile(applicant, record.id, 'proofOfPayment');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = (uploaded.json().responseJSON as DocumentInfo).id;
    // As a scanner passes it: only a file that has passed one is ever the officers'.
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [documentId]);
    const download = () => officer.get(fillPath(OFFICER_PATHS.document, { id: record.id, documentId }));

    expect(await view(officer, record.id)).toMatchObject({ documents: [], unscannedDocuments: 0 });
    expect((await download()).statusCode).toBe(404);

    clock.advance(60_000);
    const now = (await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    const sent = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
      version: now.version,
      data: { ...answers, proofOfPayment: [documentId] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await view(officer, record.id)).documents).toEqual([expect.objectContaining({ id: documentId })]);
    expect((await download()).statusCode).toBe(200);
  });
});
