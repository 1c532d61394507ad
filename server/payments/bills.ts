import { RESPONSE_CODE } from '#contract/index.ts';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import { FEES } from '#contract/fees.ts';
import {
  BILL_DUE_DAYS,
  BILL_EXPIRY_DAYS,
  BILL_STATES,
  CERTIFICATE_ESERVICE,
  DASHBOARD_BILLS_MAX,
  DEMO_PAYNOW_UEN,
  BILLED_ONLY_WHEN,
  DEPOSIT_ESERVICE,
  ESERVICE_FEES,
  PAYMENT_AMOUNT_FIELDS,
  PAYER_ANSWERS,
  PAYMENT_MESSAGES,
  PAYNOW_MERCHANT_NAME,
  QUEUE_MAX_LINES,
  RESOLVED_MAX_LINES,
  REFUND_FIELDS,
  REFUNDS_TO_PAY_MAX,
  RETURNS_MAX,
  centsOf,
  formatMoney,
  isCancellable,
  isPayable,
  isSettled,
  payNowPayload,
  refundableCents,
  paymentReference,
  stateFor,
  type Bill,
  type BillDetail,
  type BillState,
  type ListedBill,
  type MoneyToReturn,
  type QueueReason,
  type RefundToPay,
  type RefundsOnBill,
} from '#contract/payments.ts';
import type { CaseStatus } from '#contract/cases.ts';
import type { FieldErrors } from '#contract/forms/index.ts';
import type { NotificationKind } from '#contract/notifications.ts';
import { addDays, todayInSingapore } from '#contract/forms/validate.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { notify, withdrawUnsent } from '../notifications/notify.ts';
import { certificateOf, issueCertificate, withdrawCertificate } from './certificate.ts';
import { ApiError } from '../plugins/errors.ts';

/**
 * Bills of the payment e-services and what arrives against them (docs/decisions/0045, 0046). Every change
 * of a bill's state writes a history row in the same transaction; amounts are integer cents throughout.
 */

interface BillRow {
  id: string;
  case_id: string;
  case_number: string;
  app_code: string;
  profile_id: string;
  reference: string;
  amount_cents: string;
  received_cents: string;
  refunded_cents: string;
  state: BillState;
  issued_at: Date | string;
  due_on: string;
  expires_on: string;
  settled_at: Date | string | null;
  receipt_number: string | null;
}

/**
 * A bill's columns with its case's number and e-service. The locking reads below join cases and lock only
 * the bill (FOR UPDATE OF b): after waiting for another transaction, PostgreSQL re-reads the bill row alone,
 * and the case's columns stay as they were before the wait. That is safe here only because case_number
 * and app_code never change once a case exists; a mutable case column added here needs the officer
 * queue's way instead (lock, then read in a new statement: server/officer/cases.ts).
 */
const BILL_COLUMNS = `b.id::text AS id, b.case_id::text AS case_id, c.case_number, c.app_code, b.profile_id, b.reference,
  b.amount_cents::text AS amount_cents, b.received_cents::text AS received_cents,
  b.refunded_cents::text AS refunded_cents, b.state, b.issued_at, to_char(b.due_on, 'YYYY-MM-DD') AS due_on,
  to_char(b.expires_on, 'YYYY-MM-DD') AS expires_on, b.settled_at, b.receipt_number`;

/**
 * What refunds hold of a bill's receipt (bills as b), paid out by finance or still only applied for
 * (docs/decisions/0088): refunded_cents counts both, so a receipt read from it alone would call money refunded
 * that has only been set aside for a refund not yet decided. A rejected refund's row is gone (releaseRefund).
 */
export const REFUND_SUMS = `(SELECT COALESCE(sum(r.amount_cents) FILTER (WHERE r.paid_out_at IS NOT NULL), 0)::text
    FROM refunds r WHERE r.bill_id = b.id) AS refunds_paid_cents,
  (SELECT COALESCE(sum(r.amount_cents) FILTER (WHERE r.paid_out_at IS NULL), 0)::text
    FROM refunds r WHERE r.bill_id = b.id) AS refunds_held_cents`;
export interface RefundSumsRow {
  refunds_paid_cents: string;
  refunds_held_cents: string;
}
export const toRefunds = (row: RefundSumsRow): RefundsOnBill => ({
  paidCents: Number(row.refunds_paid_cents),
  heldCents: Number(row.refunds_held_cents),
});

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toBill(row: BillRow): Bill {
  return {
    caseId: row.case_id,
    caseNumber: row.case_number,
    appCode: row.app_code,
    reference: row.reference,
    amountCents: Number(row.amount_cents),
    receivedCents: Number(row.received_cents),
    refundedCents: Number(row.refunded_cents),
    state: row.state,
    issuedAt: iso(row.issued_at),
    dueOn: row.due_on,
    expiresOn: row.expires_on,
    receiptNumber: row.receipt_number,
  };
}

/**
 * The UEN a settled bill's receipt names: the one its first receipt named, else (that first receipt) the one
 * configured now, kept so a later change of PAYNOW_UEN leaves the receipt as it was (docs/decisions/0113).
 */
export async function receiptUen(db: Queryable, caseId: string, config: Config): Promise<string> {
  const { rows } = await db.query<{ uen: string }>(
    `UPDATE bills SET paid_to_uen = COALESCE(paid_to_uen, $2) WHERE case_id = $1::bigint RETURNING paid_to_uen AS uen`,
    [caseId, payNowUen(config)],
  );
  return rows[0]!.uen;
}

/** Who paid a settled bill, as its receipt prints it (docs/decisions/0113). */
export interface ReceiptPayer {
  name: string;
  uen: string | null;
  nric: string | null;
}

/**
 * The payer of a settled bill that has none kept: one settled by a process of the release before 0113 while an
 * upgrade rolled (migration 218 filled only the bills settled before it ran). Filled as that migration filled
 * them, at the receipt's first download, and kept, so that every download after prints the same.
 */
export async function receiptPayer(db: Queryable, billId: string): Promise<ReceiptPayer> {
  const { rows } = await db.query<ReceiptPayer>(
    `UPDATE bills b
        SET paid_by = COALESCE(b.paid_by, NULLIF(btrim(c.data->>$2), ''),
              (SELECT l.payer_name FROM statement_lines l
                WHERE l.bill_id = b.id AND l.status IN ('settled', 'matched') AND btrim(l.payer_name) <> ''
                  AND l.payer_name <> 'Simulated payment'
                ORDER BY l.id DESC LIMIT 1),
              p.ptib_name),
            paid_by_uen = CASE WHEN b.paid_by IS NULL AND NULLIF(btrim(c.data->>$2), '') IS NOT NULL
                               THEN c.data->>$3 ELSE b.paid_by_uen END,
            paid_by_nric = CASE WHEN b.paid_by IS NULL AND NULLIF(btrim(c.data->>$2), '') IS NOT NULL
                                THEN c.data->>$4 ELSE b.paid_by_nric END
       FROM cases c, ptib_profiles p
      WHERE b.id = $1::bigint AND c.id = b.case_id AND p.id = b.profile_id
      RETURNING b.paid_by AS name, b.paid_by_uen AS uen, b.paid_by_nric AS nric`,
    [billId, PAYER_ANSWERS.name, PAYER_ANSWERS.uen, PAYER_ANSWERS.nric],
  );
  return rows[0]!;
}

