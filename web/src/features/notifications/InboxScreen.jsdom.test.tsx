import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_PAGE_SIZE, NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { ROUTES } from '#contract/index.ts';
import { FORM_TEXT } from '#contract/forms/messages.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { renderShell, simpleRoutes } from '../../components/shell/testkit.tsx';
import type { RouteDef } from '../../lib/router/router.ts';

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
});
