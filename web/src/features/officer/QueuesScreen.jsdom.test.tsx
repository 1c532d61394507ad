import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFICER_MESSAGES, type BulkResult, type QueueItem, type QueuePage } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { envelope, fakeApi, unreachable } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
// A bulk approval is confirmed in a modal <dialog> (docs/decisions/0070).
installDialogStandIn();

const routes: RouteDef[] = [
  ...simpleRoutes,
  {
    path: '/officer',
    title: 'Case queues',
    load: () => import('./screens.tsx').then((m) => ({ default: m.QueuesScreen })),
  },
];

const item = (id: string, caseNumber: string): QueueItem => ({
  id,
  caseNumber,
  appCode: 'PTIB',
  eserviceTitle: 'PTIB Profile Update',
  applicantName: 'Tan Ah Kow',
  status: 'submitted',
  version: 2,
  submittedAt: '2026-11-20T02:00:00Z',
  ageDays: 1,
  dueDate: '2026-12-04',
  overdue: false,
  assignedTo: null,
  updatedAt: '2026-11-20T02:00:00Z',
});

/** A case of "Assigned to me" that can be approved: in review, with the officer. */
const inReview = (id: string, caseNumber: string): QueueItem => ({
  ...item(id, caseNumber),
  status: 'in_review',
  assignedTo: { accountId: 11, displayName: 'Officer Demo' },
});

const page = (
  items: QueueItem[],
  total: number,
  pageNumber = 1,
  found: QueuePage['found'] = null,
  foundCase: QueuePage['foundCase'] = null,
): QueuePage => ({
  counts: { new: total, mine: 0, waiting: 0, decided: 0 },
  items,
  total,
  page: pageNumber,
  pageSize: 25,
  found,
  foundCase,
});

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
});