/** The UEN bills are paid to: the configured one, or outside production the demo's made-up one. */
export function payNowUen(config: Config): string {
  if (config.PAYNOW_UEN) return config.PAYNOW_UEN;
  // The configuration refuses production without it; this guards a Config built some other way.
  if (config.NODE_ENV === 'production') throw new Error('PAYNOW_UEN is not set');
  return DEMO_PAYNOW_UEN;
}

async function history(
  tx: Queryable,
  billId: string,
  from: BillState | null,
  to: BillState,
  at: Date,
  actor: string,
  reason: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO bill_history (bill_id, from_state, to_state, at, actor, reason) VALUES ($1::bigint, $2, $3, $4, $5, $6)`,
    [billId, from, to, at, actor, reason],
  );
}

/**
 * Tells a bill's payer what became of it, once the notice of `stale` kind still waiting to go is withdrawn:
 * sent after this one, it would say what is no longer so. Its inbox entry stays, as the record of what was said.
 */
async function tellPayer(
  tx: Queryable,
  bill: BillRow,
  stale: NotificationKind,
  kind: NotificationKind,
  facts: Record<string, string | number>,
): Promise<void> {
  await withdrawUnsent(tx, bill.case_id, stale);
  await notify(tx, {
    kind,
    profileId: bill.profile_id,
    caseId: bill.case_id,
    caseNumber: bill.case_number,
    facts,
  });
}

/**
 * What a payment e-service's answers ask to pay, in cents: its fixed fee when it has one, whatever the answers
 * say (docs/decisions/0078); else null when its form (this version) asks nothing or its answers record a
 * payment already made (BILLED_ONLY_WHEN), or the money question's error when the amount is not in Singapore
 * dollars (PayNow pays in nothing else).
 */
function amountAsked(
  appCode: string,
  data: Record<string, unknown>,
): { cents: number } | { errors: FieldErrors } | null {
  const fee = ESERVICE_FEES[appCode];
  if (fee) return { cents: FEES[fee] };
  const when = BILLED_ONLY_WHEN[appCode];
  if (when && data[when.field] !== when.value) return null;
  const field = PAYMENT_AMOUNT_FIELDS[appCode];
  if (!field || data[field] === undefined) return null;
  const cents = centsOf(data[field]);
  if (cents === null || cents <= 0) return { errors: { [`${field}.currency`]: PAYMENT_MESSAGES.sgdOnly } };
  return { cents };
}

/**
 * Issues the bill of a payment e-service's record as it is submitted (same transaction): the amount is the
 * form's money answer (PAYMENT_AMOUNT_FIELDS), checked by the form's own rules before this runs. A form
 * version without that question (an operator's, say) bills nothing; an amount in another currency is a
 * field error, since PayNow pays Singapore dollars only.
 */
export async function issueBill(
  tx: Queryable,
  input: { caseId: string; caseNumber: string; appCode: string; profileId: string; data: Record<string, unknown> },
  actor: string,
  now: Date,
): Promise<FieldErrors> {
  const asked = amountAsked(input.appCode, input.data);
  if (!asked || 'errors' in asked) return asked?.errors ?? {};
  const amount = asked.cents;
  const today = todayInSingapore(now);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO bills (case_id, profile_id, reference, amount_cents, issued_at, due_on, expires_on)
     VALUES ($1::bigint, $2, $3, $4, $5, $6::date, $7::date) RETURNING id::text AS id`,
    [
      input.caseId,
      input.profileId,
      paymentReference(input.caseNumber),
      amount,
      now,
      addDays(today, BILL_DUE_DAYS),
      addDays(today, BILL_EXPIRY_DAYS),
    ],
  );
  await history(tx, rows[0]!.id, null, 'awaiting', now, actor, null);
  await announce(tx, input, amount, now);
  return {};
}

/** The payer's notice of a bill to pay, due BILL_DUE_DAYS from `now`. */
async function announce(
  tx: Queryable,
  input: { caseId: string; caseNumber: string; profileId: string },
  amountCents: number,
  now: Date,
): Promise<void> {
  await notify(tx, {
    kind: 'billIssued',
    profileId: input.profileId,
    caseId: input.caseId,
    caseNumber: input.caseNumber,
    facts: { amountCents, dueOn: addDays(todayInSingapore(now), BILL_DUE_DAYS) },
  });
}

/**
 * A refund record (PRD) names one of the profile's own receipts and may draw at most what that receipt
 * received less earlier refunds: all of a deposit's, and of any other bill only what was paid over its
 * amount (DEPOSIT_ESERVICE). The bill row is locked, so two refunds submitted at once cannot both draw the
 * same money. Refusals are field errors, shown beside the question.
 */
export async function drawRefund(
  tx: Queryable,
  input: { caseId: string; caseNumber: string; profileId: string; data: Record<string, unknown> },
  actor: string,
  now: Date,
): Promise<FieldErrors> {
  const receipt = input.data[REFUND_FIELDS.receipt];
  const amount = centsOf(input.data[REFUND_FIELDS.amount]);
  const { rows } =
    typeof receipt === 'string' && receipt !== ''
      ? await tx.query<BillRow>(
          `SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id
            WHERE b.receipt_number = $1 AND b.profile_id = $2 FOR UPDATE OF b`,
          [receipt, input.profileId],
        )
      : { rows: [] };
  const bill = rows[0];
  if (!bill) return { [REFUND_FIELDS.receipt]: PAYMENT_MESSAGES.receiptUnknown };
  const left = refundableCents(toBill(bill));
  if (left <= 0)
    return {
      [REFUND_FIELDS.receipt]:
        bill.app_code === DEPOSIT_ESERVICE || Number(bill.refunded_cents) > 0
          ? PAYMENT_MESSAGES.nothingLeft
          : PAYMENT_MESSAGES.nothingPaidOver,
    };
  if (amount === null || amount > left)
    return { [`${REFUND_FIELDS.amount}.amount`]: PAYMENT_MESSAGES.refundTooLarge(formatMoney(left)) };
  await tx.query(
    'INSERT INTO refunds (case_id, bill_id, amount_cents, created_at) VALUES ($1::bigint, $2::bigint, $3, $4)',
    [input.caseId, bill.id, amount, now],
  );
  await tx.query('UPDATE bills SET refunded_cents = refunded_cents + $2 WHERE id = $1::bigint', [bill.id, amount]);
  await history(tx, bill.id, bill.state, bill.state, now, actor, `Refund ${input.caseNumber}: ${formatMoney(amount)}`);
  return {};
}

/**
 * Bills still awaiting payment after their last payable day become expired (with a history row). Run
 * before any bill is read or a credit applied, so nobody sees or pays a QR past its expiry.
 */
