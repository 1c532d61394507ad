import { createHash } from 'node:crypto';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { FIELD_MESSAGES } from '#contract/forms/index.ts';
import { DECISION_DOCUMENT_REQUIRED, OFFICER_MESSAGES, REASON_MAX, type OfficerCase } from '#contract/officer.ts';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { MESSAGES } from '#contract/index.ts';
import { TRAVEL_TEXT } from '#contract/travel.ts';
import { envelope, fakeApi, unreachable } from '../../../test/fakeApi.ts';
import { on } from '../../lib/events/bus.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { formatDateTime } from '../../components/shell/formatMoment.ts';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
// A final decision is confirmed in a modal <dialog> (docs/decisions/0070).
installDialogStandIn();

/** Presses Approve and confirms it in the dialog that asks. */
function approve() {
  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  const dialog = screen.getByRole('dialog', { name: OFFICER_SCREEN_TEXT.confirmApprove(CASE.caseNumber) });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

const routes: RouteDef[] = [
  ...simpleRoutes,
  {
    path: '/officer/case',
    title: 'Case',
    load: () => import('./screens.tsx').then((m) => ({ default: m.CaseScreen })),
  },
];

const CASE: OfficerCase = {
  id: '7',
  caseNumber: 'PT 000007 2026',
  appCode: 'PTIB',
  eserviceTitle: 'PTIB Profile Update',
  applicantName: 'Tan Ah Kow',
  profileId: 'PTIB00000001',
  status: 'in_review',
  version: 3,
  formVersion: 1,
  submittedAt: '2026-11-20T02:00:00Z',
  dueDate: '2026-11-24',
  overdue: true,
  assignedTo: { accountId: 11, displayName: 'Officer Demo' },
  answers: { remarks: 'Hello' },
  questions: [{ name: 'remarks', label: 'Remarks', type: 'textarea', hiddenBy: [] }],
  answerRows: [{ path: 'remarks', label: 'Remarks', value: 'Hello' }],
  documents: [],
  unscannedDocuments: 0,
  decisionDocuments: [],
  history: [{ from: null, to: 'submitted', at: '2026-11-20T02:00:00Z', by: 'Tan Ah Kow', message: null }],
  notes: [],
  infoRequests: [],
  changes: [],
  proposedRejection: null,
  decisionReason: null,
  bill: null,
  refundOf: null,
  travelRequests: [],
  travelApplication: null,
  allowedActions: ['release', 'approve', 'proposeRejection', 'requestInfo', 'addNote'],
};

async function openCase() {
  await renderShell({ routes, hash: '#/officer/case?id=7' });
  await screen.findByRole('heading', { level: 1, name: 'Case PT 000007 2026' });
}

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('the case screen', () => {
  it('marks an overdue case in words, and lists only the actions the server allows', async () => {
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await openCase();
    expect(screen.getByText(OFFICER_MESSAGES.overdue)).toBeInTheDocument();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Approve rejection' })).toBeNull();
  });

  it('says that only a note can be added when nothing can be decided, not that nothing can be done', async () => {
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({ ...CASE, status: 'more_info_requested', allowedActions: ['addNote'] }),
      }),
    });
    await openCase();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByText(OFFICER_SCREEN_TEXT.onlyNotes)).toBeInTheDocument();
    expect(within(actions).queryByText(OFFICER_SCREEN_TEXT.noActions)).toBeNull();
  });

  it('shows the answers and what changed in the words the server gives, never the stored values', async () => {
    const answered: OfficerCase = {
      ...CASE,
      answers: { paymentAmount: { amount: '175.00', currency: 'SGD' }, payer: 'NI' },
      questions: [
        { name: 'paymentAmount', label: 'Payment amount', type: 'amount', hiddenBy: [] },
        { name: 'payer', label: 'Payer is', type: 'select', hiddenBy: [] },
      ],
      answerRows: [
        { path: 'paymentAmount', label: 'Payment amount', value: 'S$175.00' },
        { path: 'payer', label: 'Payer is', value: 'Entity' },
      ],
      changes: [
        {
          field: 'paymentAmount',
          label: 'Payment amount',
          before: { amount: '150.25', currency: 'SGD' },
          after: { amount: '175.00', currency: 'SGD' },
          beforeText: 'S$150.25',
          afterText: 'S$175.00',
        },
      ],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(answered) }) });
    await openCase();
    const answers = screen.getByRole('region', { name: 'Submitted answers' });
    expect(within(answers).getByText('S$175.00')).toBeInTheDocument();
    expect(within(answers).getByText('Entity')).toBeInTheDocument();
    const changes = screen.getByRole('region', { name: 'What changed since the last submission' });
    expect(within(changes).getByRole('row', { name: 'Payment amount S$150.25 S$175.00' })).toBeInTheDocument();
    expect(screen.queryByText(/amount: /)).toBeNull();
  });

  it('lays out what people typed in its own direction: an answer or a note in Arabic reads right to left', async () => {
    const arabic: OfficerCase = {
      ...CASE,
      changes: [
        {
          field: 'remarks',
          label: 'Remarks',
          before: 'Late fees',
          after: 'رسوم التأخير',
          beforeText: 'Late fees',
          afterText: 'رسوم التأخير',
        },
      ],
      notes: [{ id: '1', at: '2026-11-21T02:00:00Z', by: 'Officer Demo', text: 'تم التحقق' }],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(arabic) }) });
    await openCase();
    const changes = screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.changesHeading });
    // Each answer takes the direction of its first letter (dir="auto"); a browser lays it out so.
    expect(within(changes).getByText('رسوم التأخير')).toHaveAttribute('dir', 'auto');
    expect(within(changes).getByText('Late fees')).toHaveAttribute('dir', 'auto');
    // A note follows its time and author on one line: isolated, so its order does not take theirs with it.
    expect(screen.getByText('تم التحقق').tagName).toBe('BDI');
  });

  it('says which questions the answers hide, and by which answer, in the list a request names', async () => {
    const paidByTraveller: OfficerCase = {
      ...CASE,
      answers: { sponsored: 'N' },
      questions: [
        { name: 'sponsored', label: 'The trip is paid for by someone else', type: 'yesNo', hiddenBy: [] },
        { name: 'sponsorName', label: 'Name of the person paying', type: 'text', hiddenBy: ['sponsored'] },
      ],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(paidByTraveller) }) });
    await openCase();
    const request = within(screen.getByRole('form', { name: 'Request more information' }));
    expect(request.getByRole('checkbox', { name: 'The trip is paid for by someone else' })).toBeInTheDocument();
    expect(
      request.getByRole('checkbox', {
        name: OFFICER_SCREEN_TEXT.hiddenQuestion('Name of the person paying', ['The trip is paid for by someone else']),
      }),
    ).toHaveAttribute('value', 'sponsorName');
  });

  it('says the last answer changed nothing, not that nothing changed since the first submission', async () => {
    const request = (id: string, answeredAt: string) => ({
      id,
      requestedAt: '2026-11-21T02:00:00Z',
      requestedBy: 'Officer Demo',
      message: 'Please correct it.',
      fields: ['remarks'],
      fieldLabels: ['Remarks'],
      answeredAt,
    });
    const once: OfficerCase = { ...CASE, infoRequests: [request('1', '2026-11-22T03:11:00Z')] };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(once) }) });
    await openCase();
    const changes = () => screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.changesHeading });
    expect(changes()).toHaveTextContent(OFFICER_SCREEN_TEXT.noChanges);
    cleanup();
    // The first answer changed the remarks; the second changed nothing, and only it is compared.
    const twice: OfficerCase = {
      ...CASE,
      infoRequests: [request('1', '2026-11-22T03:11:00Z'), request('2', '2026-11-23T04:05:00Z')],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(twice) }) });
    await openCase();
    expect(changes()).toHaveTextContent(
      OFFICER_SCREEN_TEXT.noChangesInLastAnswer(formatDateTime('2026-11-23T04:05:00Z')),
    );
    expect(changes()).not.toHaveTextContent(OFFICER_SCREEN_TEXT.noChanges);
  });

  it("shows a payment record's bill, and the receipt a refund draws on, with what arrived", async () => {
    const bill = {
      reference: 'PD0000072026',
      amountCents: 15025,
      receivedCents: 20000,
      refundedCents: 0,
      refunds: { paidCents: 0, heldCents: 0 },
      state: 'over_paid' as const,
      receiptNumber: '2026000031',
      settledAt: '2026-11-21T03:04:00Z',
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope({ ...CASE, appCode: 'PD', bill }) }) });
    await openCase();
    const payment = within(screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.paymentHeading }));
    expect(payment.getByText('Over-paid')).toBeInTheDocument();
    expect(payment.getByText('S$150.25')).toBeInTheDocument();
    expect(payment.getByText('S$200.00')).toBeInTheDocument();
    expect(payment.getByText('2026000031')).toBeInTheDocument();
    expect(payment.getByText('PD0000072026')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: OFFICER_SCREEN_TEXT.refundHeading })).toBeNull();
  });

  it('shows the receipt a refund draws on: whose record, what it received, and what this refund takes', async () => {
    const refundOf = {
      caseNumber: 'PC 000003 2026',
      eserviceTitle: 'Payment of Court Deposits',
      drawnCents: 50000,
      bill: {
        reference: 'PC0000032026',
        amountCents: 150000,
        receivedCents: 150000,
        refundedCents: 80000,
        refunds: { paidCents: 30000, heldCents: 50000 },
        state: 'paid' as const,
        receiptNumber: '2026000012',
        settledAt: '2026-07-01T01:00:00Z',
      },
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope({ ...CASE, appCode: 'PRD', refundOf }) }) });
    await openCase();
    const refund = screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.refundHeading });
    expect(refund).toHaveTextContent('Receipt 2026000012, for PC 000003 2026 (Payment of Court Deposits).');
    expect(refund).toHaveTextContent(`${OFFICER_SCREEN_TEXT.billRows.drawn}S$500.00`);
    expect(refund).toHaveTextContent(`${OFFICER_SCREEN_TEXT.billRows.received}S$1,500.00`);
    // Set aside for refunds applied for is not money refunded (docs/decisions/0088): each said as it is.
    expect(refund).toHaveTextContent(`${OFFICER_SCREEN_TEXT.billRows.refundsPaid}S$300.00`);
    expect(refund).toHaveTextContent(`${OFFICER_SCREEN_TEXT.billRows.refundsHeld}S$500.00`);
    expect(refund).not.toHaveTextContent(OFFICER_SCREEN_TEXT.billRows.returned);
    expect(screen.queryByRole('region', { name: OFFICER_SCREEN_TEXT.paymentHeading })).toBeNull();
  });

  it('leads from "On this page" to every part below the actions, the files for the applicant and the money too', async () => {
    const bill = {
      reference: 'PC0000032026',
      amountCents: 150000,
      receivedCents: 150000,
      refundedCents: 0,
      refunds: { paidCents: 0, heldCents: 0 },
      state: 'paid' as const,
      receiptNumber: '2026000012',
      settledAt: '2026-07-01T01:00:00Z',
    };
    const refundOf = { caseNumber: 'PC 000003 2026', eserviceTitle: 'Payment of Court Deposits', drawnCents: 1, bill };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope({ ...CASE, bill, refundOf }) }) });
    await openCase();
    const contents = screen.getByRole('navigation', { name: OFFICER_SCREEN_TEXT.onThisPage });
    const targets = within(contents)
      .getAllByRole('link')
      .map((l) => l.getAttribute('href')!.split('#')[2]);
    const actions = document.getElementById('actions-heading')!;
    const below = [...document.querySelectorAll('.officer-case h2[id]')].filter(
      (h) => actions.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(below.map((h) => h.textContent)).toContain(OFFICER_SCREEN_TEXT.decisionDocumentsHeading);
    expect(below.map((h) => h.textContent)).toContain(OFFICER_SCREEN_TEXT.paymentHeading);
    for (const heading of below) expect(targets, heading.textContent!).toContain(heading.id);
  });

  describe('names in "On this page" exactly the parts the case shows, the money as the case has it', () => {
    const bill = {
      reference: 'PC0000032026',
      amountCents: 150000,
      receivedCents: 150000,
      refundedCents: 0,
      refunds: { paidCents: 0, heldCents: 0 },
      state: 'paid' as const,
      receiptNumber: '2026000012',
      settledAt: '2026-07-01T01:00:00Z',
    };
    const refundOf = { caseNumber: 'PC 000003 2026', eserviceTitle: 'Payment of Court Deposits', drawnCents: 1, bill };
    it.each([
      ['with a bill', { bill }, OFFICER_SCREEN_TEXT.paymentHeading],
      ['with a refund', { refundOf }, OFFICER_SCREEN_TEXT.refundHeading],
      ['with neither', {}, null],
    ])('%s', async (_, given, heading) => {
      fakeApi({ '/api/officer/cases/7': () => ({ body: envelope({ ...CASE, ...given }) }) });
      await openCase();
      const contents = screen.getByRole('navigation', { name: OFFICER_SCREEN_TEXT.onThisPage });
      const named = within(contents)
        .getAllByRole('link')
        .map((l) => l.textContent);
      // Every part's heading from the actions down, in the page's order.
      const actions = document.getElementById('actions-heading')!;
      const shown = [...document.querySelectorAll('.officer-case h2[id]')]
        .filter((h) => h === actions || actions.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)
        .map((h) => h.textContent);
      expect(named).toEqual(shown);
      const moneyParts: string[] = [OFFICER_SCREEN_TEXT.paymentHeading, OFFICER_SCREEN_TEXT.refundHeading];
      expect(named.filter((n) => moneyParts.includes(n!))).toEqual(heading ? [heading] : []);
    });
  });

  it('goes back to the queue, filters and page it was opened from', async () => {
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    const from = encodeURIComponent('queue=mine&status=in_review&age=5&sort=dueDate&page=2&find=Tan');
    await renderShell({ routes, hash: `#/officer/case?id=7&from=${from}` });
    await screen.findByRole('heading', { level: 1, name: 'Case PT 000007 2026' });
    expect(screen.getByRole('link', { name: OFFICER_SCREEN_TEXT.backToQueues })).toHaveAttribute(
      'href',
      '#/officer?queue=mine&status=in_review&age=5&sort=dueDate&page=2&find=Tan',
    );
  });

  it('goes back to the new queue from a case opened by a link of its own, and reads no odd address', async () => {
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await renderShell({ routes, hash: `#/officer/case?id=7&from=${encodeURIComponent('queue=x&page=-1&app=<b>')}` });
    await screen.findByRole('heading', { level: 1, name: 'Case PT 000007 2026' });
    expect(screen.getByRole('link', { name: OFFICER_SCREEN_TEXT.backToQueues })).toHaveAttribute(
      'href',
      '#/officer?queue=new',
    );
  });

  it('says files are held back until scanned, rather than that none were uploaded', async () => {
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope({ ...CASE, unscannedDocuments: 2 }) }) });
    await openCase();
    const documents = screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.documentsHeading });
    expect(within(documents).getByText(OFFICER_SCREEN_TEXT.unscannedDocuments(2))).toBeInTheDocument();
    expect(within(documents).queryByText(OFFICER_SCREEN_TEXT.noDocuments)).toBeNull();
  });

  it('says plainly that a malformed case link names no case, without asking the server', async () => {
    const calls = fakeApi({});
    await renderShell({ routes, hash: '#/officer/case?id=abc' });
    const said = await screen.findByText(OFFICER_MESSAGES.caseNotFound);
    expect(said.closest('[role="alert"]')).not.toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/officer/cases'))).toBe(false);
  });

  it('prints each of many requests once, the older ones folded, with links to the parts of the case', async () => {
    // Ten rounds of the longest message: printed in full in both the requests and the history, they pushed the
    // answers being decided screens down the page.
    const rounds = Array.from({ length: 10 }, (_, i) => ({
      id: String(100 + i),
      requestedAt: `2026-11-${String(10 + i)}T02:00:00Z`,
      requestedBy: 'Officer Demo',
      message: `Round ${i + 1}: `.padEnd(REASON_MAX, 'x'),
      fields: ['remarks'],
      fieldLabels: ['Remarks'],
      answeredAt: i < 9 ? `2026-11-${String(10 + i)}T08:00:00Z` : null,
    }));
    const asked: OfficerCase = {
      ...CASE,
      status: 'more_info_requested',
      infoRequests: rounds,
      history: [
        CASE.history[0]!,
        ...rounds.flatMap((r) => [
          {
            from: 'in_review' as const,
            to: 'more_info_requested' as const,
            at: r.requestedAt,
            by: r.requestedBy,
            message: r.message,
          },
          ...(r.answeredAt
            ? [
                {
                  from: 'more_info_requested' as const,
                  to: 'in_review' as const,
                  at: r.answeredAt,
                  by: 'Tan Ah Kow',
                  message: null,
                },
              ]
            : []),
        ]),
      ],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(asked) }) });
    await openCase();
    for (const r of rounds) expect(document.body.textContent!.split(r.message)).toHaveLength(2);

    const requests = screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.requestsHeading });
    const folds = requests.querySelectorAll('details');
    expect(folds).toHaveLength(10);
    expect([...folds].map((d) => d.open)).toEqual([...Array(9).fill(false), true]);
    // A folded round says when, who and what it asked, and its message is inside it.
    const third = folds[2]!.querySelector('summary')!;
    expect(third).toHaveTextContent(
      `${OFFICER_SCREEN_TEXT.requestRound(3, 10)}: ${formatDateTime('2026-11-12T02:00:00Z')}, Officer Demo. ${OFFICER_SCREEN_TEXT.requestQuestions(['Remarks'])} ${OFFICER_SCREEN_TEXT.requestAnswered} ${formatDateTime('2026-11-12T08:00:00Z')}.`,
    );
    expect(folds[2]).toHaveTextContent(rounds[2]!.message);

    // The history names the round, and its link opens the folded request and moves there.
    const history = screen.getByTestId('officer-history');
    const toThird = within(history).getByRole('link', { name: OFFICER_SCREEN_TEXT.historyRequest(3, 10) });
    expect(toThird).toHaveAttribute('href', `#/officer/case?id=7#${folds[2]!.id}`);
    fireEvent.click(toThird);
    expect(folds[2]!.open).toBe(true);
    expect(third).toHaveFocus();
    expect(window.location.hash).toBe('#/officer/case?id=7');

    // Each link of the page's contents leads to a heading on it.
    const contents = screen.getByRole('navigation', { name: OFFICER_SCREEN_TEXT.onThisPage });
    const links = within(contents).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toContain(OFFICER_SCREEN_TEXT.answersHeading);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.split('#')[2]!);
      expect(target, link.textContent!).not.toBeNull();
      expect(target).toHaveTextContent(link.textContent!);
    }
    fireEvent.click(within(contents).getByRole('link', { name: OFFICER_SCREEN_TEXT.answersHeading }));
    expect(screen.getByRole('heading', { level: 2, name: OFFICER_SCREEN_TEXT.answersHeading })).toHaveFocus();
  });

  it("opens an address with a part's anchor at that part once the case has loaded", async () => {
    const rounds = ['100', '101'].map((id, i) => ({
      id,
      requestedAt: `2026-11-1${i}T02:00:00Z`,
      requestedBy: 'Officer Demo',
      message: `Round ${i + 1}`,
      fields: ['remarks'],
      fieldLabels: ['Remarks'],
      answeredAt: i === 0 ? '2026-11-10T08:00:00Z' : null,
    }));
    let answer: (() => void) | undefined;
    fakeApi({
      '/api/officer/cases/7': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: envelope({ ...CASE, status: 'more_info_requested', infoRequests: rounds }) });
        }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7#request-100' });
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    const first = await screen.findByText(`${OFFICER_SCREEN_TEXT.requestRound(1, 2)}:`, { exact: false });
    const fold = first.closest('details')!;
    await waitFor(() => expect(fold.open).toBe(true));
    expect(fold.querySelector('summary')).toHaveFocus();
  });

  it('lists a move that kept the status (an assignment while waiting) without naming the status again', async () => {
    const waiting: OfficerCase = {
      ...CASE,
      status: 'more_info_requested',
      history: [
        {
          from: 'in_review',
          to: 'more_info_requested',
          at: '2026-11-21T02:00:00Z',
          by: 'Officer Demo',
          message: 'Send it.',
        },
        {
          from: 'more_info_requested',
          to: 'more_info_requested',
          at: '2026-11-22T02:00:00Z',
          by: 'Supervisor Lead',
          message: 'Assigned to Supervisor Lead.',
        },
      ],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(waiting) }) });
    await openCase();
    const steps = within(screen.getByTestId('officer-history')).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(/More information requested, by Officer Demo\. Send it\.$/);
    expect(steps[1]).toHaveTextContent(/: Supervisor Lead: Assigned to Supervisor Lead\.$/);
    expect(steps[1]).not.toHaveTextContent('More information requested');
  });

  it('sends nothing for a rejection without a reason, and says so in the error summary', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await openCase();
    const form = screen.getByRole('form', { name: 'Propose rejection' });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose rejection' }));
    const summary = await screen.findByRole('link', { name: OFFICER_MESSAGES.reasonRequired });
    expect(summary).toHaveAttribute('href', '#reject-reason');
    expect(within(form).getByLabelText(/Reason the applicant will read/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
  });

  it('takes down the last action\'s "done" panel when the next one is refused for its errors', async () => {
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({ ...CASE, status: 'submitted', assignedTo: null, allowedActions: ['assignToMe', 'addNote'] }),
      }),
      '/api/officer/cases/7/action': () => ({
        body: envelope({ ...CASE, version: 4 }, '200', OFFICER_MESSAGES.done.assignToMe),
      }),
    });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.assignToMe });
    const form = screen.getByRole('form', { name: 'Propose rejection' });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose rejection' }));
    await screen.findByRole('link', { name: OFFICER_MESSAGES.reasonRequired });
    expect(screen.queryByRole('heading', { name: OFFICER_MESSAGES.done.assignToMe })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/action'))).toHaveLength(1);
  });

  it('takes a reason, message or note that shows nothing (zero-width characters) as empty, and sends nothing', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await openCase();
    const reject = screen.getByRole('form', { name: 'Propose rejection' });
    fireEvent.change(within(reject).getByLabelText(OFFICER_SCREEN_TEXT.reasonLabel), {
      target: { value: '\u200b\u200c\u200d' },
    });
    fireEvent.click(within(reject).getByRole('button', { name: 'Propose rejection' }));
    expect(await screen.findByRole('link', { name: OFFICER_MESSAGES.reasonRequired })).toHaveAttribute(
      'href',
      '#reject-reason',
    );
    expect(within(reject).getByText(OFFICER_MESSAGES.reasonRequired)).toBeInTheDocument();

    const ask = screen.getByRole('form', { name: 'Request more information' });
    fireEvent.click(within(ask).getByLabelText('Remarks'));
    fireEvent.change(within(ask).getByLabelText(OFFICER_SCREEN_TEXT.messageLabel), {
      target: { value: '\u2060\ufeff ' },
    });
    fireEvent.click(within(ask).getByRole('button', { name: 'Request more information' }));
    expect(await within(ask).findByText(OFFICER_MESSAGES.messageRequired)).toBeInTheDocument();

    const note = screen.getByRole('form', { name: 'Add internal note' });
    fireEvent.change(within(note).getByLabelText(OFFICER_SCREEN_TEXT.noteLabel), { target: { value: '\u200b' } });
    fireEvent.click(within(note).getByRole('button', { name: 'Add internal note' }));
    expect(await within(note).findByText(OFFICER_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
  });

  it('keeps a reason pasted longer than the limit whole, and says it is too long instead of sending it', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await openCase();
    const form = screen.getByRole('form', { name: 'Propose rejection' });
    const reason = within(form).getByLabelText<HTMLTextAreaElement>(OFFICER_SCREEN_TEXT.reasonLabel);
    // A browser cuts a paste at maxlength without a word: the officer's text must not be cut.
    expect(reason).not.toHaveAttribute('maxlength');
    const pasted = `${'Reason paragraph. '.repeat(120)}The end.`;
    fireEvent.change(reason, { target: { value: pasted } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose rejection' }));
    const message = FIELD_MESSAGES.tooLong(OFFICER_SCREEN_TEXT.reasonLabel, REASON_MAX);
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#reject-reason');
    expect(reason).toHaveValue(pasted);
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
  });

  it("sends the version it saw; a stale one shows the server's message and the case as it is now", async () => {
    const now: OfficerCase = { ...CASE, status: 'approved', version: 4, allowedActions: ['addNote'] };
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': () => ({ status: 409, body: envelope(now, '409', OFFICER_MESSAGES.staleVersion) }),
    });
    await openCase();
    approve();
    const alert = await screen.findByText(OFFICER_MESSAGES.staleVersion);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Status now: Approved');
    expect(calls.find((c) => c.path.endsWith('/action'))?.body).toEqual({
      action: 'approve',
      version: 3,
      actionKey: expect.any(String),
    });
    await waitFor(() => expect(screen.getByTestId('officer-case-status')).toHaveTextContent('Approved'));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('keeps a reason typed when a colleague changed the case first, and sends it again on the new version', async () => {
    const now: OfficerCase = { ...CASE, version: 4, assignedTo: { accountId: 12, displayName: 'Officer Lead' } };
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': () => ({ status: 409, body: envelope(now, '409', OFFICER_MESSAGES.staleVersion) }),
    });
    await openCase();
    const form = screen.getByRole('form', { name: 'Propose rejection' });
    const reason = within(form).getByLabelText<HTMLTextAreaElement>(/Reason the applicant will read/);
    fireEvent.change(reason, { target: { value: 'The receipt does not match the bill.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose rejection' }));
    await screen.findByText(OFFICER_MESSAGES.staleVersion);
    const again = screen.getByRole('form', { name: 'Propose rejection' });
    expect(within(again).getByLabelText(/Reason the applicant will read/)).toHaveValue(
      'The receipt does not match the bill.',
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Propose rejection' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/action'))).toHaveLength(2));
    expect(calls.filter((c) => c.path.endsWith('/action'))[1]!.body).toMatchObject({
      action: 'proposeRejection',
      reason: 'The receipt does not match the bill.',
      version: 4,
    });
  });

  it("takes an action pressed twice once, and does not call the officer's own change a colleague's", async () => {
    const after: OfficerCase = { ...CASE, status: 'approved', version: 4, allowedActions: ['addNote'] };
    let answer: (() => void) | undefined;
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': ({ body }) =>
        (body as { version: number }).version === 3 && !answer
          ? new Promise((resolve) => {
              answer = () => resolve({ body: envelope(after, '200', OFFICER_MESSAGES.done.approve) });
            })
          : { status: 409, body: envelope(after, '409', OFFICER_MESSAGES.staleVersion) },
    });
    await openCase();
    // Approved twice (the overlay that stops a second click stops no key).
    approve();
    await waitFor(() => expect(answer).toBeDefined());
    approve();
    answer!();
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.approve });
    expect(calls.filter((c) => c.path.endsWith('/action'))).toHaveLength(1);
    expect(screen.queryByText(OFFICER_MESSAGES.staleVersion)).toBeNull();
  });

  it('says once that an action went unanswered, and sends it again with the key of its first attempt', async () => {
    const toasts: Array<{ severity: string; message: string }> = [];
    const stop = on('toast', (t) => void toasts.push(t));
    const after: OfficerCase = { ...CASE, status: 'approved', version: 4, allowedActions: ['addNote'] };
    let lost = true;
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      // The first answer is lost on the way; the server had taken the action and answers its retry with it.
      '/api/officer/cases/7/action': (call) => {
        if (lost) {
          lost = false;
          return unreachable(call);
        }
        return { body: envelope(after, '200', OFFICER_MESSAGES.done.approve) };
      },
    });
    try {
      await openCase();
      approve();
      const said = await screen.findByText(OFFICER_MESSAGES.actionUnconfirmed('approve'));
      expect(said.closest('[role="alert"]')).not.toBeNull();
      // The HTTP layer's toast says why; the page says what was not done, and never the same thing again.
      expect(toasts).toHaveLength(1);
      expect(screen.queryByText(MESSAGES.somethingWrong)).toBeNull();

      approve();
      await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.approve });
      const sent = calls.filter((c) => c.path.endsWith('/action')).map((c) => c.body as { actionKey?: string });
      expect(sent).toHaveLength(2);
      expect(sent[0]!.actionKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent[1]!.actionKey).toBe(sent[0]!.actionKey);
      expect(screen.queryByText(OFFICER_MESSAGES.staleVersion)).toBeNull();
    } finally {
      stop();
    }
  });

  it('makes a new key for each new action', async () => {
    const now: OfficerCase = { ...CASE, version: 4, notes: [{ id: '1', at: CASE.submittedAt!, by: 'Me', text: 'A' }] };
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': () => ({ body: envelope(now, '200', OFFICER_MESSAGES.done.addNote) }),
    });
    await openCase();
    for (const text of ['A', 'B']) {
      const note = screen.getByRole('form', { name: 'Add internal note' });
      fireEvent.change(within(note).getByLabelText(OFFICER_SCREEN_TEXT.noteLabel), { target: { value: text } });
      fireEvent.click(within(note).getByRole('button', { name: 'Add internal note' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/action'))).toHaveLength(text === 'A' ? 1 : 2));
    }
    const keys = calls
      .filter((c) => c.path.endsWith('/action'))
      .map((c) => (c.body as { actionKey: string }).actionKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('keeps a note being written through another action, and a message being written through a note', async () => {
    const assigned: OfficerCase = { ...CASE, version: 4 };
    const noted: OfficerCase = {
      ...assigned,
      notes: [{ id: '1', at: '2026-11-22T02:00:00Z', by: 'Officer Demo', text: 'Called the bank.' }],
    };
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({ ...CASE, status: 'submitted', assignedTo: null, allowedActions: ['assignToMe', 'addNote'] }),
      }),
      '/api/officer/cases/7/action': ({ body }) =>
        (body as { action: string }).action === 'addNote'
          ? { body: envelope(noted, '200', OFFICER_MESSAGES.done.addNote) }
          : { body: envelope(assigned, '200', OFFICER_MESSAGES.done.assignToMe) },
    });
    await openCase();
    const note = () => screen.getByLabelText<HTMLTextAreaElement>(OFFICER_SCREEN_TEXT.noteLabel);
    fireEvent.change(note(), { target: { value: 'Half a note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.assignToMe });
    expect(note()).toHaveValue('Half a note');

    const request = screen.getByRole('form', { name: 'Request more information' });
    const message = within(request).getByLabelText<HTMLTextAreaElement>(OFFICER_SCREEN_TEXT.messageLabel);
    fireEvent.change(message, { target: { value: 'Please send the receipt.' } });
    fireEvent.change(note(), { target: { value: 'Called the bank.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.addNote });
    expect(note()).toHaveValue('');
    expect(
      within(screen.getByRole('form', { name: 'Request more information' })).getByLabelText(
        OFFICER_SCREEN_TEXT.messageLabel,
      ),
    ).toHaveValue('Please send the receipt.');
  });

  it('keeps what was typed for an action a colleague took away meanwhile, to copy', async () => {
    const taken: OfficerCase = {
      ...CASE,
      version: 4,
      assignedTo: { accountId: 12, displayName: 'Supervisor Lead' },
      allowedActions: ['addNote'],
    };
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': () => ({
        status: 409,
        body: envelope(taken, '409', OFFICER_MESSAGES.staleVersion),
      }),
    });
    await openCase();
    const form = screen.getByRole('form', { name: 'Request more information' });
    fireEvent.click(within(form).getByLabelText('Remarks'));
    const written = 'Please send:\n1. the bank statement\n2. the receipt';
    fireEvent.change(within(form).getByLabelText(OFFICER_SCREEN_TEXT.messageLabel), { target: { value: written } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request more information' }));
    const alert = (await screen.findByText(OFFICER_MESSAGES.staleVersion)).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryByRole('form', { name: 'Request more information' })).toBeNull();
    expect(within(alert).getByText(OFFICER_SCREEN_TEXT.unsent)).toBeInTheDocument();
    expect(within(alert).getByRole('textbox', { name: OFFICER_SCREEN_TEXT.unsentLabel })).toHaveValue(written);
  });

  it('asks before a final decision, naming the case; Cancel sends nothing and leaves the case as it was', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(CASE) }) });
    await openCase();
    const button = screen.getByRole('button', { name: 'Approve' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Approve case PT 000007 2026?' });
    expect(dialog).toHaveTextContent(OFFICER_SCREEN_TEXT.confirmDecision);
    // The safe choice has the focus: Enter pressed again does not decide.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
    expect(screen.getByTestId('officer-case-status')).toHaveTextContent('In review');
  });

  it("asks before a supervisor rejects: the applicant reads the officer's reason at once", async () => {
    const proposed: OfficerCase = {
      ...CASE,
      status: 'rejection_proposed',
      allowedActions: ['approveRejection', 'returnRejection', 'addNote'],
    };
    const after: OfficerCase = { ...proposed, status: 'rejected', version: 4, allowedActions: ['addNote'] };
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(proposed) }),
      '/api/officer/cases/7/action': () => ({ body: envelope(after, '200', OFFICER_MESSAGES.done.approveRejection) }),
    });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Approve rejection' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject case PT 000007 2026?' });
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve rejection' }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.approveRejection });
    expect(calls.filter((c) => c.path.endsWith('/action')).map((c) => c.body)).toEqual([
      { action: 'approveRejection', version: 3, actionKey: expect.any(String) },
    ]);
  });

  it('confirms a done action with the case it answers', async () => {
    const after: OfficerCase = { ...CASE, status: 'approved', version: 4, allowedActions: ['addNote'] };
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(CASE) }),
      '/api/officer/cases/7/action': () => ({ body: envelope(after, '200', OFFICER_MESSAGES.done.approve) }),
    });
    await openCase();
    approve();
    const done = await screen.findByRole('heading', { name: OFFICER_MESSAGES.done.approve });
    expect(done.closest('[role="status"]')).toHaveTextContent('Status: Approved');
  });
});

