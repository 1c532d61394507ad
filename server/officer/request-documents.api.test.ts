import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { PROCESS_ENGINE_PATHS } from '#contract/processEngine.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { otherPdf, uploadFile } from '../test/upload.ts';
import { doAction, officerTestApp, pdAnswers, submitted, view } from './test-support.ts';

/**
 * A file added while answering a request for more information is sent with the answer (docs/decisions/0040):
 * until then its applicant may take it back, and the officers do not have it.
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
let gateway: FakeSmsGateway;
let app: Awaited<ReturnType<typeof officerTestApp>>['app'];
let db: Database;
let applicant: TestClient;
let officer: TestClient;

beforeAll(async () => {
  ({ app, gateway, db, applicant, officer } = await officerTestApp(clock));
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

  it('keeps, when another account of the profile answers, the files that account cannot see', async () => {
    // ptib.master acts for ptib.demo's profile: two people on one record (docs/decisions/0105).
    await db.query(
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id) VALUES ('PTIB00000002', 'PTIB00000001')`,
    );
    const master = await signedInClient(app, 'ptib.master');
    expect((await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000001' })).statusCode).toBe(200);
    const answers = pdAnswers('2026-05-20');
    const created = await applicant.post(API_PATHS.cases, { appCode: 'PD', data: answers, draft: true });
    const draft = created.json().responseJSON as CaseDetail;
    // No scanner here: the holder's file stays theirs alone to see.
    const theirs = (await uploadFile(applicant, draft.id, 'proofOfPayment')).json().responseJSON as DocumentInfo;
    const saved = await applicant.post(fillPath(CASE_PATHS.one, { id: draft.id }), {
      version: draft.version,
      data: { ...answers, proofOfPayment: [theirs.id] },
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await applicant.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id })}`, {
      version: (saved.json().responseJSON as CaseDetail).version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().responseJSON as CaseDetail;
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'requestInfo',
      message: 'Attach the bank statement too.',
      fields: ['proofOfPayment'],
    });

    // The master's page lists only their own file: the answer they send names only that one.
    const mine = (await uploadFile(master, record.id, 'proofOfPayment', 'statement.pdf', otherPdf('m'))).json()
      .responseJSON as DocumentInfo;
    const now = (await master.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    const sent = await master.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
      version: now.version,
      data: { ...now.data, proofOfPayment: [mine.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = (await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    expect(after.data.proofOfPayment).toEqual(expect.arrayContaining([theirs.id, mine.id]));
  });
});
