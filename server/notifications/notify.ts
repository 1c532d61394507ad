import type { NotificationKind } from '../../contract/notifications.ts';
import type { Queryable } from '../db/database.ts';

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
}

/**
 * Records the event for delivery. The delivery side (the outbox and its worker) is built in
 * server/notifications; callers depend only on this signature.
 */
export async function notify(_tx: Queryable, _event: NotificationEvent): Promise<void> {
  // Delivery is not wired yet: see docs/decisions/0041.
}
