import { DECISION_DOCUMENTS_NEXT_STEP, NEXT_STEP_MESSAGES, applicantStatus, type CaseStatus } from '#contract/cases.ts';
import { allFields, formatIsoDate, todayInSingapore } from '#contract/forms/index.ts';
import {
  CERTIFICATE_ESERVICE,
  DEPOSIT_ESERVICE,
  PAYMENT_MESSAGES,
  formatMoney,
  isPayable,
  isSettled,
  refundableCents,
} from '#contract/payments.ts';
import type { CaseProgress } from '#contract/schemas/eservices.ts';
import type { Queryable } from '../db/database.ts';
import { loadEservice } from './catalogue.ts';
import {
  decisionDocumentCount,
  progressBill,
  progressRefund,
  type HistoryRow,
  type InfoRequestRow,
  type ProgressBillRow,
  type ProgressRefundRow,
  type ProgressRows,
} from './records.ts';

/** A record's status history, oldest first: what its steps are made from. */
async function historyRows(db: Queryable, id: string): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    'SELECT from_status, to_status, changed_at, message FROM case_status_history WHERE case_id = $1::bigint ORDER BY id',
    [id],
  );
  return rows;
}

/** Reads what a record's progress is made of, as the dashboard's overview reads it with its records. */
async function progressRows(db: Queryable, c: { id: string; status: CaseStatus }, now: Date): Promise<ProgressRows> {
  const [history, request, reason, bill, refund, documents] = await Promise.all([
    historyRows(db, c.id),
    c.status === 'more_info_requested'
      ? db
          .query<InfoRequestRow>(
            `SELECT r.message, r.requested_at, r.fields, k.form_version FROM case_info_requests r
               JOIN cases k ON k.id = r.case_id
              WHERE r.case_id = $1::bigint AND r.answered_at IS NULL ORDER BY r.id DESC LIMIT 1`,
            [c.id],
          )
          .then((r) => r.rows[0] ?? null)
      : null,
    c.status === 'rejected'
      ? db
          .query<{ decision_reason: string | null }>('SELECT decision_reason FROM cases WHERE id = $1::bigint', [c.id])
          .then((r) => r.rows[0]?.decision_reason ?? null)
      : null,
    // A rejected record's bill too: a deposit it paid comes back by a refund (depositToReclaim).
    mayOweBill(c.status) || c.status === 'rejected'
      ? db
          .query<{ bill: ProgressBillRow }>(
            `SELECT ${progressBill('$2')} AS bill FROM bills b WHERE b.case_id = $1::bigint`,
            [c.id, todayInSingapore(now)],
          )
          .then((r) => r.rows[0]?.bill ?? null)
      : null,
    c.status === 'approved'
      ? db
          .query<{ refund: ProgressRefundRow }>(
            `SELECT ${progressRefund} AS refund FROM refunds r WHERE r.case_id = $1::bigint`,
            [c.id],
          )
          .then((r) => r.rows[0]?.refund ?? null)
      : null,
    c.status === 'approved' || c.status === 'rejected'
      ? db
          .query<{ count: number }>(decisionDocumentCount('$1::bigint'), [c.id])
          .then((r) => Number(r.rows[0]?.count ?? 0))
      : 0,
  ]);
  return { history, request, decision_reason: reason, bill, refund, documents };
}

/** One step of a record as its applicant reads it: the status it reached, and from which. */
export interface ApplicantStep {
  from: CaseStatus | null;
  status: CaseStatus;
  at: string;
  /** The officer's words to the applicant: a request's message or a rejection's reason. */
  message: string | null;
}

/**
 * The steps of a record its applicant sees, oldest first, from its status history (oldest first): the
 * timeline of its progress and the record page's History list alike, so that both tell one story
 * (docs/decisions/0040).
 */
export function applicantSteps(history: readonly HistoryRow[]): ApplicantStep[] {
  const steps: ApplicantStep[] = [];
  for (const h of history) {
    const status = applicantStatus(h.to_status);
    if (status === 'draft') continue;
    // A move that leaves the status as it was is the back office's own (an assignment while the applicant is
    // asked for more): its message names officers, never a step of theirs.
    if (h.from_status === h.to_status) continue;
    // A case released to the queue waits for an officer again: the release is never a step (it would read as
    // the applicant submitting again), and a review that ended unfinished, one taken from the queue, goes. A
    // review the applicant's answer opened stays: they did answer.
    if (h.from_status === 'in_review' && h.to_status === 'submitted') {
      if (steps.at(-1)?.from === 'submitted') steps.pop();
      continue;
    }
    // Only the officer's words to the applicant are shown: a request's message and a rejection's reason; and
    // of a withdrawal, the request that asked for it (docs/decisions/0091).
    const message =
      status === 'more_info_requested' || status === 'rejected' || status === 'withdrawn' ? h.message : null;
    const last = steps.at(-1);
    if (last && last.status === status && message === null) continue;
    steps.push({
      from: h.from_status && applicantStatus(h.from_status),
      status,
      at: new Date(h.changed_at).toISOString(),
      message,
    });
  }
  return steps;
}

/** A record's history as the process engine's status call gives it to its applicant: the steps they see. */
export async function statusHistory(
  db: Queryable,
  id: string,
): Promise<Array<{ from: CaseStatus | null; to: CaseStatus; at: string }>> {
  return applicantSteps(await historyRows(db, id)).map(({ from, status, at }) => ({ from, to: status, at }));
}