describe("the decision's documents (docs/decisions/0090)", () => {
  const ESA: OfficerCase = { ...CASE, appCode: 'ESA', eserviceTitle: 'Estate Account Statement' };
  const sha256 = (content: string) => createHash('sha256').update(content).digest('hex');
  const STATEMENT_BYTES = '%PDF-1.4 the statement';
  const STATEMENT = {
    id: '5d6e7f80-9a1b-4c2d-8e3f-405162738495',
    fileName: 'statement.pdf',
    mediaType: 'application/pdf',
    sizeBytes: 3072,
    sha256: sha256(STATEMENT_BYTES),
    scanStatus: 'clean' as const,
    attachedAt: '2026-11-22T02:00:00Z',
    attachedBy: 'Officer Demo',
    sentAt: null,
  };
  const WITH_STATEMENT: OfficerCase = { ...ESA, version: 4, decisionDocuments: [STATEMENT] };
  const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  const fileInput = () => screen.getByLabelText(OFFICER_SCREEN_TEXT.attachLabel);
  const documents = () => screen.getByRole('region', { name: OFFICER_SCREEN_TEXT.decisionDocumentsHeading });

  it('sends a file chosen at once, lists it with its size and who attached it, and removes it', async () => {
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(ESA) }),
      'POST /api/officer/cases/7/decision-documents': () => ({
        status: 201,
        body: envelope(WITH_STATEMENT, '200', OFFICER_MESSAGES.attached),
      }),
      [`POST /api/officer/cases/7/decision-documents/${STATEMENT.id}/delete`]: () => ({
        body: envelope({ ...ESA, version: 5 }, '200', OFFICER_MESSAGES.detached),
      }),
    });
    await openCase();
    expect(within(documents()).getByText(OFFICER_SCREEN_TEXT.noDecisionDocuments)).toBeInTheDocument();
    await userEvent.setup().upload(fileInput(), pdf('statement.pdf'));

    // Sent once the screen has the file in hand, which on a busy machine is after the upload event returns.
    const sent = await waitFor(() => {
      const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/decision-documents'));
      expect(post).toBeDefined();
      return post!;
    });
    expect(sent.body).toBeInstanceOf(FormData);
    expect(((sent.body as FormData).get('file') as File).name).toBe('statement.pdf');
    const item = await within(documents()).findByRole('listitem');
    expect(item).toHaveTextContent('statement.pdf');
    expect(item).toHaveTextContent(`3 KB, attached by Officer Demo, ${OFFICER_SCREEN_TEXT.waitingForDecision}`);
    expect(within(documents()).getByRole('status')).toHaveTextContent(OFFICER_MESSAGES.attached);

    fireEvent.click(within(item).getByRole('button', { name: 'Remove statement.pdf' }));
    await within(documents()).findByText(OFFICER_SCREEN_TEXT.noDecisionDocuments);
  });

  it('gives the focus to the file input when a Remove button goes with its file (WCAG 2.4.3)', async () => {
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(WITH_STATEMENT) }),
      [`POST /api/officer/cases/7/decision-documents/${STATEMENT.id}/delete`]: () => ({
        body: envelope({ ...ESA, version: 5 }, '200', OFFICER_MESSAGES.detached),
      }),
    });
    await openCase();
    await userEvent.setup().click(within(documents()).getByRole('button', { name: 'Remove statement.pdf' }));
    await within(documents()).findByText(OFFICER_SCREEN_TEXT.noDecisionDocuments);
    expect(fileInput()).toHaveFocus();
    expect(within(documents()).getByRole('status')).toHaveTextContent(OFFICER_MESSAGES.detached);
  });

  it('gives the focus to the list of files when the input went with the Remove button (the case moved on)', async () => {
    const LETTER = { ...STATEMENT, id: '6e7f8091-ab2c-4d3e-9f40-516273849506', fileName: 'letter.pdf' };
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope({ ...WITH_STATEMENT, decisionDocuments: [STATEMENT, LETTER] }) }),
      // A colleague took the case meanwhile: this officer may no longer decide, nor attach.
      [`POST /api/officer/cases/7/decision-documents/${STATEMENT.id}/delete`]: () => ({
        body: envelope({ ...ESA, version: 5, allowedActions: ['addNote'], decisionDocuments: [LETTER] }),
      }),
    });
    await openCase();
    await userEvent.setup().click(within(documents()).getByRole('button', { name: 'Remove statement.pdf' }));
    await waitFor(() => expect(within(documents()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(documents()).getByRole('list')).toHaveFocus();
    expect(screen.queryByLabelText(OFFICER_SCREEN_TEXT.attachLabel)).toBeNull();
  });

  // The server took the file back, but its answer was lost: the browser's own resend was refused (404), or
  // nothing came back at all. The case loaded again says what is true.
  it.each([
    [
      'refused once its answer was lost',
      () => ({ status: 404, body: envelope(null, '404', OFFICER_MESSAGES.decisionDocumentNotRemovable) }),
    ],
    ['without an answer', unreachable],
  ])('shows a file removed %s as removed, from the case loaded again', async (_, answer) => {
    let removed = false;
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(removed ? { ...ESA, version: 5 } : WITH_STATEMENT) }),
      [`POST /api/officer/cases/7/decision-documents/${STATEMENT.id}/delete`]: (call) => {
        removed = true;
        return answer(call);
      },
    });
    await openCase();
    await userEvent.setup().click(within(documents()).getByRole('button', { name: 'Remove statement.pdf' }));
    await within(documents()).findByText(OFFICER_SCREEN_TEXT.noDecisionDocuments);
    expect(within(documents()).getByRole('status')).toHaveTextContent(OFFICER_MESSAGES.detached);
    expect(screen.queryByText(OFFICER_MESSAGES.decisionDocumentNotRemovable)).toBeNull();
    expect(fileInput()).toHaveFocus();
  });

  it('says a removal refused while the file stays, with the list as the case is now and no stale status', async () => {
    const LETTER = { ...STATEMENT, id: '6e7f8091-ab2c-4d3e-9f40-516273849506', fileName: 'letter.pdf' };
    let refused = false;
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope(refused ? { ...WITH_STATEMENT, version: 6, decisionDocuments: [STATEMENT, LETTER] } : ESA),
      }),
      'POST /api/officer/cases/7/decision-documents': () => ({
        status: 201,
        body: envelope(WITH_STATEMENT, '200', OFFICER_MESSAGES.attached),
      }),
      [`POST /api/officer/cases/7/decision-documents/${STATEMENT.id}/delete`]: () => {
        refused = true;
        return { status: 409, body: envelope(null, '409', OFFICER_MESSAGES.notAssignedToYou) };
      },
    });
    await openCase();
    const user = userEvent.setup();
    await user.upload(fileInput(), pdf('statement.pdf'));
    await waitFor(() => expect(within(documents()).getByRole('status')).toHaveTextContent(OFFICER_MESSAGES.attached));
    await user.click(within(documents()).getByRole('button', { name: 'Remove statement.pdf' }));
    const said = await screen.findByText(OFFICER_MESSAGES.notAssignedToYou);
    expect(said.closest('[role="alert"]')).not.toBeNull();
    expect(
      within(documents())
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([expect.stringContaining('statement.pdf'), expect.stringContaining('letter.pdf')]);
    expect(within(documents()).getByRole('status')).toHaveTextContent('');
  });

  it('gives the focus to the file input when a file that goes in takes away the summary a refusal focused', async () => {
    let refuse = true;
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(ESA) }),
      'POST /api/officer/cases/7/decision-documents': () =>
        refuse
          ? { status: 400, body: envelope(null, '400', DOCUMENT_MESSAGES.virus) }
          : { status: 201, body: envelope(WITH_STATEMENT, '200', OFFICER_MESSAGES.attached) },
    });
    await openCase();
    await userEvent.setup().upload(fileInput(), pdf('letter.pdf'));
    const summary = await screen.findByRole('alert', { name: 'Please correct the validation errors.' });
    await waitFor(() => expect(summary).toHaveFocus());
    // Dropped on the input, as a file may be: the focus stays on the summary until the summary goes.
    refuse = false;
    fireEvent.change(fileInput(), { target: { files: [pdf('statement.pdf')] } });
    await within(documents()).findByRole('listitem');
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Please correct the validation errors.' })).toBeNull(),
    );
    expect(fileInput()).toHaveFocus();
  });

  it('says in the error summary and by the file input that an approval needs the statement, and asks nothing', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(ESA) }) });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const message = DECISION_DOCUMENT_REQUIRED.ESA!.approve!;
    const link = await screen.findByRole('link', { name: message });
    expect(link).toHaveAttribute('href', '#decision-files');
    expect(screen.getByRole('alert', { name: 'Please correct the validation errors.' })).toHaveFocus();
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);
  });

  it('names the files the decision sends when it asks to confirm it', async () => {
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(WITH_STATEMENT) }) });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve case PT 000007 2026?' });
    expect(dialog).toHaveTextContent(OFFICER_SCREEN_TEXT.confirmDocuments(['statement.pdf']));
  });

  it('keeps the files attached when the decision fails, and says a refused file by the input, naming it', async () => {
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(WITH_STATEMENT) }),
      '/api/officer/cases/7/action': unreachable,
      'POST /api/officer/cases/7/decision-documents': () => ({
        status: 400,
        body: envelope(null, '400', DOCUMENT_MESSAGES.virus),
      }),
    });
    await openCase();
    approve();
    await screen.findByText(OFFICER_MESSAGES.actionUnconfirmed('approve'));
    expect(within(documents()).getByRole('listitem')).toHaveTextContent('statement.pdf');

    await userEvent.setup().upload(fileInput(), pdf('letter.pdf'));
    const message = DOCUMENT_MESSAGES.ofFile('letter.pdf', DOCUMENT_MESSAGES.virus);
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#decision-files');
    expect(within(documents()).getByText(message)).toBeInTheDocument();
    // The file attached before is still there, and goes with the decision pressed again.
    expect(within(documents()).getByRole('listitem')).toHaveTextContent('statement.pdf');
    approve();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/action'))).toHaveLength(2));
  });

  it('says a file chosen again is already attached, by the file input, and does not send it', async () => {
    const calls = fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(WITH_STATEMENT) }) });
    await openCase();
    const again = new File([STATEMENT_BYTES], 'statement copy.pdf', { type: 'application/pdf' });
    await userEvent.setup().upload(fileInput(), again);
    const message = DOCUMENT_MESSAGES.ofFile('statement copy.pdf', DOCUMENT_MESSAGES.alreadyUploaded('statement.pdf'));
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#decision-files');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(documents()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends once a file chosen twice in one go, and says the second is already attached', async () => {
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(ESA) }),
      'POST /api/officer/cases/7/decision-documents': () => ({
        status: 201,
        body: envelope(WITH_STATEMENT, '200', OFFICER_MESSAGES.attached),
      }),
    });
    await openCase();
    const file = (name: string) => new File([STATEMENT_BYTES], name, { type: 'application/pdf' });
    await userEvent.setup().upload(fileInput(), [file('statement.pdf'), file('statement copy.pdf')]);
    const message = DOCUMENT_MESSAGES.ofFile('statement copy.pdf', DOCUMENT_MESSAGES.alreadyUploaded('statement.pdf'));
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#decision-files');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(within(documents()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says the server found no statement by the file input, as it does before sending', async () => {
    const message = DECISION_DOCUMENT_REQUIRED.ESA!.approve!;
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope(WITH_STATEMENT) }),
      '/api/officer/cases/7/action': () => ({ status: 400, body: envelope(null, '400', message) }),
    });
    await openCase();
    approve();
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#decision-files');
    expect(within(documents()).getByRole('listitem')).toHaveTextContent('statement.pdf');
  });

  it('lists the files sent with the decision to download, and marks one found infected as not given', async () => {
    const decided: OfficerCase = {
      ...ESA,
      status: 'approved',
      allowedActions: ['addNote'],
      decisionDocuments: [
        { ...STATEMENT, sentAt: '2026-11-23T02:00:00Z' },
        { ...STATEMENT, id: '6e7f8091-a2b3-4c4d-9e5f-607182930415', fileName: 'bad.pdf', scanStatus: 'infected' },
      ],
    };
    fakeApi({ '/api/officer/cases/7': () => ({ body: envelope(decided) }) });
    await openCase();
    const [sent, infected] = within(documents()).getAllByRole('listitem');
    expect(within(sent!).getByRole('button', { name: 'Download statement.pdf' })).toBeInTheDocument();
    expect(sent).toHaveTextContent(OFFICER_SCREEN_TEXT.sentWithDecision('23 Nov 2026'));
    expect(within(infected!).queryByRole('button')).toBeNull();
    expect(infected).toHaveTextContent(OFFICER_SCREEN_TEXT.infectedForApplicant);
    // Decided: nothing more can be attached.
    expect(screen.queryByLabelText(OFFICER_SCREEN_TEXT.attachLabel)).toBeNull();
  });
});

