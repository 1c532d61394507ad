import './inbox.css';
import { useState } from 'react';
import { ROUTES } from '#contract/index.ts';
import { NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { formatDate } from '../../components/shell/formatDate.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { useLoad } from '../../lib/http/useLoad.ts';
import { fetchInbox, markRead, type InboxEntry } from './api.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

function Message({ message, onRead }: { message: InboxEntry; onRead: (id: string) => void }) {
  const open = () => {
    if (!message.read) void markRead(message.id).then((ok) => ok && onRead(message.id));
  };
  return (
    <li className={message.read ? 'inbox-message' : 'inbox-message inbox-unread'}>
      <article aria-labelledby={`message-${message.id}`}>
        <h2 id={`message-${message.id}`}>
          <span className="inbox-state">
            {message.read ? NOTIFICATION_MESSAGES.read : NOTIFICATION_MESSAGES.unread}
          </span>
          <span className="visually-hidden">: </span>
          {message.subject}
        </h2>
        <p className="inbox-date">
          <time dateTime={message.createdAt}>{formatDate(new Date(message.createdAt), 'd MMM yyyy')}</time>
        </p>
        <p className="inbox-body">{message.body}</p>
        <p className="inbox-actions">
          <a href={`#${message.route}`} onClick={open}>
            {message.route.startsWith(ROUTES.watchlist)
              ? NOTIFICATION_MESSAGES.openWatchlist
              : message.caseNumber
                ? NOTIFICATION_MESSAGES.openRecord(message.caseNumber)
                : 'Open the dashboard'}
          </a>
          {!message.read && (
            <button type="button" className="button button-secondary" onClick={open}>
              {NOTIFICATION_MESSAGES.markRead}
              <span className="visually-hidden">: {message.subject}</span>
            </button>
          )}
        </p>
      </article>
    </li>
  );
}

/** #/inbox: the acting profile's messages, newest first, unread ones marked, each linking to its record. */
export default function InboxScreen(_props: ScreenProps) {
  const { state, retry } = useLoad('inbox', (signal) => fetchInbox(1, signal));
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
            <p>{NOTIFICATION_MESSAGES.inboxEmpty}</p>
          ) : (
            <ul className="inbox-list">
              {messages.map((m) => (
                <Message key={m.id} message={m} onRead={onRead} />
              ))}
            </ul>
          )}
        </>
      )}
      <NotificationSettings />
    </section>
  );
}
