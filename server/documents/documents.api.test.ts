import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS, AUTH_MESSAGES, PROCESS_ENGINE_PATHS, RESPONSE_CODE, SESSION, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS, UPLOAD_LIMITS } from '#contract/documents.ts';
import { OWN_SCREEN_CODES } from '#contract/register.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { insertCase } from '../cases/records.ts';
import { EICAR, startCountingClamd, type CountingClamd } from '../test/clamd.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { insertDocument } from './store.ts';
import { ATTACHMENT_FIELD, SMALL_LIMIT_FIELD, TEST_APP, TEST_DATA, useAttachmentForm } from './test-form.ts';

const clamdSocket = inject('clamdSocket');

/** A minimal but real PDF (file-type reads the %PDF- signature and the trailer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, content: Buffer, contentType = 'application/pdf') {
  const boundary = `----ptib${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (c: TestClient, caseId: string, fileName: string, content: Buffer, field = ATTACHMENT_FIELD) => {
  const { body, headers } = multipart(fileName, content);
  return c.request({
    method: 'POST',
    url: `${fillPath(DOCUMENT_PATHS.ofCase, { id: caseId })}?field=${field}`,
    body,
    headers,
  });
};
const list = async (c: TestClient, caseId: string) => {
  const res = await c.get(fillPath(DOCUMENT_PATHS.ofCase, { id: caseId }));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { responseJSON: { documents: DocumentInfo[] } }).responseJSON.documents;
};

async function draft(c: TestClient): Promise<CaseDetail> {
  const res = await c.post(API_PATHS.cases, { appCode: TEST_APP, data: TEST_DATA, draft: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
}

/** Saves a draft's answers over the version the saver has. */
const saveDraft = (c: TestClient, id: string, data: Record<string, unknown>, version: number) =>
  c.post(fillPath(CASE_PATHS.one, { id }), { data, version, draft: true });

async function appWith(
  overrides: Record<string, string>,
  options: { now?: () => Date } = {},
): Promise<{ app: FastifyInstance; db: Database; demo: TestClient }> {
  const { app, db } = await buildTestApp(overrides, options);
  await useAttachmentForm(db);
  return { app, db, demo: await signedInClient(app, 'ptib.demo') };
}

