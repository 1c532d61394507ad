import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_TEXT,
  QUEUE_REASON_LABELS,
  RECONCILIATION_PATHS,
  RETURNS_MAX,
  REFUNDS_TO_PAY_MAX,
  BILL_REFERENCE_MAX,
  DECISION_REASON_MAX,
  STATEMENT_FILE_NAME_MAX,
  STATEMENT_MAX_CHARS,
  PAYMENT_MESSAGES,
  formatMoney,
  importRequestSchema,
  type MoneyToReturn,
  type RefundToPay,
  type ResolvedLine,
  type StatementLine,
} from '#contract/payments.ts';
import { PHONE_PLACEHOLDER } from '#contract/index.ts';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { envelope, fakeApi, unreachable, type FakeRoutes } from '../../../test/fakeApi.ts';
import { ReconciliationScreen } from './index.ts';

const line = (id: string, over: Partial<StatementLine>): StatementLine => ({
  id,
  transactionId: `T${id}`,
  valueDate: '2030-01-16',
  amountCents: 10000,
  reference: `PD00000${id}2030`,
  payerName: 'TAN AH KOW',
  status: 'queued',
  queueReason: 'part',
  billReference: `PD00000${id}2030`,
  outstandingCents: 30000,
  resolution: null,
  ...over,
});

let queue: StatementLine[];
let returns: MoneyToReturn[];
/** How many credits wait in all, when more than the queue lists. */
let waiting: number | undefined;
/** How many bills hold money to return in all, when more than the screen lists. */
let toReturn: number | undefined;
let refunds: RefundToPay[];
/** How many approved refunds wait to be paid in all, when more than the screen lists. */
let toPay: number | undefined;

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
  returns = [];
  waiting = undefined;
  toReturn = undefined;
  refunds = [];
  toPay = undefined;
  queue = [
    line('1', {}),
    line('2', {
      amountCents: 1234,
      reference: 'WHO KNOWS',
      queueReason: 'unknown_reference',
      billReference: null,
      outstandingCents: null,
    }),
  ];
});

/** The finance screen's lists as the server answers them now. */
const queueBody = () =>
  envelope({
    lines: queue,
    waiting: waiting ?? queue.length,
    returns,
    toReturn: toReturn ?? returns.length,
    refunds,
    toPay: toPay ?? refunds.length,
  });

const server = (more: FakeRoutes = {}) =>
  fakeApi({
    ...more,
    [RECONCILIATION_PATHS.queue]: () => ({ body: queueBody() }),
    [RECONCILIATION_PATHS.statements]: () => {
      queue = queue.slice(1);
      return {
        body: envelope(
          { credits: 3, settled: 2, queued: 1, alreadyImported: 0, ignored: 1 },
          '200',
          'Statement imported: 2 settled, 1 waiting for a person, 0 already imported.',
        ),
      };
    },
    '/api/finance/queue/1/match': () => {
      queue = queue.filter((l) => l.id !== '1');
      return { body: envelope(null, '200', 'Credit matched to the bill.') };
    },
    '/api/finance/returns/9': () => {
      returns = [];
      return { body: envelope(null, '200', 'Marked as returned to the payer.') };
    },
    '/api/finance/refunds/31': () => {
      refunds = refunds.filter((r) => r.caseId !== '31');
      return { body: envelope(null, '200', PAYMENT_MESSAGES.refundPaid) };
    },
    '/api/finance/refunds/32': () => ({
      status: 409,
      body: envelope(null, '409', PAYMENT_MESSAGES.refundPaidAlready),
    }),
    '/api/finance/queue/2/mark': () => ({
      status: 409,
      body: envelope(null, '409', 'This credit is not waiting for a person.'),
    }),
  });

/** The text of the focused element, when it is not the page itself (focus lost goes to the body). */
const focusedOutcome = () =>
  document.activeElement && document.activeElement !== document.body ? document.activeElement.textContent : null;

const item = (transactionId: string) =>
  screen
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name: new RegExp(`^${transactionId}:`) }))!;

/** Chooses a one-line statement file (nov.csv) to import; answers its text. */
function chooseStatement(): string {
  const csv = 'transaction_id,value_date,type,amount,currency,reference,payer_name\nT9,2030-01-16,CR,1.00,SGD,X,Y\n';
  fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.statementFile), {
    target: { files: [new File([csv], 'nov.csv', { type: 'text/csv' })] },
  });
  return csv;
}

