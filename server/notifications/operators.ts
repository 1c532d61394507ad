import { LIST_COUNT_CAP } from '#contract/counts.ts';
import type { Queryable } from '../db/database.ts';

/** One outbox row as operators see it: never the message's text or attachment. */
export interface OutboxEntry {
  id: string;
  idempotency_key: string;
  channel: string;
  kind: string;
  case_number: string | null;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  dead_at: Date | null;
}

/** The most rows the operator's command lists at once, oldest first; it says how many there are in all. */
export const OUTBOX_LIST_MAX = 100;

const WHICH = {
  dead: 'dead_at IS NOT NULL',
  pending: 'sent_at IS NULL AND dead_at IS NULL',
} as const;

/**
 * The rows operators look at: those dead after the last retry (`dead`), or every one not yet sent
 * (`pending`), the oldest OUTBOX_LIST_MAX.
 */
export async function listOutbox(db: Queryable, which: keyof typeof WHICH): Promise<OutboxEntry[]> {
  const { rows } = await db.query<OutboxEntry>(
    `SELECT id::text AS id, idempotency_key, channel, kind, case_number, attempts, created_at, next_attempt_at,
            last_error, sent_at, dead_at
       FROM notification_outbox
      WHERE ${WHICH[which]}
      ORDER BY created_at, notification_outbox.id LIMIT $1`,
    [OUTBOX_LIST_MAX],
  );
  return rows;
}

/**
 * How many rows of `which` there are, listed or not, up to LIST_COUNT_CAP: a mail server down for a day
 * leaves thousands pending, and the oldest hundred alone would read as the whole of it.
 */
export async function countOutbox(db: Queryable, which: keyof typeof WHICH): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM notification_outbox WHERE ${WHICH[which]} LIMIT $1) capped`,
    [LIST_COUNT_CAP],
  );
  return rows[0]!.n;
}

/** Gives a dead row another full round of retries, due now (after the operator fixed the cause). */
export async function retryDead(db: Queryable, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE notification_outbox SET dead_at = NULL, attempts = 0, next_attempt_at = $2
      WHERE id = $1::bigint AND dead_at IS NOT NULL`,
    [id, now],
  );
  return rowCount === 1;
}
