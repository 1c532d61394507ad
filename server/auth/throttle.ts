import { LOGIN_THROTTLE, loginNameKey } from '../../contract/index.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Throttle keys: the login name in its one normal form (loginNameKey, whether or not it exists) and the
 * client address.
 */
export const loginKey = (loginName: string) => `login:${loginNameKey(loginName)}`;
export const addressKey = (address: string) => `address:${address}`;

/** The latest lock still running on any of these keys, or null. */
export async function activeLock(db: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date }>(
    `SELECT max(locked_until) AS locked_until FROM login_throttle
      WHERE throttle_key = ANY($1::text[]) AND locked_until > $2`,
    [keys, now],
  );
  return rows[0]?.locked_until ? new Date(rows[0].locked_until) : null;
}

/**
 * Counts one failure on a key, in one statement (several processes may count at once). A window that
 * has passed, or a lock that has run out, starts the count again; reaching the limit locks the key.
 */
export async function recordFailure(db: Queryable, key: string, maxFailures: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS);
  await db.query(
    `INSERT INTO login_throttle AS t (throttle_key, failures, window_started_at, locked_until)
     VALUES ($1, 1, $2::timestamptz, CASE WHEN 1 >= $5::int THEN $4::timestamptz END)
     ON CONFLICT (throttle_key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < $3::timestamptz OR t.locked_until <= $2::timestamptz
                       THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < $3::timestamptz OR t.locked_until <= $2::timestamptz
                                THEN $2::timestamptz ELSE t.window_started_at END,
       locked_until = CASE
         WHEN (CASE WHEN t.window_started_at < $3::timestamptz OR t.locked_until <= $2::timestamptz
                    THEN 1 ELSE t.failures + 1 END) >= $5::int THEN $4::timestamptz
         WHEN t.window_started_at < $3::timestamptz OR t.locked_until <= $2::timestamptz THEN NULL
         ELSE t.locked_until END`,
    [key, now, windowStart, lockUntil, maxFailures],
  );
}

/** A successful sign-in clears its login name's count (the address keeps its own). */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
}