export async function expireDue(tx: Queryable, now: Date): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE bills SET state = 'expired' WHERE state = 'awaiting' AND expires_on < $1::date RETURNING id::text AS id`,
    [todayInSingapore(now)],
  );
  for (const { id } of rows) await history(tx, id, 'awaiting', 'expired', now, 'system', null);
}

/**
 * What an approval's notice says of the record's bill: the amount still to pay and the day it is due, while
 * the bill waits for money. "Approved" alone read as the end of the matter to a payer who had not paid. A bill
 * whose QR code expired first is still owed, and asked for again on the record's page (docs/decisions/0086):
 * said so (`renew`), with no due day long gone.
 */
export async function stillToPay(
  tx: Queryable,
  caseId: string,
  profileId: string,
  now: Date,
): Promise<Record<string, string | number>> {
  await expireDue(tx, now);
  const bill = await findBill(tx, caseId, profileId);
  if (!bill) return {};
  const toPayCents = Number(bill.amount_cents) - Number(bill.received_cents);
  if (qrLapsed(bill, now)) return { toPayCents, renew: 'yes' };
  if (!isPayable(bill.state)) return {};
  return { toPayCents, dueOn: bill.due_on };
}

/**
 * What an approval's notice says of money and papers: what is still to pay, and for a certificate
 * (docs/decisions/0085) whether it can be downloaded now or once its fee is paid.
 */
export async function approvalFacts(
  tx: Queryable,
  row: { id: string; app_code: string; profile_id: string },
  now: Date,
): Promise<Record<string, string | number>> {
  // The bill is locked before it is read, after the case the approval holds (every officer action locks the
  // case, then its bill, as cancelBill does). A payment or an undone match holds the bill's lock to its commit
  // and reads the case's status after taking it, so of the two, the later waits for the earlier and decides on
  // what it committed: unlocked, each read a snapshot without the other, and a paid fee of an approved record
  // got no certificate, or one was left on a fee taken back (docs/decisions/0085).
  await tx.query('SELECT 1 FROM bills WHERE case_id = $1::bigint FOR SHARE', [row.id]);
  const owed = await stillToPay(tx, row.id, row.profile_id, now);
  if (row.app_code !== CERTIFICATE_ESERVICE) return owed;
  const ready = await issueCertificate(tx, row.id, now);
  return { ...owed, certificate: ready ? 'ready' : 'whenPaid' };
}

/**
 * A rejected application's bill is cancelled in the rejection's transaction (docs/decisions/0059), whoever
 * rejects it: nothing more is due, its QR goes, and a credit that arrives later waits for a person. Money it
 * had received already shows in the finance officer's money to return. A settled bill is left as it is.
 */
export async function cancelBill(
  tx: Queryable,
  caseId: string,
  actor: string,
  now: Date,
  reason: string = PAYMENT_MESSAGES.cancelledReason,
): Promise<void> {
  await expireDue(tx, now);
  const { rows } = await tx.query<{ id: string; state: BillState }>(
    'SELECT id::text AS id, state FROM bills WHERE case_id = $1::bigint FOR UPDATE',
    [caseId],
  );
  const bill = rows[0];
  if (!bill || !isCancellable(bill.state)) return;
  await tx.query(`UPDATE bills SET state = 'cancelled' WHERE id = $1::bigint`, [bill.id]);
  await history(tx, bill.id, bill.state, 'cancelled', now, actor, reason);
  // The bill's notice may still wait in the outbox (a gateway down, retries hours apart): sent now, it would
  // ask the applicant to pay a bill nobody owes any more (docs/decisions/0059). It goes with the bill; the
  // inbox entry stays, as the record of what was issued.
  await withdrawUnsent(tx, caseId, 'billIssued');
}

/**
 * A rejected refund application gives back what it drew on its receipt at submission (drawRefund), in the
 * rejection's transaction, whoever rejects it: else the receipt's money stays spoken for, and the payer's
 * next refund of it is refused as more than is left. A refund changed at an officer's request gives it back
 * too, to draw its new amount (redrawRefund).
 */
export async function releaseRefund(
  tx: Queryable,
  caseId: string,
  actor: string,
  now: Date,
  why: 'rejected' | 'changed' = 'rejected',
): Promise<void> {
  const { rows } = await tx.query<{ bill_id: string; amount_cents: string; case_number: string }>(
    `DELETE FROM refunds r USING cases c WHERE r.case_id = $1::bigint AND c.id = r.case_id
     RETURNING r.bill_id::text AS bill_id, r.amount_cents::text AS amount_cents, c.case_number`,
    [caseId],
  );
  for (const r of rows) {
    const { rows: bills } = await tx.query<{ state: BillState }>(
      'UPDATE bills SET refunded_cents = refunded_cents - $2 WHERE id = $1::bigint RETURNING state',
      [r.bill_id, Number(r.amount_cents)],
    );
    const state = bills[0]!.state;
    await history(
      tx,
      r.bill_id,
      state,
      state,
      now,
      actor,
      `Refund ${r.case_number} ${why}: ${formatMoney(Number(r.amount_cents))} given back`,
    );
  }
}

/**
 * A refund whose receipt or amount the applicant changed at an officer's request: what it drew is given back
 * and the new amount drawn, checked against what is left on the receipt as at submission. Errors beside the
 * questions when it is more than is left; the caller's transaction then undoes the release.
 */
export async function redrawRefund(
  tx: Queryable,
  input: { caseId: string; caseNumber: string; profileId: string; data: Record<string, unknown> },
  actor: string,
  now: Date,
): Promise<FieldErrors> {
  await releaseRefund(tx, input.caseId, actor, now, 'changed');
  return drawRefund(tx, input, actor, now);
}

/**
 * A resubmission at an officer's request that changed the money answer (docs/decisions/0040): the bill still
 * to pay follows it, so its amount and QR never ask for another sum than the record says; what it received
 * counts against the new amount (a receipt once that settles it). A bill paid, expired or cancelled keeps
 * its amount, and the change is refused beside the question. A payment billed only by PayNow
 * (BILLED_ONLY_WHEN) that changed its method follows it too (docs/decisions/0082): to PayNow, it is billed;
 * away, its bill is cancelled while nothing has reached it, and the change is refused once money has.
 */
export async function rebill(
  tx: Queryable,
  input: { caseId: string; caseNumber: string; appCode: string; profileId: string; data: Record<string, unknown> },
  actor: string,
  now: Date,
): Promise<FieldErrors> {
  const asked = amountAsked(input.appCode, input.data);
  if (asked && 'errors' in asked) return asked.errors;
  await expireDue(tx, now);
  const { rows } = await tx.query<BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id WHERE b.case_id = $1::bigint FOR UPDATE OF b`,
    [input.caseId],
  );
  const bill = rows[0];
  const method = BILLED_ONLY_WHEN[input.appCode];
  if (!asked) {
    if (!method || !bill || bill.state === 'cancelled' || bill.state === 'expired') return {};
    if (Number(bill.received_cents) > 0) return { [method.field]: PAYMENT_MESSAGES.methodFixed };
    await cancelBill(tx, input.caseId, actor, now, PAYMENT_MESSAGES.notByPayNowReason);
    return {};
  }
  if (!bill) return method ? issueBill(tx, input, actor, now) : {};
  const amount = asked.cents;
  if (method && bill.state === 'cancelled' && Number(bill.received_cents) === 0) {
    const today = todayInSingapore(now);
    await tx.query(
      `UPDATE bills SET state = 'awaiting', amount_cents = $2, issued_at = $3, due_on = $4::date, expires_on = $5::date
        WHERE id = $1::bigint`,
      [bill.id, amount, now, addDays(today, BILL_DUE_DAYS), addDays(today, BILL_EXPIRY_DAYS)],
    );
    await history(tx, bill.id, 'cancelled', 'awaiting', now, actor, PAYMENT_MESSAGES.byPayNowAgainReason);
    await announce(tx, input, amount, now);
    return {};
  }
  if (Number(bill.amount_cents) === amount) return {};
  const field = PAYMENT_AMOUNT_FIELDS[input.appCode]!;
  if (!isPayable(bill.state)) return { [`${field}.amount`]: PAYMENT_MESSAGES.amountFixed };
  await tx.query('UPDATE bills SET amount_cents = $2 WHERE id = $1::bigint', [bill.id, amount]);
  const reason = PAYMENT_MESSAGES.amountChanged(formatMoney(Number(bill.amount_cents)), formatMoney(amount));
  await applyCredit(tx, { ...bill, amount_cents: String(amount) }, 0, '', actor, reason, now);
  if (isPayable(stateFor(amount, Number(bill.received_cents)))) {
    // The first notice asked for the old amount: one not sent yet goes, and the payer is told the new one.
    await tellPayer(tx, bill, 'billIssued', 'billIssued', {
      amountCents: amount,
      previousCents: Number(bill.amount_cents),
      dueOn: bill.due_on,
    });
  }
  return {};
}

