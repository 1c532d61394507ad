/**
 * What the portal tells people about, through the notification outbox (docs/decisions/0041): each event is
 * written in the same transaction as the change it reports, so a message is never lost or invented.
 */
export const NOTIFICATION_KINDS = [
  /** A record was submitted: an acknowledgement, with its PDF. */
  'submitted',
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
  /** Sign-in to the account was locked after failed attempts. */
  'accountLocked',
  /** The account signed in from a browser it had not used before. */
  'newDevice',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
