import './others.css';
import { useEffect } from 'react';
import { ROUTES } from '#contract/index.ts';
import { NOTIFICATION_MESSAGES } from '#contract/notifications.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { PROXY_HEADING_ID } from '../../app/masterParts.ts';
import { INBOX_CHANGED } from './api.ts';
import { fetchUnreadByProfile, unreadElsewhere } from './profilesUnread.ts';

/**
 * Beside a master user's Messages link: the unread messages of the other profiles they may act for, with the way
 * to switch to them. Those profiles have no holder of their own, so their obligatory messages (an officer's
 * request, with its deadline) would otherwise wait unseen (docs/decisions/0101). Its own chunk, loaded for
 * master users only: nobody else makes the call or loads the code.
 */
export default function OtherProfilesUnread({ actingProfileId }: { actingProfileId: string }) {
  // As the header's count: asked again on every change and every move, the last answer shown meanwhile.
  const { state, retry: refresh } = useLoad('unread-by-profile', (signal) => fetchUnreadByProfile(signal), {
    keep: true,
  });
  useEffect(() => {
    addEventListener(INBOX_CHANGED, refresh);
    addEventListener('hashchange', refresh);
    return () => {
      removeEventListener(INBOX_CHANGED, refresh);
      removeEventListener('hashchange', refresh);
    };
  }, [refresh]);
  const unread = state.kind === 'ready' ? unreadElsewhere(state.value, actingProfileId) : 0;
  if (unread === 0) return null;
  const shown = NOTIFICATION_MESSAGES.otherProfilesUnread(unread);
  // Named outright, beginning with the words shown (WCAG 2.5.3): visually hidden words (': ') are positioned out
  // of the line, and browsers then put a space before them in the name ("… profiles : choose …").
  return (
    <a
      className="inbox-others"
      href={`#${ROUTES.dashboard}#${PROXY_HEADING_ID}`}
      aria-label={`${shown}${NOTIFICATION_MESSAGES.otherProfilesUnreadHint}`}
      data-testid="inbox-others"
    >
      {shown}
    </a>
  );
}
