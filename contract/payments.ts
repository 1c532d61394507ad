import { z } from 'zod';
import type { FeeName } from './fees.ts';
import { API_PATHS } from './paths.ts';
import { showsNothing } from './validation.ts';

/**
 * Bills, PayNow and reconciliation (docs/decisions/0045, 0046). Money is held in integer cents end to end;
 * it is shown by formatMoney only, and read from a form's amount answer by centsOf only.
 */

/** The payment e-services and the form field their bill's amount is read from (docs/decisions/0045). */
export const PAYMENT_AMOUNT_FIELDS: Readonly<Record<string, string>> = {
  PCD: 'depositAmount',
  PC: 'certificateFee',
  PD: 'paymentAmount',
};
export const isPaymentEservice = (code: string) => Object.hasOwn(PAYMENT_AMOUNT_FIELDS, code);
/**
 * The payment e-services whose bill is a fixed fee of the portal (contract/fees.ts), whatever the record says:
 * the applicant once typed the certificate fee, and S$0.01 was billed (docs/decisions/0078).
 */
export const ESERVICE_FEES: Readonly<Record<string, FeeName>> = { PC: 'paymentCertificate' };
/**
 * The payment e-services billed only when an answer says the payment is still to be made through the portal.
 * PD records a debtor's payment (dated today or before, with its proof): one made by GIRO, card or cheque is
 * recorded, not billed again; one by PayNow is paid by the portal's bill (docs/decisions/0078).
 */
export const BILLED_ONLY_WHEN: Readonly<Record<string, { field: string; value: string }>> = {
  PD: { field: 'paymentMethod', value: 'PAYNOW' },
};
/**
 * The deposit e-service: a receipt of its bill may be refunded in full. A receipt of another bill (a debtor's
 * payment, a certificate's fee) settled money owed, so only what was paid over its amount comes back.
 */
export const DEPOSIT_ESERVICE = 'PCD';
/**
 * The answers naming who pays, where a payment's form asks (PCD): its receipt names that payer and prints the
 * number given (docs/decisions/0113). Hidden answers are not kept, so at most one of uen and nric is there.
 */
export const PAYER_ANSWERS = { name: 'payerName', uen: 'payerUen', nric: 'payerNric' } as const;
/**
 * The certificate e-service (docs/decisions/0085): approved and its fee paid, the portal issues the certificate
 * of the payments a debtor made to the estate it names (their PD records), within the period it asks.
 */
export const CERTIFICATE_ESERVICE = 'PC';
/**
 * The refund e-service: its answers name a receipt (receiptNumber) and an amount (refundAmount), and who the
 * refund is paid to: the payee's name, NRIC or FIN (an individual, entityType I) or UEN (an entity), and bank
 * account, which finance reads to pay an approved refund (docs/decisions/0088).
 */
export const REFUND_ESERVICE = 'PRD';
export const REFUND_FIELDS = {
  receipt: 'receiptNumber',
  amount: 'refundAmount',
  entityType: 'entityType',
  payeeName: 'payeeName',
  payeeNric: 'payeeNric',
  payeeUen: 'payeeUen',
  bankAccount: 'bankAccountNumber',
} as const;

/** A bill is due this many days after it is issued, and the QR stops being payable this many days after. */
export const BILL_DUE_DAYS = 14;
export const BILL_EXPIRY_DAYS = 30;

