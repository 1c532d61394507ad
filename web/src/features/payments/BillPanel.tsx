import { useEffect, useRef, useState } from 'react';
import { MESSAGES, ROUTES } from '#contract/index.ts';
import {
  BILL_STATE_LABELS,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  cancelledBillText,
  REFUND_ESERVICE,
  formatMoney,
  isPaymentEservice,
  paidOverLeft,
  type BillDetail,
} from '#contract/payments.ts';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { FAILED, useLoad } from '../../lib/http/useLoad.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { saveBlob } from '../../lib/download.ts';
import { paymentsApi } from './api.ts';
import { formatDateTime, formatDay } from '../../components/shell/formatMoment.ts';
import './payments.css';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';
import { dismissErrorToasts } from '../../components/toasts/dismissErrorToasts.ts';

/**
 * The QR is drawn by qrcode, loaded only when a bill is shown: it stays out of the first load
 * (docs/decisions/0045).
 */
function PayNowQr({ payload, label }: { payload: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const draw = () =>
      void import('qrcode')
        .then((qrcode) => qrcode.toCanvas(canvas.current!, payload, { errorCorrectionLevel: 'M', margin: 4, scale: 5 }))
        .then(
          () => live && setFailed(false),
          () => live && setFailed(true),
        );
    draw();
    // Its code will not load offline: drawn once the connection is back (docs/decisions/0032).
    addEventListener('online', draw);
    return () => {
      live = false;
      removeEventListener('online', draw);
    };
  }, [payload]);
  return (
    <figure className="paynow-qr">
      <div role="img" aria-label={label}>
        <canvas ref={canvas} aria-hidden="true" data-testid="paynow-qr" data-payload={payload} />
      </div>
      <figcaption>{failed ? PAYMENT_TEXT.qrFailed : PAYMENT_TEXT.scan}</figcaption>
    </figure>
  );
}

