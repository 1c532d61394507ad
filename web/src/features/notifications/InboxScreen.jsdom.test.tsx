import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { INBOX_PAGE_SIZE, NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { RESPONSE_CODE, ROUTES } from '#contract/index.ts';
import { FORM_TEXT } from '#contract/forms/messages.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';
import { INBOX_CHANGED } from './api.ts';

// The screen is a lazily loaded chunk, transformed on first use: give it time on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const routes: RouteDef[] = [
  ...simpleRoutes,
  { path: ROUTES.inbox, title: 'Messages', load: () => import('./InboxScreen.tsx') },
];

const TOTAL = INBOX_PAGE_SIZE + 5;

/** The server's page of an inbox of TOTAL messages, newest (number TOTAL) first. */
function inboxPage(page: number) {
  const first = (page - 1) * INBOX_PAGE_SIZE;
  const count = Math.max(0, Math.min(INBOX_PAGE_SIZE, TOTAL - first));
  return {
    total: TOTAL,
    unread: TOTAL,
    newestId: String(TOTAL),
    previous: null,
    next: null,
    messages: Array.from({ length: count }, (_, i) => {
      const n = TOTAL - first - i;
      return {
        id: String(n),
        kind: 'submitted',
        subject: `Message ${n}`,
        body: 'Body',
        caseNumber: null,
        route: ROUTES.dashboard,
        createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
        read: false,
      };
    }),
  };
}

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