export const BILL_STATES = ['awaiting', 'part_paid', 'paid', 'over_paid', 'expired', 'cancelled'] as const;
export type BillState = (typeof BILL_STATES)[number];
export const BILL_STATE_LABELS: Record<BillState, string> = {
  awaiting: 'Awaiting payment',
  part_paid: 'Part-paid',
  paid: 'Paid',
  over_paid: 'Over-paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
/** States in which the full amount has arrived: the bill is settled and has a receipt. */
export const isSettled = (state: BillState) => state === 'paid' || state === 'over_paid';
/** States in which the bill can still be paid: its QR is shown and a credit may settle it. */
export const isPayable = (state: BillState) => state === 'awaiting' || state === 'part_paid';
/**
 * States a rejection cancels (docs/decisions/0059): nothing settled them, so nothing more is due. A settled
 * bill stays settled: its receipt stands, and a deposit comes back by the refund e-service.
 */
export const isCancellable = (state: BillState) => isPayable(state) || state === 'expired';

/**
 * What a refund (REFUND_ESERVICE) may still draw on a bill's receipt: all that a deposit received, and of any
 * other bill only what was paid over its amount (docs/decisions/0046), less what earlier refunds drew.
 */
export function refundableCents(bill: Pick<Bill, 'appCode' | 'amountCents' | 'receivedCents' | 'refundedCents'>) {
  const drawable =
    bill.appCode === DEPOSIT_ESERVICE ? bill.receivedCents : Math.max(0, bill.receivedCents - bill.amountCents);
  return Math.max(0, drawable - bill.refundedCents);
}

/**
 * What an over-paid bill received over its amount and may still be drawn back by a refund (a deposit's whole
 * receipt may be drawn, but only the part over its amount was paid over); 0 for any other bill.
 */
export function paidOverLeft(
  bill: Pick<Bill, 'appCode' | 'state' | 'amountCents' | 'receivedCents' | 'refundedCents'>,
) {
  return bill.state === 'over_paid' ? Math.min(bill.receivedCents - bill.amountCents, refundableCents(bill)) : 0;
}

/** The state a bill of `amount` is in once `received` has arrived. */
export function stateFor(amountCents: number, receivedCents: number): BillState {
  if (receivedCents <= 0) return 'awaiting';
  if (receivedCents < amountCents) return 'part_paid';
  return receivedCents === amountCents ? 'paid' : 'over_paid';
}

const GROUPED = new Intl.NumberFormat('en-SG', { useGrouping: true, maximumFractionDigits: 0 });

/** `S$1,234.50`: the one way the portal writes an amount of Singapore dollars held in cents. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}S$${GROUPED.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars and cents as written in a form or a statement (`1234.5`, `1,234.50`) to cents; null if not money. */
export function parseMoney(text: string): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A form's amount answer ({amount, currency}) in cents of SGD; null when it is not one. */
export function centsOf(answer: unknown): number | null {
  if (!answer || typeof answer !== 'object') return null;
  const { amount, currency } = answer as { amount?: unknown; currency?: unknown };
  if (currency !== 'SGD' || typeof amount !== 'string') return null;
  return parseMoney(amount);
}

/**
 * The payment reference of a case: its case number without spaces (`PD0000422026`). Banks pass a reference
 * on with its spaces dropped or kept as they please, so matching compares this compact form.
 */
export const paymentReference = (caseNumber: string) => caseNumber.replace(/\s+/g, '').toUpperCase();

// ---- PayNow QR (EMVCo merchant-presented mode, SGQR / PayNow profile) ----

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One data object: two-digit id, two-digit length, value. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`Bad id ${id}`);
  if (value.length === 0 || value.length > 99) throw new RangeError(`Field ${id} must be 1–99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface PayNowInput {
  /** The agency's UEN (proxy type 2). */
  uen: string;
  /** In cents; the QR carries it in dollars with two decimals. */
  amountCents: number;
  /** The bill reference (62/01), at most 25 characters. */
  reference: string;
  /** Last day the QR may be paid, YYYY-MM-DD (written YYYYMMDD). */
  expiresOn: string;
  merchantName: string;
  /** Whether the payer may change the amount; a bill's QR never lets them. */
  editable?: boolean;
}

/** The merchant name (59) the QR shows in the banking app before the payer confirms. */
export const PAYNOW_MERCHANT_NAME = 'PTIB';
/** A UEN in the format but owned by nobody: the embedded demo's, so no scan can pay a real company. */
export const DEMO_PAYNOW_UEN = '00000000X';

/**
 * The payload of a dynamic PayNow QR: what a banking app reads and pays, exactly. Pure, so the server, the
 * browser and the tests build the same string.
 */
export function payNowPayload(input: PayNowInput): string {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError('The amount must be a whole number of cents above zero');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiresOn)) throw new RangeError('The expiry must be YYYY-MM-DD');
  if (input.reference.length > 25) throw new RangeError('The reference must be at most 25 characters');
  const merchantAccount =
    tlv('00', 'SG.PAYNOW') +
    tlv('01', '2') +
    tlv('02', input.uen) +
    tlv('03', input.editable ? '1' : '0') +
    tlv('04', input.expiresOn.replace(/-/g, ''));
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', merchantAccount) +
    tlv('52', '0000') +
    tlv('53', '702') +
    tlv('54', (input.amountCents / 100).toFixed(2)) +
    tlv('58', 'SG') +
    tlv('59', input.merchantName.slice(0, 25)) +
    tlv('60', 'Singapore') +
    tlv('62', tlv('01', input.reference)) +
    '6304';
  return body + crc16(body);
}

/** Reads a payload back into its data objects (id → value); nested ones under `26.` and `62.`. */
export function parsePayload(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (text: string, prefix: string) => {
    let i = 0;
    while (i < text.length) {
      const id = text.slice(i, i + 2);
      const len = Number(text.slice(i + 2, i + 4));
      if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new RangeError(`Bad data object at ${prefix}${i}`);
      const value = text.slice(i + 4, i + 4 + len);
      out[`${prefix}${id}`] = value;
      if (!prefix && (id === '26' || id === '62')) walk(value, `${id}.`);
      i += 4 + len;
    }
  };
  walk(payload, '');
  return out;
}

// ---- Calls ----

export const PAYMENT_PATHS = {
  /** GET: the acting profile's bills (dashboard). */
  bills: '/api/bills',
  /** GET: the bill of one record, with its PayNow payload and history. */
  bill: `${API_PATHS.cases}/:id/bill`,
  /** GET: the receipt of a settled bill (application/pdf). */
  receipt: `${API_PATHS.cases}/:id/receipt.pdf`,
  /** GET: the certificate of payments of an approved, paid Payment Certificates record (application/pdf). */
  certificate: `${API_PATHS.cases}/:id/certificate.pdf`,
  /**
   * POST: the payer asks again for a bill whose QR code expired before it was paid in full, while its
   * application is open or approved: due again, with a new QR code (docs/decisions/0086).
   */
  renew: `${API_PATHS.cases}/:id/bill/renew`,
  /** POST: the embedded demo's stand-in for a bank (absent with NODE_ENV=production). */
  simulate: `${API_PATHS.cases}/:id/bill/simulate`,
} as const;

/** The finance officer's calls (server/routes/reconciliation.ts). */
export const RECONCILIATION_PATHS = {
  statements: '/api/finance/statements',
  queue: '/api/finance/queue',
  match: '/api/finance/queue/:id/match',
  mark: '/api/finance/queue/:id/mark',
  /** POST: money a cancelled bill held has been returned to its payer (docs/decisions/0059). */
  returned: '/api/finance/returns/:id',
  /** GET: credits a person matched or marked lately, newest first, to undo a wrong one (docs/decisions/0071). */
  resolved: '/api/finance/resolved',
  /** POST: puts a matched or marked credit back in the queue, with the reason (docs/decisions/0071). */
  undo: '/api/finance/resolved/:id/undo',
  /** POST: an approved refund (`:id` its record's) has been paid to its payee, and how (docs/decisions/0088). */
  refundPaid: '/api/finance/refunds/:id',
} as const;

const cents = z.number().int();
export const billHistorySchema = z.object({
  at: z.string(),
  from: z.enum(BILL_STATES).nullable(),
  to: z.enum(BILL_STATES),
  by: z.string(),
  reason: z.string().nullable(),
});
export const billSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  appCode: z.string(),
  reference: z.string(),
  amountCents: cents,
  receivedCents: cents,
  refundedCents: cents,
  state: z.enum(BILL_STATES),
  issuedAt: z.string(),
  dueOn: z.string(),
  expiresOn: z.string(),
  receiptNumber: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;
/**
 * What refunds hold of a receipt, by whether finance has paid them out (docs/decisions/0088): refundedCents
 * counts both, as a refund sets its amount aside when it is submitted, so it alone cannot say what was refunded.
 */
export const refundsOnBillSchema = z.object({
  /** Refunds finance has marked paid. */
  paidCents: cents,
  /** Refunds applied for and not yet paid: waiting for an officer, or approved and waiting for finance. */
  heldCents: cents,
});
export type RefundsOnBill = z.infer<typeof refundsOnBillSchema>;
export const billDetailSchema = billSchema.extend({
  refunds: refundsOnBillSchema,
  uen: z.string(),
  merchantName: z.string(),
  /** The QR's text; null once the bill can no longer be paid (settled or expired). */
  payNow: z.string().nullable(),
  /** Whether this server offers the demo's simulated payment. */
  canSimulate: z.boolean(),
  /** The record's certificate can be downloaded (CERTIFICATE_ESERVICE, approved, its fee paid). */
  certificate: z.boolean(),
  /**
   * Its QR code expired before it was paid in full, and its application open or approved: the payer may ask
   * for it again (renew).
   */
  canRenew: z.boolean(),
  history: z.array(billHistorySchema),
});
export type BillDetail = z.infer<typeof billDetailSchema>;
/** The most bills the payer's dashboard lists: those still to pay first, then the newest. */
export const DASHBOARD_BILLS_MAX = 20;
/** A bill as the dashboard lists it. */
export const listedBillSchema = billSchema.extend({
  /**
   * Its QR code expired before it was paid in full (docs/decisions/0086), as the record's panel has it: the
   * list asks for a new code on the record, never to pay by a due day gone.
   */
  lapsed: z.boolean(),
});
export type ListedBill = z.infer<typeof listedBillSchema>;
export const billsListSchema = z.object({
  bills: z.array(listedBillSchema),
  /** How many bills the profile has in all, up to LIST_COUNT_CAP (contract/counts.ts). */
  total: z.number().int(),
});

/** Why a credit waits for a person. */
/**
 * Why a credit waits for a person, as its bill is now (other credits may have paid it since the import):
 * exact is a credit that lacked or exceeded the amount due when imported and now pays just what is left.
 */
export const QUEUE_REASONS = ['unknown_reference', 'part', 'over', 'not_payable', 'exact'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];
export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  unknown_reference: 'No bill has this reference',
  part: 'Less than the amount due',
  over: 'More than the amount due',
  not_payable: 'The bill is already settled, has expired or was cancelled',
  exact: 'Now pays exactly what the bill still lacks',
};

/** A credit as the bank's statement gave it. */
const creditSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  valueDate: z.string(),
  amountCents: cents,
  reference: z.string(),
  payerName: z.string(),
});
export const statementLineSchema = creditSchema.extend({
  status: z.enum(['settled', 'queued', 'matched', 'marked']),
  queueReason: z.enum(QUEUE_REASONS).nullable(),
  billReference: z.string().nullable(),
  /** What the bill still lacks, for a person deciding (null when no bill is known). */
  outstandingCents: cents.nullable(),
  resolution: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
/** A cancelled bill that still holds money its payer must get back (docs/decisions/0059). */
export const moneyToReturnSchema = z.object({
  billId: z.string(),
  caseNumber: z.string(),
  reference: z.string(),
  /** What is still to be returned: received less what was refunded or returned already. */
  amountCents: cents,
  /** The bank transactions that brought the money, to send it back the way it came. */
  transactions: z.array(z.object({ transactionId: z.string(), payerName: z.string(), amountCents: cents })),
});
export type MoneyToReturn = z.infer<typeof moneyToReturnSchema>;
/**
 * An approved refund of deposits still to be paid to its payee (docs/decisions/0088): what finance needs to pay
 * it, the payee and account as the applicant answered them.
 */
export const refundToPaySchema = z.object({
  /** The refund's record: what the finance officer marks paid. */
  caseId: z.string(),
  caseNumber: z.string(),
  amountCents: cents,
  payeeName: z.string(),
  /** The payee's NRIC or FIN, or an entity's UEN; null if the form the applicant filled in did not ask it. */
  payeeId: z.string().nullable(),
  bankAccountNumber: z.string(),
  /** The receipt the refund draws on. */
  receiptNumber: z.string(),
});
export type RefundToPay = z.infer<typeof refundToPaySchema>;
/** How many of the credits decided by a person, newest first, the finance screen lists to undo. */
export const RESOLVED_MAX_LINES = 50;
/** A credit a person matched to a bill or marked as dealt with: what they did, who, when and why. */
export const resolvedLineSchema = creditSchema.extend({
  status: z.enum(['matched', 'marked']),
  /** The bill a matched credit went to; null for one marked. */
  billReference: z.string().nullable(),
  resolvedBy: z.string(),
  resolvedAt: z.string(),
  resolution: z.string(),
});
export type ResolvedLine = z.infer<typeof resolvedLineSchema>;
export const resolvedListSchema = z.object({ lines: z.array(resolvedLineSchema) });
/** The most cancelled bills with money to return the finance screen lists at once, oldest first. */
export const RETURNS_MAX = 500;
/** The most approved refunds still to pay the finance screen lists at once, oldest first. */
export const REFUNDS_TO_PAY_MAX = 500;
/**
 * The most waiting credits the queue lists at once, oldest value date first: the finance screen says how many wait
 * in all.
 */
export const QUEUE_MAX_LINES = 500;
export const queueSchema = z.object({
  lines: z.array(statementLineSchema),
  /** How many credits wait in all, of which `lines` are the oldest QUEUE_MAX_LINES. */
  waiting: z.number().int(),
  returns: z.array(moneyToReturnSchema),
  /** How many cancelled bills hold money to return, up to LIST_COUNT_CAP: `returns` are the oldest RETURNS_MAX. */
  toReturn: z.number().int(),
  refunds: z.array(refundToPaySchema),
  /** How many approved refunds wait to be paid, up to LIST_COUNT_CAP: `refunds` are the oldest REFUNDS_TO_PAY_MAX. */
  toPay: z.number().int(),
});

/** How many days after today a statement's credit may be value-dated (a weekend and a holiday or two). */
export const STATEMENT_VALUE_DAYS_AHEAD = 7;
/** The most characters one imported statement may have (about 15,000 lines): a bigger one is split. */
export const STATEMENT_MAX_CHARS = 900_000;
/**
 * The most bytes the import's request may have: the JSON of a statement of STATEMENT_MAX_CHARS characters that
 * take three bytes each in UTF-8 (payers' names in Chinese do), and its file name. Above the 1 MB every other
 * call may send (server/app.ts), which such a statement outgrows at a third of its characters.
 */
export const STATEMENT_MAX_BODY_BYTES = 3 * STATEMENT_MAX_CHARS + 4_096;

/** The most of a statement's file name the audit trail keeps: the screen sends no more of a longer one. */
export const STATEMENT_FILE_NAME_MAX = 200;
export const importRequestSchema = z.object({
  fileName: z.string().max(STATEMENT_FILE_NAME_MAX).optional(),
  csv: z.string().min(1).max(STATEMENT_MAX_CHARS),
  /** As a decision's (docs/decisions/0109): an import sent again reports what the first one did. */
  actionKey: z.uuid().optional(),
});
export const importReportSchema = z.object({
  credits: z.number().int(),
  settled: z.number().int(),
  queued: z.number().int(),
  alreadyImported: z.number().int(),
  ignored: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
/** The most characters a finance officer's reason for a decision may have (it goes into the bill's history). */
export const DECISION_REASON_MAX = 500;
// A reason of zero-width characters passes trim() and the length, yet tells the payer and the audit trail nothing.
const reason = z
  .string()
  .trim()
  .min(3, { error: () => PAYMENT_TEXT.reasonRequired })
  .max(DECISION_REASON_MAX, { error: () => PAYMENT_TEXT.reasonTooLong })
  .refine((text) => !showsNothing(text), { error: () => PAYMENT_TEXT.reasonRequired });
/** The most characters of the bill reference a finance officer matches a credit to (a bill's has about 12). */
export const BILL_REFERENCE_MAX = 40;
/**
 * The key of a decision's attempt (docs/decisions/0109): sent again with it after its answer was lost, the decision
 * is answered with what the first attempt did. Optional: the operator's tools send none.
 */
const actionKey = z.uuid().optional();
export const matchRequestSchema = z.object({
  reference: z.string().trim().min(1).max(BILL_REFERENCE_MAX),
  reason,
  actionKey,
});
export const markRequestSchema = z.object({ reason, actionKey });
export const lineIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const returnedRequestSchema = z.object({ reason, actionKey });
export const undoRequestSchema = z.object({ reason, actionKey });
export const refundPaidRequestSchema = z.object({ reason, actionKey });

/**
 * The bank statement CSV (docs/samples/bank-statement.csv): a header row naming these columns (any order,
 * more columns ignored), then one row per transaction. Only credits (type CR) are reconciled.
 */
export const STATEMENT_COLUMNS = [
  'transaction_id',
  'value_date',
  'type',
  'amount',
  'currency',
  'reference',
  'payer_name',
] as const;

export const PAYMENT_MESSAGES = {
  noBill: 'This record has no bill.',
  notSettled: 'The receipt is ready once the bill has been paid in full.',
  noCertificate: 'The certificate is issued once the application is approved and its fee paid.',
  /** Only a Payment Certificates record has a certificate: another's 409 would promise one to come. */
  notCertificate: 'This record is not an application for a certificate of payments.',
  notRenewable:
    'Only a bill whose QR code expired before it was paid in full, of an application neither rejected nor withdrawn, can be asked for again.',
  renewed: 'The bill is due again, with a new QR code.',
  renewedReason: 'Asked for again by the payer after it expired',
  notPayable: 'This bill can no longer be paid.',
  billCancelled:
    'This bill was cancelled because its application was rejected or withdrawn. Mark the credit as dealt with and return the money.',
  nothingToReturn: 'Nothing is left to return on this bill.',
  returned: 'Marked as returned to the payer.',
  cancelledReason: 'Application rejected',
  /** The applicant's request to withdraw the application was approved (docs/decisions/0091). */
  withdrawnReason: 'Application withdrawn',
  /** In the bill's history when a resubmission at an officer's request changed the amount to pay. */
  amountChanged: (from: string, to: string) => `Amount changed from ${from} to ${to}`,
  amountFixed: 'The payment amount cannot be changed: its bill has been paid, has expired or was cancelled',
  /** A payment by PayNow changed at an officer's request, once money has reached its bill (docs/decisions/0082). */
  methodFixed: 'The payment method cannot be changed: money has already been paid by PayNow on its bill',
  /** In the bill's history when a resubmission changed the payment away from PayNow, or back to it. */
  notByPayNowReason: 'Payment method changed: not paid by PayNow',
  byPayNowAgainReason: 'Payment method changed back to PayNow',
  returnedReason: (reason: string) => `Returned to the payer: ${reason}`,
  noRefund: 'No such refund.',
  refundNotApproved: 'Only a refund whose application was approved can be paid.',
  refundPaidAlready: 'This refund has already been marked as paid.',
  /**
   * A decision sent with the key of another decision, or of the same one with other words (docs/decisions/0109):
   * a key answers its own attempt only. The finance screen never sends one.
   */
  actionKeyOfAnother:
    'This decision was sent with the key of another decision already taken, so it was not taken. Load the page again and try again.',
  refundPaid: 'Marked as paid to the payee.',
  /** In the history of the bill whose receipt the refund drew on, which its payer reads. */
  refundPaidReason: (caseNumber: string, amount: string, reason: string) =>
    `Refund ${caseNumber} of ${amount} paid out: ${reason}`,
  simulated: 'Payment received (simulated).',
  /** The debits too, when there were any: else a statement of debits alone reads as a file with nothing in it. */
  imported: (r: ImportReport) =>
    `Statement imported: ${r.settled} settled, ${r.queued} waiting for a person, ${r.alreadyImported} already imported${
      r.ignored > 0 ? `; ${r.ignored} ${r.ignored === 1 ? 'debit' : 'debits'} ignored` : ''
    }.`,
  /**
   * The statement import command's --officer (else the shell's user) names no enabled officer account, or
   * one without the role the import screen asks for: it acts as that officer (docs/decisions/0046).
   */
  commandOfficerUnknown: (name: string) =>
    `"${name}" is not an enabled officer's account: name yours with --officer, e.g. --officer officer.finance.`,
  commandRoleRequired: (name: string, roles: string) =>
    `${name} may not import a bank statement: that is for an officer with the role ${roles}.`,
  badStatement: (line: number, why: string) => `The statement could not be read: line ${line}: ${why}.`,
  /** Why a line with more fields than the header is refused: an unquoted comma moves every field after it. */
  /** Why a credit's line that ends before the fields a credit needs is refused (reference and payer may be left off). */
  fewerFields: (fields: number, columns: number) =>
    `it has ${fields} ${fields === 1 ? 'field' : 'fields'} where the header names ${columns}: a credit needs its transaction_id, value_date, type, amount and currency`,
  badTransactionId: 'transaction_id must be 1–64 letters, digits or . _ / - (no spaces)',
  extraFields: (fields: number, columns: number) =>
    `it has ${fields} fields where the header names ${columns}: a comma in a field must be inside quotes, like "1,234.50"`,
  missingColumns: (names: string[]) => `The statement could not be read: the header lacks ${names.join(', ')}.`,
  repeatedColumns: (names: string[]) =>
    `The statement could not be read: the header names ${names.join(', ')} more than once.`,
  afterQuote: 'text follows a closing quote: a quote inside a quoted field is written twice, like "TAN ""AH"" KOW"',
  valueDateAhead: (latest: string) => `value_date must be ${latest} or earlier: a credit is not received later`,
  lineNotQueued: 'This credit is not waiting for a person.',
  undone: 'Decision undone: the credit is waiting for a person again.',
  lineNotResolved: 'This credit was not matched or marked by a person, so there is nothing to undo.',
  /** A refund (or an over-payment's refund) may have drawn the very money the credit brought. */
  undoRefundDrawn:
    'A refund has drawn on this bill’s receipt, so the credit cannot be taken off it. Decide the refund first.',
  undoMoneyReturned:
    'This bill was cancelled and its money has been returned to the payer, so the credit cannot be taken off it.',
  /** In the bill's history, which its payer reads (docs/decisions/0071). */
  undoneReason: (transactionId: string, reason: string, withdrawnReceipt: string | null) =>
    `Credit ${transactionId} taken off this bill: ${reason}${withdrawnReceipt ? ` (receipt ${withdrawnReceipt} withdrawn)` : ''}`,
  noLine: 'No such credit.',
  unknownReference: 'No bill has this reference.',
  matched: 'Credit matched to the bill.',
  marked: 'Credit marked as dealt with.',
  receiptUnknown: 'Enter the receipt number of one of your own payments.',
  sgdOnly: 'The amount to pay must be in Singapore dollars',
  /** A refund on a receipt that is not of a deposit, with nothing paid over its bill left (DEPOSIT_ESERVICE). */
  nothingPaidOver:
    'This receipt is of a payment, not a deposit: only money paid over its bill can be refunded, and none is left.',
  /** A refund on a deposit's receipt that earlier refunds have drawn in full. */
  nothingLeft: 'Earlier refunds have drawn all of this receipt: nothing is left to refund.',
  refundTooLarge: (left: string) => `Refund amount must be ${left} or less, what is left of the receipt.`,
  dueOn: (date: string) => `Pay by ${date}.`,
  /**
   * What the payer must do next while the bill of a submitted or decided record waits (the dashboard and the
   * record page): the status's own line would say there is nothing to do.
   */
  nextStepPay: (amount: string, date: string) => `Pay the bill of ${amount} by ${date}.`,
  /** The same once part of it has arrived: what is left. */
  nextStepPayRest: (left: string, date: string) => `Pay the ${left} still owed on the bill by ${date}.`,
  /** A court deposit paid before its application was rejected: it stays paid, and comes back by a refund. */
  nextStepReclaim: (amount: string, receipt: string) =>
    `Apply for a refund of deposits with receipt number ${receipt} to have the ${amount} you paid back.`,
  /**
   * A bill whose QR code expired before it was paid in full while its application is open or approved: it can
   * be asked for again.
   */
  nextStepRenew: 'The bill’s QR code expired before it was paid in full: get a new QR code on this page to pay it.',
  /** An approved refund of deposits that finance has still to pay (docs/decisions/0088). */
  nextStepRefundToPay: (amount: string) =>
    `Nothing for now: the refund of ${amount} will be paid to the bank account you gave.`,
  /** The same once finance has paid it: when, and what the finance officer said of it (a transfer's reference). */
  nextStepRefundPaid: (amount: string, day: string, reason: string) =>
    `Nothing more: the refund of ${amount} was paid to the bank account you gave on ${day}: ${reason}`,
  /** An approved Payment Certificates record whose fee is paid: its certificate is there to take. */
  nextStepCertificate: 'Download the certificate of payments from this page.',
  payByTyping: 'Or pay by PayNow to the UEN with the reference below.',
  demoNotice: 'Demo: this QR pays a made-up UEN. Use Simulate payment instead.',
} as const;

