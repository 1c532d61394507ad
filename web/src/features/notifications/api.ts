import { FORBIDDEN_CODE, fillPath } from '#contract/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api } from '../../lib/http/index.ts';

/** The header's count and the inbox screen share it: a change on one tells the other. */
export const INBOX_CHANGED = 'ptib:inbox-changed';
export const inboxChanged = () => window.dispatchEvent(new Event(INBOX_CHANGED));

export interface InboxEntry {
  id: string;
  kind: string;
  subject: string;
  body: string;
  caseNumber: string | null;
  route: string;
  createdAt: string;
  read: boolean;
}

/**
 * GET the unread count; null when it could not be read (the header then shows the plain link); 'denied'
 * when the session may have no inbox: an officer's token on a PTIB call (PTACC-951).
 */
export async function fetchUnread(signal?: AbortSignal): Promise<number | null | 'denied'> {
  const result = await api.get<{ unread: number }>(NOTIFICATION_PATHS.unread, { signal });
  if (result.ok) return result.responseJSON.unread;
  const denied = result.kind === 'refused' && result.header.responseCode === FORBIDDEN_CODE.MISSING_AUTHORITY;
  return denied ? 'denied' : null;
}

/** GET a page of the inbox; rejects when it could not be read (the HTTP layer has said why). */
export async function fetchInbox(
  page: number,
  signal?: AbortSignal,
): Promise<{ messages: InboxEntry[]; total: number; unread: number }> {
  const result = await api.get<{ messages: InboxEntry[]; total: number; unread: number }>(
    `${NOTIFICATION_PATHS.inbox}?page=${page}`,
    { signal },
  );
  if (!result.ok) throw new CallFailed(result);
  return result.responseJSON;
}

export async function markRead(id: string): Promise<boolean> {
  const result = await api.post(fillPath(NOTIFICATION_PATHS.read, { id }), {});
  if (result.ok) inboxChanged();
  return result.ok;
}

export interface KindChoice {
  kind: string;
  obligatory: boolean;
  email: boolean;
  sms: boolean;
}
export interface PreferencesView {
  email: string | null;
  emailConfirmed: boolean;
  pendingEmail: string | null;
  kinds: KindChoice[];
}

/** GET the preferences; rejects when they could not be read (the HTTP layer has said why). */
export async function fetchPreferences(signal?: AbortSignal): Promise<PreferencesView> {
  const result = await api.get<PreferencesView>(NOTIFICATION_PATHS.preferences, { signal });
  if (!result.ok) throw new CallFailed(result);
  return result.responseJSON;
}

/** Saves the choices; the answer is the preferences as stored, or null (the HTTP layer said why). */
export async function savePreferences(kinds: KindChoice[]): Promise<PreferencesView | null> {
  const result = await api.post<PreferencesView>(NOTIFICATION_PATHS.preferences, {
    kinds: kinds.map(({ kind, email, sms }) => ({ kind, email, sms })),
  });
  return result.ok ? result.responseJSON : null;
}

export async function startEmail(email: string): Promise<boolean> {
  return (await api.post(NOTIFICATION_PATHS.emailStart, { email })).ok;
}

export async function confirmEmail(code: string): Promise<PreferencesView | null> {
  const result = await api.post<PreferencesView>(NOTIFICATION_PATHS.emailConfirm, { code });
  return result.ok ? result.responseJSON : null;
}
