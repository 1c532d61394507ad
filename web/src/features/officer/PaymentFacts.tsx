import { BILL_STATE_LABELS, formatMoney } from '#contract/payments.ts';
import type { OfficerBill, OfficerCase } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT as TEXT } from '#contract/officerScreens.ts';
import { formatDateTime } from '../../components/shell/formatMoment.ts';
import { Row } from './SummaryRow.tsx';

const T = TEXT.billRows;

function BillRows({ bill }: { bill: OfficerBill }) {
  // Refunds draw only on a receipt, which a cancelled bill never has: the rest of what it let go was returned.
  const returned = bill.refundedCents - bill.refunds.paidCents - bill.refunds.heldCents;
  return (
    <>
      <Row term={T.state}>{BILL_STATE_LABELS[bill.state]}</Row>
      <Row term={T.amount}>{formatMoney(bill.amountCents)}</Row>
      <Row term={T.received}>{formatMoney(bill.receivedCents)}</Row>
      {bill.refunds.paidCents > 0 && <Row term={T.refundsPaid}>{formatMoney(bill.refunds.paidCents)}</Row>}
      {bill.refunds.heldCents > 0 && <Row term={T.refundsHeld}>{formatMoney(bill.refunds.heldCents)}</Row>}
      {returned > 0 && <Row term={T.returned}>{formatMoney(returned)}</Row>}
      {bill.settledAt && (
        <Row term={T.settledAt}>
          <time dateTime={bill.settledAt}>{formatDateTime(bill.settledAt)}</time>
        </Row>
      )}
      {bill.receiptNumber && <Row term={T.receiptNumber}>{bill.receiptNumber}</Row>}
      <Row term={T.reference}>{bill.reference}</Row>
    </>
  );
}

/** Whether the payment part is on the page: the record has a bill of its own. */
export const showsPayment = <C extends Pick<OfficerCase, 'bill'>>(c: C): c is C & { bill: OfficerBill } =>
  c.bill !== null;

/** Whether the refund part is on the page: the record draws on another's receipt. */
export const showsRefund = <C extends Pick<OfficerCase, 'refundOf'>>(
  c: C,
): c is C & { refundOf: NonNullable<OfficerCase['refundOf']> } => c.refundOf !== null;

/**
 * The money behind a case (docs/decisions/0087): a payment record's own bill (has the deposit, the fee or the
 * debtor's payment arrived?) and, for a refund, the receipt it draws on, so the officer weighs what the
 * portal knows rather than what the applicant retyped.
 */
export function PaymentFacts({ c }: { c: Pick<OfficerCase, 'bill' | 'refundOf'> }) {
  return (
    <>
      {showsPayment(c) && (
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading">{TEXT.paymentHeading}</h2>
          <dl className="summary-list" data-testid="officer-bill">
            <BillRows bill={c.bill} />
          </dl>
        </section>
      )}
      {showsRefund(c) && (
        <section aria-labelledby="refund-heading">
          <h2 id="refund-heading">{TEXT.refundHeading}</h2>
          <p>{TEXT.receiptOf(c.refundOf.bill.receiptNumber ?? '', c.refundOf.caseNumber, c.refundOf.eserviceTitle)}</p>
          <dl className="summary-list" data-testid="officer-refund">
            <Row term={T.drawn}>{formatMoney(c.refundOf.drawnCents)}</Row>
            <BillRows bill={c.refundOf.bill} />
          </dl>
        </section>
      )}
    </>
  );
}
