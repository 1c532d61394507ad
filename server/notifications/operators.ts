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

/**
 * The rows operators look at: those dead after the last retry (`dead`), or every one not yet sent
 * (`pending`), oldest first.
 */
export async function listOutbox(db: Queryable, which: 'dead' | 'pending', limit = 100): Promise<OutboxEntry[]> {
  const { rows } = await db.query<OutboxEntry>(
    `SELECT id::text AS id, idempotency_key, channel, kind, case_number, attempts, created_at, next_attempt_at,
            last_error, sent_at, dead_at
       FROM notification_outbox
      WHERE ${which === 'dead' ? 'dead_at IS NOT NULL' : 'sent_at IS NULL AND dead_at IS NULL'}
      ORDER BY created_at, id LIMIT $1`,
    [limit],
  );
  return rows;
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
