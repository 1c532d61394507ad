import { FORBIDDEN_CODE, fillPath } from '#contract/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api, type ApiResult } from '../../lib/http/index.ts';

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

export interface InboxPage {
  messages: InboxEntry[];
  /** How many messages the list has (the unread ones only, when so filtered). */
  total: number;
  unread: number;
  /** The inbox's newest message when the page was read: what Mark all as read reads up to. */
  newestId: string | null;
  /** The unread list's pages before and after this one (after: null, the list's start); null: none, or all messages. */
  previous: { after: string | null } | null;
  next: { after: string } | null;
}

/** Where a page of the inbox is: all messages by number, the unread ones after a message (docs/decisions/0093). */
export type InboxAt = { unreadOnly: false; page: number } | { unreadOnly: true; after: string | null };

/** GET a page of the inbox; rejects when it could not be read (the HTTP layer has said why). */
export async function fetchInbox(at: InboxAt, signal?: AbortSignal): Promise<InboxPage> {
  const query = at.unreadOnly ? `unread=1${at.after === null ? '' : `&after=${at.after}`}` : `page=${at.page}`;
  const result = await api.get<InboxPage>(`${NOTIFICATION_PATHS.inbox}?${query}`, { signal });
  if (!result.ok) throw new CallFailed(result);
  return result.responseJSON;
}

export async function markRead(id: string): Promise<boolean> {
  const result = await api.post(fillPath(NOTIFICATION_PATHS.read, { id }), {});
  if (result.ok) inboxChanged();
  return result.ok;
}

/**
 * Marks read every message up to upTo, the newest the person has seen (one arriving meanwhile stays unread);
 * the answer is how many were marked and how many are still unread.
 */
export async function markAllRead(upTo: string): Promise<Change<{ marked: number; unread: number }>> {
  const result = changed(await api.post<{ marked: number; unread: number }>(NOTIFICATION_PATHS.readAll, { upTo }));
  if (result.ok) inboxChanged();
  return result;
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
  /** The confirmed address was refused for good: when, and the address masked (docs/decisions/0100). */
  emailFailed: { at: string; to: string } | null;
  kinds: KindChoice[];
}

/** GET the preferences; rejects when they could not be read (the HTTP layer has said why). */
export async function fetchPreferences(signal?: AbortSignal): Promise<PreferencesView> {
  const result = await api.get<PreferencesView>(NOTIFICATION_PATHS.preferences, { signal });
  if (!result.ok) throw new CallFailed(result);
  return result.responseJSON;
}

/**
 * What a change came to: its answer, or why not in the server's words. The HTTP layer shows no toast for
 * a refusal (a wrong code, an address it will not take), so the screen must; the message is '' when there
 * are no such words (no answer: the HTTP layer has said so). fieldErrors: the refusal was of a field's value
 * (an address its mail server refuses), to be shown by that field.
 */
export type Change<T> = { ok: true; value: T } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * A refusal's messages by field (contract/schemas fieldErrorsSchema's fieldErrors), read by hand: the header's
 * inbox link loads this module at first, and zod would double the first load.
 */
function fieldErrorsOf(responseJSON: unknown): Record<string, string> | undefined {
  const fields: unknown = (responseJSON as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!fields || typeof fields !== 'object') return undefined;
  const messages = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return messages.length > 0 ? Object.fromEntries(messages) : undefined;
}

function changed<T>(result: ApiResult<T>): Change<T> {
  if (result.ok) return { ok: true, value: result.responseJSON };
  const header = result.kind === 'refused' || result.kind === 'server' ? result.header : null;
  const fieldErrors = result.kind === 'refused' ? fieldErrorsOf(result.responseJSON) : undefined;
  return { ok: false, message: header?.responseDesc ?? '', ...(fieldErrors ? { fieldErrors } : {}) };
}

/** Saves the choices; the answer is the preferences as stored. */
export async function savePreferences(kinds: KindChoice[]): Promise<Change<PreferencesView>> {
  return changed(
    await api.post<PreferencesView>(NOTIFICATION_PATHS.preferences, {
      kinds: kinds.map(({ kind, email, sms }) => ({ kind, email, sms })),
    }),
  );
}

export async function startEmail(email: string): Promise<Change<unknown>> {
  return changed(await api.post(NOTIFICATION_PATHS.emailStart, { email }));
}

export async function confirmEmail(code: string): Promise<Change<PreferencesView>> {
  return changed(await api.post<PreferencesView>(NOTIFICATION_PATHS.emailConfirm, { code }));
}
