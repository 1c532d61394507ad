import { createHash, randomUUID } from 'node:crypto';
import type { CaseStatus } from '#contract/cases.ts';
import { DEFAULT_DOCUMENT_LIMITS } from '#contract/documents.ts';
import { formatIsoDate, formatMoney, type FormValues } from '#contract/forms/index.ts';
import { addDays, todayInSingapore } from '#contract/forms/validate.ts';
import { OFFICER_MESSAGES, decisionDocumentMissing } from '#contract/officer.ts';
import { setStatus } from '../cases/records.ts';
import { fixSubmissionDigest } from '../cases/service.ts';
import { cleanFileName, judgeSize, judgeType } from '../documents/judge.ts';
import { keepForDecision, sendWithDecision } from '../officer/actions.ts';
import { setDueOnSubmission } from '../officer/due.ts';
import { PdfWriter } from '../pdf/document.ts';
import { drawRefund, issueBill, payInFull } from '../payments/bills.ts';
import { REFUND_ESERVICE } from '#contract/payments.ts';
import type { Queryable } from './database.ts';

/** A demo record: whose, which e-service, how far it has gone, and what its applicant answered. */
interface DemoRecord {
  appCode: string;
  profileId: string;
  caseType: string;
  status: CaseStatus;
  /** The login that filled it in (ptib.master for the profiles it acts for). */
  applicant: string;
  /**
   * Answers as the e-service's current form asks them; for a submitted record, ones its checks accept.
   * `receipts`: the receipt numbers of the records seeded before it whose bills were paid, by e-service.
   */
  answers: (today: string, receipts: ReadonlyMap<string, string>) => FormValues;
  /** Questions answered with a file: one small PDF each. */
  files?: Record<string, string>;
  /** Its bill paid in full, through the demo bank as the pay-now stand-in pays one. */
  paid?: true;
  /**
   * The file the officer sent with its decision (docs/decisions/0090), made from its answers: the end of an
   * e-service whose decision must carry one (DECISION_DOCUMENT_REQUIRED), which a demo user would not see else.
   */
  decisionDocument?: { fileName: string; content: (answers: FormValues, now: Date) => Promise<Uint8Array> };
}

const sgd = (amount: string) => ({ amount, currency: 'SGD' });

/**
 * The demo's records (decisions.md §2). A submitted one holds answers its form's checks accept, with its
 * files, history, due date and digest, as a submission through the portal leaves them: an officer can
 * review it, ask for more information, and the applicant can answer (a record of empty answers could not be
 * sent back). A decided one carries what its decision sent, as the officer's would. Checked against the current
 * forms by demo-records.api.test.ts.
 */
export const DEMO_RECORDS: readonly DemoRecord[] = [
  {
    appCode: 'PCD',
    profileId: 'PTIB00000001',
    caseType: 'PC',
    status: 'approved',
    applicant: 'ptib.demo',
    paid: true,
    answers: () => ({
      courtCaseReference: 'HC/B 1234/2026',
      payerName: 'Tan Ah Kow',
      payerType: 'I',
      payerNric: 'S9470855I',
      depositAmount: sgd('2000.00'),
      remarks: '',
      declaration: true,
    }),
  },
  {
    appCode: 'PRD',
    profileId: 'PTIB00000001',
    caseType: 'RD',
    status: 'submitted',
    applicant: 'ptib.demo',
    // The deposit of the record above, paid: a refund may only draw on a receipt of the applicant's own.
    answers: (today, receipts) => ({
      receiptNumber: receipts.get('PCD') ?? '',
      refundAmount: sgd('1500.00'),
      reason: 'The bankruptcy application for which the deposit was paid has been withdrawn.',
      entityType: 'I',
      payeeName: 'Tan Ah Kow',
      payeeNric: 'S9470855I',
      bankAccountNumber: '1234567890',
      declaration: true,
    }),
  },
  {
    appCode: 'PAR',
    profileId: 'PTIB00000001',
    caseType: 'PR',
    status: 'draft',
    applicant: 'ptib.demo',
    answers: () => ({}),
  },
  {
    appCode: 'FIR',
    profileId: 'PTIB00000011',
    caseType: 'FR',
    status: 'in_review',
    applicant: 'ptib.master',
    answers: (today) => ({
      estateReference: 'BS 000042 2026',
      reportType: 'periodic',
      periodStart: addDays(today, -200),
      periodEnd: addDays(today, -20),
      totalReceipts: sgd('48250.00'),
      totalPayments: sgd('31900.75'),
      remarks: 'Realisation of the debtor’s shares is still under way.',
      declaration: true,
    }),
    files: { report: 'statement-of-accounts.pdf' },
  },
  {
    appCode: 'PNC',
    profileId: 'PTIB00000011',
    caseType: 'PN',
    status: 'draft',
    applicant: 'ptib.master',
    answers: () => ({}),
  },
  {
    appCode: 'DAR',
    profileId: 'PTIB00000012',
    caseType: 'DA',
    status: 'submitted',
    applicant: 'ptib.master',
    answers: (today) => ({
      applicantName: 'Koh Mei Lin',
      applicantId: 'S1234567D',
      gender: 'F',
      nationality: 'SG',
      email: 'koh.meilin@example.com',
      monthlyIncome: sgd('4200.00'),
      debts: [{ creditorName: 'DBS Bank Ltd', amount: sgd('18500.00') }],
      proposedRepayment: sgd('650.00'),
      repaymentMonths: '30',
      planStart: addDays(today, 30),
      bankruptcyApplicationFiled: 'N',
      declaration: true,
    }),
  },
  // Last, so that the records above keep their case numbers. The estate is the financial report's, and so is
  // the period, so the statement's figures are the report's.
  {
    appCode: 'ESA',
    profileId: 'PTIB00000011',
    caseType: 'ES',
    status: 'approved',
    applicant: 'ptib.master',
    answers: (today) => ({
      estateReference: 'BS 000042 2026',
      statementFrom: addDays(today, -200),
      statementTo: addDays(today, -20),
      statementCurrency: 'SGD',
      mailCopy: 'N',
      declaration: true,
    }),
    decisionDocument: { fileName: 'statement-of-account-BS-000042-2026.pdf', content: statementOfAccount },
  },
];

