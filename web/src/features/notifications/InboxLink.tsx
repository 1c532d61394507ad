import { useEffect } from 'react';
import { INBOX_ROUTE, NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { identity } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { isMasterUser } from '../../app/masterParts.ts';
import { INBOX_CHANGED, fetchUnread } from './api.ts';

/** The other profiles' unread messages: a master user's alone, so nobody else loads its code (docs/decisions/0101). */
const OtherProfilesUnread = lazyPart(() => import('./OtherProfilesUnread.tsx'), { quiet: true });

/**
 * The header's way to the inbox, with the unread count. Loaded only once the tab is signed in (App.tsx),
 * so it adds nothing to the first load of #/home and #/login (docs/decisions/0042).
 */
export default function InboxLink() {
  // Asked again on every change and every move: the count shown meanwhile is the last one.
  const { state, retry: refresh } = useLoad('unread', (signal) => fetchUnread(signal), { keep: true });
  // Kept through a proxy switch's reload, so the note is not dropped and asked for again.
  const user = useIdentity(identity, { load: false, keepWhileReloading: true });
  // An officer's session has no inbox (the server refuses it): no link, and no asking again.
  const denied = state.kind === 'ready' && state.value === 'denied';
  useEffect(() => {
    if (denied) return;
    addEventListener(INBOX_CHANGED, refresh);
    addEventListener('hashchange', refresh);
    return () => {
      removeEventListener(INBOX_CHANGED, refresh);
      removeEventListener('hashchange', refresh);
    };
  }, [refresh, denied]);
  if (denied) return null;
  const unread = state.kind === 'ready' && typeof state.value === 'number' ? state.value : 0;
  return (
    <span className="header-inbox">
      <a className="inbox-link" href={`#${INBOX_ROUTE}`} data-testid="inbox-link">
        {NOTIFICATION_MESSAGES.headerLink(unread)}
      </a>
      {user && isMasterUser(user) && <OtherProfilesUnread actingProfileId={user.ptibProfileID} />}
    </span>
  );
}