/** Words of the bill panel (record page), the dashboard's bills and the reconciliation screen. */
export const PAYMENT_TEXT = {
  heading: 'Payment',
  amount: 'Amount',
  status: 'Status',
  received: 'Received',
  dueOn: 'Pay by',
  expiresOn: 'QR code valid until',
  receiptNumber: 'Receipt number',
  /** Said of a receipt (the Payment section, the receipt PDF) only once finance has paid them out. */
  refundsPaid: 'Refunds paid from this payment',
  /** Set aside on a refund's submission, given back if it is rejected: not refunded yet. */
  refundsHeld: 'Held for refunds applied for, not yet paid',
  uen: 'UEN',
  /** The receipt's payer (docs/decisions/0113), and the number given for them, labelled as the form asks it. */
  paidBy: 'Paid by',
  payerUen: 'UEN of the payer',
  payerNric: 'NRIC or FIN of the payer',
  reference: 'Reference',
  scan: 'Scan this PayNow QR code with your banking app. The amount is fixed.',
  typeIn: 'Or pay by PayNow in your banking app to this UEN, with this reference:',
  qrLabel: (amount: string, uen: string, reference: string) =>
    `PayNow QR code: pay ${amount} to UEN ${uen}, reference ${reference}`,
  qrFailed: 'The QR code could not be drawn. Pay to the UEN with the reference below.',
  simulate: 'Simulate payment',
  downloadReceipt: 'Download the receipt (PDF)',
  receiptFailed: 'The receipt could not be downloaded. Try again.',
  downloadCertificate: 'Download the certificate of payments (PDF)',
  expired: 'This bill’s QR code expired before the bill was paid in full.',
  renew: 'Get a new QR code',
  certificateFailed: 'The certificate could not be downloaded. Try again.',
  loadFailed: 'The payment details could not be loaded.',
  history: 'Payment history',
  dashboardHeading: 'Your bills',
  /** Above a dashboard that lists only DASHBOARD_BILLS_MAX bills: else they read as every bill there is. */
  billsShown: (shown: number, total: string) =>
    `Showing ${shown} of your ${total} bills: those still to pay, then the newest. Every bill is also on its application’s page.`,
  /** A part-paid bill on the dashboard: its whole amount alone would read as still to pay. */
  leftToPay: (amount: string, date: string) => `${amount} left to pay by ${date}`,
  /** A bill whose QR code expired before it was paid in full: what is owed, and where to get a new code. */
  lapsedOwed: (amount: string) => `${amount} still owed, but its QR code has expired: get a new one on its record`,
  open: (caseNumber: string) => `Open ${caseNumber}`,
  // Reconciliation (finance officers)
  reconciliationHeading: 'Reconcile payments',
  importHeading: 'Import a bank statement',
  statementFile: 'Bank statement (CSV)',
  statementHint: 'Columns: transaction_id, value_date, type (CR or DR), amount, currency (SGD), reference, payer_name.',
  importButton: 'Import statement',
  queueHeading: 'Credits waiting for a person',
  queueEmpty: 'No credits are waiting.',
  /** Above a queue longer than the screen lists: else the oldest QUEUE_MAX_LINES read as all there is. */
  queueShown: (shown: number, waiting: number) =>
    `${waiting.toLocaleString('en-SG')} credits are waiting; the oldest ${shown.toLocaleString('en-SG')} are listed here. Decide them to see the rest.`,
  queueLoading: 'Loading the credits waiting for a person…',
  /**
   * A decision or an import whose answer never came (the connection dropped): the toast says why, this says what,
   * and on which credit, bill, refund or file, since several may be in doubt. Sent again, it is not taken twice
   * (docs/decisions/0109).
   */
  actionUnconfirmed: (label: string, name: string) =>
    `Sorry, "${label}" for ${name} was not confirmed. Try again: a decision already taken is not taken twice.`,
  /**
   * In place of actionUnconfirmed once the lists, loaded again, no longer hold the row the decision was on: it
   * was taken, and trying again would no longer make sense (docs/decisions/0109).
   */
  actionTaken: (label: string, name: string) => `"${label}" for ${name} was taken after all: it has left its list.`,
  /** Beside the lists as last loaded, when loading them again failed (docs/decisions/0109). */
  queueStale:
    'Sorry, the lists below could not be brought up to date: they are as they were last loaded, with what you typed. They are loaded again when the connection is back.',
  reasonLabel: 'Reason',
  /** A matched credit's reason lands in the bill's history, which its payer reads (BillPanel). */
  reasonHint: 'If you match the credit to a bill, its payer reads this reason in the bill’s history.',
  billReferenceLabel: 'Bill reference',
  matchButton: 'Match to bill',
  markButton: 'Mark as dealt with',
  reasonRequired: 'Enter a reason of at least 3 characters',
  reasonTooLong: `Enter a reason of at most ${DECISION_REASON_MAX} characters`,
  referenceRequired: 'Enter the reference of the bill to match the credit to',
  /** The field starts with the statement's reference, which may hold the bill's among other words. */
  referenceTooLong: `Enter the bill’s reference alone, like PD0000422026 (at most ${BILL_REFERENCE_MAX} characters)`,
  chooseFile: 'Choose a statement file first',
  emptyFile: 'The chosen file is empty. Choose the bank statement (CSV).',
  notCsv: 'The chosen file is not a CSV text file. Choose the bank statement as CSV, not a spreadsheet or PDF.',
  resolvedHeading: 'Recently decided credits',
  /** Names the cap, so an officer looking for an older decision knows it is not shown rather than gone. */
  resolvedHint: `The last ${RESOLVED_MAX_LINES} credits matched or marked by a person, newest first. Undo a wrong decision to put the credit back in the queue.`,
  resolvedShow: 'Show the recently decided credits',
  resolvedHide: 'Hide the recently decided credits',
  resolvedEmpty: 'No credits have been decided by a person yet.',
  resolvedLoading: 'Loading the recently decided credits…',
  /** Beside the recently decided credits as last loaded, when loading them again failed (docs/decisions/0109). */
  resolvedStale:
    'Sorry, the recently decided credits could not be brought up to date: they are as they were last loaded, with what you typed. They are loaded again when the connection is back.',
  decision: 'Decision',
  matchedTo: (reference: string) => `Matched to bill ${reference}`,
  markedDealtWith: 'Marked as dealt with',
  decidedBy: 'Decided by',
  decisionReason: 'Reason given',
  undoReasonHint: 'Why the decision was wrong. If the credit was matched to a bill, its payer reads this.',
  undoButton: 'Undo this decision',
  undoTitle: 'Undo this decision?',
  undoMatch: (transactionId: string, amount: string, reference: string) =>
    `${transactionId} (${amount}) will be taken off bill ${reference} and wait in the queue again. If that leaves the bill short of its amount, its payer will owe the rest again and its receipt will be withdrawn.`,
  undoMark: (transactionId: string, amount: string) => `${transactionId} (${amount}) will wait in the queue again.`,
  returnsHeading: 'Money to return',
  returnsHint:
    'These bills were cancelled when their applications were rejected or withdrawn, after money had reached them.',
  /** Above money to return that runs past RETURNS_MAX bills: else the oldest read as all there is. */
  returnsShown: (shown: number, total: string) =>
    `${total} cancelled bills hold money to return; the oldest ${shown.toLocaleString('en-SG')} are listed here. Mark them as returned to see the rest.`,
  returnedButton: 'Mark as returned',
  refundsHeading: 'Refunds to pay',
  refundsHint: 'These refunds of deposits were approved. Pay each to the payee’s bank account, then mark it as paid.',
  /** Above refunds to pay that run past REFUNDS_TO_PAY_MAX: else the oldest read as all there is. */
  refundsShown: (shown: number, total: string) =>
    `${total} approved refunds wait to be paid; the oldest ${shown.toLocaleString('en-SG')} are listed here. Mark them as paid to see the rest.`,
  payeeName: 'Payee',
  payeeId: 'NRIC, FIN or UEN of the payee',
  payeeIdMissing: 'Not asked by the form the applicant filled in',
  bankAccount: 'Bank account number',
  drawsOn: 'Receipt it draws on',
  refundPaidButton: 'Mark as paid',
  refundPaidReasonHint: 'How it was paid, for example the bank transfer’s reference. The payer reads this.',
  returnedReasonHint: 'How it was returned, for example the bank transfer’s reference. The payer reads this.',
  cancelled: 'Nothing is due: this application was rejected.',
  cancelledWithdrawn: 'Nothing is due: this application was withdrawn.',
  /** A bill cancelled when its record's payment method changed away from PayNow (docs/decisions/0082). */
  notByPayNow: 'Nothing is due on this bill: the payment is not made by PayNow.',
  toReturn: (amount: string) => `We will return the ${amount} you paid to the account it came from.`,
  returnedAll: (amount: string) => `The ${amount} you paid has been returned to you.`,
  /** Under an over-paid bill: the extra is drawn back on its receipt, as a deposit is (REFUND_ESERVICE). */
  overPaid: (extra: string) =>
    `You paid ${extra} more than this bill. To have it back, apply for a refund of deposits with its receipt number.`,
  applyForRefund: 'Apply for a refund of deposits',
  tooLarge: `The chosen file is too large to import at once (at most ${STATEMENT_MAX_CHARS.toLocaleString('en-SG')} characters). Split it into smaller statements and import each.`,
} as const;

