import { formatMoney } from '#contract/payments.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { PdfWriter } from './document.ts';

export interface ReceiptInput {
  receiptNumber: string;
  eserviceTitle: string;
  caseNumber: string;
  reference: string;
  payer: string;
  amountCents: number;
  receivedCents: number;
  refundedCents: number;
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
    .row('Paid by', input.payer)
    .row('Amount billed', formatMoney(input.amountCents))
    .row('Amount received', formatMoney(input.receivedCents))
    .row('Settled', singaporeTime(input.settledAt))
    .row('Paid by PayNow to UEN', input.uen);
  if (input.receivedCents > input.amountCents)
    pdf.paragraph(
      `${formatMoney(input.receivedCents - input.amountCents)} more than the bill was received. To have it returned, apply through Refund of Deposits naming this receipt.`,
    );
  if (input.refundedCents > 0) pdf.row('Refunds drawn on this receipt', formatMoney(input.refundedCents));
  pdf.space(12).paragraph(`Questions about this payment: call ${input.contactPhone}.`, { muted: true });
  return pdf.bytes();
}