async function nextReceiptNumber(tx: Queryable, now: Date): Promise<string> {
  const { rows } = await tx.query<{ n: string }>(`SELECT nextval('receipt_number_seq')::text AS n`);
  return `${todayInSingapore(now).slice(0, 4)}${rows[0]!.n.padStart(6, '0')}`;
}

/**
 * Adds money received to a locked bill: its new state, a receipt once settled, history and a notice. `payer` is
 * the statement's payer of the credit ('' when it names none, or when no credit settles it): once settled, the
 * receipt's payer is fixed as the form named them, else as the bank did, else as the profile's name is now
 * (docs/decisions/0113), so the record's answers or the profile changed later leave the receipt as it was.
 */
async function applyCredit(
  tx: Queryable,
  bill: BillRow,
  cents: number,
  payer: string,
  actor: string,
  reason: string | null,
  now: Date,
): Promise<void> {
  const received = Number(bill.received_cents) + cents;
  const state = stateFor(Number(bill.amount_cents), received);
  const newlySettled = isSettled(state) && !bill.receipt_number;
  const receipt = newlySettled ? await nextReceiptNumber(tx, now) : bill.receipt_number;
  await tx.query(
    `UPDATE bills SET received_cents = $2, state = $3, receipt_number = $4,
            settled_at = CASE WHEN $5::boolean THEN $6::timestamptz ELSE settled_at END
      WHERE id = $1::bigint`,
    [bill.id, received, state, receipt, newlySettled, now],
  );
  if (newlySettled)
    await tx.query(
      `UPDATE bills b SET paid_by = COALESCE(NULLIF(btrim(c.data->>$3), ''), NULLIF(btrim($2), ''), p.ptib_name),
              paid_by_uen = CASE WHEN NULLIF(btrim(c.data->>$3), '') IS NOT NULL THEN c.data->>$4 END,
              paid_by_nric = CASE WHEN NULLIF(btrim(c.data->>$3), '') IS NOT NULL THEN c.data->>$5 END
         FROM cases c, ptib_profiles p
        WHERE b.id = $1::bigint AND c.id = b.case_id AND p.id = b.profile_id`,
      [bill.id, payer, PAYER_ANSWERS.name, PAYER_ANSWERS.uen, PAYER_ANSWERS.nric],
    );
  await history(tx, bill.id, bill.state, state, now, actor, reason);
  if (newlySettled) {
    // Paid before its own notice went (a gateway down, retries hours apart): "please sign in to pay it"
    // after "payment received" would ask for money already paid.
    // The fee of a certificate already approved: paying it issues the certificate (docs/decisions/0085).
    const certified = bill.app_code === CERTIFICATE_ESERVICE && (await issueCertificate(tx, bill.case_id, now));
    await tellPayer(tx, bill, 'billIssued', 'billSettled', {
      amountCents: received,
      receiptNumber: receipt!,
      ...(certified ? { certificate: 'ready' } : {}),
    });
  }
}

