import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS } from '#contract/documents.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import { todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { pdfText } from '../test/pdf-text.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { otherPdf, uploadFile } from '../test/upload.ts';
import { doAction, officerTestApp, view } from '../officer/test-support.ts';

/**
 * A file on a question that does not apply (BSA 6's payslips of a bankrupt not employed) stays with the draft
 * while it is edited and is not sent: the submission deletes it, whatever the client sends, and neither the
 * officers, the record's files nor its acknowledgement have it (docs/decisions/0110).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
let gateway: FakeSmsGateway;
let db: Database;
let applicant: TestClient;
let officer: TestClient;
let form: FormDefinition;

beforeAll(async () => {
  ({ gateway, db, applicant, officer } = await officerTestApp(clock));
  form = ((await applicant.get(`${API_PATHS.eservices}/BSA`)).json().responseJSON as EserviceDetail).form;
});
afterAll(async () => {
  await gateway.close();
});

const employedAnswers = () => ({
  ...sampleAnswers(form, todayInSingapore(clock.now())),
  employed: 'Y',
  employerName: 'Acme Pte Ltd',
});

/** A BSA draft (employed) with one payslip uploaded, as a scanner found it. */
async function draftWithPayslip(scan: 'clean' | 'infected' = 'clean') {
  const created = await applicant.post(API_PATHS.cases, { appCode: 'BSA', data: employedAnswers(), draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json().responseJSON as CaseDetail;
  const uploaded = await uploadFile(applicant, draft.id, 'payslips', 'payslip.pdf', otherPdf(draft.id));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const payslip = uploaded.json().responseJSON as DocumentInfo;
  await db.query(`UPDATE documents SET scan_status = $2 WHERE id = $1::uuid`, [payslip.id, scan]);
  return { draft, payslip };
}

const save = (draft: CaseDetail, data: Record<string, unknown>) =>
  applicant.post(fillPath(CASE_PATHS.one, { id: draft.id }), { data, version: draft.version, draft: true });

const submit = (id: string, version: number) =>
  applicant.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id })}`, { version });

const filesOf = async (id: string) =>
  ((await applicant.get(fillPath(DOCUMENT_PATHS.ofCase, { id }))).json().responseJSON as { documents: DocumentInfo[] })
    .documents;

const stillKept = async (documentId: string) =>
  (await db.query('SELECT 1 FROM documents WHERE id = $1::uuid', [documentId])).rows.length > 0;

describe('payslips uploaded, then "Employed during the period: No" (docs/decisions/0110)', () => {
  it('stay with the draft, and go with nothing when it is submitted', async () => {
    const { draft, payslip } = await draftWithPayslip();
    // An API client sends them on the question its own answers hide: kept by the record, not by the answers.
    const saved = await save(draft, { ...employedAnswers(), employed: 'N', payslips: [payslip.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedDraft = saved.json().responseJSON as CaseDetail;
    expect(savedDraft.data).not.toHaveProperty('payslips');
    expect((await filesOf(draft.id)).map((d) => d.id)).toEqual([payslip.id]);

    const sent = await submit(draft.id, savedDraft.version);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await stillKept(payslip.id)).toBe(false);
    expect(await filesOf(draft.id)).toEqual([]);
    expect(await view(officer, draft.id)).toMatchObject({ documents: [], unscannedDocuments: 0 });
    const download = await officer.get(fillPath(OFFICER_PATHS.document, { id: draft.id, documentId: payslip.id }));
    expect(download.statusCode).toBe(404);
    const ack = await applicant.get(fillPath(CASE_PATHS.acknowledgement, { id: draft.id }));
    expect(ack.statusCode).toBe(200);
    const text = await pdfText(ack.rawPayload);
    expect(text).not.toContain('payslip.pdf');
    expect(text).toContain('No documents were attached.');
    const { rows } = await db.query<{ detail: { unsentDocuments?: string[] } }>(
      `SELECT detail FROM audit_events WHERE event = 'case_submit' AND detail->>'caseId' = $1`,
      [draft.id],
    );
    expect(rows[0]?.detail.unsentDocuments).toEqual([payslip.id]);
  });

  it('are not a reason to refuse the submission when a scanner found them infected', async () => {
    const { draft, payslip } = await draftWithPayslip('infected');
    const saved = await save(draft, { ...employedAnswers(), employed: 'N' });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await submit(draft.id, (saved.json().responseJSON as CaseDetail).version);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await stillKept(payslip.id)).toBe(false);
  });

  it('still refuse it, infected, on the question that applies, and are sent clean', async () => {
    const infected = await draftWithPayslip('infected');
    const named = await save(infected.draft, { ...employedAnswers(), payslips: [infected.payslip.id] });
    const refused = await submit(infected.draft.id, (named.json().responseJSON as CaseDetail).version);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().responseJSON.fieldErrors).toEqual({
      payslips: DOCUMENT_MESSAGES.virusIn('payslip.pdf'),
    });

    const { draft, payslip } = await draftWithPayslip();
    const saved = await save(draft, { ...employedAnswers(), payslips: [payslip.id] });
    const sent = await submit(draft.id, (saved.json().responseJSON as CaseDetail).version);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await view(officer, draft.id)).documents).toEqual([expect.objectContaining({ id: payslip.id })]);
  });
});

describe('a payslip added for a request for more information, then "Employed: No"', () => {
  it('is not sent with the answer, and the files sent before stay the record’s', async () => {
    const { draft, payslip } = await draftWithPayslip();
    const saved = await save(draft, { ...employedAnswers(), payslips: [payslip.id] });
    const sent = await submit(draft.id, (saved.json().responseJSON as CaseDetail).version);
    expect(sent.statusCode, sent.body).toBe(200);
    clock.advance(60_000);
    await doAction(officer, draft.id, { action: 'assignToMe' });
    await doAction(officer, draft.id, {
      action: 'requestInfo',
      message: 'Were you employed in the period?',
      fields: ['payslips'],
    });

    clock.advance(60_000);
    const added = (await uploadFile(applicant, draft.id, 'payslips', 'later.pdf', otherPdf('later'))).json()
      .responseJSON as DocumentInfo;
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [added.id]);
    const now = (await applicant.get(fillPath(CASE_PATHS.one, { id: draft.id }))).json().responseJSON as CaseDetail;
    const answers: Record<string, unknown> = { ...now.data, employed: 'N', payslips: [payslip.id, added.id] };
    delete answers.employerName;
    const resent = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: draft.id }), {
      version: now.version,
      data: answers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await stillKept(added.id)).toBe(false);
    expect(await stillKept(payslip.id)).toBe(true);
    expect((await view(officer, draft.id)).documents.map((d) => d.id)).toEqual([payslip.id]);
  });
});
