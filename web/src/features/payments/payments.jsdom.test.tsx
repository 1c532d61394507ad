import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  BILL_STATE_LABELS,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  payNowPayload,
  type BillDetail,
} from '#contract/payments.ts';
import { CONNECTION_MESSAGES, MESSAGES, RESPONSE_CODE } from '#contract/index.ts';
import { PDF_DOWNLOAD_MESSAGES } from '#contract/downloads.ts';
import { envelope, fakeApi, unreachable } from '../../../test/fakeApi.ts';
import { BillPanel } from './BillPanel.tsx';
import { clearToasts, getToastState, subscribeToasts } from '../../components/toasts/toastStore.ts';

/** The error toasts on screen from now on, as the shell's toast stack holds them. */
function watchErrorToasts() {
  onTestFinished(subscribeToasts(() => {}));
  clearToasts();
  return () => getToastState().toasts.filter((t) => t.severity === 'error');
}

/** The QR library, drawing or failing as a test asks (its chunk will not load offline). */
const qr = vi.hoisted(() => ({ fail: false }));
vi.mock('qrcode', () => ({
  toCanvas: vi.fn(async () => {
    if (qr.fail) throw new TypeError('Failed to fetch dynamically imported module');
  }),
}));

const awaiting: BillDetail = {
  caseId: '7',
  caseNumber: 'PD 000007 2030',
  appCode: 'PD',
  reference: 'PD0000072030',
  amountCents: 123450,
  receivedCents: 0,
  refundedCents: 0,
  refunds: { paidCents: 0, heldCents: 0 },
  state: 'awaiting',
  issuedAt: '2030-01-15T02:00:00.000Z',
  dueOn: '2030-01-29',
  expiresOn: '2030-02-14',
  receiptNumber: null,
  uen: '00000000X',
  merchantName: 'PTIB',
  payNow: payNowPayload({
    uen: '00000000X',
    amountCents: 123450,
    reference: 'PD0000072030',
    expiresOn: '2030-02-14',
    merchantName: 'PTIB',
  }),
  canSimulate: true,
  certificate: false,
  canRenew: false,
  history: [{ at: '2030-01-15T02:00:00.000Z', from: null, to: 'awaiting', by: 'PTIB', reason: null }],
};
const paid: BillDetail = {
  ...awaiting,
  state: 'paid',
  receivedCents: 123450,
  receiptNumber: '2030000001',
  payNow: null,
  history: [
    ...awaiting.history,
    { at: '2030-01-16T02:00:00.000Z', from: 'awaiting', to: 'paid', by: 'PTIB', reason: null },
  ],
};

