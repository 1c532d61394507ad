/**
 * What features take of each other about a master user (docs/decisions/0101): whether the user is one, where
 * the profile switcher is, and the unread counts by profile that the switcher shows from the inbox's call. A
 * module of its own, not parts.ts: the header's inbox link loads in every signed-in tab, and that barrel would
 * bring every part it names.
 */
export { isMasterUser, PROXY_HEADING_ID } from '../features/proxy/options.ts';
export { fetchUnreadByProfile } from '../features/notifications/profilesUnread.ts';
