import './inbox.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ROUTES } from '#contract/index.ts';
import { FORM_TEXT } from '#contract/forms/messages.ts';
import {
  INBOX_MESSAGE_ID_PATTERN,
  INBOX_PAGE_SIZE,
  INBOX_ROUTE,
  NOTIFICATION_MESSAGES,
} from '#contract/notifications.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { buildHref } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { formatDateTime } from '../../components/shell/formatMoment.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { useLoad } from '../../lib/http/useLoad.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { fetchInbox, markAllRead, markRead, type InboxAt, type InboxEntry, type InboxPage } from './api.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

function Message({ message, onRead }: { message: InboxEntry; onRead: (id: string) => void }) {
  const link = useRef<HTMLAnchorElement>(null);
  const open = () => {
    if (!message.read) void markRead(message.id).then((ok) => ok && onRead(message.id));
  };
  // Mark as read goes once the message is read: the focus moves to the message's link first, not to the
  // start of the page.
  const markAsRead = () =>
    void markRead(message.id).then((ok) => {
      if (!ok) return;
      if (document.activeElement?.closest('article') === link.current?.closest('article')) link.current?.focus();
      onRead(message.id);
    });
  const state = message.read ? NOTIFICATION_MESSAGES.read : NOTIFICATION_MESSAGES.unread;
  // Named outright: visually hidden words (': ') are positioned out of the line, and browsers then put a
  // space before them in the name ("Unread : …").
  return (
    <li className={message.read ? 'inbox-message' : 'inbox-message inbox-unread'}>
      <article aria-labelledby={`message-${message.id}`}>
        <h2 id={`message-${message.id}`} aria-label={`${state}: ${message.subject}`}>
          <span className="inbox-state">{state}</span>
          {message.subject}
        </h2>
        <p className="inbox-date">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        <p className="inbox-body as-typed">{message.body}</p>
        <p className="inbox-actions">
          {/* The dashboard's link is named as every other link to it is (WCAG 3.2.4). */}
          <a ref={link} href={`#${message.route}`} onClick={open}>
            {message.route.startsWith(ROUTES.watchlist)
              ? NOTIFICATION_MESSAGES.openWatchlist
              : message.caseNumber
                ? NOTIFICATION_MESSAGES.openRecord(message.caseNumber)
                : FORM_TEXT.toDashboard}
          </a>
          {!message.read && (
            <button
              type="button"
              className="button button-secondary"
              aria-label={`${NOTIFICATION_MESSAGES.markRead}: ${message.subject}`}
              onClick={markAsRead}
            >
              {NOTIFICATION_MESSAGES.markRead}
            </button>
          )}
        </p>
      </article>
    </li>
  );
}

/**
 * The address of a page of the list, the filter kept: all messages by the page's number, the unread ones by the
 * message the page comes after (docs/decisions/0093); neither, the first page.
 */
const inboxHref = (unreadOnly: boolean, at: { page?: number; after?: string | null } = {}) =>
  buildHref(INBOX_ROUTE, unreadOnly ? { unread: 1, after: at.after } : { page: at.page });

/**
 * All messages or the unread ones only: links, so the choice is in the address (a reload keeps it) and works
 * as any link does. Each starts at the first page.
 */
