import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS, CASE_STATUS_LABELS, DECISION_DOCUMENTS_NEXT_STEP, isEditable } from '#contract/cases.ts';
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_PATHS } from '#contract/documents.ts';
import { validate } from '#contract/forms/validate.ts';
import { parseFormDefinition } from '#contract/forms/schema.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { PAYMENT_PATHS, type Bill } from '#contract/payments.ts';
import type { DocumentList } from '#contract/schemas/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from './database.ts';
import { DEMO_RECORDS } from './demo-records.ts';
import { judgeType } from '../documents/judge.ts';
import { signedInClient } from '../test/client.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { doAction, signedInOfficer, view } from '../officer/test-support.ts';

const FILE_ID = '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22';
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp({ SMS_GATEWAY_URL: gateway.url, LOG_LEVEL: 'error' }));
});
afterAll(async () => {
  await gateway.close();
});

const demoRecord = async (appCode: string) =>
  (
    await db.query<{ id: string }>(
      `SELECT id::text AS id FROM cases WHERE app_code = $1 AND created_by IN
         (SELECT id FROM accounts WHERE login_name IN ('ptib.demo', 'ptib.master')) ORDER BY id LIMIT 1`,
      [appCode],
    )
  ).rows[0]!.id;

describe('the demo records (server/db/demo-records.ts)', () => {
  // An officer may ask for more information on a demo record; its applicant must then be able to send it
  // back, which checks the whole record again as a submission does. The current form is the database's: a
  // version published after definitions.ts's (a migration) is what the record is filled in under.
  it.each(DEMO_RECORDS.filter((r) => !isEditable(r.status)).map((r) => [r.appCode, r] as const))(
    '%s holds answers its current form accepts as a submission, on any day',
    async (code, record) => {
      const { rows } = await db.query<{ definition: unknown }>(
        `SELECT v.definition FROM eservices e
           JOIN eservice_form_versions v ON v.code = e.code AND v.version = e.form_version
          WHERE e.code = $1`,
        [code],
      );
      const form = parseFormDefinition(rows[0]!.definition);
      for (const today of ['2026-01-01', '2026-11-26', '2027-02-28']) {
        const answers = { ...record.answers(today, new Map([['PCD', '2026000001']])) };
        for (const field of Object.keys(record.files ?? {})) answers[field] = [FILE_ID];
        expect(validate(form, answers, { mode: 'submit', today }), today).toEqual({});
      }
    },
  );

  // A profile's message is set once, at seeding: one about a record's progress ("your refund is being
  // processed") stays on the dashboard after the record is approved and paid out.
  it("a demo profile's dashboard message names no state that its records move on from", async () => {
    const { rows } = await db.query<{ message: string }>(
      'SELECT dashboard_message AS message FROM ptib_profiles WHERE dashboard_message IS NOT NULL',
    );
    expect(rows.length).toBeGreaterThan(0);
    const states = [...Object.values(CASE_STATUS_LABELS), 'being processed', 'paid'];
    for (const { message } of rows)
      for (const state of states) expect(message.toLowerCase(), message).not.toContain(state.toLowerCase());
  });

  it('a submitted one reads to the officer as sent: its answers, date, file and history', async () => {
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    const prd = await view(officer, await demoRecord('PRD'));
    expect(prd.status).toBe('submitted');
    expect(prd.submittedAt).not.toBeNull();
    expect(prd.dueDate).not.toBeNull();
    expect(prd.answerRows.find((r) => r.label === 'Name of payee')?.value).toBe('Tan Ah Kow');
    // The receipt it draws on is the demo deposit's, named with what it received.
    expect(prd.refundOf).toMatchObject({ eserviceTitle: 'Payment of Court Deposits', drawnCents: 150000 });
    expect(prd.history.map((h) => h.to)).toEqual(['submitted']);
    const fir = await view(officer, await demoRecord('FIR'));
    expect(fir.status).toBe('in_review');
    expect(fir.assignedTo?.displayName).toBe('Officer Demo');
    expect(fir.documents.map((d) => d.fileName)).toEqual(['statement-of-accounts.pdf']);
  });

  // The end of an estate account statement, which the demo showed nobody: the statement the officer sent with
  // the approval (docs/decisions/0090), kept as an officer's attachment is, for its profile alone.
  it('the estate account statement is approved with the statement, which its profile alone downloads', async () => {
    const id = await demoRecord('ESA');
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    const esa = await view(officer, id);
    expect(esa.status).toBe('approved');
    expect(esa.history.map((h) => [h.to, h.by])).toEqual([
      ['submitted', OFFICER_SCREEN_TEXT.actingFor('Lim Mei Ling', 'Chua & Partners LLP')],
      ['in_review', 'Officer Demo'],
      ['approved', 'Officer Demo'],
    ]);
    expect(esa.documents).toEqual([]);
    expect(esa.decisionDocuments).toEqual([
      expect.objectContaining({
        fileName: 'statement-of-account-BS-000042-2026.pdf',
        mediaType: 'application/pdf',
        scanStatus: 'clean',
        attachedBy: 'Officer Demo',
        sentAt: esa.history.at(-1)!.at,
      }),
    ]);
    const sent = esa.decisionDocuments[0]!;
    // Stored as the officer's, apart from the applicant's answers, and sent with the approval's history row.
    const { rows } = await db.query<{ origin: string; field_name: string | null; by_officer: boolean; sent: boolean }>(
      `SELECT d.origin, d.field_name, d.uploaded_by = o.account_id AS by_officer,
              d.decision_id = (SELECT max(h.id) FROM case_status_history h
                                WHERE h.case_id = d.case_id AND h.to_status = 'approved') AS sent
         FROM documents d, officers o WHERE d.id = $1::uuid AND o.display_name = 'Officer Demo'`,
      [sent.id],
    );
    expect(rows).toEqual([{ origin: 'officer', field_name: null, by_officer: true, sent: true }]);

    // ptib.master files for Chua & Partners LLP (PTIB00000011).
    const master = await signedInClient(app, 'ptib.master');
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' });
    expect(switched.statusCode, switched.body).toBe(200);
    const record = (await master.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail;
    expect(record.status).toBe('approved');
    expect(record.progress?.nextStep).toBe(DECISION_DOCUMENTS_NEXT_STEP.approved);
    const listed = (await master.get(fillPath(DOCUMENT_PATHS.ofCase, { id }))).json().responseJSON as DocumentList;
    expect(listed.decisionDocuments).toEqual([
      expect.objectContaining({ id: sent.id, fileName: sent.fileName, sizeBytes: sent.sizeBytes }),
    ]);
    const file = await master.get(fillPath(DOCUMENT_PATHS.one, { documentId: sent.id }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBe(sent.sizeBytes);
    expect(await judgeType(file.rawPayload, DEFAULT_DOCUMENT_LIMITS)).toMatchObject({ ok: true, type: 'pdf' });

    // ptib.demo's is another profile: neither the list nor the file.
    const demo = await signedInClient(app, 'ptib.demo');
    expect((await demo.get(fillPath(DOCUMENT_PATHS.ofCase, { id }))).statusCode).toBe(404);
    expect((await demo.get(fillPath(DOCUMENT_PATHS.one, { documentId: sent.id }))).statusCode).toBe(404);
  });

  it('after a request for more information, its applicant can answer it and send it back', async () => {
    const id = await demoRecord('DAR');
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    await doAction(officer, id, { action: 'assignToMe' });
    await doAction(officer, id, {
      action: 'requestInfo',
      message: 'Please give your income after the pay rise in March.',
      fields: ['monthlyIncome'],
    });
    // ptib.master files for Koh Legal Services (PTIB00000012).
    const master = await signedInClient(app, 'ptib.master');
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000012' });
    expect(switched.statusCode, switched.body).toBe(200);
    const record = (await master.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail;
    expect(record.status).toBe('more_info_requested');
    expect(record.data.applicantName).toBe('Koh Mei Lin');
    const sent = await master.post(fillPath(CASE_PATHS.resubmit, { id }), {
      version: record.version,
      data: { ...record.data, monthlyIncome: { amount: '4600.00', currency: 'SGD' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json().responseJSON as CaseDetail).status).toBe('in_review');
    expect((await view(officer, id)).changes.map((c) => c.label)).toEqual(['Monthly income']);
  });

  it('the refund names a receipt of its applicant’s own: its amount can be changed at an officer’s request', async () => {
    const id = await demoRecord('PRD');
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    await doAction(officer, id, { action: 'assignToMe' });
    await doAction(officer, id, {
      action: 'requestInfo',
      message: 'Please ask only for what the court has not kept.',
      fields: ['refundAmount'],
    });
    const demo = await signedInClient(app, 'ptib.demo');
    const record = (await demo.get(fillPath(CASE_PATHS.one, { id }))).json().responseJSON as CaseDetail;
    const sent = await demo.post(fillPath(CASE_PATHS.resubmit, { id }), {
      version: record.version,
      data: { ...record.data, refundAmount: { amount: '1000.00', currency: 'SGD' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The receipt is the demo deposit's, paid in full, and the refund drew on it.
    const bills = (await demo.get(PAYMENT_PATHS.bills)).json().responseJSON as { bills: Bill[] };
    const paid = bills.bills.find((b) => b.receiptNumber === record.data.receiptNumber);
    expect(paid?.state).toBe('paid');
  });
});