describe('the queues screen', () => {
  it('names each case of a bulk action by its case number, also once the case has left the queue', async () => {
    let answered = false;
    const results: BulkResult = {
      results: [{ id: '7', ok: true, message: OFFICER_MESSAGES.done.assignToMe, version: 3, status: 'in_review' }],
    };
    fakeApi({
      '/api/officer/queue': () => ({
        body: envelope(
          answered
            ? page([item('8', 'PT 000008 2026')], 1)
            : page([item('7', 'PT 000007 2026'), item('8', 'PT 000008 2026')], 2),
        ),
      }),
      'POST /api/officer/bulk': () => {
        answered = true;
        return { body: envelope(results) };
      },
    });
    await renderShell({ routes, hash: '#/officer' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select PT 000007 2026' }));
    fireEvent.click(screen.getByRole('button', { name: /^Assign to me/ }));
    const done = await screen.findByRole('heading', { name: OFFICER_MESSAGES.bulkDone(1, 1) });
    // The queue is loaded again without the case; the result still says which case it was.
    await screen.findByRole('checkbox', { name: 'Select every case on this page' });
    await vi.waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select PT 000007 2026' })).toBeNull());
    const list = done.closest('[role="status"]') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'PT 000007 2026' })).toHaveAttribute(
      'href',
      '#/officer/case?id=7&from=queue%3Dnew',
    );
  });

  it('sends a bulk action pressed twice once, and reports what the first press did', async () => {
    let answer: (() => void) | undefined;
    let calls = 0;
    const done: BulkResult = {
      results: [{ id: '7', ok: true, message: OFFICER_MESSAGES.done.assignToMe, version: 3, status: 'in_review' }],
    };
    const refused: BulkResult = {
      results: [{ id: '7', ok: false, message: OFFICER_MESSAGES.alreadyAssigned, version: 3, status: 'in_review' }],
    };
    fakeApi({
      '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }),
      'POST /api/officer/bulk': () => {
        calls += 1;
        return calls === 1
          ? new Promise((resolve) => {
              answer = () => resolve({ body: envelope(done) });
            })
          : { body: envelope(refused) };
      },
    });
    await renderShell({ routes, hash: '#/officer' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select PT 000007 2026' }));
    // Enter pressed twice on the focused button (the overlay that stops a second click stops no key).
    const assign = screen.getByRole('button', { name: /^Assign to me/ });
    fireEvent.click(assign);
    await vi.waitFor(() => expect(answer).toBeDefined());
    fireEvent.click(assign);
    answer!();
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.bulkDone(1, 1) });
    expect(calls).toBe(1);
  });

  it('says a bulk action went unanswered, and sends it again with the key of its first attempt', async () => {
    const done: BulkResult = {
      results: [{ id: '7', ok: true, message: OFFICER_MESSAGES.done.assignToMe, version: 3, status: 'in_review' }],
    };
    let lost = true;
    const calls = fakeApi({
      '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }),
      // The first answer is lost on the way; the server had taken the action and answers its retry with it.
      'POST /api/officer/bulk': (call) => {
        if (lost) {
          lost = false;
          return unreachable(call);
        }
        return { body: envelope(done) };
      },
    });
    await renderShell({ routes, hash: '#/officer' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select PT 000007 2026' }));
    fireEvent.click(screen.getByRole('button', { name: /^Assign to me/ }));
    await screen.findByText(OFFICER_MESSAGES.actionUnconfirmed('assignToMe'));
    // The selection stays, so the same attempt is one press away.
    fireEvent.click(screen.getByRole('button', { name: /^Assign to me/ }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.bulkDone(1, 1) });
    const sent = calls.filter((c) => c.path.endsWith('/bulk')).map((c) => c.body as { actionKey?: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.actionKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.actionKey).toBe(sent[0]!.actionKey);
  });

  it('asks before a bulk approval, naming its cases; Cancel sends nothing, Approve sends them', async () => {
    const approved: BulkResult = {
      results: ['7', '8'].map((id) => ({
        id,
        ok: true,
        message: OFFICER_MESSAGES.done.approve,
        version: 3,
        status: 'approved' as const,
      })),
    };
    const calls = fakeApi({
      '/api/officer/queue': () => ({
        body: envelope(
          page(
            ['7', '8', '9'].map((id) => inReview(id, `PT 00000${id} 2026`)),
            3,
          ),
        ),
      }),
      'POST /api/officer/bulk': () => ({ body: envelope(approved) }),
    });
    await renderShell({ routes, hash: '#/officer?queue=mine' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select PT 000007 2026' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select PT 000008 2026' }));
    const approve = screen.getByRole('button', { name: 'Approve (2 selected)' });
    fireEvent.click(approve);
    let dialog = screen.getByRole('dialog', { name: 'Approve 2 cases?' });
    expect(dialog).toHaveTextContent(OFFICER_SCREEN_TEXT.confirmBulkDecision(['PT 000007 2026', 'PT 000008 2026']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/bulk'))).toBe(false);

    fireEvent.click(approve);
    dialog = screen.getByRole('dialog', { name: 'Approve 2 cases?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByRole('heading', { name: OFFICER_MESSAGES.bulkDone(2, 2) });
    expect(calls.filter((c) => c.path.endsWith('/bulk')).map((c) => c.body)).toEqual([
      {
        action: 'approve',
        cases: [
          { id: '7', version: 2 },
          { id: '8', version: 2 },
        ],
        actionKey: expect.any(String),
      },
    ]);
  });

  it('offers for a bulk approval only the cases it can approve, not a proposed rejection', async () => {
    const proposed: QueueItem = { ...inReview('8', 'PT 000008 2026'), status: 'rejection_proposed' };
    const calls = fakeApi({
      '/api/officer/queue': () => ({ body: envelope(page([inReview('7', 'PT 000007 2026'), proposed], 2)) }),
      'POST /api/officer/bulk': () => ({ body: envelope({ results: [] }) }),
    });
    await renderShell({ routes, hash: '#/officer?queue=mine' });
    await screen.findByRole('checkbox', { name: 'Select PT 000007 2026' });
    expect(screen.queryByRole('checkbox', { name: 'Select PT 000008 2026' })).toBeNull();
    expect(screen.getByText(OFFICER_SCREEN_TEXT.notSelectable('PT 000008 2026'))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every case on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve (1 selected)' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 1 case?' });
    expect(dialog).toHaveTextContent(OFFICER_SCREEN_TEXT.confirmBulkDecision(['PT 000007 2026']));
    expect(calls.some((c) => c.path.endsWith('/bulk'))).toBe(false);
  });

  // A new case is nobody's, and an approval needs it in review and assigned: offered, it was refused for each.
  it('offers new cases to take only, and my cases to approve only', async () => {
    fakeApi({ '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }) });
    const { unmount } = await renderShell({ routes, hash: '#/officer?queue=new' });
    const actions = await screen.findByRole('group', { name: 'With the selected cases' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Assign to me (0 selected)']);
    unmount();
    await renderShell({ routes, hash: '#/officer?queue=mine' });
    const mine = await screen.findByRole('group', { name: 'With the selected cases' });
    expect(
      within(mine)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve (0 selected)']);
  });

  it('keeps its bulk actions reachable with none selected, and says what to do when pressed', async () => {
    let calls = 0;
    fakeApi({
      '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }),
      'POST /api/officer/bulk': () => {
        calls += 1;
        return { body: envelope({ results: [] }) };
      },
    });
    await renderShell({ routes, hash: '#/officer' });
    const assign = await screen.findByRole('button', { name: 'Assign to me (0 selected)' });
    // A disabled button is skipped by the keyboard and looked enabled: the action says why instead.
    expect(assign).toBeEnabled();
    fireEvent.click(assign);
    const said = await screen.findByText(OFFICER_MESSAGES.selectCasesFirst);
    expect(said).toHaveAttribute('role', 'alert');
    expect(calls).toBe(0);
  }, 20_000);

  it.each([
    ['new', ['Any status', 'Submitted']],
    ['mine', ['Any status', 'In review', 'Rejection proposed']],
    ['waiting', ['Any status', 'More information requested']],
    ['decided', ['Any status', 'Approved', 'Rejected', 'Withdrawn']],
  ])('offers in the %s queue only the statuses it can hold', async (queue, statuses) => {
    fakeApi({ '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }) });
    await renderShell({ routes, hash: `#/officer?queue=${queue}` });
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(statuses);
  });

  it('opens a case with the queue, filters and page it is listed in, for its way back', async () => {
    fakeApi({ '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 30, 2)) }) });
    await renderShell({ routes, hash: '#/officer?queue=mine&status=in_review&sort=dueDate&page=2' });
    const link = await screen.findByRole('link', { name: 'PT 000007 2026' });
    const href = new URLSearchParams(link.getAttribute('href')!.split('?')[1]);
    expect(href.get('id')).toBe('7');
    expect(href.get('from')).toBe('queue=mine&status=in_review&sort=dueDate&page=2');
  });

  it('offers every e-service to filter by, not only those on the page shown', async () => {
    fakeApi({
      '/api/officer/queue': () => ({ body: envelope(page([item('7', 'PT 000007 2026')], 1)) }),
      '/api/officer/eservices': () => ({
        body: envelope({
          eservices: [
            { code: 'PTIB', title: 'PTIB Profile Update' },
            { code: 'PIS', title: 'Personal Insolvency Search' },
          ],
        }),
      }),
    });
    await renderShell({ routes, hash: '#/officer' });
    const select = await screen.findByRole('combobox', { name: 'E-service' });
    expect(await within(select).findByRole('option', { name: 'Personal Insolvency Search' })).toHaveValue('PIS');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All e-services', 'PTIB Profile Update', 'Personal Insolvency Search']);
  });

  it('names the queues that hold a case looked for in another, with links that keep the search', async () => {
    fakeApi({
      '/api/officer/queue': () => ({
        body: envelope(page([], 0, 1, { new: 0, mine: 1, waiting: 0, decided: 2 })),
      }),
    });
    await renderShell({ routes, hash: '#/officer?queue=new&find=PT000007%202026' });
    const also = await screen.findByRole('navigation', { name: OFFICER_SCREEN_TEXT.foundElsewhere });
    expect(
      within(also)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Assigned to me (1)', '#/officer?queue=mine&find=PT000007+2026'],
      ['Decided (2)', '#/officer?queue=decided&find=PT000007+2026'],
    ]);
  });

  it("links straight to a case found by its number in no queue of this officer's (a colleague's work)", async () => {
    const foundCase = { id: '7', caseNumber: 'PT 000007 2026', status: 'in_review' as const };
    fakeApi({
      '/api/officer/queue': () => ({
        body: envelope(page([], 0, 1, { new: 0, mine: 0, waiting: 0, decided: 0 }, foundCase)),
      }),
    });
    await renderShell({ routes, hash: '#/officer?queue=new&find=PT000007%202026' });
    const link = await screen.findByRole('link', { name: OFFICER_SCREEN_TEXT.openFoundCase('PT 000007 2026') });
    expect(link).toHaveAttribute('href', '#/officer/case?id=7&from=queue%3Dnew%26find%3DPT000007%2B2026');
    expect(link.closest('p')).toHaveTextContent('In review');
  });

  it('on a page past the last one (cases taken meanwhile), says so and links back to the last page', async () => {
    fakeApi({ '/api/officer/queue': () => ({ body: envelope(page([], 43, 3)) }) });
    await renderShell({ routes, hash: '#/officer?queue=new&page=3' });
    expect(await screen.findByText(new RegExp(OFFICER_SCREEN_TEXT.pastLastPage))).toBeInTheDocument();
    expect(screen.queryByText(/page 3 of 2/)).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Queue pages' });
    expect(within(pages).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '#/officer?queue=new&page=2');
  });
});
