import { PAYMENT_METHODS } from '#contract/codelists.ts';
import { describeAnswer, todayInSingapore, type FieldDef } from '#contract/forms/index.ts';
import { CERTIFICATE_ESERVICE, centsOf, isSettled, type BillState } from '#contract/payments.ts';
import type { Queryable } from '../db/database.ts';

/**
 * One payment a certificate lists: the day it was made, what and how. Not whose record it is: the PD records
 * are other applicants' (the debtor's, a trustee's), and their numbers say nothing to the certificate's reader.
 */
export interface CertifiedPayment {
  paidOn: string;
  cents: number;
  method: string;
}

export interface Certificate {
  /** The Payment Certificates record's case number: the certificate's own number. */
  caseNumber: string;
  estateReference: string;
  /** The estate's debtor as the insolvency register names them; null when the register has no such case. */
  debtorName: string | null;
  periodFrom: string;
  periodTo: string;
  /** When it was issued: its approval or its fee's payment, whichever came last. What is listed is as of then. */
  issuedAt: Date;
  payments: CertifiedPayment[];
  /** Where a copy is posted, when the applicant asked for one. */
  byPostTo: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const ADDRESS: FieldDef = { name: 'deliveryAddress', label: '', type: 'address' };

/**
 * Issues the certificate of an approved Payment Certificates record whose fee is paid, in the transaction
 * that makes it so (its approval, or its fee's payment), once; true when the record has one (docs/decisions/0085).
 * Listed: the PD records of the estate's debtor (by the identity number the insolvency register gives the
 * estate) an officer had accepted by then, dated within the period asked; one paid by PayNow once its bill was
 * paid in full, on the bank's value date of the credit that did it, for the bill's amount. Kept as issued: later changes to those records leave it.
 * Its caller holds the record's bill locked (approvalFacts, applyCredit): without it, an approval and a payment
 * committed side by side each miss the other, and neither issues it.
 */
export async function issueCertificate(tx: Queryable, caseId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ data: Record<string, unknown>; state: BillState | null; issued: boolean }>(
    `SELECT c.data, b.state, EXISTS (SELECT 1 FROM payment_certificates p WHERE p.case_id = c.id) AS issued
       FROM cases c LEFT JOIN bills b ON b.case_id = c.id
      WHERE c.id = $1::bigint AND c.app_code = $2 AND c.status = 'approved' AND c.deleted_at IS NULL`,
    [caseId, CERTIFICATE_ESERVICE],
  );
  const row = rows[0];
  if (!row) return false;
  if (row.issued) return true;
  if (!row.state || !isSettled(row.state)) return false;
  const { rows: entries } = await tx.query<{ name: string; id_number: string }>(
    'SELECT name, id_number FROM register_entries WHERE case_number = $1',
    [text(row.data.estateReference)],
  );
  const estate = entries[0];
  const payments = estate
    ? await paymentsBy(tx, estate.id_number, text(row.data.periodFrom), text(row.data.periodTo))
    : [];
  await tx.query(
    `INSERT INTO payment_certificates (case_id, issued_at, debtor_name, payments)
     VALUES ($1::bigint, $2, $3, $4::jsonb) ON CONFLICT (case_id) DO NOTHING`,
    [caseId, now, estate?.name ?? null, JSON.stringify(payments)],
  );
  return true;
}

/**
 * A certificate whose fee turned out not to be paid (its wrong match undone, docs/decisions/0071) is withdrawn:
 * issued on a payment that did not happen, it would stay downloadable with its bill owed. Paid again, it is
 * issued anew, listing what is accepted by then.
 */
export async function withdrawCertificate(tx: Queryable, caseId: string): Promise<void> {
  await tx.query('DELETE FROM payment_certificates WHERE case_id = $1::bigint', [caseId]);
}

/** The issued certificate of a record of the profile, or null while there is none. */
export async function certificateOf(db: Queryable, caseId: string, profileId: string): Promise<Certificate | null> {
  const { rows } = await db.query<{
    case_number: string;
    data: Record<string, unknown>;
    issued_at: Date | string;
    debtor_name: string | null;
    payments: CertifiedPayment[];
  }>(
    `SELECT c.case_number, c.data, p.issued_at, p.debtor_name, p.payments
       FROM payment_certificates p JOIN cases c ON c.id = p.case_id
      WHERE p.case_id = $1::bigint AND c.profile_id = $2 AND c.deleted_at IS NULL`,
    [caseId, profileId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    caseNumber: row.case_number,
    estateReference: text(row.data.estateReference),
    debtorName: row.debtor_name,
    periodFrom: text(row.data.periodFrom),
    periodTo: text(row.data.periodTo),
    issuedAt: new Date(row.issued_at),
    payments: row.payments,
    byPostTo: row.data.byPost === 'Y' ? describeAnswer(ADDRESS, row.data.deliveryAddress) : null,
  };
}

async function paymentsBy(db: Queryable, idNumber: string, from: string, to: string): Promise<CertifiedPayment[]> {
  const { rows } = await db.query<{
    data: Record<string, unknown>;
    state: BillState | null;
    amount_cents: string | null;
    settled_at: Date | string | null;
    value_date: string | null;
  }>(
    // The bank's value date of the last credit that paid it in full: a statement is imported days later.
    `SELECT c.data, b.state, b.amount_cents::text AS amount_cents, b.settled_at,
            (SELECT to_char(max(l.value_date), 'YYYY-MM-DD') FROM statement_lines l
              WHERE l.bill_id = b.id AND (l.status = 'settled' AND l.imported_at <= b.settled_at
                                          OR l.status = 'matched' AND l.resolved_at <= b.settled_at)) AS value_date
       FROM cases c LEFT JOIN bills b ON b.case_id = c.id
      WHERE c.app_code = 'PD' AND c.status = 'approved' AND c.deleted_at IS NULL
        AND upper(c.data->>'debtorIdNumber') = upper($1)
      ORDER BY c.id`,
    [idNumber],
  );
  const payments: CertifiedPayment[] = [];
  for (const r of rows) {
    const method = text(r.data.paymentMethod);
    // A PayNow payment is made when its bill is paid in full, for the bill's amount (more received is money to
    // return, not paid to the estate), on the bank's value date of the credit that did it (the day of the
    // portal's own simulated payment has none); the form's own date, if any, is not asked of it. Another
    // method's is as the debtor gave it, whatever bill an earlier answer of PayNow left cancelled.
    const byBill = method === 'PAYNOW';
    if (byBill && (!r.state || !isSettled(r.state) || !r.settled_at)) continue;
    const paidOn = byBill ? (r.value_date ?? todayInSingapore(new Date(r.settled_at!))) : text(r.data.paymentDate);
    const cents = byBill ? Number(r.amount_cents) : centsOf(r.data.paymentAmount);
    if (!cents || paidOn < from || paidOn > to) continue;
    payments.push({ paidOn, cents, method: PAYMENT_METHODS.find((m) => m.code === method)?.label ?? method });
  }
  // Stable sort: the same day's payments in the order their records were made.
  return payments.sort((a, b) => a.paidOn.localeCompare(b.paidOn));
}