/**
 * The demo's statement of account, as an officer prepares one outside the portal (docs/decisions/0090): made
 * up, with the figures of the demo's financial report of the same estate and period.
 */
async function statementOfAccount(answers: FormValues, now: Date): Promise<Uint8Array> {
  const estate = String(answers.estateReference);
  const money = (amount: string) => formatMoney(amount, String(answers.statementCurrency));
  const pdf = await PdfWriter.create({ title: `Statement of account ${estate}`, subject: `The estate ${estate}` }, now);
  pdf
    .heading('Statement of account', 18)
    .row('Estate', estate)
    .row('Period', `${formatIsoDate(String(answers.statementFrom))} to ${formatIsoDate(String(answers.statementTo))}`)
    .space(12)
    .row('Receipts', money('48250.00'))
    .row('Payments', money('31900.75'))
    .row('Balance held for the estate', money('16349.25'))
    .space(12)
    .paragraph('A demonstration statement: the figures are made up.', { muted: true });
  return pdf.bytes();
}

/** The smallest PDF a viewer opens: what a demo record's file question holds. */
const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Who moves a demo record: its applicant, or the back office's demo officer. */
interface Movers {
  /** Account ids of the demo logins by login name. */
  accounts: ReadonlyMap<string, number>;
  officer: { accountId: number; displayName: string };
}

/** The moves that take a draft to `status`, each by the applicant or the officer, with the officer's words. */
function movesTo(
  status: CaseStatus,
  officer: string,
): Array<{ to: CaseStatus; byOfficer: boolean; message: string | null }> {
  const submitted = { to: 'submitted' as const, byOfficer: false, message: null };
  const assigned = { to: 'in_review' as const, byOfficer: true, message: OFFICER_MESSAGES.history.assigned(officer) };
  if (status === 'submitted') return [submitted];
  if (status === 'in_review') return [submitted, assigned];
  if (status === 'approved') return [submitted, assigned, { to: 'approved', byOfficer: true, message: null }];
  return [];
}