describe('inbox screen', () => {
  it('reaches the messages beyond the first page, each page at its own address', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(inboxPage(Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    expect(await screen.findByRole('heading', { name: /Message 25$/ })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Message pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '#/inbox?page=2');

    window.location.hash = '#/inbox?page=2';
    expect(await screen.findByRole('heading', { name: /Message 5$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Message 1$/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Message 25$/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === `${NOTIFICATION_PATHS.inbox}?page=2`)).toBe(true);
    const second = screen.getByRole('navigation', { name: 'Message pages' });
    expect(within(second).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '#/inbox?page=1');
    expect(within(second).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('keeps the focus on the message when its Mark as read button goes', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: () => ({ body: envelope({ ...inboxPage(2), total: 5 }) }),
      [`POST ${NOTIFICATION_PATHS.read.replace(':id', '5')}`]: () => ({ body: envelope(null) }),
      [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 4 }) }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    const message = (await screen.findByRole('heading', { name: /Message 5$/ })).closest('article')!;
    const button = within(message).getByRole('button', { name: `${NOTIFICATION_MESSAGES.markRead}: Message 5` });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(within(message).queryByRole('button')).toBeNull());
    // Named as every other link to the dashboard is (WCAG 3.2.4), not "Open the dashboard".
    expect(within(message).getByRole('link', { name: FORM_TEXT.toDashboard })).toHaveFocus();
  });

  it('has no page links when every message fits on one page', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: () => ({ body: envelope({ ...inboxPage(2), total: 5 }) }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    expect(await screen.findByRole('heading', { name: /Message 5$/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Message pages' })).not.toBeInTheDocument();
  });

  it('does not say there are no messages on a page beyond the last, and links back to the last', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(inboxPage(Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox?page=9' });
    expect(await screen.findByText(NOTIFICATION_MESSAGES.inboxPageEmpty)).toBeInTheDocument();
    expect(screen.queryByText(NOTIFICATION_MESSAGES.inboxEmpty)).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Message pages' });
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '#/inbox?page=2');
  }, 30_000);

  it('marks every message read up to the newest shown, says how many, and tells the header', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(inboxPage(Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
      [`POST ${NOTIFICATION_PATHS.readAll}`]: () => ({ body: envelope({ marked: TOTAL, unread: 0 }) }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    const changed = vi.fn();
    window.addEventListener(INBOX_CHANGED, changed);
    onTestFinished(() => window.removeEventListener(INBOX_CHANGED, changed));
    // From the second page: what is read up to is the inbox's newest message, not this page's first.
    await renderShell({ routes, hash: '#/inbox?page=2' });
    expect(await screen.findByRole('heading', { name: /^Unread: Message 5$/ })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead });
    button.focus();
    fireEvent.click(button);
    const said = await screen.findByText(NOTIFICATION_MESSAGES.markedAllRead(TOTAL));
    expect(said).toHaveAttribute('role', 'status');
    expect(calls.find((c) => c.method === 'POST' && c.path === NOTIFICATION_PATHS.readAll)?.body).toEqual({
      upTo: String(TOTAL),
    });
    expect(changed).toHaveBeenCalled();
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('0 unread messages');
    expect(screen.getByRole('heading', { name: /^Read: Message 5$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark/ })).toBeNull();
    // The button went: the focus is on what was done, not lost to the start of the page.
    await waitFor(() => expect(said).toHaveFocus());
  });

  it('says how many it marked when its answer was lost and the request sent again found them read', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(inboxPage(Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
      // The second of the two requests the browser sent: the first marked them all.
      [`POST ${NOTIFICATION_PATHS.readAll}`]: () => ({ body: envelope({ marked: 0, unread: 0 }) }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.markedAllRead(TOTAL))).toBeInTheDocument();
    expect(screen.queryByText(NOTIFICATION_MESSAGES.markedAllRead(0))).toBeNull();
  });

  it('has no Mark all as read button when nothing is unread', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: () => ({
        body: envelope({ ...inboxPage(2), total: 0, unread: 0, messages: [] }),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox?unread=1' });
    expect(await screen.findByText(NOTIFICATION_MESSAGES.inboxNoUnread)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeNull();
  });

  it('shows the unread messages only when asked, the choice kept in the address', async () => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(inboxPage(Number(new URL(call.path, 'http://x').searchParams.get('page')))),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    expect(await screen.findByRole('heading', { name: /Message 25$/ })).toBeInTheDocument();
    const filter = screen.getByRole('navigation', { name: NOTIFICATION_MESSAGES.filterLabel });
    expect(within(filter).getByRole('link', { name: NOTIFICATION_MESSAGES.filterAll })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const only = within(filter).getByRole('link', { name: NOTIFICATION_MESSAGES.filterUnread });
    expect(only).toHaveAttribute('href', '#/inbox?unread=1');
    expect(only).not.toHaveAttribute('aria-current');

    window.location.hash = only.getAttribute('href')!;
    await waitFor(() => expect(calls.some((c) => c.path === `${NOTIFICATION_PATHS.inbox}?unread=1`)).toBe(true));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: NOTIFICATION_MESSAGES.filterLabel })).getByRole('link', {
          name: NOTIFICATION_MESSAGES.filterUnread,
        }),
      ).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('goes on in the unread list after the last message shown, however many of the page were read', async () => {
    /** The unread list of TOTAL as the server pages it: after the last message of the page before. */
    const unreadPage = (after: string | null) =>
      after === null
        ? { ...inboxPage(1), next: { after: String(TOTAL - INBOX_PAGE_SIZE + 1) } }
        : { ...inboxPage(2), previous: { after: null } };
    const calls = fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) => ({
        body: envelope(unreadPage(new URL(call.path, 'http://x').searchParams.get('after'))),
      }),
      [`POST ${NOTIFICATION_PATHS.read.replace(':id', String(TOTAL))}`]: () => ({ body: envelope({ unread: 24 }) }),
      [`POST ${NOTIFICATION_PATHS.read.replace(':id', '6')}`]: () => ({ body: envelope({ unread: 23 }) }),
      [NOTIFICATION_PATHS.unread]: () => ({ body: envelope({ unread: 23 }) }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox?unread=1' });
    // Read as the person works down the page, its last message among them: they stay, marked read.
    for (const n of [TOTAL, 6]) {
      fireEvent.click(await screen.findByRole('button', { name: `${NOTIFICATION_MESSAGES.markRead}: Message ${n}` }));
      expect(await screen.findByRole('heading', { name: `Read: Message ${n}` })).toBeInTheDocument();
    }
    const pages = screen.getByRole('navigation', { name: NOTIFICATION_MESSAGES.pagesLabel });
    // Reading moves the later messages up: a page number would not stay true, so none is given.
    expect(pages).not.toHaveTextContent(/Page \d/);
    expect(within(pages).queryByRole('link', { name: NOTIFICATION_MESSAGES.previousPage })).toBeNull();
    const next = within(pages).getByRole('link', { name: NOTIFICATION_MESSAGES.nextPage });
    expect(next).toHaveAttribute('href', '#/inbox?unread=1&after=6');

    window.location.hash = next.getAttribute('href')!;
    expect(await screen.findByRole('heading', { name: 'Unread: Message 5' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === `${NOTIFICATION_PATHS.inbox}?unread=1&after=6`)).toBe(true);
    const second = screen.getByRole('navigation', { name: NOTIFICATION_MESSAGES.pagesLabel });
    expect(second).not.toHaveTextContent(/Page \d/);
    expect(within(second).getByRole('link', { name: NOTIFICATION_MESSAGES.previousPage })).toHaveAttribute(
      'href',
      '#/inbox?unread=1',
    );
    expect(within(second).queryByRole('link', { name: NOTIFICATION_MESSAGES.nextPage })).toBeNull();
  });

  it.each([
    // A bookmark kept while acting for another profile: the server answers as for no message (docs/decisions/0093).
    ['a message not of this inbox', '#/inbox?unread=1&after=99'],
    ['no message at all', '#/inbox?unread=1&after=last'],
    ['a page number, from before the list went on after a message', '#/inbox?unread=1&page=2'],
  ])('shows the unread list from its start for an address naming %s, and puts the address right', async (_, hash) => {
    const calls = fakeApi({
      [NOTIFICATION_PATHS.inbox]: (call) =>
        new URL(call.path, 'http://x').searchParams.has('after')
          ? { status: 404, body: envelope(null, RESPONSE_CODE.NOT_FOUND, NOTIFICATION_MESSAGES.messageNotFound) }
          : { body: envelope({ ...inboxPage(1), next: { after: String(TOTAL - INBOX_PAGE_SIZE + 1) } }) },
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash });
    expect(await screen.findByRole('heading', { name: `Unread: Message ${TOTAL}` })).toBeInTheDocument();
    expect(screen.queryByText(NOTIFICATION_MESSAGES.inboxFailed)).toBeNull();
    expect(calls.filter((c) => c.path === `${NOTIFICATION_PATHS.inbox}?unread=1`)).toHaveLength(1);
    // A reload, or the address copied, is this list, not the one that could not be shown.
    await waitFor(() => expect(window.location.hash).toBe('#/inbox?unread=1'));
    const pages = screen.getByRole('navigation', { name: NOTIFICATION_MESSAGES.pagesLabel });
    expect(within(pages).queryByRole('link', { name: NOTIFICATION_MESSAGES.previousPage })).toBeNull();
    expect(within(pages).getByRole('link', { name: NOTIFICATION_MESSAGES.nextPage })).toHaveAttribute(
      'href',
      '#/inbox?unread=1&after=6',
    );
  });

  it('says the time of each message, in Singapore, so that two of one day can be told apart', async () => {
    const notice = (id: string, createdAt: string) => ({
      id,
      kind: 'newDevice',
      subject: 'PTIB e-Services: Sign-in from a new browser',
      body: 'Your account was signed in to from a browser it had not used before.',
      caseNumber: null,
      route: ROUTES.dashboard,
      createdAt,
      read: false,
    });
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: () => ({
        body: envelope({
          total: 2,
          unread: 2,
          newestId: '2',
          previous: null,
          next: null,
          // 11:58 and 00:05 on 29 Nov in Singapore; the second is the day before in UTC.
          messages: [notice('2', '2026-11-29T03:58:06.000Z'), notice('1', '2026-11-28T16:05:00.000Z')],
        }),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    const [newer, older] = await screen.findAllByRole('article');
    expect(within(newer!).getByText('29 Nov 2026, 11:58')).toHaveAttribute('datetime', '2026-11-29T03:58:06.000Z');
    expect(within(older!).getByText('29 Nov 2026, 00:05')).toHaveAttribute('datetime', '2026-11-28T16:05:00.000Z');
  });

  it('shows a message of a kind it does not know, as the server wrote it (a later release, docs/decisions/0042)', async () => {
    fakeApi({
      [NOTIFICATION_PATHS.inbox]: () => ({
        body: envelope({
          total: 1,
          unread: 1,
          newestId: '1',
          previous: null,
          next: null,
          messages: [
            {
              id: '1',
              kind: 'kindOfALaterRelease',
              subject: 'PTIB e-Services: Something new',
              body: 'A later release told you this.',
              caseNumber: null,
              route: ROUTES.dashboard,
              createdAt: '2026-11-29T03:58:06.000Z',
              read: false,
            },
          ],
        }),
      }),
      [NOTIFICATION_PATHS.preferences]: () => ({
        body: envelope({ email: null, emailConfirmed: false, pendingEmail: null, kinds: [] }),
      }),
    });
    await renderShell({ routes, hash: '#/inbox' });
    const heading = await screen.findByRole('heading', { name: 'Unread: PTIB e-Services: Something new' });
    const message = heading.closest('article')!;
    expect(within(message).getByText('A later release told you this.')).toBeInTheDocument();
    expect(within(message).getByRole('link', { name: FORM_TEXT.toDashboard })).toHaveAttribute(
      'href',
      `#${ROUTES.dashboard}`,
    );
  });
});