async function lockBillByReference(tx: Queryable, reference: string): Promise<BillRow | undefined> {
  const { rows } = await tx.query<BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id WHERE b.reference = $1 FOR UPDATE OF b`,
    [paymentReference(reference)],
  );
  return rows[0];
}

export interface Credit {
  transactionId: string;
  valueDate: string;
  amountCents: number;
  reference: string;
  payerName: string;
}

/**
 * Reconciles a statement's credits in its order, each new one settling its bill when it pays exactly what is
 * owed and else queued with the reason; a credit imported before is counted and left. The new lines go in in
 * one statement and those whose reference no bill has are queued in one more: a statement of thousands of
 * credits at three round trips each outlasted the finance screen's wait for the answer.
 */
export async function reconcileCredits(
  tx: Queryable,
  credits: readonly Credit[],
  actor: string,
  now: Date,
): Promise<{ settled: number; queued: number; alreadyImported: number }> {
  const lines = await insertCredits(tx, credits, actor, now);
  const fresh = credits.filter((c) => lines.has(c.transactionId));
  const billed = await billedReferences(
    tx,
    fresh.map((c) => c.reference),
  );
  const counted = { settled: 0, queued: 0, alreadyImported: credits.length - fresh.length };
  const unknown: string[] = [];
  for (const credit of fresh) {
    const line = lines.get(credit.transactionId)!;
    if (billed.has(paymentReference(credit.reference))) counted[await reconcileLine(tx, line, credit, actor, now)]++;
    else {
      unknown.push(line);
      counted.queued++;
    }
  }
  if (unknown.length > 0)
    await tx.query(`UPDATE statement_lines SET queue_reason = 'unknown_reference' WHERE id = ANY($1::bigint[])`, [
      unknown,
    ]);
  return counted;
}

/** Keeps the credits not imported before as queued lines; answers the new lines' ids by transaction id. */
async function insertCredits(
  tx: Queryable,
  credits: readonly Credit[],
  actor: string,
  now: Date,
): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; transaction_id: string }>(
    `INSERT INTO statement_lines (transaction_id, value_date, amount_cents, reference, payer_name, imported_at,
                                  imported_by, status)
     SELECT t, d, a, r, p, $6, $7, 'queued'
       FROM unnest($1::text[], $2::date[], $3::bigint[], $4::text[], $5::text[]) AS c (t, d, a, r, p)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING id::text AS id, transaction_id`,
    [
      credits.map((c) => c.transactionId),
      credits.map((c) => c.valueDate),
      credits.map((c) => c.amountCents),
      credits.map((c) => c.reference),
      credits.map((c) => c.payerName),
      now,
      actor,
    ],
  );
  return new Map(rows.map((r) => [r.transaction_id, r.id]));
}

/** The payment references among `references` that some bill has. */
async function billedReferences(tx: Queryable, references: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(references.filter(Boolean).map(paymentReference))];
  if (wanted.length === 0) return new Set();
  const { rows } = await tx.query<{ reference: string }>(
    'SELECT DISTINCT reference FROM bills WHERE reference = ANY($1::text[])',
    [wanted],
  );
  return new Set(rows.map((r) => r.reference));
}

/**
 * Paid while its QR could still be paid, the bank's value date says, though the statement came after the bill
 * expired (bills expire by the day a statement is imported): the payer did nothing wrong, so it settles.
 */
const paidInTime = (bill: BillRow, credit: Credit) =>
  bill.state === 'expired' && Number(bill.received_cents) === 0 && credit.valueDate <= bill.expires_on;

/** Settles a new line's bill when it pays exactly what is owed; else queues it with the reason. */
async function reconcileLine(
  tx: Queryable,
  lineId: string,
  credit: Credit,
  actor: string,
  now: Date,
): Promise<'settled' | 'queued'> {
  const bill = credit.reference ? await lockBillByReference(tx, credit.reference) : undefined;
  let reason: QueueReason | null;
  if (!bill) reason = 'unknown_reference';
  else if (!isPayable(bill.state) && !paidInTime(bill, credit)) reason = 'not_payable';
  else {
    const outstanding = Number(bill.amount_cents) - Number(bill.received_cents);
    reason = credit.amountCents === outstanding ? null : credit.amountCents < outstanding ? 'part' : 'over';
  }
  if (reason === null && bill) {
    await applyCredit(
      tx,
      bill,
      credit.amountCents,
      credit.payerName,
      actor,
      `Statement credit ${credit.transactionId}`,
      now,
    );
    await tx.query(`UPDATE statement_lines SET status = 'settled', bill_id = $2::bigint WHERE id = $1::bigint`, [
      lineId,
      bill.id,
    ]);
    return 'settled';
  }
  await tx.query(`UPDATE statement_lines SET queue_reason = $2 WHERE id = $1::bigint`, [lineId, reason]);
  return 'queued';
}

/** A credit's columns as the statement gave them, and its status (statement_lines as l). */
const CREDIT_COLUMNS = `l.id::text AS id, l.transaction_id, to_char(l.value_date, 'YYYY-MM-DD') AS value_date,
  l.amount_cents::text AS amount_cents, l.reference, l.payer_name, l.status`;

interface CreditRow {
  id: string;
  transaction_id: string;
  value_date: string;
  amount_cents: string;
  reference: string;
  payer_name: string;
}

const toCredit = (r: CreditRow) => ({
  id: r.id,
  transactionId: r.transaction_id,
  valueDate: r.value_date,
  amountCents: Number(r.amount_cents),
  reference: r.reference,
  payerName: r.payer_name,
});

interface LineRow extends CreditRow {
  status: 'settled' | 'queued' | 'matched' | 'marked';
  queue_reason: QueueReason | null;
  bill_reference: string | null;
  bill_state: BillState | null;
  outstanding_cents: string | null;
  resolution: string | null;
}

/**
 * Credits waiting for a person, oldest first by the day the bank credited them (then in the order imported), with
 * the bill their reference names (if any). A statement lists its lines in any order, so import order is not age,
 * and the screen says it lists the oldest. No index serves this order: statement_lines_queued_idx finds the waiting
 * lines alone, a backlog that every settled or decided line leaves rather than the statements' history, and
 * keeping the oldest QUEUE_MAX_LINES of those is one bounded (top-N) sort.
 */
export async function queuedLines(db: Queryable): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(
    `SELECT ${CREDIT_COLUMNS}, l.queue_reason,
            b.reference AS bill_reference, b.state AS bill_state,
            -- Nothing is due on a cancelled bill (docs/decisions/0059), nor below nothing on one paid over; no bill,
            -- nothing to say (GREATEST skips a NULL, so without the first branch it would say 0 due).
            (CASE WHEN b.id IS NULL THEN NULL
                  WHEN b.state = 'cancelled' THEN 0
                  ELSE GREATEST(b.amount_cents - b.received_cents, 0) END)::text AS outstanding_cents,
            l.resolution
       FROM statement_lines l
       LEFT JOIN bills b ON b.reference = upper(regexp_replace(l.reference, '\\s+', '', 'g'))
      WHERE l.status = 'queued' ORDER BY l.value_date, l.id LIMIT $1`,
    [QUEUE_MAX_LINES],
  );
  return rows;
}

/** How many credits wait for a person in all, listed or not. */
export async function waitingCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM statement_lines WHERE status = 'queued'`,
  );
  return Number(rows[0]!.n);
}

/**
 * Why a queued credit waits, judged against its bill as it is now: the reason stored at the import goes
 * stale once other credits pay the bill, and a person would read "less than the amount due" beside
 * nothing still due.
 */
function reasonNow(r: LineRow): QueueReason | null {
  if (r.status !== 'queued' || r.bill_state === null || r.outstanding_cents === null) return r.queue_reason;
  if (!isPayable(r.bill_state)) return 'not_payable';
  const amount = Number(r.amount_cents);
  const outstanding = Number(r.outstanding_cents);
  return amount < outstanding ? 'part' : amount > outstanding ? 'over' : 'exact';
}

export const toLine = (r: LineRow) => ({
  ...toCredit(r),
  status: r.status,
  queueReason: reasonNow(r),
  billReference: r.bill_reference,
  outstandingCents: r.outstanding_cents === null ? null : Number(r.outstanding_cents),
  resolution: r.resolution,
});

async function lockQueued(
  tx: Queryable,
  id: string,
): Promise<{ id: string; amount_cents: string; transaction_id: string; payer_name: string }> {
  const { rows } = await tx.query<{
    id: string;
    amount_cents: string;
    transaction_id: string;
    payer_name: string;
    status: string;
  }>(
    `SELECT id::text AS id, amount_cents::text AS amount_cents, transaction_id, payer_name, status
       FROM statement_lines WHERE id = $1::bigint FOR UPDATE`,
    [id],
  );
  const line = rows[0];
  if (!line) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noLine);
  if (line.status !== 'queued') throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.lineNotQueued);
  return line;
}

/** What the audit trail keeps of a credit a person decided: which credit, how much, and to which bill. */
export interface DecidedCredit {
  transactionId: string;
  amountCents: number;
  billReference?: string;
  caseNumber?: string;
}

/** A person applies a queued credit to the bill they chose, whatever its amount, with their reason. */
export async function matchLine(
  db: Database,
  id: string,
  input: { reference: string; reason: string },
  actor: string,
  now: Date,
): Promise<DecidedCredit> {
  return db.transaction(async (tx) => {
    await expireDue(tx, now);
    const line = await lockQueued(tx, id);
    const bill = await lockBillByReference(tx, input.reference);
    if (!bill) throw new ApiError(400, RESPONSE_CODE.BAD_REQUEST, PAYMENT_MESSAGES.unknownReference);
    // A credit would reopen it as part-paid; the money of a rejected application goes back instead.
    if (bill.state === 'cancelled') throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.billCancelled);
    await applyCredit(
      tx,
      bill,
      Number(line.amount_cents),
      line.payer_name,
      actor,
      `Credit ${line.transaction_id} matched by hand: ${input.reason}`,
      now,
    );
    await tx.query(
      `UPDATE statement_lines SET status = 'matched', bill_id = $2::bigint, resolved_by = $3, resolved_at = $4,
              resolution = $5 WHERE id = $1::bigint`,
      [id, bill.id, actor, now, input.reason],
    );
    return {
      transactionId: line.transaction_id,
      amountCents: Number(line.amount_cents),
      billReference: bill.reference,
      caseNumber: bill.case_number,
    };
  });
}

