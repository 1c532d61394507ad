import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS, FORBIDDEN_CODE, fillPath } from '#contract/index.ts';
import { CASE_PATHS, DECISION_DOCUMENTS_NEXT_STEP } from '#contract/cases.ts';
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_MESSAGES, DOCUMENT_PATHS } from '#contract/documents.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import { DECISION_DOCUMENT_REQUIRED, OFFICER_MESSAGES, OFFICER_PATHS, type OfficerCase } from '#contract/officer.ts';
import type { DocumentList } from '#contract/schemas/documents.ts';
import type { CaseDetail, CasesSummary, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { rescanOnce } from '../documents/rescan.ts';
import { clamdScanner } from '../documents/scanner.ts';
import { renderMessage } from '../notifications/templates.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { EICAR } from '../test/clamd.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { TEST_PDF as PDF, otherPdf, postFile } from '../test/upload.ts';
import { actionUrl, doAction, officerTestApp, signedInOfficer, submitted, view } from './test-support.ts';

/**
 * An officer's decision can carry documents for the applicant (docs/decisions/0090): an Estate Account
 * Statement's approval carries the statement, which its applicant downloads from the record.
 */
const clamdSocket = inject('clamdSocket');
// Friday 27 November 2026, 10:00 in Singapore.
const clock = new FakeClock('2026-11-27T02:00:00Z');
const STATEMENT_REQUIRED = DECISION_DOCUMENT_REQUIRED.ESA!.approve!;
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;
let lead: TestClient;
let esaAnswers: Record<string, unknown>;

beforeAll(async () => {
  // No scanner: the embedded default, which keeps files marked not scanned (docs/decisions/0037).
  ({ app, db, gateway, applicant, officer, lead } = await officerTestApp(clock));
  const esa = (await applicant.get(`${API_PATHS.eservices}/ESA`)).json().responseJSON as EserviceDetail;
  esaAnswers = sampleAnswers(esa.form, todayInSingapore(clock.now()));
});
afterAll(async () => {
  await gateway.close();
});

const attachUrl = (id: string) => fillPath(OFFICER_PATHS.decisionDocuments, { id });
const attach = (c: TestClient, id: string, name = 'statement.pdf', content = PDF) =>
  postFile(c, attachUrl(id), name, content);
const listOf = async (c: TestClient, id: string) => {
  const res = await c.get(fillPath(DOCUMENT_PATHS.ofCase, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as DocumentList;
};
/** The record's next step as its page reads it, and as the dashboard's latest records do. */
async function nextSteps(id: string): Promise<[string | undefined, string | undefined]> {
  const record = (await applicant.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail;
  const summary = (await applicant.get(API_PATHS.casesSummary)).json().responseJSON as CasesSummary;
  return [record.progress?.nextStep, summary.latest.find((c) => c.id === id)?.progress?.nextStep];
}
const download = (c: TestClient, documentId: string) => c.get(fillPath(DOCUMENT_PATHS.one, { documentId }));
/** As a scanner passes a file: only a clean one ever reaches the applicant. */
const passScan = (documentId: string) =>
  db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [documentId]);

/** An Estate Account Statement request submitted by `by`, in review with officer.demo. */
async function inReview(by: TestClient = applicant): Promise<CaseDetail> {
  const record = await submitted(by, esaAnswers, 'ESA');
  await doAction(officer, record.id, { action: 'assignToMe' });
  return record;
}

/** Attaches one file as officer.demo; answers the file as the case view lists it, and the view. */
async function attached(id: string, name = 'statement.pdf', content = PDF) {
  const res = await attach(officer, id, name, content);
  expect(res.statusCode, res.body).toBe(201);
  const after = res.json().responseJSON as OfficerCase;
  return { document: after.decisionDocuments.find((d) => d.fileName === name)!, view: after };
}

describe("an Estate Account Statement's approval", () => {
  it('carries the statement to its applicant, who lists and downloads it; the messages say where it is', async () => {
    const record = await inReview();
    const before = await view(officer, record.id);
    const { document, view: after } = await attached(record.id);
    expect(document).toMatchObject({
      fileName: 'statement.pdf',
      mediaType: 'application/pdf',
      sizeBytes: PDF.length,
      // By which the case screen knows the same file chosen again, before sending it.
      sha256: createHash('sha256').update(PDF).digest('hex'),
      scanStatus: 'not_scanned',
      attachedBy: 'Officer Demo',
      sentAt: null,
    });
    // What the decision sends changed: a decision taken on the view before it is another officer's to retake.
    expect(after.version).toBe(before.version + 1);
    // Not the applicant's own files, for officers either.
    expect(after.documents).toEqual([]);
    expect(after.unscannedDocuments).toBe(0);
    // Before the decision the applicant has nothing of it.
    expect((await listOf(applicant, record.id)).decisionDocuments).toEqual([]);
    expect((await download(applicant, document.id)).statusCode).toBe(404);

    await passScan(document.id);
    clock.advance(60_000);
    const approved = await doAction(officer, record.id, { action: 'approve' });
    expect(approved.status).toBe('approved');
    expect(approved.decisionDocuments).toEqual([
      expect.objectContaining({ id: document.id, sentAt: clock.now().toISOString() }),
    ]);

    const listed = await listOf(applicant, record.id);
    expect(listed.documents).toEqual([]);
    expect(listed.decisionDocuments).toEqual([
      {
        id: document.id,
        fileName: 'statement.pdf',
        mediaType: 'application/pdf',
        sizeBytes: PDF.length,
        sentAt: clock.now().toISOString(),
      },
    ]);
    // The next step says so, on the record and the dashboard alike: "nothing more" would leave it unread.
    expect(await nextSteps(record.id)).toEqual([
      DECISION_DOCUMENTS_NEXT_STEP.approved,
      DECISION_DOCUMENTS_NEXT_STEP.approved,
    ]);
    const file = await download(applicant, document.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The officer still has it too.
    const officersCopy = await officer.get(
      fillPath(OFFICER_PATHS.document, { id: record.id, documentId: document.id }),
    );
    expect(officersCopy.statusCode).toBe(200);

    // Who attached it, in the audit trail as every officer action is; the approval names what it sent.
    const { rows: audits } = await db.query<{ event: string; login_name: string; detail: Record<string, unknown> }>(
      `SELECT event, login_name, detail FROM audit_events
        WHERE event IN ('officer_document_attached', 'officer_approve') AND detail->>'caseId' = $1 ORDER BY id`,
      [record.id],
    );
    expect(audits).toEqual([
      {
        event: 'officer_document_attached',
        login_name: 'officer.demo',
        detail: expect.objectContaining({ documentId: document.id, sizeBytes: PDF.length, scanStatus: 'not_scanned' }),
      },
      {
        event: 'officer_approve',
        login_name: 'officer.demo',
        detail: expect.objectContaining({ documents: [document.id] }),
      },
    ]);

    // The inbox, the email and the SMS say there is a document to download; the email carries no file.
    const inbox = await db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'decided'`,
      [record.id],
    );
    expect(inbox.rows[0]?.body).toContain('The officer sent a document with the decision.');
    const outbox = await db.query<{ channel: string; facts: Record<string, string | number>; attachment_name: null }>(
      `SELECT channel, facts, attachment_name FROM notification_outbox WHERE case_id = $1::bigint AND kind = 'decided'`,
      [record.id],
    );
    expect(outbox.rows.length).toBeGreaterThan(0);
    for (const row of outbox.rows) {
      expect(row.facts).toMatchObject({ outcome: 'approved', documents: 1 });
      expect(row.attachment_name).toBeNull();
    }
    const email = renderMessage(
      { kind: 'decided', caseNumber: record.caseNumber, facts: outbox.rows[0]!.facts },
      undefined,
    );
    expect(email.text).toContain('It is not attached to this email: please sign in to download it from the record.');
  });

  it('is refused without a statement attached: 400 with the message, and the case stays in review', async () => {
    const record = await inReview();
    const { version } = await view(officer, record.id);
    const res = await officer.post(actionUrl(record.id), { action: 'approve', version });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toBe(STATEMENT_REQUIRED);
    expect(await view(officer, record.id)).toMatchObject({ status: 'in_review', version });
    const told = await db.query(`SELECT 1 FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'decided'`, [
      record.id,
    ]);
    expect(told.rows).toEqual([]);
  });

  it('is refused as stale when taken on a view from before a file was attached or removed', async () => {
    const record = await inReview();
    const { version } = await view(officer, record.id);
    const { document } = await attached(record.id);
    const stale = await officer.post(actionUrl(record.id), { action: 'approve', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().responseJSON.decisionDocuments).toEqual([expect.objectContaining({ id: document.id })]);

    const removed = await officer.post(
      fillPath(OFFICER_PATHS.decisionDocumentDelete, { id: record.id, documentId: document.id }),
      {},
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().responseJSON as OfficerCase).decisionDocuments).toEqual([]);
    const { rows } = await db.query(`SELECT 1 FROM documents WHERE id = $1::uuid`, [document.id]);
    expect(rows).toEqual([]);
  });
});

describe('the same file sent again', () => {
  const count = async (sql: string, id: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, [id])).rows[0]!.n);
  /** The files kept for the case, and the attachments audited: one each, whatever was sent again. */
  const keptOnce = async (id: string) => {
    expect(await count('documents WHERE case_id = $1::bigint', id)).toBe(1);
    expect(await count(`audit_events WHERE event = 'officer_document_attached' AND detail->>'caseId' = $1`, id)).toBe(
      1,
    );
  };
  /** Approves the case: its applicant has the one statement, and is told of "a document", not 2. */
  async function approvedWithOneStatement(id: string) {
    const { decisionDocuments } = await view(officer, id);
    expect(decisionDocuments.map((d) => d.fileName)).toEqual(['statement.pdf']);
    await passScan(decisionDocuments[0]!.id);
    await doAction(officer, id, { action: 'approve' });
    expect((await listOf(applicant, id)).decisionDocuments.map((d) => d.fileName)).toEqual(['statement.pdf']);
    const inbox = await db.query<{ body: string }>(
      `SELECT body FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'decided'`,
      [id],
    );
    expect(inbox.rows[0]?.body).toContain('The officer sent a document with the decision.');
  }

  it('after its answer was lost is answered with the case as it is, and reaches the applicant once', async () => {
    const record = await inReview();
    const { document, view: first } = await attached(record.id);
    // The answer lost on a connection that closed: the browser, or the officer told it failed, sends it again.
    const again = await attach(officer, record.id, 'statement.pdf');
    expect(again.statusCode, again.body).toBe(201);
    const answer = again.json().responseJSON as OfficerCase;
    expect(answer.version).toBe(first.version);
    expect(answer.decisionDocuments).toEqual([document]);
    await keptOnce(record.id);
    await approvedWithOneStatement(record.id);
  });

  it('twice at once is kept once: the second takes its turn on the case and finds the first', async () => {
    const record = await inReview();
    const before = await view(officer, record.id);
    const together = await Promise.all([1, 2].map(() => attach(officer, record.id)));
    expect(together.map((r) => r.statusCode)).toEqual([201, 201]);
    const answers = together.map((r) => r.json().responseJSON as OfficerCase);
    expect(answers.map((a) => a.version)).toEqual([before.version + 1, before.version + 1]);
    expect(answers[0]!.decisionDocuments).toEqual(answers[1]!.decisionDocuments);
    expect((await view(officer, record.id)).version).toBe(before.version + 1);
    await keptOnce(record.id);
    await approvedWithOneStatement(record.id);
  });
});

describe('a file taken back again', () => {
  const remove = (caseId: string, documentId: string) =>
    officer.post(fillPath(OFFICER_PATHS.decisionDocumentDelete, { id: caseId, documentId }), {});

  it('after its answer was lost is answered as taken back, with the case as it is, and audited once', async () => {
    const record = await inReview();
    const { document } = await attached(record.id);
    const first = await remove(record.id, document.id);
    expect(first.statusCode, first.body).toBe(200);
    const removed = first.json().responseJSON as OfficerCase;
    // The answer lost on a connection that closed: the browser sends the removal again by itself.
    const again = await remove(record.id, document.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().header.responseDesc).toBe(OFFICER_MESSAGES.detached);
    const answer = again.json().responseJSON as OfficerCase;
    expect(answer.decisionDocuments).toEqual([]);
    expect(answer.version).toBe(removed.version);
    const audited = await db.query(
      `SELECT 1 FROM audit_events WHERE event = 'officer_document_removed' AND detail->>'documentId' = $1`,
      [document.id],
    );
    expect(audited.rows).toHaveLength(1);
  });

  it("is still refused when the file is there but not this case's to take back", async () => {
    const record = await inReview();
    const other = await inReview();
    const { document } = await attached(other.id);
    const res = await remove(record.id, document.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.decisionDocumentNotRemovable);
    expect((await view(officer, other.id)).decisionDocuments).toEqual([expect.objectContaining({ id: document.id })]);
  });
});

describe("a decision's documents, for whom", () => {
  it('a master user acting for the profile downloads them; another profile gets 404, as for any document', async () => {
    const master = await signedInClient(app, 'ptib.master');
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' });
    expect(switched.statusCode, switched.body).toBe(200);
    const record = await inReview(master);
    const { document } = await attached(record.id);
    await passScan(document.id);
    await doAction(officer, record.id, { action: 'approve' });

    expect((await listOf(master, record.id)).decisionDocuments).toEqual([
      expect.objectContaining({ id: document.id, fileName: 'statement.pdf' }),
    ]);
    expect((await download(master, document.id)).statusCode).toBe(200);
    // ptib.demo is another profile: neither the list nor the file.
    expect((await applicant.get(fillPath(DOCUMENT_PATHS.ofCase, { id: record.id }))).statusCode).toBe(404);
    const other = await download(applicant, document.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it('a rejection carries a letter too, sent once the supervisor approves it', async () => {
    const record = await inReview();
    const { document } = await attached(record.id, 'letter.pdf');
    await passScan(document.id);
    await doAction(officer, record.id, { action: 'proposeRejection', reason: 'The estate is not yours.' });
    // Proposed, not decided: the applicant has nothing yet.
    expect((await listOf(applicant, record.id)).decisionDocuments).toEqual([]);
    await doAction(lead, record.id, { action: 'approveRejection' });
    expect((await listOf(applicant, record.id)).decisionDocuments).toEqual([
      expect.objectContaining({ id: document.id, fileName: 'letter.pdf' }),
    ]);
    expect(await nextSteps(record.id)).toEqual([
      DECISION_DOCUMENTS_NEXT_STEP.rejected,
      DECISION_DOCUMENTS_NEXT_STEP.rejected,
    ]);
  });

  it('only the officer deciding may attach one, and only while the case waits for a decision', async () => {
    const record = await inReview();
    const count = async () =>
      Number(
        (
          await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM documents WHERE case_id = $1::bigint`, [
            record.id,
          ])
        ).rows[0]!.n,
      );
    // The applicant is no officer; finance works no cases; the supervisor is not the case's officer.
    const byApplicant = await attach(applicant, record.id);
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.json().header.responseCode).toBe(FORBIDDEN_CODE.MISSING_AUTHORITY);
    const finance = await signedInOfficer(app, gateway, 'officer.finance');
    expect((await attach(finance, record.id)).statusCode).toBe(403);
    const byLead = await attach(lead, record.id);
    expect(byLead.statusCode).toBe(409);
    expect(byLead.json().header.responseDesc).toBe(OFFICER_MESSAGES.notAssignedToYou);
    expect(await count()).toBe(0);

    const { document } = await attached(record.id);
    await passScan(document.id);
    await doAction(officer, record.id, { action: 'approve' });
    const late = await attach(officer, record.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().header.responseDesc).toBe(OFFICER_MESSAGES.attachNotNow('approved'));
    // Sent with the decision, it stays.
    const removed = await officer.post(
      fillPath(OFFICER_PATHS.decisionDocumentDelete, { id: record.id, documentId: document.id }),
      {},
    );
    expect(removed.statusCode).toBe(409);
    expect(await count()).toBe(1);
  });
});