/**
 * What the payer reads of a cancelled bill, by the reason its last history entry gives: a change of payment
 * method (docs/decisions/0082) or a withdrawal (0091); any other cancellation is a rejection's (0059).
 */
const CANCELLED_BY_REASON: ReadonlyMap<string, string> = new Map([
  [PAYMENT_MESSAGES.notByPayNowReason, PAYMENT_TEXT.notByPayNow],
  [PAYMENT_MESSAGES.withdrawnReason, PAYMENT_TEXT.cancelledWithdrawn],
]);
export const cancelledBillText = (reason: string | null | undefined): string =>
  CANCELLED_BY_REASON.get(reason ?? '') ?? PAYMENT_TEXT.cancelled;

/** The certificate of payments (server/pdf/certificate.ts, docs/decisions/0085). */
export const CERTIFICATE_TEXT = {
  title: 'PTIB e-Services: certificate of payments',
  number: 'Certificate number',
  estate: 'Estate',
  debtor: 'Debtor',
  notInRegister: 'Not in the insolvency register',
  period: 'Payments from',
  issued: 'Issued',
  payments: 'Payments made to the estate',
  payment: (amount: string, method: string) => `${amount} by ${method}`,
  total: 'Total',
  none: 'No payment to the estate in this period is recorded.',
  certifies:
    'This certifies the payments a debtor made to the estate through PTIB e-Services within the period, as recorded on the day it was issued: each accepted by an officer, and each by PayNow received in full.',
  byPost: (address: string) => `A copy is sent by post to ${address}.`,
  questions: (phone: string) => `Questions about this certificate: call ${phone}.`,
  /** In the approval's message and the receipt's, where the applicant reads what comes next. */
  ready: 'The certificate of payments can be downloaded from the record.',
  readyWhenPaid: 'The certificate of payments can be downloaded from the record once the bill is paid.',
} as const;