function Bill({ caseId, onSettled }: { caseId: string; onSettled?: () => void }) {
  const signal = useAbortSignal();
  const { state, retry } = useLoad(caseId, (s) => paymentsApi.bill(caseId, s));
  const failedToLoad =
    state.kind === 'failed' || (state.kind === 'ready' && !state.value.ok && state.value.kind !== 'none');
  // A bill that could not be loaded (offline, or the answer lost) is asked again once the connection is back.
  useEffect(() => {
    if (!failedToLoad) return;
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [failedToLoad, retry]);
  /** The bill as the last action here (the demo payment, a renewal) left it, over the one loaded. */
  const [settled, setSettled] = useState<BillDetail | null>(null);
  const [message, setMessage] = useState('');
  // One payment at a time: a second press while the first is on its way would be refused as paid already.
  const paying = useRef(false);
  // The demo button goes with the QR code once paid: the focus then goes to the receipt.
  const receipt = useRef<HTMLButtonElement>(null);
  const [paidHere, setPaidHere] = useState(false);
  useFocusWhenLost(paidHere, () => receipt.current);
  // The renew button goes with the expired note: the focus then goes to the bill, now with its QR code.
  const heading = useRef<HTMLHeadingElement>(null);
  const [renewedHere, setRenewedHere] = useState(false);
  useFocusWhenLost(renewedHere, () => heading.current);

  // Nothing while loading, nor when there is no bill to show.
  if (state.kind === 'loading' || (state.kind === 'ready' && !state.value.ok && state.value.kind === 'none'))
    return null;
  const bill = settled ?? (state.kind === 'ready' && state.value.ok ? state.value.value : null);
  if (!bill) return <LoadStatus state={FAILED} loading="" failed={PAYMENT_TEXT.loadFailed} retry={retry} />;

  const simulate = async () => {
    if (paying.current) return;
    paying.current = true;
    try {
      const outcome = await paymentsApi.simulate(caseId, signal);
      if (signal.aborted) return;
      if (outcome.ok) {
        setSettled(outcome.value);
        setMessage(outcome.message);
        setPaidHere(true);
        onSettled?.();
        return;
      }
      // No answer, or refused as paid already: an earlier press whose answer was lost may have paid it. The
      // bill as it is now says so, rather than a failure over a bill still shown as awaiting payment.
      const now = await paymentsApi.bill(caseId, signal);
      if (signal.aborted) return;
      if (now.ok && now.value.state === 'paid') {
        // The HTTP layer's toast for the lost answer is over: the payment went through.
        dismissErrorToasts();
        setSettled(now.value);
        setMessage(PAYMENT_MESSAGES.simulated);
        setPaidHere(true);
        onSettled?.();
        return;
      }
      setMessage(outcome.message || MESSAGES.somethingWrong);
      if (!now.ok) return;
      // Refused as no longer payable: someone else may have cancelled it (a rejection, docs/decisions/0059). Its QR
      // code must go, lest it be scanned and paid, and the record's status and next step spoke of paying it.
      setSettled(now.value);
      if (now.value.state !== bill.state) onSettled?.();
    } finally {
      paying.current = false;
    }
  };
  const renewed = (now: BillDetail, said: string) => {
    // A lost answer's toast is over when the bill was renewed all the same.
    dismissErrorToasts();
    setSettled(now);
    setMessage(said);
    setRenewedHere(true);
    // The record's next step spoke of the expired bill.
    onSettled?.();
  };
  const renew = async () => {
    const outcome = await paymentsApi.renew(caseId, signal);
    if (signal.aborted) return;
    if (outcome.ok) return renewed(outcome.value, outcome.message);
    // No answer, or refused as not expired: an earlier press whose answer was lost, or another tab, may have
    // renewed it (docs/decisions/0086). The bill as it is now says so, not a refusal beside a bill shown expired.
    const now = await paymentsApi.bill(caseId, signal);
    if (signal.aborted) return;
    if (now.ok && now.value.payNow && !now.value.canRenew) return renewed(now.value, PAYMENT_MESSAGES.renewed);
    if (now.ok) setSettled(now.value);
    setMessage(outcome.message || MESSAGES.somethingWrong);
  };
  const download = async (which: 'receipt' | 'certificate') => {
    const outcome = await paymentsApi.paper(which, caseId, signal);
    if (outcome.ok)
      saveBlob(
        outcome.value,
        which === 'receipt'
          ? `receipt-${bill.receiptNumber}.pdf`
          : `certificate-${bill.caseNumber.replace(/ /g, '-')}.pdf`,
      );
    // A refusal says why, and what to do (too many downloads at once: wait for them, docs/decisions/0095).
    else
      setMessage(
        outcome.message || (which === 'receipt' ? PAYMENT_TEXT.receiptFailed : PAYMENT_TEXT.certificateFailed),
      );
  };
  const amount = formatMoney(bill.amountCents - bill.receivedCents);
  const paidOver = paidOverLeft(bill);

  return (
    <section aria-labelledby="bill-heading" className="bill-panel">
      <h2 id="bill-heading" ref={heading} tabIndex={-1}>
        {PAYMENT_TEXT.heading}
      </h2>
      <dl className="summary-list">
        <div>
          <dt>{PAYMENT_TEXT.amount}</dt>
          <dd data-testid="bill-amount">{formatMoney(bill.amountCents)}</dd>
        </div>
        <div>
          <dt>{PAYMENT_TEXT.status}</dt>
          <dd data-testid="bill-state">{BILL_STATE_LABELS[bill.state]}</dd>
        </div>
        {bill.receivedCents > 0 && (
          <div>
            <dt>{PAYMENT_TEXT.received}</dt>
            <dd>{formatMoney(bill.receivedCents)}</dd>
          </div>
        )}
        {bill.payNow && (
          <>
            <div>
              <dt>{PAYMENT_TEXT.dueOn}</dt>
              <dd>{formatDay(bill.dueOn)}</dd>
            </div>
            <div>
              <dt>{PAYMENT_TEXT.expiresOn}</dt>
              <dd>{formatDay(bill.expiresOn)}</dd>
            </div>
          </>
        )}
        {bill.receiptNumber && (
          <div>
            <dt>{PAYMENT_TEXT.receiptNumber}</dt>
            <dd data-testid="receipt-number">{bill.receiptNumber}</dd>
          </div>
        )}
        {bill.refunds.paidCents > 0 && (
          <div>
            <dt>{PAYMENT_TEXT.refundsPaid}</dt>
            <dd>{formatMoney(bill.refunds.paidCents)}</dd>
          </div>
        )}
        {bill.refunds.heldCents > 0 && (
          <div>
            <dt>{PAYMENT_TEXT.refundsHeld}</dt>
            <dd>{formatMoney(bill.refunds.heldCents)}</dd>
          </div>
        )}
      </dl>
      {paidOver > 0 && (
        <p data-testid="bill-over-paid">
          {PAYMENT_TEXT.overPaid(formatMoney(paidOver))}{' '}
          <a href={`#${ROUTES.generic}?app=${REFUND_ESERVICE}`}>{PAYMENT_TEXT.applyForRefund}</a>
        </p>
      )}
      {bill.state === 'cancelled' && (
        <p data-testid="bill-cancelled">
          {cancelledBillText(bill.history.at(-1)?.reason)}
          {bill.receivedCents > bill.refundedCents
            ? ` ${PAYMENT_TEXT.toReturn(formatMoney(bill.receivedCents - bill.refundedCents))}`
            : bill.receivedCents > 0
              ? ` ${PAYMENT_TEXT.returnedAll(formatMoney(bill.receivedCents))}`
              : ''}
        </p>
      )}
      {bill.canRenew && (
        <p data-testid="bill-expired">
          {PAYMENT_TEXT.expired}{' '}
          <button type="button" className="button-secondary" onClick={() => void renew()}>
            {PAYMENT_TEXT.renew}
          </button>
        </p>
      )}
      {bill.payNow && (
        <>
          <PayNowQr payload={bill.payNow} label={PAYMENT_TEXT.qrLabel(amount, bill.uen, bill.reference)} />
          <p>{PAYMENT_TEXT.typeIn}</p>
          <dl className="summary-list">
            <div>
              <dt>{PAYMENT_TEXT.uen}</dt>
              <dd data-testid="paynow-uen">{bill.uen}</dd>
            </div>
            <div>
              <dt>{PAYMENT_TEXT.reference}</dt>
              <dd data-testid="paynow-reference">{bill.reference}</dd>
            </div>
            <div>
              <dt>{PAYMENT_TEXT.amount}</dt>
              <dd>{amount}</dd>
            </div>
          </dl>
          {bill.canSimulate && (
            <p>
              <button type="button" className="button-secondary" onClick={() => void simulate()}>
                {PAYMENT_TEXT.simulate}
              </button>
            </p>
          )}
        </>
      )}
      {bill.receiptNumber && (
        <p>
          <button ref={receipt} type="button" className="button-link" onClick={() => void download('receipt')}>
            {PAYMENT_TEXT.downloadReceipt}
          </button>
        </p>
      )}
      {bill.certificate && (
        <p>
          <button type="button" className="button-link" onClick={() => void download('certificate')}>
            {PAYMENT_TEXT.downloadCertificate}
          </button>
        </p>
      )}
      <p role="status">{message}</p>
      {bill.history.length > 0 && (
        <details>
          <summary>{PAYMENT_TEXT.history}</summary>
          <ol>
            {bill.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>: {BILL_STATE_LABELS[h.to]}
                {h.reason ? ` (${h.reason})` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/**
 * The bill of a payment e-service's record, on its confirmation and record pages; nothing for others.
 * onSettled: the bill was paid or renewed here, or found changed by someone else, so what the page says about the
 * record (what to do next) is out of date.
 */
export function BillPanel({ caseId, appCode, onSettled }: { caseId: string; appCode: string; onSettled?: () => void }) {
  // Keyed: another record's bill starts afresh, nothing of this one's carried over.
  return isPaymentEservice(appCode) ? <Bill key={caseId} caseId={caseId} onSettled={onSettled} /> : null;
}