describe('a travel application and the requests to amend or withdraw it', () => {
  const TRAVEL: OfficerCase = { ...CASE, caseNumber: 'PR 000007 2026', appCode: 'PAR', eserviceTitle: 'Travel' };
  const request = (over: Partial<OfficerCase['travelRequests'][number]>) => ({
    id: '8',
    caseNumber: 'TA 000008 2026',
    status: 'submitted' as const,
    action: 'withdraw' as const,
    submittedAt: '2026-11-21T02:00:00Z',
    approvedAt: null,
    trip: [],
    ...over,
  });

  it('warns of a withdrawal waiting, shows the trip as approved amended, and lists every request', async () => {
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({
          ...TRAVEL,
          travelRequests: [
            request({
              id: '5',
              caseNumber: 'TA 000005 2026',
              status: 'approved',
              action: 'amend',
              approvedAt: '2026-11-20T08:00:00Z',
              trip: [
                { path: 'newDepartureDate', label: 'New departure date', value: '10 Jan 2027' },
                { path: 'countries[0].country', label: 'Country 1: Country', value: 'Malaysia' },
              ],
            }),
            request({}),
          ],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7&from=queue%3Dmine' });
    await screen.findByRole('heading', { level: 1, name: 'Case PR 000007 2026' });

    const waiting = screen.getByTestId('travel-request-waiting');
    expect(waiting).toHaveTextContent(TRAVEL_TEXT.withdrawalPending('TA 000008 2026'));
    // The officer opens the request from here, and comes back to the queue they started from.
    expect(within(waiting).getByRole('link', { name: TRAVEL_TEXT.openRequest('TA 000008 2026') })).toHaveAttribute(
      'href',
      '#/officer/case?id=8&from=queue%3Dmine',
    );

    const amended = screen.getByRole('region', { name: TRAVEL_TEXT.amendedHeading });
    expect(amended).toHaveTextContent(TRAVEL_TEXT.amendedBy('TA 000005 2026', '20 Nov 2026'));
    expect(within(amended).getByText('New departure date').nextElementSibling).toHaveTextContent('10 Jan 2027');
    expect(within(amended).getByText('Country 1: Country').nextElementSibling).toHaveTextContent('Malaysia');

    const requests = screen.getByRole('table', { name: TRAVEL_TEXT.requestsHeading });
    expect(
      within(requests)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['TA 000005 2026AmendApproved', 'TA 000008 2026WithdrawSubmitted']);
  });

  it('offers no approval while an amendment waits, and shows why an approval sent before was refused', async () => {
    const refusal = OFFICER_MESSAGES.travelRequestWaiting('PR 000007 2026', 'TA 000008 2026', 'amend');
    const calls = fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({
          ...TRAVEL,
          allowedActions: ['release', 'proposeRejection', 'requestInfo', 'addNote'],
          travelRequests: [request({ action: 'amend' })],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7' });
    await screen.findByRole('heading', { level: 1, name: 'Case PR 000007 2026' });
    expect(screen.getByTestId('travel-request-waiting')).toHaveTextContent(
      TRAVEL_TEXT.amendmentPending('TA 000008 2026'),
    );
    expect(screen.getByTestId('travel-request-waiting')).toHaveTextContent('cannot be approved until then');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/action'))).toBe(false);

    // A screen opened before the request came still offers the approval: the server refuses it, naming the request.
    cleanup();
    fakeApi({
      '/api/officer/cases/7': () => ({ body: envelope({ ...TRAVEL }) }),
      '/api/officer/cases/7/action': () => ({ status: 409, body: envelope(null, '409', refusal) }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7' });
    await screen.findByRole('heading', { level: 1, name: 'Case PR 000007 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: OFFICER_SCREEN_TEXT.confirmApprove('PR 000007 2026') });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByTestId('officer-case-status')).toHaveTextContent('In review');
  });

  it('warns of nothing once the application is decided', async () => {
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({
          ...TRAVEL,
          status: 'withdrawn',
          allowedActions: ['addNote'],
          travelRequests: [request({ status: 'approved' })],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7' });
    await screen.findByRole('heading', { level: 1, name: 'Case PR 000007 2026' });
    expect(screen.getByTestId('officer-case-status')).toHaveTextContent('Withdrawn');
    expect(screen.queryByTestId('travel-request-waiting')).toBeNull();
    expect(screen.queryByRole('region', { name: TRAVEL_TEXT.amendedHeading })).toBeNull();
  });

  it('shows a request the travel application it names, as it stands now', async () => {
    fakeApi({
      '/api/officer/cases/7': () => ({
        body: envelope({
          ...CASE,
          caseNumber: 'TA 000007 2026',
          appCode: 'TRA',
          travelApplication: { id: '6', caseNumber: 'PR 000006 2026', status: 'approved' },
        }),
      }),
    });
    await renderShell({ routes, hash: '#/officer/case?id=7' });
    await screen.findByRole('heading', { level: 1, name: 'Case TA 000007 2026' });
    const named = screen.getByRole('region', { name: TRAVEL_TEXT.applicationHeading });
    expect(within(named).getByRole('link', { name: 'PR 000006 2026: Approved' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^#\/officer\/case\?id=6(&|$)/),
    );
  });
});