/** Inserts the demo records in the seed's transaction, each as the portal and the back office leave it. */
export async function insertDemoRecords(tx: Queryable, movers: Movers, now: Date): Promise<void> {
  const today = todayInSingapore(now);
  const year = Number(today.slice(0, 4));
  const { officer } = movers;
  const receipts = new Map<string, string>();
  for (const record of DEMO_RECORDS) {
    const applicant = movers.accounts.get(record.applicant)!;
    const { rows } = await tx.query<{ id: string; case_number: string; form_version: number }>(
      `WITH n AS (SELECT nextval('case_search_number_seq') AS v)
       INSERT INTO cases (app_code, profile_id, case_type, search_number, case_year, case_number, status, data,
                          form_version, created_by, updated_by, created_at, updated_at)
       SELECT $1, $2, $3::text, n.v, $4::int, $3::text || ' ' || lpad(n.v::text, 6, '0') || ' ' || $4::text, 'draft',
              '{}'::jsonb, e.form_version, $5, $5, $6, $6
         FROM n, eservices e WHERE e.code = $1
       RETURNING id::text AS id, case_number, form_version`,
      [record.appCode, record.profileId, record.caseType, year, applicant, now],
    );
    const row = rows[0]!;
    const answers: FormValues = { ...record.answers(today, receipts) };
    for (const [field, fileName] of Object.entries(record.files ?? {})) {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO documents (id, case_id, field_name, file_name, media_type, size_bytes, sha256, content, scan_status,
                                uploaded_by, uploaded_at)
         VALUES ($1, $2::bigint, $3, $4, 'application/pdf', $5, $6, $7, 'clean', $8, $9)`,
        [id, row.id, field, fileName, DEMO_PDF.length, sha256(DEMO_PDF), DEMO_PDF, applicant, now],
      );
      answers[field] = [id];
    }
    await tx.query('UPDATE cases SET data = $2::jsonb WHERE id = $1::bigint', [row.id, JSON.stringify(answers)]);
    let from: CaseStatus = 'draft';
    for (const move of movesTo(record.status, officer.displayName)) {
      const by = move.byOfficer
        ? { accountId: officer.accountId, name: officer.displayName }
        : { accountId: applicant, name: record.applicant };
      if (move.to === 'approved') await keepDecisionDocument(tx, record, row.id, answers, officer.accountId, now);
      await setStatus(tx, row.id, from, move.to, by, now, move.message);
      if (move.to === 'approved') await sendWithDecision(tx, row.id, await lastHistoryId(tx, row.id));
      if (move.to === 'submitted') {
        await fixSubmissionDigest(tx, row.id, row.case_number, row.form_version, answers);
        await setDueOnSubmission(tx, row.id, now);
        // What a submission through the portal does to money: a payment's bill, a refund's draw on its receipt.
        const payment = {
          caseId: row.id,
          caseNumber: row.case_number,
          appCode: record.appCode,
          profileId: record.profileId,
          data: answers,
        };
        const refused = {
          ...(record.appCode === REFUND_ESERVICE ? await drawRefund(tx, payment, record.applicant, now) : {}),
          ...(await issueBill(tx, payment, record.applicant, now)),
        };
        if (Object.keys(refused).length > 0)
          throw new Error(`demo record ${record.appCode}: ${JSON.stringify(refused)}`);
      }
      if (move.to === 'in_review')
        await tx.query('UPDATE cases SET assigned_to = $2 WHERE id = $1::bigint', [row.id, officer.accountId]);
      from = move.to;
    }
    if (record.paid) {
      await payInFull(tx, row.id, record.profileId, now);
      const { rows: bills } = await tx.query<{ receipt_number: string }>(
        'SELECT receipt_number FROM bills WHERE case_id = $1::bigint',
        [row.id],
      );
      receipts.set(record.appCode, bills[0]!.receipt_number);
    }
  }
}

/**
 * Keeps the record's decision document for its approval as the officer's attachment is kept: judged as an
 * upload is, then stored as the officer's. Marked clean unscanned, as the applicants' demo files are: made here,
 * it holds nothing, and only a clean one reaches the applicant. An approval that requires one and has none
 * stops the seed, as the officer's would be refused.
 */
async function keepDecisionDocument(
  tx: Queryable,
  record: DemoRecord,
  caseId: string,
  answers: FormValues,
  officerId: number,
  now: Date,
): Promise<void> {
  const missing = decisionDocumentMissing(record.appCode, 'approve', record.decisionDocument ? 1 : 0);
  if (missing) throw new Error(`demo record ${record.appCode}: ${missing}`);
  if (!record.decisionDocument) return;
  const content = Buffer.from(await record.decisionDocument.content(answers, now));
  const judged = await judgeType(content, DEFAULT_DOCUMENT_LIMITS);
  const refused = judgeSize(content, DEFAULT_DOCUMENT_LIMITS) ?? (judged.ok ? null : judged.message);
  if (refused || !judged.ok) throw new Error(`demo record ${record.appCode}: ${refused}`);
  const file = {
    fileName: cleanFileName(record.decisionDocument.fileName, judged.type),
    mediaType: judged.mediaType,
    content,
    sha256: sha256(content),
    scanStatus: 'clean' as const,
  };
  await keepForDecision(tx, caseId, file, officerId, now);
}

/** The status history row of the record's latest move: the decision its files are sent with. */
async function lastHistoryId(tx: Queryable, caseId: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT max(id)::text AS id FROM case_status_history WHERE case_id = $1::bigint',
    [caseId],
  );
  return rows[0]!.id;
}
