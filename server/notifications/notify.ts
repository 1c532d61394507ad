import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PREFERENCES,
  isObligatory,
  type NotificationChannel,
  type NotificationKind,
} from '#contract/notifications.ts';
import type { Queryable } from '../db/database.ts';
import { renderMessage } from './templates.ts';

/**
 * One event worth telling someone about. Whoever changes the record calls notify() inside the same
 * transaction, with the transaction's handle, so the message and the change commit (or roll back) together.
 */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Who is told: the profile the record belongs to, or an account (sign-in events). */
  profileId?: string;
  accountId?: number;
  /** The record the message is about, if any: its id (for the link) and case number (for the text). */
  caseId?: string;
  caseNumber?: string;
  /** Short, non-personal facts the message needs (an outcome, a reason, an amount in cents, minutes). */
  facts?: Record<string, string | number>;
  /**
   * A key naming the event, when the caller may report the same event twice (a retried request): a second
   * notify() with the same key writes nothing. Unset: every call is a new event.
   */
  key?: string;
  /** When it happened (the caller's clock, so tests with a fake one see their messages due). */
  at?: Date;
  /** The address the email goes to instead of the profile's: the address just replaced (emailChanged). */
  emailTo?: string;
}

interface Recipient {
  profile_id: string;
  email: string | null;
  mobile: string | null;
  app_code: string | null;
  case_number: string | null;
}

/** The profile, its confirmed email address and mobile number, and the record's e-service and case number. */
async function recipientOf(tx: Queryable, event: NotificationEvent): Promise<Recipient | null> {
  const { rows } = await tx.query<Recipient>(
    `SELECT p.id AS profile_id,
            CASE WHEN p.email_confirmed_at IS NOT NULL THEN p.email END AS email,
            coalesce(a.mobile_num, p.mobile_num) AS mobile,
            c.app_code, c.case_number
       FROM ptib_profiles p
       LEFT JOIN accounts a ON a.id = $2::bigint
       LEFT JOIN cases c ON c.id = $3::bigint
      WHERE p.id = coalesce($1::text, a.profile_id)`,
    [event.profileId ?? null, event.accountId ?? null, event.caseId ?? null],
  );
  return rows[0] ?? null;
}

/** Which outside channels the person gets this kind on: obligatory kinds on all (docs/decisions/0042). */
export async function channelsFor(
  tx: Queryable,
  profileId: string,
  kind: NotificationKind,
): Promise<Record<NotificationChannel, boolean>> {
  const wanted = { ...DEFAULT_PREFERENCES[kind] };
  if (isObligatory(kind)) return { email: true, sms: true };
  const { rows } = await tx.query<{ channel: NotificationChannel; enabled: boolean }>(
    'SELECT channel, enabled FROM notification_preferences WHERE profile_id = $1 AND kind = $2',
    [profileId, kind],
  );
  for (const row of rows) wanted[row.channel] = row.enabled;
  return wanted;
}

/**
 * Records the event for delivery, in the caller's transaction: an inbox entry always, and an outbox row per
 * outside channel the person has and wants (docs/decisions/0041). The outbox worker sends them.
 */
export async function notify(tx: Queryable, event: NotificationEvent): Promise<void> {
  const to = await recipientOf(tx, event);
  if (!to) return;
  const at = event.at ?? new Date();
  const key = event.key ?? randomUUID();
  const caseNumber = event.caseNumber ?? to.case_number;
  const facts = { kind: event.kind, caseId: event.caseId, appCode: to.app_code, caseNumber, facts: event.facts };
  const inbox = renderMessage(facts, undefined, 'inbox');
  const { rowCount } = await tx.query(
    `INSERT INTO inbox_messages (event_key, profile_id, kind, case_id, app_code, case_number, subject, body, created_at,
                                 account_id)
     VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10::bigint) ON CONFLICT (event_key) DO NOTHING`,
    [
      key,
      to.profile_id,
      event.kind,
      event.caseId ?? null,
      to.app_code,
      caseNumber ?? null,
      inbox.subject,
      inbox.body,
      at,
      // A sign-in notice is the account's own: not for the profile's other sessions (165_inbox_account_notices).
      event.accountId ?? null,
    ],
  );
  if (rowCount === 0) return;
  const channels = await channelsFor(tx, to.profile_id, event.kind);
  const targets: Array<[NotificationChannel, string]> = [];
  const email = event.emailTo ?? to.email;
  if (channels.email && email) targets.push(['email', email]);
  if (channels.sms && to.mobile) targets.push(['sms', to.mobile]);
  // An event's own key (the request a resubmission answers) tells repeats apart in this database only; a
  // message goes out under a key unique the world over, as its Message-ID must be (docs/decisions/0041).
  const sendKey = randomUUID();
  for (const [channel, recipient] of targets) {
    await tx.query(
      `INSERT INTO notification_outbox (idempotency_key, channel, kind, profile_id, recipient, case_id, app_code,
                                        case_number, facts, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9::jsonb, $10, $10)`,
      [
        `${sendKey}.${channel}`,
        channel,
        event.kind,
        to.profile_id,
        recipient,
        event.caseId ?? null,
        to.app_code,
        caseNumber ?? null,
        JSON.stringify(event.facts ?? {}),
        at,
      ],
    );
  }
}

/**
 * Takes back the email and SMS of a record's event of this kind that have not gone yet, in the caller's
 * transaction, when what they say no longer holds (a cancelled bill's request to pay: docs/decisions/0059).
 * One already sent, or being sent, cannot be; the inbox entry stays.
 */
export async function withdrawUnsent(tx: Queryable, caseId: string, kind: NotificationKind): Promise<void> {
  await tx.query(
    `DELETE FROM notification_outbox
      WHERE case_id = $1::bigint AND kind = $2 AND sent_at IS NULL AND dead_at IS NULL`,
    [caseId, kind],
  );
}
