import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { DEFAULT_CONTACT_PHONE } from '#contract/messages.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { ATTACHMENT_FIELD, TEST_APP, useAttachmentForm } from '../documents/test-form.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';
import { otherPdf, uploadFile } from '../test/upload.ts';

let app: FastifyInstance;
let db: Database;
let demo: TestClient;
let master: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp());
  await useAttachmentForm(db);
  demo = await signedInClient(app, 'ptib.demo');
  master = await signedInClient(app, 'ptib.master');
});

async function draftWithFile(c: TestClient, fileName = 'invoice.pdf') {
  const created = await c.post(API_PATHS.cases, { appCode: TEST_APP, data: { remarks: 'Paid in full' }, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const record = created.json().responseJSON as CaseDetail;
  const res = await uploadFile(c, record.id, ATTACHMENT_FIELD, fileName);
  expect(res.statusCode, res.body).toBe(201);
  return { record, document: res.json().responseJSON as DocumentInfo };
}

const save = (c: TestClient, record: CaseDetail, data: Record<string, unknown>) =>
  c.post(fillPath(CASE_PATHS.one, { id: record.id }), { data, version: record.version, draft: true });
const submit = (c: TestClient, id: string, version: number) =>
  c.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id })}`, { version });
const acknowledgement = (c: TestClient, id: string) => c.get(fillPath(CASE_PATHS.acknowledgement, { id }));

describe('the acknowledgement of a submitted record', () => {
  it('is a PDF with the case number, the answers, the file and the digest fixed at submission', async () => {
    const { record, document } = await draftWithFile(demo);
    const saved = await save(demo, record, { remarks: 'Paid in full', [ATTACHMENT_FIELD]: [document.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = (saved.json().responseJSON as CaseDetail).version;

    expect((await acknowledgement(demo, record.id)).json().header.responseDesc).toBe(CASE_MESSAGES.notSubmittedYet);
    expect((await submit(demo, record.id, version)).statusCode).toBe(200);

    const res = await acknowledgement(demo, record.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { rows } = await db.query<{ submitted_digest: string }>(
      'SELECT submitted_digest FROM cases WHERE id = $1::bigint',
      [record.id],
    );
    const digest = rows[0]!.submitted_digest;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const text = await pdfText(res.rawPayload);
    // The file's size as the screens write it (contract/forms/messages.ts formatFileSize).
    for (const expected of [record.caseNumber, 'Paid in full', 'invoice.pdf (1 KB)', digest, 'Supporting documents'])
      expect(text).toContain(expected);

    // Downloaded again, it says the same; another profile learns nothing of it.
    expect(await pdfText((await acknowledgement(demo, record.id)).rawPayload)).toContain(digest);
    expect((await acknowledgement(master, record.id)).statusCode).toBe(404);
  });

  it('is made at once for an answer of one long word, printed whole across its lines', async () => {
    // The width of every shorter piece of an over-long word was measured, one character less at a time: a
    // 500-character word took seconds, and the 2,000 a form allows minutes, the whole server waiting.
    const word = 'W'.repeat(499) + 'Z';
    const { record, document } = await draftWithFile(demo);
    const saved = await save(demo, record, { remarks: word, [ATTACHMENT_FIELD]: [document.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await submit(demo, record.id, (saved.json().responseJSON as CaseDetail).version)).statusCode).toBe(200);

    const started = performance.now();
    const res = await acknowledgement(demo, record.id);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await pdfText(res.rawPayload)).replace(/\s+/g, '')).toContain(word);
  });

  it('leaves out of its documents a file found infected after submission, and marks it in the answers', async () => {
    const { record, document } = await draftWithFile(demo, 'kept.pdf');
    const bad = (await uploadFile(demo, record.id, ATTACHMENT_FIELD, 'bad.pdf', otherPdf('bad'))).json()
      .responseJSON as DocumentInfo;
    const saved = await save(demo, record, { remarks: 'Paid in full', [ATTACHMENT_FIELD]: [document.id, bad.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await submit(demo, record.id, (saved.json().responseJSON as CaseDetail).version)).statusCode).toBe(200);
    // As the rescan marks it (docs/decisions/0067).
    await db.query(`UPDATE documents SET scan_status = 'infected' WHERE id = $1::uuid`, [bad.id]);

    const text = (await pdfText((await acknowledgement(demo, record.id)).rawPayload)).replace(/\s+/g, ' ');
    const documents = text.slice(text.lastIndexOf('Documents'));
    expect(documents).toContain('kept.pdf (1 KB)');
    expect(documents).not.toContain('bad.pdf');
    expect(text).toContain(`bad.pdf (1 KB) – ${DOCUMENT_MESSAGES.infectedSentNote(DEFAULT_CONTACT_PHONE)}`);
  });

  it("refuses an attachment answer that names another record's file", async () => {
    const { document: theirs } = await draftWithFile(demo, 'theirs.pdf');
    const { record } = await draftWithFile(demo, 'mine.pdf');
    const res = await save(demo, record, { [ATTACHMENT_FIELD]: [theirs.id] });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().responseJSON)).toContain(DOCUMENT_MESSAGES.missing);
  });
});