beforeEach(() => {
  qr.fail = false;
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('BillPanel', () => {
  it('shows the amount, the QR with its words, the UEN and reference to type, and the demo button', async () => {
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(awaiting) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    const panel = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(within(panel).getByTestId('bill-amount')).toHaveTextContent('S$1,234.50');
    expect(within(panel).getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.awaiting);
    expect(
      within(panel).getByRole('img', { name: PAYMENT_TEXT.qrLabel('S$1,234.50', '00000000X', 'PD0000072030') }),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('paynow-uen')).toHaveTextContent('00000000X');
    expect(within(panel).getByTestId('paynow-reference')).toHaveTextContent('PD0000072030');
    expect(within(panel).getByText('29 Jan 2030')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: PAYMENT_TEXT.simulate })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: PAYMENT_TEXT.downloadReceipt })).toBeNull();
  });

  it('settles with the demo button and then offers the receipt', async () => {
    const calls = fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(awaiting) }),
      '/api/cases/7/bill/simulate': () => ({ body: envelope(paid, '200', 'Payment received (simulated).') }),
    });
    render(<BillPanel caseId="7" appCode="PD" />);
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.simulate }));
    expect(await screen.findByText('Payment received (simulated).')).toBeInTheDocument();
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.paid);
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('2030000001');
    expect(screen.getByRole('button', { name: PAYMENT_TEXT.downloadReceipt })).toBeInTheDocument();
    expect(screen.queryByTestId('paynow-qr')).toBeNull();
    expect(calls.find((c) => c.path === '/api/cases/7/bill/simulate')?.method).toBe('POST');
  });

  it('offers the certificate of an approved, paid Payment Certificates record, and only then', async () => {
    const certificate = { ...paid, appCode: 'PC', caseNumber: 'PA 000007 2030', reference: 'PA0000072030' };
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope({ ...certificate, certificate: false }) }) });
    const { unmount } = render(<BillPanel caseId="7" appCode="PC" />);
    await screen.findByRole('button', { name: PAYMENT_TEXT.downloadReceipt });
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.downloadCertificate })).toBeNull();
    unmount();

    const calls = fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope({ ...certificate, certificate: true }) }),
      '/api/cases/7/certificate.pdf': () => ({ status: 500, body: envelope(null, '500', 'x') }),
    });
    render(<BillPanel caseId="7" appCode="PC" />);
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.downloadCertificate }));
    // Its own failure, not the receipt's.
    expect(await screen.findByText(PAYMENT_TEXT.certificateFailed)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/cases/7/certificate.pdf')).toBe(true);
  });

  it('says beside the receipt why its download was refused, and what to do', async () => {
    fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(paid) }),
      '/api/cases/7/receipt.pdf': () => ({
        status: 429,
        body: envelope(null, RESPONSE_CODE.TOO_MANY_REQUESTS, PDF_DOWNLOAD_MESSAGES.tooManyAtOnce),
      }),
    });
    render(<BillPanel caseId="7" appCode="PD" />);
    const panel = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    fireEvent.click(within(panel).getByRole('button', { name: PAYMENT_TEXT.downloadReceipt }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(PDF_DOWNLOAD_MESSAGES.tooManyAtOnce);
  });

  it('asks an expired bill again, and shows its new QR code with the focus on the bill', async () => {
    const expired = { ...awaiting, state: 'expired' as const, payNow: null, canRenew: true };
    const renewed = { ...awaiting, dueOn: '2030-03-01' };
    const settled = vi.fn();
    fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(expired) }),
      '/api/cases/7/bill/renew': () => ({ body: envelope(renewed, '200', PAYMENT_MESSAGES.renewed) }),
    });
    render(<BillPanel caseId="7" appCode="PD" onSettled={settled} />);
    expect(await screen.findByTestId('bill-expired')).toHaveTextContent(PAYMENT_TEXT.expired);
    expect(screen.queryByTestId('paynow-qr')).toBeNull();
    const button = screen.getByRole('button', { name: PAYMENT_TEXT.renew });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText(PAYMENT_MESSAGES.renewed)).toBeInTheDocument();
    expect(screen.getByTestId('paynow-reference')).toHaveTextContent('PD0000072030');
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.renew })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: PAYMENT_TEXT.heading })).toHaveFocus());
    // The record's next step spoke of the expired bill: it is read again.
    expect(settled).toHaveBeenCalled();
  });

  it.each([
    ['gets no answer', unreachable],
    [
      'is refused as not expired (a press whose answer was lost, or another tab)',
      () => ({ status: 409, body: envelope(null, '409', PAYMENT_MESSAGES.notRenewable) }),
    ],
  ])('shows the new QR code when asking an expired bill again %s but it was renewed', async (_, answer) => {
    const expired = { ...awaiting, state: 'expired' as const, payNow: null, canRenew: true };
    let isRenewed = false;
    const settled = vi.fn();
    fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(isRenewed ? awaiting : expired) }),
      '/api/cases/7/bill/renew': (...args) => {
        isRenewed = true;
        return answer(...args);
      },
    });
    const errors = watchErrorToasts();
    render(<BillPanel caseId="7" appCode="PD" onSettled={settled} />);
    const button = await screen.findByRole('button', { name: PAYMENT_TEXT.renew });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText(PAYMENT_MESSAGES.renewed)).toBeInTheDocument();
    expect(errors()).toEqual([]);
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.awaiting);
    expect(screen.getByTestId('paynow-qr')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.renew })).toBeNull();
    expect(screen.queryByText(PAYMENT_MESSAGES.notRenewable)).toBeNull();
    expect(screen.queryByText(MESSAGES.somethingWrong)).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: PAYMENT_TEXT.heading })).toHaveFocus());
    expect(settled).toHaveBeenCalled();
  });

  it('says so when asking an expired bill again gets no answer and it is still expired', async () => {
    const expired = { ...awaiting, state: 'expired' as const, payNow: null, canRenew: true };
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(expired) }), '/api/cases/7/bill/renew': unreachable });
    render(<BillPanel caseId="7" appCode="PD" />);
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.renew }));
    expect(await screen.findByText(MESSAGES.somethingWrong)).toBeInTheDocument();
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.expired);
    expect(screen.getByRole('button', { name: PAYMENT_TEXT.renew })).toBeInTheDocument();
  });

  it('pays once when the demo button is pressed twice', async () => {
    const calls = fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(awaiting) }),
      '/api/cases/7/bill/simulate': () =>
        calls.filter((c) => c.path === '/api/cases/7/bill/simulate').length > 1
          ? { status: 409, body: envelope(null, '409', 'This bill can no longer be paid.') }
          : { body: envelope(paid, '200', 'Payment received (simulated).') },
    });
    render(<BillPanel caseId="7" appCode="PD" />);
    const button = await screen.findByRole('button', { name: PAYMENT_TEXT.simulate });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Payment received (simulated).')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/cases/7/bill/simulate')).toHaveLength(1);
  });

  it('keeps the focus on the receipt when the demo button goes with the QR code', async () => {
    fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(awaiting) }),
      '/api/cases/7/bill/simulate': () => ({ body: envelope(paid, '200', 'Payment received (simulated).') }),
    });
    render(<BillPanel caseId="7" appCode="PD" />);
    const button = await screen.findByRole('button', { name: PAYMENT_TEXT.simulate });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: PAYMENT_TEXT.downloadReceipt })).toHaveFocus());
  });

  it('says so when the demo payment gets no answer', async () => {
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(awaiting) }), '/api/cases/7/bill/simulate': unreachable });
    render(<BillPanel caseId="7" appCode="PD" />);
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.simulate }));
    expect(await screen.findByText(MESSAGES.somethingWrong)).toBeInTheDocument();
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.awaiting);
  });

  it.each([
    ['gets no answer', unreachable],
    [
      'is refused as paid already (a press whose answer was lost)',
      () => ({ status: 409, body: envelope(null, '409', PAYMENT_MESSAGES.notPayable) }),
    ],
  ])('shows the bill paid when the demo payment %s but went through', async (_, answer) => {
    let isPaid = false;
    fakeApi({
      '/api/cases/7/bill': () => ({ body: envelope(isPaid ? paid : awaiting) }),
      '/api/cases/7/bill/simulate': (...args) => {
        isPaid = true;
        return answer(...args);
      },
    });
    const errors = watchErrorToasts();
    render(<BillPanel caseId="7" appCode="PD" />);
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.simulate }));
    expect(await screen.findByText(PAYMENT_MESSAGES.simulated)).toBeInTheDocument();
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.paid);
    expect(screen.getByRole('button', { name: PAYMENT_TEXT.downloadReceipt })).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.notPayable)).toBeNull();
    expect(screen.queryByText(MESSAGES.somethingWrong)).toBeNull();
    // The lost answer's "technical difficulties" toast is not left beside the payment received.
    expect(errors()).toEqual([]);
  });

  it('shows the bill as it now is when the demo payment is refused because it was cancelled meanwhile', async () => {
    // Another person rejected the application while this page was open: its bill was cancelled (docs/decisions/0059).
    let cancelled = false;
    fakeApi({
      '/api/cases/7/bill': () => ({
        body: envelope(
          cancelled
            ? {
                ...awaiting,
                state: 'cancelled',
                payNow: null,
                canSimulate: false,
                history: [
                  ...awaiting.history,
                  {
                    at: '2030-01-16T02:00:00.000Z',
                    from: 'awaiting',
                    to: 'cancelled',
                    by: 'officer.lead',
                    reason: 'Application rejected',
                  },
                ],
              }
            : awaiting,
        ),
      }),
      '/api/cases/7/bill/simulate': () => ({ status: 409, body: envelope(null, '409', PAYMENT_MESSAGES.notPayable) }),
    });
    const settled = vi.fn();
    render(<BillPanel caseId="7" appCode="PD" onSettled={settled} />);
    const button = await screen.findByRole('button', { name: PAYMENT_TEXT.simulate });
    cancelled = true;
    fireEvent.click(button);
    expect(await screen.findByText(PAYMENT_MESSAGES.notPayable)).toBeInTheDocument();
    expect(screen.getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.cancelled);
    expect(screen.getByTestId('bill-cancelled')).toHaveTextContent(PAYMENT_TEXT.cancelled);
    expect(screen.queryByTestId('paynow-qr')).toBeNull();
    expect(screen.queryByTestId('paynow-reference')).toBeNull();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.simulate })).toBeNull();
    // The record's status and next step (pay the bill) are fetched again.
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('offers no demo button where the server has none', async () => {
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope({ ...awaiting, canSimulate: false }) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.simulate })).toBeNull();
  });

  it('says a rejected application’s bill is cancelled, with no way to pay, and what comes back', async () => {
    const cancelled: BillDetail = {
      ...awaiting,
      state: 'cancelled',
      receivedCents: 10000,
      payNow: null,
      history: [
        ...awaiting.history,
        {
          at: '2030-01-16T02:00:00.000Z',
          from: 'part_paid',
          to: 'cancelled',
          by: 'PTIB',
          reason: 'Application rejected',
        },
      ],
    };
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(cancelled) }) });
    const { unmount } = render(<BillPanel caseId="7" appCode="PD" />);
    const panel = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(within(panel).getByTestId('bill-state')).toHaveTextContent(BILL_STATE_LABELS.cancelled);
    expect(within(panel).getByTestId('bill-cancelled')).toHaveTextContent(
      `${PAYMENT_TEXT.cancelled} ${PAYMENT_TEXT.toReturn('S$100.00')}`,
    );
    expect(within(panel).queryByText(PAYMENT_TEXT.dueOn)).toBeNull();
    expect(within(panel).queryByTestId('paynow-qr')).toBeNull();
    expect(within(panel).queryByRole('button', { name: PAYMENT_TEXT.simulate })).toBeNull();
    unmount();

    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope({ ...cancelled, refundedCents: 10000 }) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    expect(await screen.findByTestId('bill-cancelled')).toHaveTextContent(
      `${PAYMENT_TEXT.cancelled} ${PAYMENT_TEXT.returnedAll('S$100.00')}`,
    );
  });

  it.each([
    ['the payment stopped being by PayNow', PAYMENT_MESSAGES.notByPayNowReason, PAYMENT_TEXT.notByPayNow],
    ['its application was withdrawn', PAYMENT_MESSAGES.withdrawnReason, PAYMENT_TEXT.cancelledWithdrawn],
  ])('says a bill cancelled when %s is not due, not that it was rejected', async (_, reason, says) => {
    const cancelled: BillDetail = {
      ...awaiting,
      state: 'cancelled',
      payNow: null,
      history: [
        ...awaiting.history,
        {
          at: '2030-01-16T02:00:00.000Z',
          from: 'awaiting',
          to: 'cancelled',
          by: 'ptib.demo',
          reason,
        },
      ],
    };
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(cancelled) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    expect(await screen.findByTestId('bill-cancelled')).toHaveTextContent(says);
    expect(screen.queryByText(PAYMENT_TEXT.cancelled)).toBeNull();
  });

  it('says what was paid over the bill and how to have it back, less what a refund drew already', async () => {
    const overPaid: BillDetail = { ...paid, state: 'over_paid', receivedCents: 124450 };
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(overPaid) }) });
    const { unmount } = render(<BillPanel caseId="7" appCode="PD" />);
    const extra = await screen.findByTestId('bill-over-paid');
    expect(extra).toHaveTextContent(PAYMENT_TEXT.overPaid('S$10.00'));
    expect(within(extra).getByRole('link', { name: PAYMENT_TEXT.applyForRefund })).toHaveAttribute(
      'href',
      '#/generic?app=PRD',
    );
    unmount();

    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope({ ...overPaid, refundedCents: 1000 }) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(screen.queryByTestId('bill-over-paid')).toBeNull();
  });

  it('says refunds of its receipt are paid only once paid out, apart from those only applied for', async () => {
    const drawn = (paidCents: number, heldCents: number): BillDetail => ({
      ...paid,
      refundedCents: paidCents + heldCents,
      refunds: { paidCents, heldCents },
    });
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(drawn(0, 10000)) }) });
    const { unmount } = render(<BillPanel caseId="7" appCode="PD" />);
    const applied = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(within(applied).getByText(PAYMENT_TEXT.refundsHeld).nextElementSibling).toHaveTextContent('S$100.00');
    expect(within(applied).queryByText(PAYMENT_TEXT.refundsPaid)).toBeNull();
    unmount();

    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(drawn(2500, 0)) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    const paidOut = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(within(paidOut).getByText(PAYMENT_TEXT.refundsPaid).nextElementSibling).toHaveTextContent('S$25.00');
    expect(within(paidOut).queryByText(PAYMENT_TEXT.refundsHeld)).toBeNull();
  });

  it('is absent for e-services that are not payments, without asking the server', async () => {
    const calls = fakeApi({});
    const { container } = render(<BillPanel caseId="7" appCode="BIS" />);
    expect(container).toBeEmptyDOMElement();
    expect(calls.filter((c) => c.path.includes('/bill'))).toEqual([]);
  });
  it('loads the bill again when the connection comes back, or when asked', async () => {
    let reachable = false;
    const calls = fakeApi({
      '/api/cases/7/bill': (...args) => (reachable ? { body: envelope(awaiting) } : unreachable(...args)),
    });
    render(<BillPanel caseId="7" appCode="PD" />);
    expect(await screen.findByText(PAYMENT_TEXT.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: CONNECTION_MESSAGES.retry }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/cases/7/bill')).toHaveLength(2));
    expect(await screen.findByText(PAYMENT_TEXT.loadFailed)).toBeInTheDocument();

    reachable = true;
    window.dispatchEvent(new Event('online'));
    const panel = await screen.findByRole('region', { name: PAYMENT_TEXT.heading });
    expect(within(panel).getByTestId('bill-amount')).toHaveTextContent('S$1,234.50');
    expect(screen.queryByText(PAYMENT_TEXT.loadFailed)).toBeNull();
  });

  it('draws the QR when the connection comes back after its code could not load', async () => {
    qr.fail = true;
    fakeApi({ '/api/cases/7/bill': () => ({ body: envelope(awaiting) }) });
    render(<BillPanel caseId="7" appCode="PD" />);
    expect(await screen.findByText(PAYMENT_TEXT.qrFailed)).toBeInTheDocument();

    qr.fail = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(PAYMENT_TEXT.scan)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_TEXT.qrFailed)).toBeNull();
  });
});
