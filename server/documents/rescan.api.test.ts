import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS } from '#contract/documents.ts';
import { OFFICER_MESSAGES, OFFICER_PATHS } from '#contract/officer.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { EICAR } from '../test/clamd.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { officerTestApp, pdAnswers, view } from '../officer/test-support.ts';
import { RESCAN_INTERVAL_MS, rescanOnce, startRescanWorker } from './rescan.ts';
import { ScannerUnavailableError, clamdScanner, type Scanner } from './scanner.ts';
import { TEST_PDF as PDF, otherPdf, uploadFile } from '../test/upload.ts';

const clamdSocket = inject('clamdSocket');

// Friday 29 May 2026, 10:00 in Singapore.
const clock = new FakeClock('2026-05-29T02:00:00Z');
const ANSWERS = pdAnswers('2026-05-20');
const FIELD = 'proofOfPayment';

function upload(c: TestClient, caseId: string, content?: Buffer) {
  return uploadFile(c, caseId, FIELD, undefined, content);
}

/** A draft with one file uploaded on its proof of payment and named by its answer. */
async function draftWithFile(applicant: TestClient): Promise<{ draft: CaseDetail; documentId: string }> {
  const created = await applicant.post(API_PATHS.cases, { appCode: 'PD', data: ANSWERS, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const record = created.json().responseJSON as CaseDetail;
  const uploaded = await upload(applicant, record.id);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const document = uploaded.json().responseJSON as DocumentInfo;
  expect(document.scanStatus).toBe('not_scanned');
  const saved = await applicant.post(fillPath(CASE_PATHS.one, { id: record.id }), {
    data: { ...ANSWERS, [FIELD]: [document.id] },
    version: record.version,
    draft: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { draft: saved.json().responseJSON as CaseDetail, documentId: document.id };
}

const submit = (applicant: TestClient, draft: CaseDetail) =>
  applicant.post('/process-engine' + fillPath(PROCESS_ENGINE_PATHS.submit, { id: draft.id }), {
    version: draft.version,
  });

async function submittedWithFile(applicant: TestClient): Promise<{ caseId: string; documentId: string }> {
  const { draft, documentId } = await draftWithFile(applicant);
  const res = await submit(applicant, draft);
  expect(res.statusCode, res.body).toBe(200);
  return { caseId: draft.id, documentId };
}

/**
 * The test signatures match the EICAR file's exact bytes, which are no PDF: an upload without a scanner
 * refuses them for their type. An infected file that passes the type check is kept just the same, so a
 * kept PDF's bytes are replaced with them.
 */
const infect = (db: Database, documentId: string) =>
  db.query('UPDATE documents SET content = $2 WHERE id = $1::uuid', [documentId, EICAR]);

const statusOf = async (db: Database, documentId: string) =>
  (await db.query<{ scan_status: string }>('SELECT scan_status FROM documents WHERE id = $1::uuid', [documentId]))
    .rows[0]?.scan_status;

const silent = (): FastifyBaseLogger =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger;

let gateway: FakeSmsGateway;
let app: FastifyInstance;
let db: Database;
let applicant: TestClient;
let officer: TestClient;

// The files are kept by an app without a scanner, as the embedded default keeps them; the rescan then runs
// with one, as it does in a process started after the office configured it.
beforeAll(async () => {
  ({ app, db, gateway, applicant, officer } = await officerTestApp(clock));
});
afterAll(async () => {
  await gateway.close();
});

describe.skipIf(!clamdSocket)('files kept unscanned, scanned once a scanner is configured', () => {
  const deps = () => ({ db, scanner: clamdScanner({ socket: clamdSocket! }, 5_000), now: clock.now, log: app.log });

  it('shows a clean file to the officers from then on, and audits the verdict', async () => {
    const { caseId, documentId } = await submittedWithFile(applicant);
    expect(await view(officer, caseId)).toMatchObject({ documents: [], unscannedDocuments: 1 });

    expect(await rescanOnce(deps())).toEqual({ clean: 1, infected: 0, scannerUnavailable: false });
    const seen = await view(officer, caseId);
    expect(seen.documents).toEqual([expect.objectContaining({ id: documentId, fieldName: FIELD })]);
    expect(seen.unscannedDocuments).toBe(0);
    const file = await officer.get(fillPath(OFFICER_PATHS.document, { id: caseId, documentId }));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const { rows } = await db.query<{ outcome: string; detail: unknown }>(
      `SELECT outcome, detail FROM audit_events WHERE event = 'document_rescanned' AND detail->>'documentId' = $1`,
      [documentId],
    );
    expect(rows).toEqual([{ outcome: 'success', detail: { caseId, documentId, verdict: 'clean' } }]);

    // Nothing is left to scan: the next pass does nothing.
    expect(await rescanOnce(deps())).toEqual({ clean: 0, infected: 0, scannerUnavailable: false });
  });

  it('shows an infected file to nobody: held back from the officers, not downloadable by its uploader', async () => {
    const { caseId, documentId } = await submittedWithFile(applicant);
    await infect(db, documentId);

    expect(await rescanOnce(deps())).toEqual({ clean: 0, infected: 1, scannerUnavailable: false });
    expect(await statusOf(db, documentId)).toBe('infected');
    expect(await view(officer, caseId)).toMatchObject({ documents: [], unscannedDocuments: 1 });
    const officerFile = await officer.get(fillPath(OFFICER_PATHS.document, { id: caseId, documentId }));
    expect(officerFile.statusCode).toBe(404);
    expect(officerFile.json().header.responseDesc).toBe(OFFICER_MESSAGES.documentNotFound);
    // Its uploader is answered as for a file that is not theirs, never with its bytes.
    const own = await applicant.get(fillPath(DOCUMENT_PATHS.one, { documentId }));
    expect(own.statusCode).toBe(404);
    expect(own.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.notFound);
    const { rows } = await db.query<{ outcome: string; detail: unknown }>(
      `SELECT outcome, detail FROM audit_events WHERE event = 'document_rescanned' AND detail->>'documentId' = $1`,
      [documentId],
    );
    expect(rows).toEqual([
      {
        outcome: 'failure',
        detail: { caseId, documentId, verdict: 'infected', signature: 'Eicar-Test-Signature.UNOFFICIAL' },
      },
    ]);
  });

  it("refuses a draft's submission naming an infected file, on its question, until it is replaced", async () => {
    const { draft, documentId } = await draftWithFile(applicant);
    await infect(db, documentId);
    expect(await rescanOnce(deps())).toMatchObject({ infected: 1 });

    const refused = await submit(applicant, draft);
    expect(refused.statusCode).toBe(400);
    // Named: the question may hold several files, and only this one is to go.
    expect(refused.json().responseJSON.fieldErrors).toEqual({ [FIELD]: DOCUMENT_MESSAGES.virusIn('receipt.pdf') });
    expect((await applicant.get(fillPath(CASE_PATHS.one, { id: draft.id }))).json().responseJSON.status).toBe('draft');
    // Listed to its uploader, marked, so that it can be removed; then another file goes in its place.
    const listed = await applicant.get(fillPath(DOCUMENT_PATHS.ofCase, { id: draft.id }));
    expect(listed.json().responseJSON.documents).toEqual([
      expect.objectContaining({ id: documentId, scanStatus: 'infected' }),
    ]);
    const removed = await applicant.post(fillPath(DOCUMENT_PATHS.delete, { documentId }), {});
    expect(removed.statusCode, removed.body).toBe(200);
    const another = (await upload(applicant, draft.id)).json().responseJSON as DocumentInfo;
    const saved = await applicant.post(fillPath(CASE_PATHS.one, { id: draft.id }), {
      data: { ...ANSWERS, [FIELD]: [another.id] },
      version: draft.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await submit(applicant, saved.json().responseJSON as CaseDetail);
    expect(submitted.statusCode, submitted.body).toBe(200);
  });
});

describe('a scanner that is down', () => {
  it('leaves the files not scanned, says so once, and the server keeps answering', async () => {
    const waiting = await app.rescan.waiting();
    const { caseId, documentId } = await submittedWithFile(applicant);
    await submittedWithFile(applicant);
    const log = silent();
    const down = clamdScanner({ socket: '/nonexistent/clamd.sock' }, 1_000);
    expect(await rescanOnce({ db, scanner: down, now: clock.now, log })).toEqual({
      clean: 0,
      infected: 0,
      scannerUnavailable: true,
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await statusOf(db, documentId)).toBe('not_scanned');
    // What the start banner counts.
    expect(await app.rescan.waiting()).toBe(waiting + 2);
    expect(await view(officer, caseId)).toMatchObject({ documents: [], unscannedDocuments: 1 });
    expect((await applicant.get(fillPath(DOCUMENT_PATHS.ofCase, { id: caseId }))).statusCode).toBe(200);
  });
});

describe("each process's rescan", () => {
  it('runs at start and again every interval: a scanner down at first is tried again', async () => {
    // The earlier tests' files are scanned too: only this one's is followed.
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE scan_status = 'not_scanned'`);
    const { documentId } = await submittedWithFile(applicant);
    let up = false;
    const scanned: number[] = [];
    const scanner: Scanner = {
      describe: 'a test scanner',
      ping: async () => up,
      scan: async (content) => {
        if (!up) throw new ScannerUnavailableError('down');
        scanned.push(content.length);
        return { clean: true };
      },
    };
    const log = silent();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const worker = startRescanWorker({ db, scanner, now: clock.now, log });
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
      expect(await statusOf(db, documentId)).toBe('not_scanned');

      up = true;
      vi.advanceTimersByTime(RESCAN_INTERVAL_MS - 1);
      expect(scanned).toEqual([]);
      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => expect(await statusOf(db, documentId)).toBe('clean'));
      expect(scanned).toEqual([PDF.length]);
      await worker.stop();
      vi.advanceTimersByTime(RESCAN_INTERVAL_MS);
      expect(scanned).toEqual([PDF.length]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops after the file in hand: the files waiting behind it are left for the next start', async () => {
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE scan_status = 'not_scanned'`);
    const { draft } = await draftWithFile(applicant);
    for (let i = 0; i < 3; i++) expect((await upload(applicant, draft.id, otherPdf(`${i}`))).statusCode).toBe(201);
    expect(await app.rescan.waiting()).toBe(4);
    let release!: () => void;
    const inHand = new Promise<void>((resolve) => (release = resolve));
    let scans = 0;
    const scanner: Scanner = {
      describe: 'a slow test scanner',
      ping: async () => true,
      scan: async () => {
        scans += 1;
        // The first scan lasts until the test lets it end; any further one would answer at once.
        if (scans === 1) await inHand;
        return { clean: true };
      },
    };
    const worker = startRescanWorker({ db, scanner, now: clock.now, log: silent() });
    await vi.waitFor(() => expect(scans).toBe(1));
    const stopped = worker.stop();
    release();
    await stopped;
    expect(scans).toBe(1);
    expect(await app.rescan.waiting()).toBe(3);
  });

  it('is started by an app with a scanner only', async () => {
    const without = await buildTestApp({});
    expect(without.app.rescan.start()).toBeNull();
    const withOne = await buildTestApp({ CLAMD_SOCKET: '/nonexistent/clamd.sock', CLAMD_TIMEOUT_MS: '1000' });
    expect(withOne.app.rescan.start()).not.toBeNull();
    // app.close() stops it (the helper closes the app after this file's tests).
    await signedInClient(withOne.app, 'ptib.demo');
  });
});