function Filter({ unreadOnly }: { unreadOnly: boolean }) {
  return (
    <nav className="inbox-filter" aria-label={NOTIFICATION_MESSAGES.filterLabel}>
      <ul>
        {[false, true].map((only) => (
          <li key={String(only)}>
            <a href={inboxHref(only)} aria-current={only === unreadOnly ? 'page' : undefined}>
              {only ? NOTIFICATION_MESSAGES.filterUnread : NOTIFICATION_MESSAGES.filterAll}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Links to the pages before and after this one, either side of what is said of where the person is. */
function PageLinks({
  previous,
  next,
  children,
}: {
  previous: string | null;
  next: string | null;
  children?: ReactNode;
}) {
  return (
    <nav className="inbox-pager" aria-label={NOTIFICATION_MESSAGES.pagesLabel}>
      {previous && (
        <a href={previous} rel="prev">
          {NOTIFICATION_MESSAGES.previousPage}
        </a>
      )}
      {children}
      {next && (
        <a href={next} rel="next">
          {NOTIFICATION_MESSAGES.nextPage}
        </a>
      )}
    </nav>
  );
}

/** Links to the next and previous pages of all messages: the server gives INBOX_PAGE_SIZE at a time. */
function Pager({ page, total }: { page: number; total: number }) {
  const last = Math.ceil(total / INBOX_PAGE_SIZE);
  if (last <= 1) return null;
  return (
    <PageLinks
      previous={page > 1 ? inboxHref(false, { page: Math.min(page - 1, last) }) : null}
      next={page < last ? inboxHref(false, { page: page + 1 }) : null}
    >
      {page <= last && <span>{NOTIFICATION_MESSAGES.pageOf(page, last)}</span>}
    </PageLinks>
  );
}

/**
 * The unread list's links, as the server found its pages before and after this one. No page number: reading a
 * message moves every later one up, so "Page 2 of 3" would not stay true while the person reads
 * (docs/decisions/0093); the count of unread messages above the list says how many there are.
 */
function UnreadPager({ previous, next }: Pick<InboxPage, 'previous' | 'next'>) {
  if (!previous && !next) return null;
  return <PageLinks previous={previous && inboxHref(true, previous)} next={next && inboxHref(true, next)} />;
}

/**
 * The page of the inbox an address names. The unread list after a message that is not this inbox's (a bookmark
 * kept while acting for another profile; the server says no more of it than of no message: docs/decisions/0093)
 * is the list's start, as for an address that names no message; the address is put right, so that a reload, or
 * the address copied, is the list shown.
 */
async function fetchPage(at: InboxAt, signal: AbortSignal): Promise<InboxPage> {
  if (!at.unreadOnly) return fetchInbox(at, signal);
  if (at.after !== null) {
    try {
      return await fetchInbox(at, signal);
    } catch (error) {
      const noMessage =
        error instanceof CallFailed && error.failure?.kind === 'refused' && error.failure.status === 404;
      if (!noMessage) throw error;
    }
  }
  const first = await fetchInbox({ unreadOnly: true, after: null }, signal);
  const href = inboxHref(true);
  if (!signal.aborted && window.location.hash !== href) window.history.replaceState(window.history.state, '', href);
  return first;
}

/** What Mark all as read came to, for the page it was pressed on: the server's unread count after, or why not. */
interface AllRead {
  of: InboxPage;
  said: string;
  unread: number | null;
}

/**
 * #/inbox (?page=; ?unread=1 for the unread ones only, and ?after= the message their page comes after): the
 * acting profile's messages, newest first, a page at a time, unread ones marked, each linking to its record.
 */
export default function InboxScreen({ location }: ScreenProps) {
  const page = Math.max(1, Math.trunc(Number(location.query.get('page'))) || 1);
  const unreadOnly = location.query.get('unread') === '1';
  const after = location.query.get('after') ?? '';
  // The unread list's page number, in an address kept from before it was paged by message, or an `after` that
  // cannot be a message's id: the list's start, not a refusal the person can do nothing about.
  const at: InboxAt = unreadOnly
    ? { unreadOnly, after: INBOX_MESSAGE_ID_PATTERN.test(after) ? after : null }
    : { unreadOnly, page };
  const { state, retry } = useLoad(`inbox|${at.unreadOnly ? `after ${at.after}` : at.page}`, (signal) =>
    fetchPage(at, signal),
  );
  const user = useIdentity(identityStore, { keepWhileReloading: true });
  /** Messages marked read here since the inbox was loaded. */
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const onRead = (id: string) => setReadHere((ids) => new Set(ids).add(id));
  const [allRead, setAllRead] = useState<AllRead | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const inbox = state.kind === 'ready' ? state.value : null;
  // Another page, or this one loaded again, shows the server's state: the answer was about the page before.
  const done = allRead && allRead.of === inbox ? allRead : null;
  const readNow = inbox?.messages.filter((m) => !m.read && readHere.has(m.id)).length ?? 0;
  const allMarked = done !== null && done.unread !== null;
  const unread = done?.unread ?? Math.max(0, (inbox?.unread ?? 0) - readNow);
  // Every message listed is at most the newest one read up to, so all of them are read now.
  const messages = inbox?.messages.map((m) => (allMarked || readHere.has(m.id) ? { ...m, read: true } : m)) ?? [];
  const markAll = (of: InboxPage) => {
    if (!of.newestId) return;
    void markAllRead(of.newestId).then((result) => {
      if (!result.ok) return setAllRead({ of, said: result.message, unread: null });
      // The browser sends a request again by itself when its first answer was lost, and the second finds them
      // read already: what this page showed unread and no longer is unread was marked for this press.
      const marked = Math.max(result.value.marked, of.unread - readNow - result.value.unread);
      setAllRead({ of, said: NOTIFICATION_MESSAGES.markedAllRead(marked), unread: result.value.unread });
    });
  };
  // The button goes once nothing is unread: the focus moves to what was done, not to the start of the page.
  useEffect(() => {
    if (done?.unread === 0 && document.activeElement === document.body) said.current?.focus();
  }, [done]);
  return (
    <section aria-labelledby="page-heading" className="inbox">
      <h1 id="page-heading" tabIndex={-1}>
        {NOTIFICATION_MESSAGES.inboxTitle}
      </h1>
      <LoadStatus
        state={state}
        loading={NOTIFICATION_MESSAGES.inboxLoading}
        failed={NOTIFICATION_MESSAGES.inboxFailed}
        retry={retry}
      />
      {inbox && (
        <>
          <p role="status" data-testid="inbox-unread">
            {unread === 1 ? '1 unread message' : `${unread} unread messages`}
          </p>
          <Filter unreadOnly={unreadOnly} />
          {unread > 0 && inbox.newestId && (
            <button type="button" className="button button-secondary" onClick={() => markAll(inbox)}>
              {NOTIFICATION_MESSAGES.markAllRead}
            </button>
          )}
          <p role="status" ref={said} tabIndex={-1} className="inbox-done" data-testid="inbox-all-read">
            {done?.said}
          </p>
          {messages.length === 0 ? (
            // An address beyond the last page (typed, or kept from elsewhere) is not an empty inbox.
            <p>
              {inbox.total > 0
                ? NOTIFICATION_MESSAGES.inboxPageEmpty
                : unreadOnly
                  ? NOTIFICATION_MESSAGES.inboxNoUnread
                  : NOTIFICATION_MESSAGES.inboxEmpty}
            </p>
          ) : (
            <ul className="inbox-list">
              {messages.map((m) => (
                <Message key={m.id} message={m} onRead={onRead} />
              ))}
            </ul>
          )}
          {unreadOnly ? (
            <UnreadPager previous={inbox.previous} next={inbox.next} />
          ) : (
            <Pager page={page} total={inbox.total} />
          )}
        </>
      )}
      <NotificationSettings actingForAnother={user !== null && user.ptibProfileID !== user.ownPtibProfileID} />
    </section>
  );
}