/** A cancelled bill's money to return: S$100.00 from one payer. */
const CANCELLED_PD9: MoneyToReturn = {
  billId: '9',
  caseNumber: 'PD 000009 2030',
  reference: 'PD0000092030',
  amountCents: 10000,
  transactions: [{ transactionId: 'T7', payerName: 'TAN AH KOW', amountCents: 10000 }],
};
/** An approved refund to pay (docs/decisions/0088): S$120.00 to an individual. */
const refund = (caseId: string, over: Partial<RefundToPay> = {}): RefundToPay => ({
  caseId,
  caseNumber: `RD 0000${caseId} 2030`,
  amountCents: 12000,
  payeeName: 'TAN AH KOW',
  payeeId: 'S9470855I',
  bankAccountNumber: '0123456789',
  receiptNumber: '2030000005',
  ...over,
});
describe('ReconciliationScreen', () => {
  it('lists the credits waiting for a person, with why and the amounts in S$', async () => {
    server();
    render(<ReconciliationScreen />);
    expect(await screen.findByRole('heading', { name: 'T1: S$100.00' })).toBeInTheDocument();
    expect(within(item('T1')).getByText(QUEUE_REASON_LABELS.part)).toBeInTheDocument();
    expect(within(item('T1')).getByText('S$300.00')).toBeInTheDocument();
    // The value date as the portal writes every date (d MMM yyyy), not as the bank's file has it.
    expect(within(item('T1')).getByText('16 Jan 2030')).toBeInTheDocument();
    expect(within(item('T2')).getByText(QUEUE_REASON_LABELS.unknown_reference)).toBeInTheDocument();
    expect(within(item('T2')).getByLabelText(PAYMENT_TEXT.billReferenceLabel)).toHaveValue('WHO KNOWS');
  });

  it('imports the chosen statement file and shows the report, then the queue as it now is', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const csv = chooseStatement();
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.importButton }));
    expect(await screen.findByText(/Statement imported: 2 settled/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'T1: S$100.00' })).toBeNull());
    const post = calls.find((c) => c.path === RECONCILIATION_PATHS.statements)!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ fileName: 'nov.csv', csv, actionKey: expect.any(String) });
  });

  it('says in plain words why an empty, binary or too large file is not imported, and sends none of them', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const input = screen.getByLabelText(PAYMENT_TEXT.statementFile);
    const tryImport = async (file: File, message: string) => {
      fireEvent.change(input, { target: { files: [file] } });
      fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.importButton }));
      // The file field's error, as every form of the portal says one: tied to the field, and in a summary.
      await waitFor(() => expect(input).toHaveAccessibleDescription(`${PAYMENT_TEXT.statementHint} Error: ${message}`));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      const summary = screen.getByRole('alert', { name: 'Please correct the validation errors.' });
      // Moved by the summary's effect, which may run after the render that shows the error.
      await waitFor(() => expect(summary).toHaveFocus());
      fireEvent.click(within(summary).getByRole('link', { name: message }));
      expect(input).toHaveFocus();
    };
    await tryImport(new File([''], 'empty.csv', { type: 'text/csv' }), PAYMENT_TEXT.emptyFile);
    await tryImport(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])], 'nov.xlsx'), PAYMENT_TEXT.notCsv);
    await tryImport(new File(['x'.repeat(STATEMENT_MAX_CHARS + 1)], 'year.csv'), PAYMENT_TEXT.tooLarge);
    expect(calls.some((c) => c.path === RECONCILIATION_PATHS.statements)).toBe(false);
  });

  it('imports a statement, or decides a credit, pressed twice once: the report is of the first press', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    chooseStatement();
    // Enter pressed twice on the focused button (the overlay that stops a second click stops no key).
    const importButton = screen.getByRole('button', { name: PAYMENT_TEXT.importButton });
    fireEvent.click(importButton);
    fireEvent.click(importButton);
    expect(await screen.findByText(/Statement imported: 2 settled/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'T1: S$100.00' })).toBeNull());
    expect(calls.filter((c) => c.path === RECONCILIATION_PATHS.statements)).toHaveLength(1);

    fireEvent.change(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Returned to the payer' },
    });
    const mark = within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton });
    fireEvent.click(mark);
    fireEvent.click(mark);
    await screen.findByText('This credit is not waiting for a person.');
    expect(calls.filter((c) => c.path === '/api/finance/queue/2/mark')).toHaveLength(1);
  });

  it("tells the finance officer that a match's reason is the payer's to read", async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const reason = within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel);
    expect(reason).toHaveAccessibleDescription(PAYMENT_TEXT.reasonHint);
  });

  it('asks for a reason before matching, then matches with the reference and reason', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    expect(await within(item('T1')).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    expect(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/match'))).toBe(false);

    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'First instalment' },
    });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    expect(await screen.findByText('Credit matched to the bill.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/finance/queue/1/match')!.body).toEqual({
      reference: 'PD0000012030',
      reason: 'First instalment',
      actionKey: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'T1: S$100.00' })).toBeNull());
  });

  it('moves focus to what a decision came to, not lost with the credit that left the list', async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'First instalment' },
    });
    const match = within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton });
    match.focus();
    fireEvent.click(match);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'T1: S$100.00' })).toBeNull());
    await waitFor(() => expect(focusedOutcome()).toBe('Credit matched to the bill.'));

    fireEvent.change(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Returned to the payer' },
    });
    fireEvent.click(within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await waitFor(() => expect(focusedOutcome()).toBe('This credit is not waiting for a person.'));
  });

  it("shows each outcome as the app's notices do: a success one, or an error one, and focuses it", async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    // No file chosen: said at once, as the file field's error.
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.importButton }));
    const missing = await screen.findByRole('alert', { name: 'Please correct the validation errors.' });
    expect(missing).toHaveTextContent(PAYMENT_TEXT.chooseFile);
    await waitFor(() => expect(missing).toHaveFocus());

    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'First instalment' },
    });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    await waitFor(() => expect(focusedOutcome()).toBe('Credit matched to the bill.'));
    const done = screen.getByRole('status');
    expect(done).toHaveTextContent('Credit matched to the bill.');
    expect(done).toHaveClass('success-message');
    expect(done).not.toHaveClass('notice-error');

    fireEvent.change(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Returned to the payer' },
    });
    fireEvent.click(within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await waitFor(() => expect(focusedOutcome()).toBe('This credit is not waiting for a person.'));
    const refused = screen.getByRole('alert');
    expect(refused).toHaveClass('notice', 'notice-error');
    expect(refused).not.toHaveClass('success-message');
  });

  it('shows the server’s reason when marking is refused', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T2: S$12.34' });
    fireEvent.change(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Returned to the payer' },
    });
    fireEvent.click(within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This credit is not waiting for a person.');
    expect(calls.find((c) => c.path === '/api/finance/queue/2/mark')!.body).toEqual({
      reason: 'Returned to the payer',
      actionKey: expect.any(String),
    });
  });

  it('lists a cancelled bill’s money to return, and marks it returned with how, after a reason', async () => {
    returns = [CANCELLED_PD9];
    const calls = server();
    render(<ReconciliationScreen />);
    const list = await screen.findByRole('list', { name: PAYMENT_TEXT.returnsHeading });
    const entry = within(list).getByRole('listitem', { name: 'PD 000009 2030: S$100.00' });
    expect(within(entry).getByText('S$100.00 from TAN AH KOW')).toBeInTheDocument();
    const reason = within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel);
    expect(reason).toHaveAccessibleDescription(PAYMENT_TEXT.returnedReasonHint);
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.returnedButton }));
    expect(await within(entry).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/finance/returns/'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'FAST transfer R123' } });
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.returnedButton }));
    await waitFor(() => expect(focusedOutcome()).toBe('Marked as returned to the payer.'));
    expect(calls.find((c) => c.path === '/api/finance/returns/9')).toMatchObject({
      method: 'POST',
      body: { reason: 'FAST transfer R123' },
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: PAYMENT_TEXT.returnsHeading })).toBeNull());
  });

  it('lists an approved refund to pay with its payee and account, and marks it paid with how', async () => {
    refunds = [refund('31'), refund('33', { payeeId: null })];
    const calls = server();
    render(<ReconciliationScreen />);
    const list = await screen.findByRole('list', { name: PAYMENT_TEXT.refundsHeading });
    const entry = within(list).getByRole('listitem', { name: 'RD 000031 2030: S$120.00' });
    for (const [term, value] of [
      [PAYMENT_TEXT.payeeName, 'TAN AH KOW'],
      [PAYMENT_TEXT.payeeId, 'S9470855I'],
      [PAYMENT_TEXT.bankAccount, '0123456789'],
      [PAYMENT_TEXT.drawsOn, '2030000005'],
    ])
      expect(within(entry).getByText(term!).nextElementSibling).toHaveTextContent(value!);
    // A payee whose form did not ask the identity number says so, not an empty line.
    const older = within(list).getByRole('listitem', { name: 'RD 000033 2030: S$120.00' });
    expect(within(older).getByText(PAYMENT_TEXT.payeeIdMissing)).toBeInTheDocument();

    const reason = within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel);
    expect(reason).toHaveAccessibleDescription(PAYMENT_TEXT.refundPaidReasonHint);
    const button = within(entry).getByRole('button', { name: PAYMENT_TEXT.refundPaidButton });
    button.focus();
    fireEvent.click(button);
    expect(await within(entry).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.startsWith('/api/finance/refunds/'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'FAST transfer R123' } });
    fireEvent.click(button);
    await waitFor(() => expect(focusedOutcome()).toBe(PAYMENT_MESSAGES.refundPaid));
    expect(calls.find((c) => c.path === '/api/finance/refunds/31')).toMatchObject({
      method: 'POST',
      body: { reason: 'FAST transfer R123' },
    });
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'RD 000031 2030: S$120.00' })).toBeNull());
  });

  it('says why marking a refund paid was refused, and keeps the reason typed', async () => {
    refunds = [refund('32')];
    const calls = server();
    render(<ReconciliationScreen />);
    const list = await screen.findByRole('list', { name: PAYMENT_TEXT.refundsHeading });
    const entry = within(list).getByRole('listitem');
    const reason = within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel);
    fireEvent.change(reason, { target: { value: 'FAST transfer R124' } });
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.refundPaidButton }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.refundPaidAlready));
    expect(calls.filter((c) => c.path === '/api/finance/refunds/32')).toHaveLength(1);
    expect(reason).toHaveValue('FAST transfer R124');
  });

  it('says how many approved refunds wait when the list shows only the oldest', async () => {
    refunds = [refund('31')];
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('list', { name: PAYMENT_TEXT.refundsHeading });
    expect(screen.queryByText(/wait to be paid/)).toBeNull();

    toPay = LIST_COUNT_CAP;
    cleanup();
    render(<ReconciliationScreen />);
    expect(await screen.findByText(PAYMENT_TEXT.refundsShown(1, '1,000 or more'))).toBeInTheDocument();
    expect(PAYMENT_TEXT.refundsShown(REFUNDS_TO_PAY_MAX, '1,000 or more')).toBe(
      '1,000 or more approved refunds wait to be paid; the oldest 500 are listed here. Mark them as paid to see the rest.',
    );
  });

  it('announces outcomes in live regions that are there before the first one, one per kind', async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect(status).toBeEmptyDOMElement();
    expect(alert).toBeEmptyDOMElement();
    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'First instalment' },
    });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    await waitFor(() => expect(status).toHaveTextContent('Credit matched to the bill.'));
    expect(alert).toBeEmptyDOMElement();
  });

  it('says whom to call when the server cannot be reached, with the number, not a placeholder', async () => {
    fakeApi({ [RECONCILIATION_PATHS.queue]: unreachable });
    render(<ReconciliationScreen />);
    const failed = await screen.findByText(/technical difficulties/);
    expect(failed.textContent).not.toContain(PHONE_PLACEHOLDER);
    expect(failed).toHaveTextContent(systemDifficultiesMessage());

    // The connection is back for the list, not for the import.
    fakeApi({
      [RECONCILIATION_PATHS.queue]: () => ({ body: queueBody() }),
      [RECONCILIATION_PATHS.statements]: unreachable,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    chooseStatement();
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.importButton }));
    // The toast says why (docs/decisions/0109): the page says which, not the difficulties a second time.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        PAYMENT_TEXT.actionUnconfirmed(PAYMENT_TEXT.importButton, 'nov.csv'),
      ),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(/technical difficulties/);
  });

  it('names a decision that got no answer, says once that a retry is safe, and retries under the same key', async () => {
    refunds = [refund('31')];
    let lost = true;
    const calls = server({
      'POST /api/finance/refunds/31': (call) => {
        if (lost) {
          lost = false;
          return unreachable(call);
        }
        refunds = [];
        return { body: envelope(null, '200', PAYMENT_MESSAGES.refundPaid) };
      },
    });
    render(<ReconciliationScreen />);
    const row = () => item('RD 000031 2030');
    await screen.findByRole('heading', { name: 'RD 000031 2030: S$120.00' });
    fireEvent.change(within(row()).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'GIRO transfer FT26112901' },
    });
    fireEvent.click(within(row()).getByRole('button', { name: PAYMENT_TEXT.refundPaidButton }));
    const unconfirmed = PAYMENT_TEXT.actionUnconfirmed(PAYMENT_TEXT.refundPaidButton, 'RD 000031 2030');
    await waitFor(() => expect(focusedOutcome()).toBe(unconfirmed));
    const said = screen.getAllByRole('alert').filter((a) => a.textContent);
    expect(said.map((a) => a.textContent)).toEqual([unconfirmed]);

    fireEvent.click(within(row()).getByRole('button', { name: PAYMENT_TEXT.refundPaidButton }));
    await waitFor(() => expect(focusedOutcome()).toBe(PAYMENT_MESSAGES.refundPaid));
    const keys = calls
      .filter((c) => c.path === '/api/finance/refunds/31')
      .map((c) => (c.body as { actionKey: string }).actionKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('names the credit of each decision that got no answer, so two in doubt are told apart', async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    fakeApi({
      [RECONCILIATION_PATHS.queue]: unreachable,
      '/api/finance/queue/1/mark': unreachable,
      '/api/finance/queue/2/mark': unreachable,
    });
    for (const [credit, reason] of [
      ['T1', 'returned to payer T1'],
      ['T2', 'returned to payer T2'],
    ] as const) {
      fireEvent.change(within(item(credit)).getByLabelText(PAYMENT_TEXT.reasonLabel), { target: { value: reason } });
      fireEvent.click(within(item(credit)).getByRole('button', { name: PAYMENT_TEXT.markButton }));
      await waitFor(() =>
        expect(focusedOutcome()).toBe(
          `Sorry, "${PAYMENT_TEXT.markButton}" for ${credit} was not confirmed. Try again: a decision already taken is not taken twice.`,
        ),
      );
    }
  });

  it('says a decision with no answer was taken once the lists loaded again no longer hold it, and not before', async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    // The server marks T1, and the answer is lost on the way back; the reload after it gets none either.
    fakeApi({
      [RECONCILIATION_PATHS.queue]: unreachable,
      '/api/finance/queue/1/mark': (call) => {
        queue = queue.filter((l) => l.id !== '1');
        return unreachable(call);
      },
      '/api/finance/queue/2/mark': unreachable,
    });
    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'returned to payer T1' },
    });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    const unconfirmed = PAYMENT_TEXT.actionUnconfirmed(PAYMENT_TEXT.markButton, 'T1');
    await waitFor(() => expect(focusedOutcome()).toBe(unconfirmed));
    await screen.findByText(PAYMENT_TEXT.queueStale);

    // Back online, the queue no longer holds T1: it was taken, said as a status, and the focus stays put.
    server();
    const typing = within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel);
    typing.focus();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'T1: S$100.00' })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_TEXT.actionTaken(PAYMENT_TEXT.markButton, 'T1')),
    );
    expect(screen.getAllByRole('alert').filter((a) => a.textContent)).toEqual([]);
    expect(typing).toHaveFocus();

    // T2's mark is lost and not taken: loaded again, T2 is still there, and the advice to try again stands.
    fakeApi({ [RECONCILIATION_PATHS.queue]: unreachable, '/api/finance/queue/2/mark': unreachable });
    fireEvent.change(typing, { target: { value: 'returned to payer T2' } });
    fireEvent.click(within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    const stillUnconfirmed = PAYMENT_TEXT.actionUnconfirmed(PAYMENT_TEXT.markButton, 'T2');
    await waitFor(() => expect(focusedOutcome()).toBe(stillUnconfirmed));
    await screen.findByText(PAYMENT_TEXT.queueStale);
    const calls = server();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(PAYMENT_TEXT.queueStale)).toBeNull());
    expect(calls.some((c) => c.path === RECONCILIATION_PATHS.queue)).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent(stillUnconfirmed);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says an undo with no answer was taken once the recently decided credits loaded again no longer hold it', async () => {
    installDialogStandIn();
    let resolved: ResolvedLine[] = [
      {
        id: '5',
        transactionId: 'T5',
        valueDate: '2030-01-16',
        amountCents: 10000,
        reference: 'TYPO',
        payerName: 'LIM BEE LENG',
        status: 'marked',
        billReference: null,
        resolvedBy: 'officer.finance',
        resolvedAt: '2030-01-16T03:00:00.000Z',
        resolution: 'Payer confirmed by phone',
      },
    ];
    const online = { [RECONCILIATION_PATHS.resolved]: () => ({ body: envelope({ lines: resolved }) }) };
    server(online);
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.resolvedShow }));
    const list = await screen.findByRole('list', { name: PAYMENT_TEXT.resolvedHeading });
    const entry = within(list).getByRole('listitem', { name: 'T5: S$100.00' });
    fakeApi({
      [RECONCILIATION_PATHS.queue]: unreachable,
      [RECONCILIATION_PATHS.resolved]: unreachable,
      '/api/finance/resolved/5/undo': (call) => {
        resolved = [];
        return unreachable(call);
      },
    });
    fireEvent.change(within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel), { target: { value: 'Wrong payer' } });
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.undoButton }));
    const dialog = await screen.findByRole('dialog', { name: PAYMENT_TEXT.undoTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.undoButton }));
    await waitFor(() => expect(focusedOutcome()).toBe(PAYMENT_TEXT.actionUnconfirmed(PAYMENT_TEXT.undoButton, 'T5')));
    await screen.findByText(PAYMENT_TEXT.resolvedStale);

    server(online);
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_TEXT.actionTaken(PAYMENT_TEXT.undoButton, 'T5')),
    );
    expect(screen.getAllByRole('alert').filter((a) => a.textContent)).toEqual([]);
  });

  it('keeps the lists and what was typed in them when a reload fails, and loads them again once back online', async () => {
    refunds = [refund('31')];
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const type = (label: string, value: string) => (row: HTMLElement) =>
      fireEvent.change(within(row).getByLabelText(label), { target: { value } });
    type(PAYMENT_TEXT.reasonLabel, 'Long careful note typed for the second credit')(item('T2'));
    type(PAYMENT_TEXT.billReferenceLabel, 'PD0000072026')(item('T2'));
    type(PAYMENT_TEXT.reasonLabel, 'Paid twice by the payer')(item('T1'));

    // The connection drops with the decision: the decision and the reload after it get no answer.
    const calls = fakeApi({ [RECONCILIATION_PATHS.queue]: unreachable, '/api/finance/queue/1/mark': unreachable });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await screen.findByText(PAYMENT_TEXT.queueStale);
    expect(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue(
      'Long careful note typed for the second credit',
    );
    expect(within(item('T2')).getByLabelText(PAYMENT_TEXT.billReferenceLabel)).toHaveValue('PD0000072026');
    expect(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('Paid twice by the payer');
    expect(screen.getByRole('heading', { name: 'RD 000031 2030: S$120.00' })).toBeInTheDocument();

    // Back online: loaded again without Try again, and the typing is still there.
    server();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(PAYMENT_TEXT.queueStale)).toBeNull());
    expect(within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue(
      'Long careful note typed for the second credit',
    );
    expect(calls.filter((c) => c.path === RECONCILIATION_PATHS.queue).length).toBeGreaterThan(0);

    // Failed again, then Try again: the focus goes to the lists' heading, not the page's start.
    fakeApi({ [RECONCILIATION_PATHS.queue]: unreachable, '/api/finance/queue/1/mark': unreachable });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await screen.findByText(PAYMENT_TEXT.queueStale);
    server();
    const again = screen.getByRole('button', { name: 'Try again' });
    again.focus();
    fireEvent.click(again);
    await waitFor(() => expect(screen.queryByText(PAYMENT_TEXT.queueStale)).toBeNull());
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.getByRole('heading', { name: PAYMENT_TEXT.queueHeading })).toHaveFocus();
    expect(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('Paid twice by the payer');
  });

  it('asks for the bill’s reference before matching, beside the field, and sends nothing without it', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const reference = within(item('T1')).getByLabelText(PAYMENT_TEXT.billReferenceLabel);
    fireEvent.change(reference, { target: { value: '   ' } });
    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'First instalment' },
    });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    expect(await within(item('T1')).findByText(PAYMENT_TEXT.referenceRequired)).toBeInTheDocument();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription(PAYMENT_TEXT.referenceRequired);
    expect(calls.some((c) => c.path.endsWith('/match'))).toBe(false);
    // The reason typed stays; marking needs no bill, so it is not held up by the empty reference.
    expect(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('First instalment');

    fireEvent.change(reference, { target: { value: 'PD0000012030' } });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    expect(await screen.findByText('Credit matched to the bill.')).toBeInTheDocument();
  });

  it('says how many credits wait in all when the list shows only the oldest', async () => {
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    expect(screen.queryByText(/credits are waiting/)).toBeNull();

    waiting = 1234;
    cleanup();
    render(<ReconciliationScreen />);
    expect(await screen.findByText(PAYMENT_TEXT.queueShown(2, 1234))).toBeInTheDocument();
    expect(PAYMENT_TEXT.queueShown(500, 1234)).toBe(
      '1,234 credits are waiting; the oldest 500 are listed here. Decide them to see the rest.',
    );
  });

  it('says how many bills hold money to return when the list shows only the oldest', async () => {
    returns = [CANCELLED_PD9];
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('list', { name: PAYMENT_TEXT.returnsHeading });
    expect(screen.queryByText(/money to return/)).toBeNull();

    toReturn = LIST_COUNT_CAP;
    cleanup();
    render(<ReconciliationScreen />);
    expect(await screen.findByText(PAYMENT_TEXT.returnsShown(1, '1,000 or more'))).toBeInTheDocument();
    expect(PAYMENT_TEXT.returnsShown(RETURNS_MAX, '1,000 or more')).toBe(
      '1,000 or more cancelled bills hold money to return; the oldest 500 are listed here. Mark them as returned to see the rest.',
    );
  });

  it('imports a statement whose file name is longer than the audit trail keeps', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const name = `${'DBS_Corporate_Account_0123456789_Statement_'.repeat(5)}.csv`;
    expect(name.length).toBeGreaterThan(STATEMENT_FILE_NAME_MAX);
    const csv = 'transaction_id,value_date,type,amount,currency,reference,payer_name\nT9,2030-01-16,CR,1.00,SGD,X,Y\n';
    fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.statementFile), {
      target: { files: [new File([csv], name, { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.importButton }));
    expect(await screen.findByText(/Statement imported: 2 settled/)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === RECONCILIATION_PATHS.statements)!.body as { fileName: string };
    expect(importRequestSchema.safeParse(sent).success).toBe(true);
    expect(sent.fileName).toBe(name.slice(0, STATEMENT_FILE_NAME_MAX));
  });

  it('says beside the reason when it is longer than a decision keeps, and keeps what was typed', async () => {
    returns = [CANCELLED_PD9];
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const long = 'The payer rang to say the transfer was meant for another agency. '.repeat(8);
    expect(long.trim().length).toBeGreaterThan(DECISION_REASON_MAX);
    const reason = within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel);
    fireEvent.change(reason, { target: { value: long } });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    expect(await within(item('T1')).findByText(PAYMENT_TEXT.reasonTooLong)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveValue(long);

    const entry = within(screen.getByRole('list', { name: PAYMENT_TEXT.returnsHeading })).getByRole('listitem');
    fireEvent.change(within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel), { target: { value: long } });
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.returnedButton }));
    expect(await within(entry).findByText(PAYMENT_TEXT.reasonTooLong)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/mark') || c.path.startsWith('/api/finance/returns/'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'Not ours' } });
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/finance/queue/1/mark')).toBe(true));
  });

  it('asks for the bill’s reference alone when the field holds a statement’s longer text', async () => {
    queue = [
      line('3', {
        reference: 'PAYNOW TRANSFER FROM TAN AH KOW FOR PD0000012030 COURT DEPOSIT',
        queueReason: 'unknown_reference',
        billReference: null,
        outstandingCents: null,
      }),
    ];
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T3: S$100.00' });
    const reference = within(item('T3')).getByLabelText(PAYMENT_TEXT.billReferenceLabel);
    expect((reference as HTMLInputElement).value.length).toBeGreaterThan(BILL_REFERENCE_MAX);
    fireEvent.change(within(item('T3')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Payer named the record in the text' },
    });
    fireEvent.click(within(item('T3')).getByRole('button', { name: PAYMENT_TEXT.matchButton }));
    expect(await within(item('T3')).findByText(PAYMENT_TEXT.referenceTooLong)).toBeInTheDocument();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/match'))).toBe(false);
  });

  it('takes a reason that shows nothing (zero-width characters) as no reason, and sends nothing', async () => {
    const calls = server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T2: S$12.34' });
    const reason = within(item('T2')).getByLabelText(PAYMENT_TEXT.reasonLabel);
    fireEvent.change(reason, { target: { value: '\u200b\u200b\u200b\u2060' } });
    fireEvent.click(within(item('T2')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    expect(await within(item('T2')).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/mark'))).toBe(false);
  });

  it('takes the focus to the first field to put right when a decision is refused on the screen', async () => {
    returns = [CANCELLED_PD9];
    server();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const match = within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.matchButton });
    match.focus();
    fireEvent.click(match);
    const reason = within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription(`${PAYMENT_TEXT.reasonHint} ${PAYMENT_TEXT.reasonRequired}`);

    // Both wrong: the reference comes first.
    const reference = within(item('T1')).getByLabelText(PAYMENT_TEXT.billReferenceLabel);
    fireEvent.change(reference, { target: { value: '' } });
    match.focus();
    fireEvent.click(match);
    await waitFor(() => expect(reference).toHaveFocus());

    const entry = within(screen.getByRole('list', { name: PAYMENT_TEXT.returnsHeading })).getByRole('listitem');
    const returned = within(entry).getByRole('button', { name: PAYMENT_TEXT.returnedButton });
    returned.focus();
    fireEvent.click(returned);
    await waitFor(() => expect(within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveFocus());
  });
});

