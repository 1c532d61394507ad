import { PAYMENT_METHODS } from '#contract/codelists.ts';
import { describeAnswer, todayInSingapore, type FieldDef } from '#contract/forms/index.ts';
import { CERTIFICATE_ESERVICE, centsOf, isSettled, type BillState } from '#contract/payments.ts';
import type { Queryable } from '../db/database.ts';

/** One payment a certificate lists: the day it was made, what, how, and the debtor's record of it. */
export interface CertifiedPayment {
  paidOn: string;
  cents: number;
  method: string;
  caseNumber: string;
}

export interface Certificate {
  /** The Payment Certificates record's case number: the certificate's own number. */
  caseNumber: string;
  estateReference: string;
  /** The estate's debtor as the insolvency register names them; null when the register has no such case. */
  debtorName: string | null;
  periodFrom: string;
  periodTo: string;
  /** When it was issued: the later of its approval and its fee's payment. What is listed is as of then. */
  issuedAt: Date;
  payments: CertifiedPayment[];
  /** Where a copy is posted, when the applicant asked for one. */
  byPostTo: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const ADDRESS: FieldDef = { name: 'deliveryAddress', label: '', type: 'address' };

/**
 * The certificate of an approved Payment Certificates record of the profile whose fee is paid, or null
 * (docs/decisions/0085). Listed: the PD records of the estate's debtor (by the identity number the insolvency
 * register gives the estate) an officer had accepted by the time of issue, dated within the period asked; one
 * paid by PayNow counts once its bill was paid in full, on that day, for what the bill received.
 */
export async function certificateOf(db: Queryable, caseId: string, profileId: string): Promise<Certificate | null> {
  const { rows } = await db.query<{
    case_number: string;
    data: Record<string, unknown>;
    state: BillState | null;
    settled_at: Date | string | null;
    approved_at: Date | string | null;
  }>(
    `SELECT c.case_number, c.data, b.state, b.settled_at,
            (SELECT max(h.changed_at) FROM case_status_history h
              WHERE h.case_id = c.id AND h.to_status = 'approved') AS approved_at
       FROM cases c LEFT JOIN bills b ON b.case_id = c.id
      WHERE c.id = $1::bigint AND c.profile_id = $2 AND c.app_code = $3 AND c.status = 'approved'
        AND c.deleted_at IS NULL`,
    [caseId, profileId, CERTIFICATE_ESERVICE],
  );
  const row = rows[0];
  if (!row || !row.state || !isSettled(row.state) || !row.settled_at || !row.approved_at) return null;
  const issuedAt = new Date(Math.max(new Date(row.settled_at).getTime(), new Date(row.approved_at).getTime()));
  const estateReference = text(row.data.estateReference);
  const periodFrom = text(row.data.periodFrom);
  const periodTo = text(row.data.periodTo);
  const { rows: entries } = await db.query<{ name: string; id_number: string }>(
    'SELECT name, id_number FROM register_entries WHERE case_number = $1',
    [estateReference],
  );
  const estate = entries[0];
  return {
    caseNumber: row.case_number,
    estateReference,
    debtorName: estate?.name ?? null,
    periodFrom,
    periodTo,
    issuedAt,
    payments: estate ? await paymentsBy(db, estate.id_number, periodFrom, periodTo, issuedAt) : [],
    byPostTo: row.data.byPost === 'Y' ? describeAnswer(ADDRESS, row.data.deliveryAddress) : null,
  };
}

async function paymentsBy(
  db: Queryable,
  idNumber: string,
  from: string,
  to: string,
  asAt: Date,
): Promise<CertifiedPayment[]> {
  const { rows } = await db.query<{
    case_number: string;
    data: Record<string, unknown>;
    state: BillState | null;
    amount_cents: string | null;
    settled_at: Date | string | null;
  }>(
    `SELECT c.case_number, c.data, b.state, b.amount_cents::text AS amount_cents, b.settled_at
       FROM cases c LEFT JOIN bills b ON b.case_id = c.id
      WHERE c.app_code = 'PD' AND c.status = 'approved' AND c.deleted_at IS NULL
        AND upper(c.data->>'debtorIdNumber') = upper($1)
        AND EXISTS (SELECT 1 FROM case_status_history h
                     WHERE h.case_id = c.id AND h.to_status = 'approved' AND h.changed_at <= $2)`,
    [idNumber, asAt],
  );
  const payments: CertifiedPayment[] = [];
  for (const r of rows) {
    const method = text(r.data.paymentMethod);
    // A PayNow payment is made when its bill is paid in full, for the bill's amount (more received is money to
    // return, not paid to the estate); the form's own date, if any, is not asked of it. Another method's is
    // as the debtor gave it, whatever bill an earlier answer of PayNow left cancelled.
    const byBill = method === 'PAYNOW';
    if (byBill && (!r.state || !isSettled(r.state) || !r.settled_at || new Date(r.settled_at) > asAt)) continue;
    const paidOn = byBill ? todayInSingapore(new Date(r.settled_at!)) : text(r.data.paymentDate);
    const cents = byBill ? Number(r.amount_cents) : centsOf(r.data.paymentAmount);
    if (!cents || paidOn < from || paidOn > to) continue;
    const label = PAYMENT_METHODS.find((m) => m.code === method)?.label ?? method;
    payments.push({ paidOn, cents, method: label, caseNumber: r.case_number });
  }
  return payments.sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.caseNumber.localeCompare(b.caseNumber));
}