/** A person closes a queued credit without applying it (returned to the payer, not ours), with the reason. */
export async function markLine(
  db: Database,
  id: string,
  reason: string,
  actor: string,
  now: Date,
): Promise<DecidedCredit> {
  return db.transaction(async (tx) => {
    const line = await lockQueued(tx, id);
    await tx.query(
      `UPDATE statement_lines SET status = 'marked', resolved_by = $2, resolved_at = $3, resolution = $4
        WHERE id = $1::bigint`,
      [id, actor, now, reason],
    );
    return { transactionId: line.transaction_id, amountCents: Number(line.amount_cents) };
  });
}

interface ResolvedRow extends CreditRow {
  status: 'matched' | 'marked';
  bill_reference: string | null;
  resolved_by: string;
  resolved_at: Date | string;
  resolution: string;
}

/** Credits a person matched or marked, newest decision first: those a finance officer may undo. */
export async function resolvedLines(db: Queryable) {
  const { rows } = await db.query<ResolvedRow>(
    // resolved_by is the login name (the accountable one); it is shown by the officer's name, as the rest of
    // the back office shows officers, and as written if no officer has that login any more.
    `SELECT ${CREDIT_COLUMNS}, b.reference AS bill_reference, COALESCE(o.display_name, l.resolved_by) AS resolved_by,
            l.resolved_at, l.resolution
       FROM statement_lines l LEFT JOIN bills b ON b.id = l.bill_id
       LEFT JOIN accounts a ON lower(a.login_name COLLATE "C") = lower(l.resolved_by COLLATE "C")
       LEFT JOIN officers o ON o.account_id = a.id
      WHERE l.status IN ('matched', 'marked') ORDER BY l.resolved_at DESC, l.id DESC LIMIT $1`,
    [RESOLVED_MAX_LINES],
  );
  return rows.map((r) => ({
    ...toCredit(r),
    status: r.status,
    billReference: r.bill_reference,
    resolvedBy: r.resolved_by,
    resolvedAt: iso(r.resolved_at),
    resolution: r.resolution,
  }));
}

/**
 * Takes a wrongly matched credit off its locked bill (docs/decisions/0071): the state follows from what is
 * left, a receipt the bill no longer earns is withdrawn, and a payer who was told it was paid is told it is
 * owed again. Refused while a refund has drawn on the bill, or its money went back to the payer: the credit
 * being taken off may be the very money that left.
 */
async function takeCredit(
  tx: Queryable,
  bill: BillRow,
  transactionId: string,
  cents: number,
  actor: string,
  reason: string,
  now: Date,
) {
  if (Number(bill.refunded_cents) > 0)
    throw new ApiError(
      409,
      RESPONSE_CODE.CONFLICT,
      bill.state === 'cancelled' ? PAYMENT_MESSAGES.undoMoneyReturned : PAYMENT_MESSAGES.undoRefundDrawn,
    );
  const received = Number(bill.received_cents) - cents;
  // A cancelled bill stays cancelled (docs/decisions/0059): it holds less money to return, that is all.
  const state = bill.state === 'cancelled' ? 'cancelled' : stateFor(Number(bill.amount_cents), received);
  const withdrawn = bill.receipt_number && !isSettled(state) ? bill.receipt_number : null;
  await tx.query(
    `UPDATE bills SET received_cents = $2, state = $3,
            receipt_number = CASE WHEN $4::boolean THEN NULL ELSE receipt_number END,
            settled_at = CASE WHEN $4::boolean THEN NULL ELSE settled_at END,
            paid_by = CASE WHEN $4::boolean THEN NULL ELSE paid_by END,
            paid_by_uen = CASE WHEN $4::boolean THEN NULL ELSE paid_by_uen END,
            paid_by_nric = CASE WHEN $4::boolean THEN NULL ELSE paid_by_nric END,
            paid_to_uen = CASE WHEN $4::boolean THEN NULL ELSE paid_to_uen END
      WHERE id = $1::bigint`,
    [bill.id, received, state, withdrawn !== null],
  );
  await history(
    tx,
    bill.id,
    bill.state,
    state,
    now,
    actor,
    PAYMENT_MESSAGES.undoneReason(transactionId, reason, withdrawn),
  );
  // Owed again past its expiry, it expires as any unpaid bill does (with its own history row).
  await expireDue(tx, now);
  if (!withdrawn) return;
  if (bill.app_code === CERTIFICATE_ESERVICE) await withdrawCertificate(tx, bill.case_id);
  // "Payment received" still waiting to go would tell of a payment that is no longer there.
  await tellPayer(tx, bill, 'billSettled', 'billReopened', await stillToPay(tx, bill.case_id, bill.profile_id, now));
}

/**
 * A finance officer undoes a wrong match or mark (docs/decisions/0071): the credit waits in the queue again as
 * it did before, and a matched one leaves its bill. Locks the line, then the bill, as matchLine does, so two
 * undos at once undo once and the second is told there is nothing left to undo.
 */
export async function undoLine(
  db: Database,
  id: string,
  reason: string,
  actor: string,
  now: Date,
): Promise<{ status: 'matched' | 'marked'; transactionId: string; billReference: string | null }> {
  return db.transaction(async (tx) => {
    await expireDue(tx, now);
    const { rows } = await tx.query<{
      amount_cents: string;
      transaction_id: string;
      status: LineRow['status'];
      bill_id: string | null;
    }>(
      `SELECT amount_cents::text AS amount_cents, transaction_id, status, bill_id::text AS bill_id
         FROM statement_lines WHERE id = $1::bigint FOR UPDATE`,
      [id],
    );
    const line = rows[0];
    if (!line) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noLine);
    if (line.status !== 'matched' && line.status !== 'marked')
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.lineNotResolved);
    let billReference: string | null = null;
    if (line.status === 'matched' && line.bill_id) {
      const { rows: bills } = await tx.query<BillRow>(
        `SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id WHERE b.id = $1::bigint FOR UPDATE OF b`,
        [line.bill_id],
      );
      const bill = bills[0]!;
      billReference = bill.reference;
      await takeCredit(tx, bill, line.transaction_id, Number(line.amount_cents), actor, reason, now);
    }
    await tx.query(
      `UPDATE statement_lines SET status = 'queued', bill_id = NULL, resolved_by = NULL, resolved_at = NULL,
              resolution = NULL WHERE id = $1::bigint`,
      [id],
    );
    return { status: line.status, transactionId: line.transaction_id, billReference };
  });
}

