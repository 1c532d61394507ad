import './inbox.css';
import { useRef, useState } from 'react';
import { ROUTES } from '#contract/index.ts';
import { FORM_TEXT } from '#contract/forms/messages.ts';
import { INBOX_PAGE_SIZE, INBOX_ROUTE, NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
import { buildHref } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { useLoad } from '../../lib/http/useLoad.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { fetchInbox, markRead, type InboxEntry } from './api.ts';
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
          <time dateTime={message.createdAt}>{formatDay(message.createdAt)}</time>
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

/** Links to the next and previous pages of messages: the server gives INBOX_PAGE_SIZE at a time. */
function Pager({ page, total }: { page: number; total: number }) {
  const last = Math.ceil(total / INBOX_PAGE_SIZE);
  if (last <= 1) return null;
  const hrefFor = (p: number) => buildHref(INBOX_ROUTE, { page: p });
  return (
    <nav className="inbox-pager" aria-label={NOTIFICATION_MESSAGES.pagesLabel}>
      {page > 1 && (
        <a href={hrefFor(Math.min(page - 1, last))} rel="prev">
          {NOTIFICATION_MESSAGES.previousPage}
        </a>
      )}
      {page <= last && <span>{NOTIFICATION_MESSAGES.pageOf(page, last)}</span>}
      {page < last && (
        <a href={hrefFor(page + 1)} rel="next">
          {NOTIFICATION_MESSAGES.nextPage}
        </a>
      )}
    </nav>
  );
}

/**
 * #/inbox (?page=): the acting profile's messages, newest first, a page at a time, unread ones marked,
 * each linking to its record.
 */
export default function InboxScreen({ location }: ScreenProps) {
  const page = Math.max(1, Math.trunc(Number(location.query.get('page'))) || 1);
  const { state, retry } = useLoad(`inbox|${page}`, (signal) => fetchInbox(page, signal));
  const user = useIdentity(identityStore, { keepWhileReloading: true });
  /** Messages marked read here since the inbox was loaded. */
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const onRead = (id: string) => setReadHere((ids) => new Set(ids).add(id));
  const inbox = state.kind === 'ready' ? state.value : null;
  const readNow = inbox?.messages.filter((m) => !m.read && readHere.has(m.id)).length ?? 0;
  const unread = Math.max(0, (inbox?.unread ?? 0) - readNow);
  const messages = inbox?.messages.map((m) => (readHere.has(m.id) ? { ...m, read: true } : m)) ?? [];
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
          {messages.length === 0 ? (
            // An address beyond the last page (typed, or kept from elsewhere) is not an empty inbox.
            <p>{inbox.total > 0 ? NOTIFICATION_MESSAGES.inboxPageEmpty : NOTIFICATION_MESSAGES.inboxEmpty}</p>
          ) : (
            <ul className="inbox-list">
              {messages.map((m) => (
                <Message key={m.id} message={m} onRead={onRead} />
              ))}
            </ul>
          )}
          <Pager page={page} total={inbox.total} />
        </>
      )}
      <NotificationSettings actingForAnother={user !== null && user.ptibProfileID !== user.ownPtibProfileID} />
    </section>
  );
}
