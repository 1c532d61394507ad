import type { Queryable } from '../db/database.ts';

/**
 * Messages sent on a key (a login name, a mobile number, a profile, an email address) within a window that
 * opens with the first of them (docs/decisions/0028): the SMS one-time passwords and the emailed
 * confirmation codes are counted here alike, in otp_send_counts.
 */

/**
 * Counts one send on `key`; answers how many the window now holds and when it reopens. The upsert's row lock
 * makes two sends at once take turns.
 */
export async function countSend(
  tx: Queryable,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ sends: number; reopensAt: Date }> {
  const { rows } = await tx.query<{ sends: number; window_started_at: Date }>(
    `INSERT INTO otp_send_counts AS c (count_key, sends, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (count_key) DO UPDATE SET
       sends = CASE WHEN c.window_started_at <= $3 THEN 1 ELSE c.sends + 1 END,
       window_started_at = CASE WHEN c.window_started_at <= $3 THEN $2 ELSE c.window_started_at END
     RETURNING sends, window_started_at`,
    [key, now, new Date(now.getTime() - windowMs)],
  );
  const row = rows[0]!;
  return { sends: row.sends, reopensAt: new Date(new Date(row.window_started_at).getTime() + windowMs) };
}

/** Gives back one send on each key: a message that never went out does not count against the window. */
export async function uncountSends(db: Queryable, keys: string[]): Promise<void> {
  await db.query('UPDATE otp_send_counts SET sends = sends - 1 WHERE count_key = ANY($1) AND sends > 0', [keys]);
}