/** Cancelled bills that still hold money, the oldest RETURNS_MAX, with the credits that brought it. */
export async function moneyToReturn(db: Queryable): Promise<MoneyToReturn[]> {
  const { rows } = await db.query<{
    id: string;
    case_number: string;
    reference: string;
    left_cents: string;
    transactions: Array<{ transactionId: string; payerName: string; amountCents: number }>;
  }>(
    `SELECT b.id::text AS id, c.case_number, b.reference, (b.received_cents - b.refunded_cents)::text AS left_cents,
            COALESCE((SELECT json_agg(json_build_object('transactionId', l.transaction_id, 'payerName', l.payer_name,
                                                        'amountCents', l.amount_cents) ORDER BY l.id)
                        FROM statement_lines l WHERE l.bill_id = b.id), '[]') AS transactions
       FROM bills b JOIN cases c ON c.id = b.case_id
      WHERE b.state = 'cancelled' AND b.received_cents > b.refunded_cents
      ORDER BY b.id LIMIT $1`,
    [RETURNS_MAX],
  );
  return rows.map((r) => ({
    billId: r.id,
    caseNumber: r.case_number,
    reference: r.reference,
    amountCents: Number(r.left_cents),
    transactions: r.transactions.map((t) => ({ ...t, amountCents: Number(t.amountCents) })),
  }));
}

/** How many cancelled bills hold money to return in all, listed or not: up to LIST_COUNT_CAP. */
export async function toReturnCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM bills WHERE state = 'cancelled' AND received_cents > refunded_cents LIMIT $1) capped`,
    [LIST_COUNT_CAP],
  );
  return rows[0]!.n;
}

/** A finance officer has sent a cancelled bill's money back to its payer, and says how. */
export async function markReturned(db: Database, billId: string, reason: string, actor: string, now: Date) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: BillState; left_cents: string }>(
      `SELECT state, (received_cents - refunded_cents)::text AS left_cents FROM bills WHERE id = $1::bigint FOR UPDATE`,
      [billId],
    );
    const bill = rows[0];
    if (!bill) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noBill);
    if (bill.state !== 'cancelled' || Number(bill.left_cents) <= 0)
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.nothingToReturn);
    await tx.query('UPDATE bills SET refunded_cents = received_cents WHERE id = $1::bigint', [billId]);
    await history(tx, billId, 'cancelled', 'cancelled', now, actor, PAYMENT_MESSAGES.returnedReason(reason));
  });
}

/** A refund `r` of a record `c` that is finance's to pay (docs/decisions/0088): approved, not yet paid out. */
const TO_PAY = `r.paid_out_at IS NULL AND c.status = 'approved'`;

/**
 * Approved refunds still to pay, the oldest REFUNDS_TO_PAY_MAX, with the payee and account the applicant
 * answered and the receipt each draws on. An individual payee is named by NRIC or FIN, an entity by UEN; a
 * form version that did not ask the one has none.
 */
export async function refundsToPay(db: Queryable): Promise<RefundToPay[]> {
  const f = REFUND_FIELDS;
  const { rows } = await db.query<{
    case_id: string;
    case_number: string;
    amount_cents: string;
    entity_type: string | null;
    payee_name: string | null;
    payee_nric: string | null;
    payee_uen: string | null;
    bank_account: string | null;
    receipt_number: string;
  }>(
    `SELECT r.case_id::text AS case_id, c.case_number, r.amount_cents::text AS amount_cents,
            c.data->>$2 AS entity_type, c.data->>$3 AS payee_name, c.data->>$4 AS payee_nric,
            c.data->>$5 AS payee_uen, c.data->>$6 AS bank_account, b.receipt_number
       FROM refunds r JOIN cases c ON c.id = r.case_id JOIN bills b ON b.id = r.bill_id
      WHERE ${TO_PAY} ORDER BY r.created_at, r.case_id LIMIT $1`,
    [REFUNDS_TO_PAY_MAX, f.entityType, f.payeeName, f.payeeNric, f.payeeUen, f.bankAccount],
  );
  return rows.map((r) => ({
    caseId: r.case_id,
    caseNumber: r.case_number,
    amountCents: Number(r.amount_cents),
    payeeName: r.payee_name ?? '',
    payeeId: (r.entity_type === 'I' ? r.payee_nric : r.payee_uen) ?? null,
    bankAccountNumber: r.bank_account ?? '',
    receiptNumber: r.receipt_number,
  }));
}

/** How many approved refunds wait to be paid in all, listed or not: up to LIST_COUNT_CAP. */
export async function refundsToPayCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM refunds r JOIN cases c ON c.id = r.case_id WHERE ${TO_PAY} LIMIT $1) capped`,
    [LIST_COUNT_CAP],
  );
  return rows[0]!.n;
}

/**
 * A finance officer has paid an approved refund to its payee, and says how (docs/decisions/0088): kept on the
 * refund, written in the history of the bill whose receipt it drew on, and told to the payer. The refund's row
 * is locked, so two finance officers marking it at once pay it once; the second is told it was paid.
 */
export async function markRefundPaid(db: Database, caseId: string, reason: string, actor: string, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ bill_id: string; amount_cents: string; paid: boolean }>(
      `SELECT bill_id::text AS bill_id, amount_cents::text AS amount_cents, paid_out_at IS NOT NULL AS paid
         FROM refunds WHERE case_id = $1::bigint FOR UPDATE`,
      [caseId],
    );
    const refund = rows[0];
    if (!refund) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noRefund);
    // Read after the lock, in a statement of its own: a status read with it would be the one before the wait.
    const { rows: cases } = await tx.query<{ status: CaseStatus; case_number: string; profile_id: string }>(
      'SELECT status, case_number, profile_id FROM cases WHERE id = $1::bigint',
      [caseId],
    );
    const record = cases[0]!;
    if (refund.paid) throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.refundPaidAlready);
    if (record.status !== 'approved')
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.refundNotApproved);
    await tx.query(
      'UPDATE refunds SET paid_out_at = $2, paid_out_by = $3, paid_out_note = $4 WHERE case_id = $1::bigint',
      [caseId, now, actor, reason],
    );
    const amountCents = Number(refund.amount_cents);
    const { rows: bills } = await tx.query<{ state: BillState }>('SELECT state FROM bills WHERE id = $1::bigint', [
      refund.bill_id,
    ]);
    const state = bills[0]!.state;
    await history(
      tx,
      refund.bill_id,
      state,
      state,
      now,
      actor,
      PAYMENT_MESSAGES.refundPaidReason(record.case_number, formatMoney(amountCents), reason),
    );
    await notify(tx, {
      kind: 'refundPaid',
      profileId: record.profile_id,
      caseId,
      caseNumber: record.case_number,
      facts: { amountCents, paidOn: todayInSingapore(now), reason },
      at: now,
    });
    return { caseNumber: record.case_number, amountCents };
  });
}

/** Who paid a settled bill, and to which UEN once a receipt fixed it (docs/decisions/0113). */
export interface PaidByRow {
  paid_by: string | null;
  paid_by_uen: string | null;
  paid_by_nric: string | null;
  paid_to_uen: string | null;
}

/** The bill of a record of the given profile, or undefined. */
export async function findBill(
  db: Queryable,
  caseId: string,
  profileId: string,
): Promise<(BillRow & RefundSumsRow & PaidByRow) | undefined> {
  // With what refunds hold of it, in the same statement: the payer's bill and receipt say so (toRefunds).
  const { rows } = await db.query<BillRow & RefundSumsRow & PaidByRow>(
    `SELECT ${BILL_COLUMNS}, ${REFUND_SUMS}, b.paid_by, b.paid_by_uen, b.paid_by_nric, b.paid_to_uen
       FROM bills b JOIN cases c ON c.id = b.case_id
      WHERE b.case_id = $1::bigint AND b.profile_id = $2`,
    [caseId, profileId],
  );
  return rows[0];
}