describe.skipIf(!clamdSocket)('documents scanned by a real clamd', () => {
  let db: Database;
  let demo: TestClient;
  let master: TestClient;

  beforeAll(async () => {
    let app: FastifyInstance;
    ({ app, db, demo } = await appWith({ CLAMD_SOCKET: clamdSocket }));
    master = await signedInClient(app, 'ptib.master');
  });

  it('keeps a clean PDF, lists it and gives back the same bytes to its owner only', async () => {
    const record = await draft(demo);
    const res = await upload(demo, record.id, '../statement: final?.pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().responseJSON as DocumentInfo;
    expect(doc).toMatchObject({
      fieldName: ATTACHMENT_FIELD,
      fileName: 'statement final.pdf',
      mediaType: 'application/pdf',
      sizeBytes: PDF.length,
      scanStatus: 'clean',
    });
    expect(await list(demo, record.id)).toEqual([doc]);

    const download = await demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: doc.id }));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''statement%20final.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Another profile sees neither the list nor the file, and learns nothing of it.
    expect((await master.get(fillPath(DOCUMENT_PATHS.one, { documentId: doc.id }))).statusCode).toBe(404);
    expect((await master.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id }))).statusCode).toBe(404);
    expect((await upload(master, record.id, 'x.pdf', PDF)).statusCode).toBe(404);
  });

  it('refuses the EICAR test file as a virus, whatever it is called, and stores nothing', async () => {
    const record = await draft(demo);
    const res = await upload(demo, record.id, 'invoice.pdf', EICAR);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.virus);
    expect(await list(demo, record.id)).toEqual([]);
    const { rows } = await db.query<{ detail: { signature: string } }>(
      `SELECT detail FROM audit_events WHERE event = 'document_refused' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.detail.signature).toBe('Eicar-Test-Signature.UNOFFICIAL');
  });

  it('judges the type by content: a file that claims to be a PDF but is not is refused', async () => {
    const record = await draft(demo);
    const fake = await upload(demo, record.id, 'report.pdf', Buffer.from('<html><body>not a pdf</body></html>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.wrongType({ types: ['pdf', 'jpg', 'png'] }));
    // A real PNG named .pdf is a PNG: accepted as what it is.
    const png = await upload(demo, record.id, 'scan.pdf', PNG);
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().responseJSON.mediaType).toBe('image/png');
  });

  it('refuses an empty file, a file over the field size and more files than the field takes', async () => {
    const record = await draft(demo);
    const empty = await upload(demo, record.id, 'empty.pdf', Buffer.alloc(0));
    expect(empty.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.empty);
    expect(empty.statusCode).toBe(400);

    const big = Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]);
    const tooBig = await upload(demo, record.id, 'big.pdf', big, SMALL_LIMIT_FIELD);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().header.responseDesc).toBe('The selected file must be smaller than 2KB');

    expect((await upload(demo, record.id, 'one.pdf', PDF, SMALL_LIMIT_FIELD)).statusCode).toBe(201);
    const second = await upload(
      demo,
      record.id,
      'two.pdf',
      Buffer.concat([PDF, Buffer.from('%two\n')]),
      SMALL_LIMIT_FIELD,
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().header.responseDesc).toBe('You can only upload 1 file here');
  });

  it('takes files only on an attachment question of a draft', async () => {
    const record = await draft(demo);
    const notAttachment = await upload(demo, record.id, 'a.pdf', PDF, 'remarks');
    expect(notAttachment.statusCode).toBe(400);
    expect(notAttachment.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.notAttachmentField);
    const noFile = await demo.request({
      method: 'POST',
      url: `${fillPath(DOCUMENT_PATHS.ofCase, { id: record.id })}?field=${ATTACHMENT_FIELD}`,
      body: {},
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('removes a file from a draft, and every file when the draft is deleted', async () => {
    const record = await draft(demo);
    const a = (await upload(demo, record.id, 'a.pdf', PDF)).json().responseJSON as DocumentInfo;
    await upload(demo, record.id, 'b.pdf', Buffer.concat([PDF, Buffer.from('%b\n')]));
    const removed = await demo.post(fillPath(DOCUMENT_PATHS.delete, { documentId: a.id }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(demo, record.id)).map((d) => d.fileName)).toEqual(['b.pdf']);

    const deleted = await demo.post(fillPath(CASE_PATHS.delete, { id: record.id }), {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { rows } = await db.query('SELECT 1 FROM documents WHERE case_id = $1::bigint', [record.id]);
    expect(rows).toHaveLength(0);
  });

  it('freezes the documents of a submitted record', async () => {
    const record = await draft(demo);
    const doc = (await upload(demo, record.id, 'a.pdf', PDF)).json().responseJSON as DocumentInfo;
    // Named by the answers, as the form names it: a file no answer names is not sent (docs/decisions/0110).
    const saved = await demo.post(fillPath(CASE_PATHS.one, { id: record.id }), {
      data: { ...TEST_DATA, [ATTACHMENT_FIELD]: [doc.id] },
      version: record.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
      version: (saved.json().responseJSON as CaseDetail).version,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await upload(demo, record.id, 'b.pdf', PDF)).statusCode).toBe(409);
    expect((await demo.post(fillPath(DOCUMENT_PATHS.delete, { documentId: doc.id }))).statusCode).toBe(409);
    // Still there to read again.
    expect((await demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: doc.id }))).statusCode).toBe(200);
  });
});

describe('when the scanner is down', () => {
  it('answers that the file could not be uploaded, stores nothing and loses none of the draft', async () => {
    const { demo } = await appWith({ CLAMD_SOCKET: '/nonexistent/clamd.sock', CLAMD_TIMEOUT_MS: '1000' });
    const record = await draft(demo);
    const res = await upload(demo, record.id, 'a.pdf', PDF);
    expect(res.statusCode).toBe(503);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.failed);
    expect(await list(demo, record.id)).toEqual([]);
    const again = await demo.get(fillPath(CASE_PATHS.one, { id: record.id }));
    expect(again.json().responseJSON).toMatchObject({ version: record.version, data: record.data, status: 'draft' });
  });
});

describe('without a scanner', () => {
  it('keeps files marked not scanned in the embedded default, shown to their uploader only', async () => {
    const { demo, db } = await appWith({});
    const record = await draft(demo);
    const res = await upload(demo, record.id, 'a.pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().responseJSON.scanStatus).toBe('not_scanned');
    // Another account of the same profile would not see it: pretend the upload came from someone else.
    await db.query(`UPDATE documents SET uploaded_by = (SELECT id FROM accounts WHERE login_name = 'ptib.master')`);
    expect(await list(demo, record.id)).toEqual([]);
  });

  it('keeps, when another account of the profile saves the draft, the files it cannot see', async () => {
    const { app, db, demo } = await appWith({});
    // ptib.master acts for ptib.demo's profile: two people on one record.
    await db.query(
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id) VALUES ('PTIB00000002', 'PTIB00000001')`,
    );
    const master = await signedInClient(app, 'ptib.master');
    expect((await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000001' })).statusCode).toBe(200);
    const record = await draft(demo);
    const doc = (await upload(demo, record.id, 'evidence.pdf', PDF)).json().responseJSON as DocumentInfo;
    const mine = (await upload(master, record.id, 'mine.pdf', Buffer.concat([PDF, Buffer.from('%m\n')]))).json()
      .responseJSON as DocumentInfo;
    const saved = await saveDraft(demo, record.id, { ...TEST_DATA, [ATTACHMENT_FIELD]: [doc.id] }, record.version);
    expect(saved.statusCode, saved.body).toBe(200);
    // Not scanned, the holder's file is not in the master's list: their page left it out of their save.
    expect((await list(master, record.id)).map((d) => d.id)).toEqual([mine.id]);
    // Named to them as unseen, its id only, so that their page does not take it for a file removed.
    const listed = await master.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id }));
    expect(listed.json().responseJSON.unseen).toEqual([{ id: doc.id, fieldName: ATTACHMENT_FIELD }]);
    const overwritten = await saveDraft(
      master,
      record.id,
      { remarks: 'Changed by the master.', [ATTACHMENT_FIELD]: [mine.id] },
      (saved.json().responseJSON as CaseDetail).version,
    );
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    const after = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    expect(after.data).toMatchObject({ remarks: 'Changed by the master.' });
    expect(after.data[ATTACHMENT_FIELD]).toEqual(expect.arrayContaining([doc.id, mine.id]));
    expect((await list(demo, record.id)).map((d) => d.id)).toContain(doc.id);
    // What they can see they still remove: their own file, left out of the next save, is out of the answer.
    const again = await saveDraft(master, record.id, { remarks: 'Changed by the master.' }, after.version);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().responseJSON as CaseDetail).data[ATTACHMENT_FIELD]).toEqual([doc.id]);
  });

  it('names a file for what it is: the extension of its type, no characters that reverse the name', async () => {
    const { demo } = await appWith({});
    const record = await draft(demo);
    // A PDF that is also a web page, named .html: saved under that name it would open as a page in the
    // officer's browser. And U+202E shows "invoice\u202Efdp.exe" as "invoiceexe.pdf".
    const polyglot = Buffer.concat([PDF, Buffer.from('<html><script>alert(1)</script></html>\n')]);
    for (const [sent, kept] of [
      ['evidence.html', 'evidence.html.pdf'],
      ['invoice\u202Efdp.exe', 'invoicefdp.exe.pdf'],
      ['passwd', 'passwd.pdf'],
      ['Scan.PDF', 'Scan.PDF'],
    ] as const) {
      const res = await upload(demo, record.id, sent, polyglot);
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json().responseJSON as DocumentInfo;
      expect(doc.fileName).toBe(kept);
      const download = await demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: doc.id }));
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${kept}"; filename*=UTF-8''${encodeURIComponent(kept)}`,
      );
      await demo.post(fillPath(DOCUMENT_PATHS.delete, { documentId: doc.id }), {});
    }
  });

  it("keeps to the field's number of files when uploads arrive at the same moment", async () => {
    const { demo } = await appWith({});
    const record = await draft(demo);
    // The count was read before the file and its scan, the file written after: uploads sent together
    // (a double click, two tabs) each found room and all were kept.
    // Different files, as many as an account may send at once (docs/decisions/0115): the same one sent twice
    // is one upload sent again (below).
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.PER_ACCOUNT }, (_, i) =>
        upload(demo, record.id, `receipt-${i}.pdf`, Buffer.concat([PDF, Buffer.from(`%${i}\n`)]), SMALL_LIMIT_FIELD),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().header.responseDesc).toBe('You can only upload 1 file here');
    }
    expect((await list(demo, record.id)).filter((d) => d.fieldName === SMALL_LIMIT_FIELD)).toHaveLength(1);
  });

  it('lets a removal and a submission sent together take turns: never both, and no record sent naming a lost file', async () => {
    const { db, demo } = await appWith({});
    // On PostgreSQL the two ran side by side: the removal read the record as a draft before the submission
    // had changed it, and both answered 200 (most tries), the record sent naming a file that was gone.
    for (let i = 0; i < 8; i++) {
      const record = await draft(demo);
      const doc = (await upload(demo, record.id, `proof-${i}.pdf`, Buffer.concat([PDF, Buffer.from(`%${i}\n`)]))).json()
        .responseJSON as DocumentInfo;
      const saved = await saveDraft(demo, record.id, { ...TEST_DATA, [ATTACHMENT_FIELD]: [doc.id] }, record.version);
      expect(saved.statusCode, saved.body).toBe(200);
      const [submitted, removed] = await Promise.all([
        demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
          version: (saved.json().responseJSON as CaseDetail).version,
        }),
        demo.post(fillPath(DOCUMENT_PATHS.delete, { documentId: doc.id }), {}),
      ]);
      expect([submitted.statusCode, removed.statusCode], `${submitted.body} ${removed.body}`).not.toEqual([200, 200]);
      if (submitted.statusCode === 200) expect(removed.statusCode).toBe(409);
      else expect(removed.statusCode).toBe(200);
      const { rows } = await db.query<{ status: string; kept: number }>(
        `SELECT c.status, (SELECT count(*)::int FROM documents d WHERE d.case_id = c.id) AS kept
           FROM cases c WHERE c.id = $1::bigint`,
        [record.id],
      );
      expect(rows[0]!.status === 'draft' ? 0 : 1).toBe(rows[0]!.kept);
    }
  });

  it('keeps one file when the same upload is sent again, its answer lost, or twice at once', async () => {
    const { demo } = await appWith({});
    const record = await draft(demo);
    const first = await upload(demo, record.id, 'proof.pdf', PDF);
    expect(first.statusCode, first.body).toBe(201);
    // The browser sends it again by itself (the answer lost on a connection that closed): the file kept.
    const again = await upload(demo, record.id, 'proof.pdf', PDF);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().responseJSON).toEqual(first.json().responseJSON);

    const other = Buffer.concat([PDF, Buffer.from('%other\n')]);
    const together = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.PER_ACCOUNT }, () => upload(demo, record.id, 'other.pdf', other)),
    );
    expect(together.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(new Set(together.map((a) => (a.json().responseJSON as DocumentInfo).id)).size).toBe(1);

    const kept = await list(demo, record.id);
    expect(kept.map((d) => d.fileName)).toEqual(['proof.pdf', 'other.pdf']);
    // On another question the same bytes are another answer, kept apart; sent again there, where it is the
    // one file the question takes, it is answered, not refused as one too many.
    const receipt = await upload(demo, record.id, 'proof.pdf', PDF, SMALL_LIMIT_FIELD);
    expect(receipt.statusCode, receipt.body).toBe(201);
    const receiptAgain = await upload(demo, record.id, 'proof.pdf', PDF, SMALL_LIMIT_FIELD);
    expect(receiptAgain.statusCode, receiptAgain.body).toBe(201);
    expect(receiptAgain.json().responseJSON).toEqual(receipt.json().responseJSON);
    expect(await list(demo, record.id)).toHaveLength(3);

    // An answer naming that one file twice (an API client, a tab that added it again) keeps it once.
    const fileId = (first.json().responseJSON as DocumentInfo).id;
    const twice = await saveDraft(demo, record.id, { ...TEST_DATA, [ATTACHMENT_FIELD]: [fileId, fileId] }, 1);
    expect(twice.statusCode, twice.body).toBe(200);
    expect((twice.json().responseJSON as CaseDetail).data?.[ATTACHMENT_FIELD]).toEqual([fileId]);
  });

  it('answers a file of a record whose e-service is not allowed 403 and one withdrawn 404, as its record', async () => {
    const { demo, db } = await appWith({});
    const record = await draft(demo);
    const doc = (await upload(demo, record.id, 'a.pdf', PDF)).json().responseJSON as DocumentInfo;
    const answers = async () =>
      (
        await Promise.all([
          demo.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id })),
          demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: doc.id })),
          demo.post(fillPath(DOCUMENT_PATHS.delete, { documentId: doc.id }), {}),
        ])
      ).map((res) => `${res.statusCode} ${res.json().header.responseDesc}`);
    // The record and its list were refused, but its files were still given by their own id.
    await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01', 'SPECIAL'] WHERE code = $1`, [TEST_APP]);
    const notAllowed = `403 ${CASE_MESSAGES.eserviceNotAllowed}`;
    expect(await answers()).toEqual([notAllowed, notAllowed, notAllowed]);
    await db.query(`UPDATE eservices SET active = false WHERE code = $1`, [TEST_APP]);
    const withdrawn = `404 ${CASE_MESSAGES.eserviceNotFound}`;
    expect(await answers()).toEqual([withdrawn, withdrawn, withdrawn]);
    await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01'], active = true WHERE code = $1`, [TEST_APP]);
    expect(await list(demo, record.id)).toEqual([doc]);
  });

  it('refuses a request of two files, one of a field only and a file without a name, storing nothing', async () => {
    const { demo } = await appWith({});
    const record = await draft(demo);
    const send = (parts: Array<{ disposition: string; content: Buffer }>) => {
      const boundary = `----ptib${Math.random().toString(16).slice(2)}`;
      const body = Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${p.disposition}\r\n\r\n`, 'utf8'),
          p.content,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return demo.request({
        method: 'POST',
        url: `${fillPath(DOCUMENT_PATHS.ofCase, { id: record.id })}?field=${ATTACHMENT_FIELD}`,
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    // Two files in one request: the first was kept and the second dropped without a word.
    const two = await send([
      { disposition: 'name="file"; filename="first.pdf"', content: PDF },
      { disposition: 'name="file"; filename="second.pdf"', content: PDF },
    ]);
    expect(two.statusCode, two.body).toBe(400);
    expect(two.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.oneFileOnly);
    // A file after a field, a field after a file, three files: the request is not one file either.
    for (const parts of [
      [1, 2, 3].map((n) => ({ disposition: `name="file"; filename="${n}.pdf"`, content: PDF })),
      [
        { disposition: 'name="note"', content: Buffer.from('hello') },
        { disposition: 'name="file"; filename="a.pdf"', content: PDF },
      ],
      [
        { disposition: 'name="file"; filename="a.pdf"', content: PDF },
        { disposition: 'name="note"', content: Buffer.from('hello') },
      ],
    ]) {
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.oneFileOnly);
    }
    // Only a field, no file.
    const field = await send([{ disposition: 'name="file"', content: PDF }]);
    expect(field.statusCode, field.body).toBe(400);
    expect(field.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.noFile);
    // A file part whose name is empty: nothing was chosen.
    const unnamed = await send([{ disposition: 'name="file"; filename=""', content: PDF }]);
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(unnamed.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.noFile);
    // No parts at all.
    const empty = await send([]);
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.noFile);
    expect(await list(demo, record.id)).toEqual([]);
    // The next upload, one file, goes in as ever.
    expect((await upload(demo, record.id, 'a.pdf', PDF)).statusCode).toBe(201);
    expect(await list(demo, record.id)).toHaveLength(1);
  });

  it('refuses uploads in production until a scanner is configured', async () => {
    const { demo } = await appWith({ NODE_ENV: 'production', PAYNOW_UEN: '201403121W' });
    const record = await draft(demo);
    const res = await upload(demo, record.id, 'a.pdf', PDF);
    expect(res.statusCode).toBe(503);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.unavailable);
  });
});

describe('an earlier draft of an e-service with a screen of its own (docs/decisions/0043)', () => {
  it.each(OWN_SCREEN_CODES)(
    '%s: its files still read, but no file is added, stored or sent to the scanner',
    async (code) => {
      const clamd = await startCountingClamd();
      try {
        const { demo, db } = await appWith({ CLAMD_SOCKET: clamd.socket });
        // A form of it that asks for files, so that only the e-service's own screen can refuse the upload.
        await useAttachmentForm(db, code);
        const { rows } = await db.query<{ case_type: string; form_version: number; account_id: number }>(
          `SELECT e.case_type, e.form_version, a.id AS account_id
             FROM eservices e, accounts a WHERE e.code = $1 AND a.login_name = 'ptib.demo'`,
          [code],
        );
        const { case_type: caseType, form_version: formVersion, account_id: accountId } = rows[0]!;
        // Made, with a file, as the record calls made them before the e-service had its own screen.
        const earlier = await insertCase(db, {
          appCode: code,
          profileId: 'PTIB00000001',
          caseType,
          formVersion,
          data: TEST_DATA,
          accountId,
          now: new Date(),
        });
        const kept = await insertDocument(db, {
          id: randomUUID(),
          caseId: earlier.id,
          fieldName: ATTACHMENT_FIELD,
          fileName: 'earlier.pdf',
          mediaType: 'application/pdf',
          content: PDF,
          sha256: createHash('sha256').update(PDF).digest('hex'),
          scanStatus: 'clean',
          accountId,
          now: new Date(),
        });

        const res = await upload(demo, earlier.id, 'a.pdf', PDF);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().header.responseDesc).toBe(CASE_MESSAGES.ownScreen);
        expect(clamd.connections).toBe(0);
        expect(await list(demo, earlier.id)).toEqual([kept]);
        const download = await demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: kept.id }));
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(PDF)).toBe(true);
      } finally {
        await clamd.stop();
      }
    },
  );
});

describe('a caller who may no longer act once the file is in (docs/decisions/0048)', () => {
  const GRANT = `master_profile_id = 'PTIB00000002' AND proxy_profile_id = 'PTIB00000011'`;
  let db: Database;
  let master: TestClient;
  let clamd: CountingClamd;
  const clock = new FakeClock();
  /** What the test does while the stand-in scanner holds the file's verdict: the upload is in the server's hands. */
  let meanwhile: () => Promise<unknown> = async () => {};

  beforeAll(async () => {
    clamd = await startCountingClamd({ beforeVerdict: () => meanwhile() });
    let app: FastifyInstance;
    ({ app, db } = await appWith({ CLAMD_SOCKET: clamd.socket }, { now: clock.now }));
    master = await signedInClient(app, 'ptib.master');
    return () => clamd.stop();
  });

  const stored = async (caseId: string) =>
    (await db.query('SELECT 1 FROM documents WHERE case_id = $1::bigint', [caseId])).rows.length;

  it.each([
    {
      change: 'the grant withdrawn',
      undo: `UPDATE proxy_grants SET master_block = false WHERE ${GRANT}`,
      apply: `UPDATE proxy_grants SET master_block = true WHERE ${GRANT}`,
      answer: {
        responseCode: RESPONSE_CODE.PROXY_WITHDRAWN,
        responseDesc: AUTH_MESSAGES.proxyWithdrawn('PTIB00000011'),
      },
    },
    {
      change: 'the profile blocked',
      undo: `UPDATE ptib_profiles SET is_blocked = false WHERE id = 'PTIB00000011'`,
      apply: `UPDATE ptib_profiles SET is_blocked = true WHERE id = 'PTIB00000011'`,
      answer: { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked },
    },
  ])('a master’s upload is refused, nothing kept, with $change while it came in', async ({ apply, undo, answer }) => {
    expect((await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' })).statusCode).toBe(200);
    const record = await draft(master);
    meanwhile = () => db.query(apply);
    try {
      const res = await upload(master, record.id, 'a.pdf', PDF);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().header).toEqual(answer);
    } finally {
      meanwhile = async () => {};
      await db.query(undo);
    }
    expect(await stored(record.id)).toBe(0);
    // Allowed again, the same file is kept: the refusal was the change's, not the file's.
    expect((await upload(master, record.id, 'a.pdf', PDF)).statusCode).toBe(201);
  });

  it('keeps the file when the uploader’s own refresh replaced the token while it came in', async () => {
    expect((await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' })).statusCode).toBe(200);
    const record = await draft(master);
    // The page refreshed (the user typing meanwhile, or another tab), and the file took longer than the grace a
    // replaced token has (docs/decisions/0029): the upload is the user's own, not a stolen token's.
    meanwhile = async () => {
      const refreshed = await master.post(API_PATHS.refresh);
      expect(refreshed.statusCode).toBe(200);
      master.token = refreshed.json().responseJSON.token as string;
      clock.advance(SESSION.ROTATION_GRACE_MS + 1_000);
    };
    try {
      const res = await upload(master, record.id, 'a.pdf', PDF);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      meanwhile = async () => {};
    }
    expect(await stored(record.id)).toBe(1);
    expect((await master.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id }))).statusCode).toBe(200);
    const reuse = await db.query(`SELECT 1 FROM audit_events WHERE event = 'token_reuse'`);
    expect(reuse.rows).toEqual([]);
  });

  it('refuses an upload to a record of the profile the master switched away from while it came in', async () => {
    const switchTo = (id: string) => master.post(API_PATHS.switchProxyProfile, { ptibProfileID: id });
    expect((await switchTo('PTIB00000011')).statusCode).toBe(200);
    const record = await draft(master);
    // Another tab of the same session.
    meanwhile = () => switchTo('PTIB00000012');
    try {
      const res = await upload(master, record.id, 'a.pdf', PDF);
      expect(res.statusCode, res.body).toBe(404);
    } finally {
      meanwhile = async () => {};
    }
    expect(await stored(record.id)).toBe(0);
  });
});
