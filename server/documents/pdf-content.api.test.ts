import type { FastifyInstance } from 'fastify';
import { PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS } from '#contract/documents.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import type { Database } from '../db/database.ts';
import { actionUrl, officerTestApp, submitted, view } from '../officer/test-support.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { postFile, uploadFile } from '../test/upload.ts';
import { ATTACHMENT_FIELD, TEST_APP, TEST_DATA, useAttachmentForm } from './test-form.ts';
import {
  ENCRYPTED,
  NAMED_LIKE_ACTIONS,
  OPEN_ACTION_SCRIPT,
  actionBehind,
  compressedScript,
  endstreamInside,
  formWithAttachment,
  headedBy,
  launchLink,
  linkPdf,
  namedScript,
  printedLinks,
} from './test-pdfs.ts';

/**
 * A PDF that would run something when an officer opens it is refused at upload, whoever sends it
 * (docs/decisions/0092); ClamAV passes a harmless-looking script, so this is the check that stops it.
 */

describe("an applicant's upload", () => {
  let db: Database;
  let demo: TestClient;

  beforeAll(async () => {
    let app: FastifyInstance;
    ({ app, db } = await buildTestApp({}));
    await useAttachmentForm(db);
    demo = await signedInClient(app, 'ptib.demo');
  });

  async function draft(): Promise<CaseDetail> {
    const res = await demo.post(API_PATHS.cases, { appCode: TEST_APP, data: TEST_DATA, draft: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().responseJSON as CaseDetail;
  }
  const stored = async (caseId: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE case_id = $1::bigint', [caseId]))
      .rows[0]!.n;

  it('refuses a PDF with a script or a program in it, saying why, and stores nothing', async () => {
    const record = await draft();
    const compressed = await compressedScript();
    // In an object stream the script's names are deflated: a search of the file's bytes finds none of them.
    expect(compressed.includes('JavaScript')).toBe(false);
    for (const [name, content] of [
      ['open-action.pdf', OPEN_ACTION_SCRIPT],
      ['compressed.pdf', compressed],
      ['launch.pdf', await launchLink()],
      ['names-tree.pdf', await namedScript()],
      [
        'comment-in-header.pdf',
        headedBy((num) => `${num} 0 %c\nobj`)(
          '<</Type/Catalog/Pages 2 0 R/OpenAction<</S/URI/URI(https://example.org/seen)>>>>',
          '<</Type/Pages/Kids[]/Count 0>>',
        ),
      ],
      ['endstream-inside.pdf', endstreamInside('objectStream', (data) => [data.length])],
      // The hunt's file: pdf.js reads `4 0obj` as `4 0 obj` and runs its script.
      ['header-without-space.pdf', actionBehind((num) => `${num} 0obj`, { before: '%(\n' })],
    ] as const) {
      const res = await uploadFile(demo, record.id, ATTACHMENT_FIELD, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().header.responseDesc, name).toBe(DOCUMENT_MESSAGES.activeContent);
    }
    expect(await stored(record.id)).toBe(0);
  });

  it('refuses an encrypted PDF as password protected, and stores nothing', async () => {
    const record = await draft();
    const res = await uploadFile(demo, record.id, ATTACHMENT_FIELD, 'statement.pdf', ENCRYPTED);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.passwordProtected);
    expect(await stored(record.id)).toBe(0);
  });

  it('keeps an ordinary PDF with a form and an attached file', async () => {
    const record = await draft();
    const res = await uploadFile(demo, record.id, ATTACHMENT_FIELD, 'court-form.pdf', await formWithAttachment());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().responseJSON).toMatchObject({ fileName: 'court-form.pdf', mediaType: 'application/pdf' });
    const list = await demo.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id }));
    expect(list.json().responseJSON.documents).toHaveLength(1);
  });

  it('keeps a printed page whose links and title end in the names of scripts, programs or encryption', async () => {
    const record = await draft();
    const linked = await linkPdf({ S: 'URI', URI: PDFString.of(NAMED_LIKE_ACTIONS[0]!) });
    for (const [name, content] of [
      ['printed.pdf', printedLinks()],
      ['linked.pdf', linked],
    ] as const) {
      const res = await uploadFile(demo, record.id, ATTACHMENT_FIELD, name, content);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe("an officer's decision document", () => {
  const clock = new FakeClock('2026-11-27T02:00:00Z');
  let gateway: FakeSmsGateway;
  let applicant: TestClient;
  let officer: TestClient;

  beforeAll(async () => {
    ({ gateway, applicant, officer } = await officerTestApp(clock));
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('is refused alike: the applicant would open it', async () => {
    const esa = (await applicant.get(`${API_PATHS.eservices}/ESA`)).json().responseJSON as EserviceDetail;
    const record = await submitted(applicant, sampleAnswers(esa.form, todayInSingapore(clock.now())), 'ESA');
    const { version } = await view(officer, record.id);
    expect((await officer.post(actionUrl(record.id), { action: 'assignToMe', version })).statusCode).toBe(200);
    const res = await postFile(
      officer,
      fillPath(OFFICER_PATHS.decisionDocuments, { id: record.id }),
      'statement.pdf',
      await compressedScript(),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.activeContent);
    expect((await view(officer, record.id)).decisionDocuments).toEqual([]);
  });
});
