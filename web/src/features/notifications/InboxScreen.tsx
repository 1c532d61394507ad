import './inbox.css';
import { useCallback, useEffect, useState } from 'react';
import { ROUTES } from '../../../../contract/index.ts';
import { NOTIFICATION_MESSAGES } from '../../../../contract/notifications.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { formatDate } from '../../components/shell/formatDate.ts';
import { fetchInbox, markRead, type InboxEntry } from './api.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; messages: InboxEntry[]; unread: number };

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
  const [state, setState] = useState<State>({ kind: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    void fetchInbox(1, signal).then((inbox) =>
      setState(inbox ? { kind: 'ready', messages: inbox.messages, unread: inbox.unread } : { kind: 'failed' }),
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const onRead = (id: string) =>
    setState((s) =>
      s.kind === 'ready'
        ? {
            kind: 'ready',
            unread: Math.max(0, s.unread - 1),
            messages: s.messages.map((m) => (m.id === id ? { ...m, read: true } : m)),
          }
        : s,
    );
  return (
    <section aria-labelledby="page-heading" className="inbox">
      <h1 id="page-heading" tabIndex={-1}>
        {NOTIFICATION_MESSAGES.inboxTitle}
      </h1>
      {state.kind === 'loading' && <p role="status">Loading your messages…</p>}
      {state.kind === 'failed' && (
        <div role="alert">
          <p>Your messages could not be loaded.</p>
          <button type="button" className="button" onClick={() => load()}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <p role="status" data-testid="inbox-unread">
            {state.unread === 1 ? '1 unread message' : `${state.unread} unread messages`}
          </p>
          {state.messages.length === 0 ? (
            <p>{NOTIFICATION_MESSAGES.inboxEmpty}</p>
          ) : (
            <ul className="inbox-list">
              {state.messages.map((m) => (
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
