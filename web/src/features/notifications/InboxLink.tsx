import { useEffect, useState } from 'react';
import { INBOX_ROUTE, NOTIFICATION_MESSAGES } from '../../../../contract/notifications.ts';
import { INBOX_CHANGED, fetchUnread } from './api.ts';

/**
 * The header's way to the inbox, with the unread count. Loaded only once the tab is signed in (App.tsx),
 * so it adds nothing to the first load of #/home and #/login (docs/decisions/0042).
 */
export default function InboxLink() {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const refresh = () => void fetchUnread(controller.signal).then(setUnread, () => undefined);
    refresh();
    addEventListener(INBOX_CHANGED, refresh);
    addEventListener('hashchange', refresh);
    return () => {
      controller.abort();
      removeEventListener(INBOX_CHANGED, refresh);
      removeEventListener('hashchange', refresh);
    };
  }, []);
  return (
    <a className="inbox-link" href={`#${INBOX_ROUTE}`} data-testid="inbox-link">
      {NOTIFICATION_MESSAGES.headerLink(unread ?? 0)}
    </a>
  );
}