describe("the applicants' limits", () => {
  it('refuses a file that is no PDF, JPG or PNG, and a sixth one for a decision', async () => {
    const record = await inReview();
    const html = await attach(officer, record.id, 'statement.pdf', Buffer.from('<html>not a statement</html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.wrongType(DEFAULT_DOCUMENT_LIMITS));
    // Files of other bytes: the same bytes again are one file sent again (below).
    for (let n = 1; n <= DEFAULT_DOCUMENT_LIMITS.maxFiles; n++)
      await attached(record.id, `part ${n}.pdf`, otherPdf(`${n}`));
    const sixth = await attach(officer, record.id, 'part 6.pdf', otherPdf('6'));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.tooMany(DEFAULT_DOCUMENT_LIMITS));
    expect((await view(officer, record.id)).decisionDocuments).toHaveLength(DEFAULT_DOCUMENT_LIMITS.maxFiles);
    // The fifth sent again is no sixth: answered with the case as it is.
    const fifthAgain = await attach(officer, record.id, 'part 5.pdf', otherPdf('5'));
    expect(fifthAgain.statusCode, fifthAgain.body).toBe(201);
    expect((fifthAgain.json().responseJSON as OfficerCase).decisionDocuments).toHaveLength(
      DEFAULT_DOCUMENT_LIMITS.maxFiles,
    );
  });

  it('refuses every file in production until a scanner is configured', async () => {
    const production = await buildTestApp(
      {
        NODE_ENV: 'production',
        PAYNOW_UEN: '201403121W',
        SMS_GATEWAY_URL: gateway.url,
        SMS_GATEWAY_USER: 'u',
        SMS_GATEWAY_PASSWORD: 'p',
        LOG_LEVEL: 'error',
      },
      { now: clock.now },
    );
    const owner = await signedInClient(production.app, 'ptib.demo');
    const worker = await signedInOfficer(production.app, gateway, 'officer.demo');
    const record = await submitted(owner, esaAnswers, 'ESA');
    await doAction(worker, record.id, { action: 'assignToMe' });
    const res = await attach(worker, record.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().header.responseDesc).toBe(OFFICER_MESSAGES.attachUnavailable);
  });
});

describe('a file kept while no scanner is configured', () => {
  it('goes with the decision but reaches the applicant only once a scan passes it', async () => {
    const record = await inReview();
    const { document } = await attached(record.id);
    await doAction(officer, record.id, { action: 'approve' });
    expect((await listOf(applicant, record.id)).decisionDocuments).toEqual([]);
    expect((await download(applicant, document.id)).statusCode).toBe(404);
    await passScan(document.id);
    expect((await listOf(applicant, record.id)).decisionDocuments).toEqual([
      expect.objectContaining({ id: document.id }),
    ]);
  });
});

describe.skipIf(!clamdSocket)('a file a later scan finds infected', () => {
  it('is never offered: the officer is told, and the approval needs another statement', async () => {
    const record = await inReview();
    const { document: infected } = await attached(record.id, 'infected.pdf');
    // The test signatures match the EICAR file's exact bytes, which are no PDF: kept, a PDF's are replaced.
    await db.query('UPDATE documents SET content = $2 WHERE id = $1::uuid', [infected.id, EICAR]);
    const scanner = clamdScanner({ socket: clamdSocket }, 5_000);
    expect(await rescanOnce({ db, scanner, now: clock.now, log: app.log })).toMatchObject({ infected: 1 });

    expect((await view(officer, record.id)).decisionDocuments).toEqual([
      expect.objectContaining({ id: infected.id, scanStatus: 'infected' }),
    ]);
    const { version } = await view(officer, record.id);
    const refused = await officer.post(actionUrl(record.id), { action: 'approve', version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().header.responseDesc).toBe(STATEMENT_REQUIRED);

    const { document: again } = await attached(record.id, 'statement again.pdf', otherPdf('again'));
    await passScan(again.id);
    await doAction(officer, record.id, { action: 'approve' });
    const listed = await listOf(applicant, record.id);
    expect(listed.decisionDocuments.map((d) => d.fileName)).toEqual(['statement again.pdf']);
    expect((await download(applicant, infected.id)).statusCode).toBe(404);
  });
});

describe.skipIf(!clamdSocket)('a file attached with a scanner configured', () => {
  it('is refused with a virus in it, kept nowhere, and the refusal audited', async () => {
    const scanned = await buildTestApp(
      {
        SMS_GATEWAY_URL: gateway.url,
        SMS_GATEWAY_USER: 'u',
        SMS_GATEWAY_PASSWORD: 'p',
        LOG_LEVEL: 'error',
        CLAMD_SOCKET: clamdSocket,
      },
      { now: clock.now },
    );
    const owner = await signedInClient(scanned.app, 'ptib.demo');
    const worker = await signedInOfficer(scanned.app, gateway, 'officer.demo');
    const record = await submitted(owner, esaAnswers, 'ESA');
    await doAction(worker, record.id, { action: 'assignToMe' });

    const res = await attach(worker, record.id, 'statement.pdf', EICAR);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.virus);
    const { rows } = await scanned.db.query(`SELECT 1 FROM documents WHERE case_id = $1::bigint`, [record.id]);
    expect(rows).toEqual([]);
    const { rows: audits } = await scanned.db.query<{ login_name: string; detail: { signature: string } }>(
      `SELECT login_name, detail FROM audit_events WHERE event = 'officer_document_refused' AND detail->>'caseId' = $1`,
      [record.id],
    );
    expect(audits).toEqual([
      { login_name: 'officer.demo', detail: expect.objectContaining({ signature: 'Eicar-Test-Signature.UNOFFICIAL' }) },
    ]);

    // A clean one is clean at once: the applicant has it with the approval.
    const clean = await attach(worker, record.id);
    expect(clean.statusCode, clean.body).toBe(201);
    expect((clean.json().responseJSON as OfficerCase).decisionDocuments).toEqual([
      expect.objectContaining({ scanStatus: 'clean' }),
    ]);
    await doAction(worker, record.id, { action: 'approve' });
    expect((await listOf(owner, record.id)).decisionDocuments).toHaveLength(1);
  });
});
