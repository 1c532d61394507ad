import { PAYMENT_TEXT, formatMoney, paidOverLeft, type Bill, type RefundsOnBill } from '#contract/payments.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { PdfWriter } from './document.ts';

export interface ReceiptInput {
  receiptNumber: string;
  eserviceTitle: string;
  caseNumber: string;
  reference: string;
  /** Who paid, as fixed at payment (docs/decisions/0113): the number only where the form asked for it. */
  payer: { name: string; uen: string | null; nric: string | null };
  bill: Pick<Bill, 'appCode' | 'state' | 'amountCents' | 'receivedCents' | 'refundedCents'>;
  refunds: RefundsOnBill;
  settledAt: Date;
  uen: string;
  contactPhone: string;
}

/** The receipt of a settled bill: the number a refund (PRD) names, and what was received for which record. */
export async function renderReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    { title: `Receipt ${input.receiptNumber}`, subject: `Receipt for ${input.caseNumber}` },
    input.settledAt,
  );
  pdf
    .heading('PTIB e-Services: receipt', 18)
    .row('Receipt number', input.receiptNumber)
    .row('E-service', input.eserviceTitle)
    .row('Case number', input.caseNumber)
    .row('Payment reference', input.reference)
    .row(PAYMENT_TEXT.paidBy, input.payer.name);
  if (input.payer.uen) pdf.row(PAYMENT_TEXT.payerUen, input.payer.uen);
  if (input.payer.nric) pdf.row(PAYMENT_TEXT.payerNric, input.payer.nric);
  pdf
    .row('Amount billed', formatMoney(input.bill.amountCents))
    .row('Amount received', formatMoney(input.bill.receivedCents))
    .row('Settled', singaporeTime(input.settledAt))
    .row('Paid by PayNow to UEN', input.uen);
  // As the Payment section says it: refunded only once finance paid it out, and apart from what is only applied
  // for, which a rejection gives back (docs/decisions/0088).
  const { paidCents, heldCents } = input.refunds;
  if (paidCents > 0) pdf.row(PAYMENT_TEXT.refundsPaid, formatMoney(paidCents));
  if (heldCents > 0) pdf.row(PAYMENT_TEXT.refundsHeld, formatMoney(heldCents));
  // As the Payment panel says it: only what is still to be drawn back, so not once a refund has drawn it.
  const paidOver = paidOverLeft(input.bill);
  if (paidOver > 0) pdf.paragraph(PAYMENT_TEXT.overPaid(formatMoney(paidOver)));
  pdf.space(12).paragraph(`Questions about this payment: call ${input.contactPhone}.`, { muted: true });
  return pdf.bytes();
}
