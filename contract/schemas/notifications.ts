import { z } from 'zod';
import {
  EMAIL_ADDRESS,
  EMAIL_CODE_PATTERN,
  INBOX_MESSAGE_ID_PATTERN,
  normaliseEmailCode,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
} from '../notifications.ts';
import { queryWholeNumber } from './query.ts';

/** The portal inbox (docs/decisions/0041): one message, with the route of the record it is about. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  /**
   * Any kind, not only this release's: during a rolling restart a later release's processes write kinds this one
   * does not know, and its answer must not fail on them (docs/decisions/0042). The subject and body were written
   * with the message.
   */
  kind: z.string(),
  subject: z.string(),
  body: z.string(),
  caseNumber: z.string().nullable(),
  /** The hash route the message links to (the record, or the dashboard). */
  route: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

const messageId = z.string().regex(INBOX_MESSAGE_ID_PATTERN, NOTIFICATION_MESSAGES.messageNotFound);

/**
 * All messages are paged by number (?page=); the unread ones by the message a page comes after (?after=), since
 * reading moves every later unread message up the list (docs/decisions/0093).
 */
export const inboxQuerySchema = z
  .object({
    page: queryWholeNumber('page', 1, 10_000).default(1),
    /** '1': the unread messages only. */
    unread: z.enum(['0', '1'], NOTIFICATION_MESSAGES.badUnreadFilter).default('0'),
    /** The unread list only: its messages after this one in the inbox's order (none: from the newest). */
    after: messageId.optional(),
  })
  .refine((q) => q.after === undefined || q.unread === '1', {
    path: ['after'],
    error: NOTIFICATION_MESSAGES.afterUnreadOnly,
  })
  .refine((q) => q.unread === '0' || q.page === 1, { path: ['page'], error: NOTIFICATION_MESSAGES.unreadPagedByAfter });
export const inboxSchema = z.object({
  messages: z.array(inboxMessageSchema),
  /** How many messages the list has (the unread ones only, with ?unread=1): its pages. */
  total: z.number(),
  unread: z.number(),
  /** The inbox's newest message when this page was read, whatever page or filter: what Mark all as read reads up to. */
  newestId: z.string().nullable(),
  /**
   * The unread list's pages before and after this one, by their addresses' `after` (null: the list's start), or
   * null when there is none; null for all messages, which are paged by number.
   */
  previous: z.object({ after: z.string().nullable() }).nullable(),
  next: z.object({ after: z.string() }).nullable(),
});
export type Inbox = z.infer<typeof inboxSchema>;
export const unreadSchema = z.object({ unread: z.number() });
/** The unread counts of the profiles the account may act for now, its own among them (docs/decisions/0101). */
export const unreadByProfileSchema = z.object({
  profiles: z.array(z.object({ ptibProfileID: z.string(), unread: z.number() })),
});
export type UnreadByProfile = z.infer<typeof unreadByProfileSchema>;
export const inboxIdParamsSchema = z.object({ id: messageId });
export const readAllSchema = z.object({ upTo: messageId });
export const readAllResultSchema = z.object({ marked: z.number(), unread: z.number() });

const channelChoice = z.object({ email: z.boolean(), sms: z.boolean() });
export const preferencesSchema = z.object({
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /** An address waiting for its code. */
  pendingEmail: z.string().nullable(),
  /**
   * The confirmed address's mail server refused it for good (docs/decisions/0100): when, and the address masked;
   * null once an address is confirmed again.
   */
  emailFailed: z.object({ at: z.string(), to: z.string() }).nullable(),
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), obligatory: z.boolean() }).extend(channelChoice.shape)),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const savePreferencesSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS) }).extend(channelChoice.shape)).max(50),
});

export const startEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_ADDRESS.MAX_LENGTH, NOTIFICATION_MESSAGES.badEmail)
    .pipe(z.email({ pattern: EMAIL_ADDRESS.PATTERN, error: NOTIFICATION_MESSAGES.badEmail })),
});
export const confirmEmailSchema = z.object({
  code: z.string().overwrite(normaliseEmailCode).regex(EMAIL_CODE_PATTERN, NOTIFICATION_MESSAGES.emailCodeFormat),
});