/**
 * Where a record stands, as its applicant reads it (docs/decisions/0040): the steps they see, oldest first
 * (assignments, releases and a proposed rejection are the back office's own and leave no step), the
 * officer's open request, what to do next and, once rejected, the reason.
 */
export async function progressOf(
  db: Queryable,
  c: { id: string; appCode: string; status: CaseStatus },
  /** For a bill's lapse. */
  now: Date,
  /** What it is made of, when the caller read it already (the dashboard's overview does). */
  known?: ProgressRows,
): Promise<CaseProgress> {
  const {
    history,
    request: r,
    decision_reason: reason,
    bill,
    refund,
    documents,
  } = known ?? (await progressRows(db, c, now));
  const timeline: CaseProgress['timeline'] = applicantSteps(history).map(({ status, at, message }) => ({
    status,
    at,
    message,
  }));
  let open: CaseProgress['request'] = null;
  if (r) {
    const loaded = await loadEservice(db, c.appCode, null, r.form_version);
    const fields = loaded.ok ? allFields(loaded.eservice.form) : [];
    open = {
      message: r.message,
      requestedAt: new Date(r.requested_at).toISOString(),
      fields: r.fields,
      fieldLabels: r.fields.map((n) => fields.find((f) => f.name === n)?.label ?? n),
    };
  }
  return {
    timeline,
    request: open,
    nextStep:
      billToPay(c.status, bill) ??
      depositToReclaim(c, bill) ??
      certificateToTake(c, bill) ??
      refundToReceive(refund) ??
      documentsToTake(c.status, documents) ??
      NEXT_STEP_MESSAGES[applicantStatus(c.status)],
    decisionReason: reason,
  };
}

/**
 * A court deposit paid before its application was rejected stays paid (docs/decisions/0059) and comes back by
 * the refund e-service: while any of it is left, that is the payer's next step, not "nothing more".
 */
function depositToReclaim(c: { appCode: string; status: CaseStatus }, bill: ProgressBillRow | null): string | null {
  if (c.status !== 'rejected' || c.appCode !== DEPOSIT_ESERVICE || !bill?.receipt_number || !isSettled(bill.state))
    return null;
  const left = refundableCents({
    appCode: c.appCode,
    amountCents: Number(bill.amount_cents),
    receivedCents: Number(bill.received_cents),
    refundedCents: Number(bill.refunded_cents),
  });
  return left > 0 ? PAYMENT_MESSAGES.nextStepReclaim(formatMoney(left), bill.receipt_number) : null;
}

/** An approved certificate whose fee is paid is there to download (docs/decisions/0085), not "nothing more". */
function certificateToTake(c: { appCode: string; status: CaseStatus }, bill: ProgressBillRow | null): string | null {
  if (c.status !== 'approved' || c.appCode !== CERTIFICATE_ESERVICE || !bill || !isSettled(bill.state)) return null;
  return PAYMENT_MESSAGES.nextStepCertificate;
}

/**
 * An approved refund is paid by finance later (docs/decisions/0088): "nothing more" said nothing of the money.
 * The payer reads that it will be paid, and once it is, on which day and the finance officer's words on it.
 */
function refundToReceive(refund: ProgressRefundRow | null | undefined): string | null {
  if (!refund) return null;
  const amount = formatMoney(Number(refund.amount_cents));
  if (refund.paid_out_at === null) return PAYMENT_MESSAGES.nextStepRefundToPay(amount);
  const day = formatIsoDate(todayInSingapore(new Date(refund.paid_out_at)));
  return PAYMENT_MESSAGES.nextStepRefundPaid(amount, day, refund.paid_out_note ?? '');
}

/**
 * A decision that came with files for the applicant (a statement of account, a letter: docs/decisions/0090)
 * says so: "nothing more" would leave them unread below.
 */
function documentsToTake(status: CaseStatus, documents: number | undefined): string | null {
  if (!documents || (status !== 'approved' && status !== 'rejected')) return null;
  return DECISION_DOCUMENTS_NEXT_STEP[status];
}

/** Statuses in which a bill may still be owed: a draft has none yet, a rejection cancels it. */
function mayOweBill(status: CaseStatus): boolean {
  const seen = applicantStatus(status);
  return seen === 'submitted' || seen === 'in_review' || seen === 'approved';
}

/**
 * A bill still to pay is the payer's next step whatever an officer does with the record (it is issued on
 * submission, docs/decisions/0045): "nothing for now" or "nothing more" would leave it unpaid. While more
 * information is asked for, that comes first (the answer may change the amount); a rejection cancels the bill
 * (docs/decisions/0059).
 */
function billToPay(status: CaseStatus, bill: ProgressBillRow | null): string | null {
  if (!mayOweBill(status) || !bill) return null;
  // Expired unpaid, it is asked for again on the record's page (docs/decisions/0086): "nothing more" would
  // leave an approved certificate's fee, or a deposit, for ever unpaid.
  if (bill.state === 'expired' || bill.lapsed) return PAYMENT_MESSAGES.nextStepRenew;
  if (!isPayable(bill.state)) return null;
  const received = Number(bill.received_cents);
  const left = Number(bill.amount_cents) - received;
  const due = formatIsoDate(bill.due_on);
  return received === 0
    ? PAYMENT_MESSAGES.nextStepPay(formatMoney(left), due)
    : PAYMENT_MESSAGES.nextStepPayRest(formatMoney(left), due);
}