/** The bill of a record of the payer's profile, locked, its expiry applied first; 404 when there is none. */
async function lockPayersBill(tx: Queryable, caseId: string, profileId: string, now: Date): Promise<BillRow> {
  await expireDue(tx, now);
  const { rows } = await tx.query<BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id
      WHERE b.case_id = $1::bigint AND b.profile_id = $2 FOR UPDATE OF b`,
    [caseId, profileId],
  );
  if (!rows[0]) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noBill);
  return rows[0];
}

/** An application whose expired bill may be asked for again: one still open or approved, not rejected or withdrawn. */
async function renewable(db: Queryable, caseId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: CaseStatus }>('SELECT status FROM cases WHERE id = $1::bigint', [caseId]);
  const status = rows[0]?.status;
  return status !== undefined && status !== 'draft' && status !== 'rejected' && status !== 'withdrawn';
}

/**
 * A bill whose QR code expired before it was paid in full: expired with nothing received, or part-paid past
 * its expiry day (a banking app refuses the code's expiry, so the rest cannot be paid by it).
 */
const qrLapsed = (bill: { state: BillState; expires_on: string }, now: Date) =>
  bill.state === 'expired' || (bill.state === 'part_paid' && bill.expires_on < todayInSingapore(now));

/**
 * The payer asks again for a bill whose QR code expired before it was paid in full (docs/decisions/0086): due
 * again from today, same reference and amount (what is left of it), new due and expiry days, so a new QR code.
 * Without it an application approved after its bill expired (a certificate's fee, a deposit) could never be
 * paid, nor its certificate issued.
 */
export async function renewBill(db: Database, caseId: string, profileId: string, actor: string, now: Date) {
  await db.transaction(async (tx) => {
    const bill = await lockPayersBill(tx, caseId, profileId, now);
    if (!qrLapsed(bill, now) || !(await renewable(tx, caseId)))
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.notRenewable);
    const today = todayInSingapore(now);
    const state = bill.state === 'expired' ? 'awaiting' : bill.state;
    await tx.query(
      `UPDATE bills SET state = $5, issued_at = $2, due_on = $3::date, expires_on = $4::date
        WHERE id = $1::bigint`,
      [bill.id, now, addDays(today, BILL_DUE_DAYS), addDays(today, BILL_EXPIRY_DAYS), state],
    );
    await history(tx, bill.id, bill.state, state, now, actor, PAYMENT_MESSAGES.renewedReason);
  });
}

export async function billDetail(
  db: Database,
  caseId: string,
  profileId: string,
  config: Config,
  now: Date,
): Promise<BillDetail> {
  await db.transaction((tx) => expireDue(tx, now));
  const row = await findBill(db, caseId, profileId);
  if (!row) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noBill);
  const bill = toBill(row);
  const uen = payNowUen(config);
  const lapsed = qrLapsed(row, now);
  const payable = isPayable(bill.state) && !lapsed;
  const { rows } = await db.query<{
    at: Date | string;
    from_state: BillState | null;
    to_state: BillState;
    actor: string;
    reason: string | null;
  }>('SELECT at, from_state, to_state, actor, reason FROM bill_history WHERE bill_id = $1::bigint ORDER BY id', [
    row.id,
  ]);
  return {
    ...bill,
    refunds: toRefunds(row),
    uen,
    merchantName: PAYNOW_MERCHANT_NAME,
    payNow: payable
      ? payNowPayload({
          uen,
          amountCents: bill.amountCents - bill.receivedCents,
          reference: bill.reference,
          expiresOn: bill.expiresOn,
          merchantName: PAYNOW_MERCHANT_NAME,
        })
      : null,
    canSimulate: config.NODE_ENV !== 'production',
    certificate: row.app_code === CERTIFICATE_ESERVICE && (await certificateOf(db, caseId, profileId)) !== null,
    canRenew: lapsed && (await renewable(db, caseId)),
    history: rows.map((h) => ({
      at: iso(h.at),
      from: h.from_state,
      to: h.to_state,
      // The payer reads what happened, not which officer did it.
      by: h.actor === 'system' ? 'system' : 'PTIB',
      reason: h.reason,
    })),
  };
}

/**
 * The dashboard's bills of a profile, newest first: those still to pay first among the DASHBOARD_BILLS_MAX
 * kept, so a bill owed is never pushed off the list by newer ones already paid. With how many bills the
 * profile has in all (up to LIST_COUNT_CAP), so that the dashboard says when it lists only some. Each says
 * whether its QR code lapsed as the record's panel reads it (qrLapsed), so the list never asks for a payment by
 * a due day gone where the record asks for a new code (docs/decisions/0086).
 */
export async function billsOf(
  db: Database,
  profileId: string,
  now: Date,
): Promise<{ bills: ListedBill[]; total: number }> {
  await db.transaction((tx) => expireDue(tx, now));
  const { rows } = await db.query<BillRow & { total: number }>(
    `SELECT kept.*, (SELECT count(*)::int FROM (
                       SELECT 1 FROM bills b JOIN cases c ON c.id = b.case_id
                        WHERE b.profile_id = $1 AND c.deleted_at IS NULL LIMIT $4) capped) AS total
       FROM (
       SELECT ${BILL_COLUMNS} FROM bills b JOIN cases c ON c.id = b.case_id
        WHERE b.profile_id = $1 AND c.deleted_at IS NULL
        ORDER BY b.state = ANY($2::text[]) DESC, b.issued_at DESC, b.id DESC LIMIT $3) kept
      ORDER BY issued_at DESC, id::bigint DESC`,
    [profileId, BILL_STATES.filter(isPayable), DASHBOARD_BILLS_MAX, LIST_COUNT_CAP],
  );
  return { bills: rows.map((row) => ({ ...toBill(row), lapsed: qrLapsed(row, now) })), total: rows[0]?.total ?? 0 };
}

/**
 * The embedded demo's bank: a credit of what the bill still lacks, through the same reconciliation as a
 * statement's. Never registered with NODE_ENV=production (server/routes/payments.ts).
 */
export async function simulatePayment(db: Database, caseId: string, profileId: string, now: Date): Promise<void> {
  await db.transaction((tx) => payInFull(tx, caseId, profileId, now));
}

/** simulatePayment's credit, in the caller's transaction (the demo seed pays its records' bills so). */
export async function payInFull(tx: Queryable, caseId: string, profileId: string, now: Date): Promise<void> {
  const bill = await lockPayersBill(tx, caseId, profileId, now);
  if (!isPayable(bill.state)) throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.notPayable);
  const outstanding = Number(bill.amount_cents) - Number(bill.received_cents);
  await reconcileCredits(
    tx,
    [
      {
        transactionId: `SIMULATED-${bill.id}-${bill.received_cents}`,
        valueDate: todayInSingapore(now),
        amountCents: outstanding,
        reference: bill.reference,
        // The demo's bank names no payer, so the receipt names the form's payer, else the applicant (0113).
        payerName: '',
      },
    ],
    'demo bank',
    now,
  );
}
