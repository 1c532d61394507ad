import { INBOX_TITLE } from './messages.ts';
import { ROUTES } from './paths.ts';
/**
 * What the portal tells people about, through the notification outbox (docs/decisions/0041): each event is
 * written in the same transaction as the change it reports, so a message is never lost or invented.
 */
export const NOTIFICATION_KINDS = [
  /** A record was submitted: an acknowledgement (its PDF is downloaded from the record: docs/decisions/0042). */
  'submitted',
  /**
   * The applicant sent a record's changed answers after an officer asked for more information: the same
   * acknowledgement.
   */
  'resubmitted',
  /** An officer asked the applicant to change or add something. */
  'moreInfoRequested',
  /** An officer approved or rejected a record (with the reason the applicant reads). */
  'decided',
  /** A case in the insolvency register that the person follows changed. */
  'watchedCaseChanged',
  /** A bill was issued for a payment e-service. */
  'billIssued',
  /** A bill was settled: the receipt is ready. */
  'billSettled',
  /**
   * A settled bill is owed again: a finance officer took off it a credit that was not its payer's, and its
   * receipt is withdrawn (docs/decisions/0071).
   */
  'billReopened',
  /** A finance officer paid an approved refund of deposits to its payee (docs/decisions/0088). */
  'refundPaid',
  /** Sign-in to the account was locked after failed attempts. */
  'accountLocked',
  /** The account signed in from a browser it had not used before. */
  'newDevice',
  /**
   * The profile's email address was replaced by another, confirmed: told to the address replaced, whose holder
   * may not be the one who replaced it.
   */
  'emailChanged',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a message goes besides the portal inbox, which gets every one. */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Messages the portal must send, whatever the person chose (docs/decisions/0042): what an officer decided
 * or asks for (a decision runs appeal and reply periods from when it is given), a bill (a charge must be
 * notified before it is due) and the account's security notices. They go on every channel the person has.
 * The rest may be switched off per channel.
 */
export const OBLIGATORY_KINDS: readonly NotificationKind[] = [
  'moreInfoRequested',
  'decided',
  'billIssued',
  'billReopened',
  'accountLocked',
  'newDevice',
  'emailChanged',
];
export const isObligatory = (kind: NotificationKind) => OBLIGATORY_KINDS.includes(kind);

/** Optional kinds are on for every channel until switched off, except SMS for the chattier ones. */
export const DEFAULT_PREFERENCES: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  submitted: { email: true, sms: false },
  resubmitted: { email: true, sms: false },
  moreInfoRequested: { email: true, sms: true },
  decided: { email: true, sms: true },
  watchedCaseChanged: { email: true, sms: false },
  billIssued: { email: true, sms: true },
  billSettled: { email: true, sms: false },
  billReopened: { email: true, sms: true },
  refundPaid: { email: true, sms: true },
  accountLocked: { email: true, sms: true },
  newDevice: { email: true, sms: true },
  emailChanged: { email: true, sms: true },
};

/** What a person reads about each kind in the preferences and as the inbox's heading. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  submitted: 'Acknowledgement of a submission',
  resubmitted: 'Acknowledgement of a resubmission',
  moreInfoRequested: 'More information requested',
  decided: 'Decision on an application',
  watchedCaseChanged: 'Change to a case you follow',
  billIssued: 'New bill',
  billSettled: 'Payment received',
  billReopened: 'Payment taken off a bill',
  refundPaid: 'Refund paid',
  accountLocked: 'Sign-in locked',
  newDevice: 'Sign-in from a new browser',
  emailChanged: 'Email address changed',
};

/**
 * The heading of a bill's notice when its amount changed (an answer to an officer's request): the same kind
 * as a new bill, for the preferences, but not read as a second bill to pay.
 */
export const BILL_CHANGED_LABEL = 'Bill changed';

export const NOTIFICATION_PATHS = {
  /**
   * GET: the acting profile's inbox, newest first (?page=), or its unread messages only (?unread=1, and ?after= the
   * last message of the page before: docs/decisions/0093).
   */
  inbox: '/api/notifications/inbox',
  /** GET: how many inbox messages are unread (the header's count). */
  unread: '/api/notifications/unread',
  /**
   * GET: how many inbox messages are unread in each profile the account may act for now, its own among them: a
   * master user's other profiles' messages are shown where the profile is chosen (docs/decisions/0101).
   */
  unreadByProfile: '/api/notifications/unread/profiles',
  /** POST: marks one message read. */
  read: '/api/notifications/inbox/:id/read',
  /**
   * POST { upTo }: marks read every message of the acting profile up to that one in the inbox's order, the
   * newest the person has seen: one that arrived since stays unread.
   */
  readAll: '/api/notifications/inbox/read-all',
  /** GET and POST: the email address and the per-channel choices. */
  preferences: '/api/notifications/preferences',
  /** POST { email }: sends a code to the address; POST { code }: confirms it. */
  emailStart: '/api/notifications/email',
  emailConfirm: '/api/notifications/email/confirm',
} as const;

/** Hash route of the inbox screen. */
export const INBOX_ROUTE = ROUTES.inbox;
export const INBOX_PAGE_SIZE = 20;
/** An inbox message's id, as the API and the inbox's addresses carry it. */
export const INBOX_MESSAGE_ID_PATTERN = /^\d{1,18}$/;