describe('undoing a decision', () => {
  const decided = (id: string, over: Partial<ResolvedLine>): ResolvedLine => ({
    id,
    transactionId: `T${id}`,
    valueDate: '2030-01-16',
    amountCents: 10000,
    reference: 'TYPO',
    payerName: 'LIM BEE LENG',
    status: 'matched',
    billReference: `PD00000${id}2030`,
    resolvedBy: 'officer.finance',
    resolvedAt: '2030-01-16T03:00:00.000Z',
    resolution: 'Payer confirmed by phone',
    ...over,
  });
  let resolved: ResolvedLine[];

  beforeEach(() => {
    installDialogStandIn();
    resolved = [decided('5', {}), decided('6', { status: 'marked', billReference: null, amountCents: 1200 })];
  });

  const withResolved = () =>
    server({
      [RECONCILIATION_PATHS.resolved]: () => ({ body: envelope({ lines: resolved }) }),
      '/api/finance/resolved/5/undo': () => {
        queue = [...queue, line('5', { reference: 'TYPO', queueReason: 'unknown_reference' })];
        resolved = resolved.filter((l) => l.id !== '5');
        return { body: envelope(null, '200', PAYMENT_MESSAGES.undone) };
      },
      '/api/finance/resolved/6/undo': () => ({
        status: 409,
        body: envelope(null, '409', PAYMENT_MESSAGES.undoRefundDrawn),
      }),
    });

  /** The screen with the recently decided credits shown: their list. */
  async function shown(): Promise<HTMLElement> {
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    const show = screen.getByRole('button', { name: PAYMENT_TEXT.resolvedShow });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);
    expect(screen.getByRole('button', { name: PAYMENT_TEXT.resolvedHide })).toHaveAttribute('aria-expanded', 'true');
    return screen.findByRole('list', { name: PAYMENT_TEXT.resolvedHeading });
  }

  it('loads the decided credits only when asked, and says what each decision was', async () => {
    const calls = withResolved();
    render(<ReconciliationScreen />);
    await screen.findByRole('heading', { name: 'T1: S$100.00' });
    expect(calls.some((c) => c.path === RECONCILIATION_PATHS.resolved)).toBe(false);
    cleanup();
    const list = await shown();
    const matched = within(list).getByRole('listitem', { name: 'T5: S$100.00' });
    expect(within(matched).getByText(PAYMENT_TEXT.matchedTo('PD0000052030'))).toBeInTheDocument();
    expect(within(matched).getByText('Payer confirmed by phone')).toBeInTheDocument();
    const marked = within(list).getByRole('listitem', { name: 'T6: S$12.00' });
    expect(within(marked).getByText(PAYMENT_TEXT.markedDealtWith)).toBeInTheDocument();
    // Only the latest are listed: the hint names how many, so an older decision is known to be left out.
    expect(screen.getByText(/^The last 50 credits matched or marked by a person/)).toBeInTheDocument();
  });

  it('undoes a match after a reason and a confirmation that says what follows', async () => {
    const calls = withResolved();
    const list = await shown();
    const entry = within(list).getByRole('listitem', { name: 'T5: S$100.00' });
    const undo = within(entry).getByRole('button', { name: PAYMENT_TEXT.undoButton });
    fireEvent.click(undo);
    expect(await within(entry).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    const reason = within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel);
    expect(reason).toHaveAccessibleDescription(`${PAYMENT_TEXT.undoReasonHint} ${PAYMENT_TEXT.reasonRequired}`);
    fireEvent.change(reason, { target: { value: 'The payer is another applicant' } });
    fireEvent.click(undo);
    let dialog = await screen.findByRole('dialog', { name: PAYMENT_TEXT.undoTitle });
    expect(dialog).toHaveAccessibleDescription(PAYMENT_TEXT.undoMatch('T5', formatMoney(10000), 'PD0000052030'));
    // Cancel is the safe choice: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/undo'))).toBe(false);

    fireEvent.click(undo);
    dialog = await screen.findByRole('dialog', { name: PAYMENT_TEXT.undoTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.undoButton }));
    await waitFor(() => expect(focusedOutcome()).toBe(PAYMENT_MESSAGES.undone));
    expect(calls.find((c) => c.path === '/api/finance/resolved/5/undo')).toMatchObject({
      method: 'POST',
      body: { reason: 'The payer is another applicant' },
    });
    // The credit leaves the decided ones and waits in the queue again.
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'T5: S$100.00' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'T5: S$100.00' })).toBeInTheDocument();
  });

  it('keeps the decided credits and the undo reason typed when their reload fails, and reloads them online', async () => {
    withResolved();
    const list = await shown();
    const entry = () => within(list).getByRole('listitem', { name: 'T5: S$100.00' });
    fireEvent.change(within(entry()).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'UNDO typed but not sent' },
    });
    fireEvent.change(within(item('T1')).getByLabelText(PAYMENT_TEXT.reasonLabel), {
      target: { value: 'Paid twice by the payer' },
    });

    // The connection drops with a decision: it and every reload after it get no answer.
    const offline = {
      [RECONCILIATION_PATHS.queue]: unreachable,
      [RECONCILIATION_PATHS.resolved]: unreachable,
      '/api/finance/queue/1/mark': unreachable,
    };
    fakeApi(offline);
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    await screen.findByText(PAYMENT_TEXT.resolvedStale);
    expect(within(entry()).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('UNDO typed but not sent');

    // Back online: loaded again without Try again, and the typing is still there.
    const calls = withResolved();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(PAYMENT_TEXT.resolvedStale)).toBeNull());
    expect(calls.filter((c) => c.path === RECONCILIATION_PATHS.resolved).length).toBeGreaterThan(0);
    expect(within(entry()).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('UNDO typed but not sent');

    // Failed again, then its Try again: the focus goes to the list's heading, not the page's start.
    fakeApi(offline);
    fireEvent.click(within(item('T1')).getByRole('button', { name: PAYMENT_TEXT.markButton }));
    const stale = (await screen.findByText(PAYMENT_TEXT.resolvedStale)).closest('[role="alert"]') as HTMLElement;
    withResolved();
    const again = within(stale).getByRole('button', { name: 'Try again' });
    again.focus();
    fireEvent.click(again);
    await waitFor(() => expect(screen.queryByText(PAYMENT_TEXT.resolvedStale)).toBeNull());
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.getByRole('heading', { name: PAYMENT_TEXT.resolvedHeading })).toHaveFocus();
    expect(within(entry()).getByLabelText(PAYMENT_TEXT.reasonLabel)).toHaveValue('UNDO typed but not sent');
  });

  it('shows why an undo is refused, and keeps the reason typed', async () => {
    const calls = withResolved();
    const list = await shown();
    const entry = within(list).getByRole('listitem', { name: 'T6: S$12.00' });
    const reason = within(entry).getByLabelText(PAYMENT_TEXT.reasonLabel);
    fireEvent.change(reason, { target: { value: 'It was never returned' } });
    fireEvent.click(within(entry).getByRole('button', { name: PAYMENT_TEXT.undoButton }));
    const dialog = await screen.findByRole('dialog', { name: PAYMENT_TEXT.undoTitle });
    expect(dialog).toHaveAccessibleDescription(PAYMENT_TEXT.undoMark('T6', 'S$12.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.undoButton }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.undoRefundDrawn));
    expect(calls.filter((c) => c.path === '/api/finance/resolved/6/undo')).toHaveLength(1);
    expect(within(list).getByRole('listitem', { name: 'T6: S$12.00' })).toBeInTheDocument();
    expect(reason).toHaveValue('It was never returned');
  });
});