/** Email confirmation codes (docs/decisions/0042). */
export const EMAIL_CODE = {
  LENGTH: 6,
  TTL_MS: 30 * 60_000,
  MAX_ATTEMPTS: 5,
  /**
   * Codes sent per profile, and to one address, within SEND_WINDOW_MS (a window that opens with the first):
   * each start emails whatever address was typed, so without a limit one session could flood a stranger's
   * mailbox from the portal, and each new code would bring fresh guesses.
   */
  SENDS_PER_HOUR: 5,
  SEND_WINDOW_MS: 60 * 60_000,
} as const;
/** A code once tidied by normaliseEmailCode: the server's rule and the inbox form's, so both refuse alike. */
export const EMAIL_CODE_PATTERN = /* @__PURE__ */ new RegExp(`^\\d{${EMAIL_CODE.LENGTH}}$`);
/**
 * A code as the user typed or pasted it, made ready for EMAIL_CODE_PATTERN: tidied as the SMS code is, since a
 * copy from a mail often takes the space beside it, and some mail apps group the digits ("123 456").
 */
export { normaliseOtpCode as normaliseEmailCode } from './otp.ts';
/**
 * An email address as typed, once trimmed: zod's own email pattern, here so the inbox form checks it as the
 * server does without loading zod for it.
 */
export const EMAIL_ADDRESS = {
  MAX_LENGTH: 254,
  PATTERN: /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/,
} as const;

export const NOTIFICATION_MESSAGES = {
  inboxTitle: INBOX_TITLE,
  inboxEmpty: 'You have no messages.',
  inboxPageEmpty: 'There are no messages on this page. Your messages are on the pages before it.',
  inboxLoading: 'Loading your messages…',
  inboxFailed: 'Your messages could not be loaded.',
  settingsLoading: 'Loading your choices…',
  settingsFailed: 'Your choices could not be loaded.',
  settingsWhileActing:
    'You are acting for another profile. The email address and choices below are your own profile’s: messages about the records of the profile you act for go to that profile’s own email address and mobile number.',
  unread: 'Unread',
  read: 'Read',
  headerLink: (unread: number) => (unread === 0 ? 'Messages' : `Messages (${unread} unread)`),
  /** Beside the header's link, for a master user: the other profiles' unread messages (docs/decisions/0101). */
  otherProfilesUnread: (unread: number) => `${unread} unread for other profiles`,
  /** Said to assistive technology after otherProfilesUnread: where the link goes. */
  otherProfilesUnreadHint: ': choose which profile to act for',
  /** A profile's unread messages, after its name in the profile switcher. */
  profileUnread: (unread: number) => `${unread} unread message${unread === 1 ? '' : 's'}`,
  openRecord: (caseNumber: string) => `Open record ${caseNumber}`,
  openWatchlist: 'Open your watchlist',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  markedAllRead: (marked: number) =>
    marked === 1 ? '1 message marked as read.' : `${marked} messages marked as read.`,
  filterLabel: 'Show',
  filterAll: 'All messages',
  filterUnread: 'Unread only',
  inboxNoUnread: 'You have no unread messages.',
  pagesLabel: 'Message pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, last: number) => `Page ${page} of ${last}`,
  /**
   * GOV.UK's words: what to do and an example, as the form's email question says them (FIELD_MESSAGES.email),
   * with the article this field's sentence takes.
   */
  badEmail: 'Enter an email address in the correct format, like name@example.com',
  emailCodeSent: 'We have sent a code to the email address. Enter it to confirm the address.',
  emailConfirmed: 'Your email address is confirmed.',
  emailNotSent: 'We could not send the code just now. Please try again later.',
  /** The address's own mail server refused it for good (a mistyped address): trying later cannot help. */
  emailRefused: 'We could not send a code to this email address. Check it and try again.',
  /**
   * The confirmed address's mail server refused it for good (docs/decisions/0100): what happened and what to do,
   * until an address is confirmed again.
   */
  emailUndeliverable: (to: string, day: string) =>
    `We could not deliver email to ${to} on ${day}. Check the address, or change it.`,
  badEmailCode: 'The code is not correct or has expired. Please ask for a new code.',
  /** A code that cannot be one (a digit dropped): the code sent is still good, so no new one is asked for. */
  emailCodeFormat: `Enter the ${EMAIL_CODE.LENGTH}-digit code from the email.`,
  emailCodeHint: `The ${EMAIL_CODE.LENGTH}-digit code in the email we sent.`,
  emailHourlyLimit: (minutes: number) =>
    `Too many codes have been sent for this profile or to this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  noPendingEmail: 'There is no email address waiting to be confirmed. Please enter the address again.',
  obligatory: (label: string) => `${label} is a message we must send; it cannot be switched off.`,
  preferencesSaved: 'Your choices are saved.',
  messageNotFound: 'No such message.',
  badUnreadFilter: 'unread must be 1 (the unread messages only) or 0 (all of them).',
  afterUnreadOnly: 'after pages the unread messages only (unread=1); all messages are paged by page.',
  unreadPagedByAfter:
    'The unread messages are paged by after (the last message of the page before), not by page: reading a message moves the later ones up.',
} as const;
