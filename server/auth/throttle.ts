import { LOGIN_THROTTLE, loginNameKey } from '#contract/index.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Throttle keys (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md). A login name is keyed
 * by its one normal form (loginNameKey), whether or not it exists.
 */
/** The login name everywhere: locked on evidence from many addresses, or by wrong one-time passwords. */
export const loginKey = (loginName: string) => `login:${loginNameKey(loginName)}`;
/** The login name from one client address: what wrong passwords lock first. */
export const loginAddressKey = (loginName: string, address: string) =>
  `login:${loginNameKey(loginName)}|address:${address}`;
/** The client address across login names. */
export const addressKey = (address: string) => `address:${address}`;
/** Wrong one-time passwords of a login name, over all its sign-ins. */
export const otpKey = (loginName: string) => `otp:${loginNameKey(loginName)}`;

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
 * has passed, or a lock that has run out, starts the count again; reaching the limit locks the key
 * (a null limit only counts). Answers the count it reached.
 */
export async function recordFailure(
  db: Queryable,
  key: string,
  maxFailures: number | null,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS);
  const { rows } = await db.query<{ failures: number }>(
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
         ELSE t.locked_until END
     RETURNING failures`,
    [key, now, windowStart, lockUntil, maxFailures],
  );
  return rows[0]!.failures;
}

/**
 * One key's try, for spendLoginTry: counted in the window as recordFailure counts, and reaching `max` locks
 * the key. While a lock runs the row is left alone and no row is returned: the try is refused, uncounted,
 * and the lock is not extended. Parameters: $1 now, $2 the window's start, $3 the end of a lock begun now.
 */
const spendOn = (key: string, max: string, from = '') => {
  const fresh = '(t.locked_until IS NOT NULL OR t.window_started_at < $2::timestamptz)';
  const failures = `CASE WHEN ${fresh} THEN 1 ELSE t.failures + 1 END`;
  return `INSERT INTO login_throttle AS t (throttle_key, failures, window_started_at, locked_until)
    SELECT ${key}, 1, $1::timestamptz, CASE WHEN 1 >= ${max}::int THEN $3::timestamptz END ${from}
    ON CONFLICT (throttle_key) DO UPDATE SET
      failures = ${failures},
      window_started_at = CASE WHEN ${fresh} THEN $1::timestamptz ELSE t.window_started_at END,
      locked_until = CASE WHEN ${failures} >= ${max}::int THEN $3::timestamptz END
    WHERE t.locked_until IS NULL OR t.locked_until <= $1::timestamptz
    RETURNING failures`;
};

/**
 * Spends a password try of a login name from an address before the password is compared
 * (docs/decisions/0028, amended): one statement counts it on the login name and address, then on the
 * address, and the try that reaches a key's limit locks it. The rows' locks make tries sent at once, to any
 * process, take turns, so no more than each limit is ever compared in a window. True when the password may
 * be compared; false when a lock refuses it, and then nothing stays counted.
 */
export async function spendLoginTry(db: Queryable, loginName: string, address: string, now: Date): Promise<boolean> {
  const pairKey = loginAddressKey(loginName, address);
  const { rows } = await db.query<{ pair: number | null; address: number | null }>(
    `WITH pair AS (${spendOn('$4::text', '$5')}),
          address AS (${spendOn('$6::text', '$7', 'FROM pair')})
     SELECT (SELECT failures FROM pair) AS pair, (SELECT failures FROM address) AS address`,
    [
      now,
      new Date(now.getTime() - LOGIN_THROTTLE.WINDOW_MS),
      new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS),
      pairKey,
      LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES,
      addressKey(address),
      LOGIN_THROTTLE.ADDRESS_MAX_FAILURES,
    ],
  );
  const spent = rows[0]!;
  if (spent.pair !== null && spent.address === null) {
    await giveBack(db, pairKey, LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
  }
  return spent.pair !== null && spent.address !== null;
}

/** Gives a key back a try spent on it, lifting its lock if that try set it. */
async function giveBack(db: Queryable, key: string, maxFailures: number): Promise<void> {
  await db.query(
    `UPDATE login_throttle
        SET failures = failures - 1, locked_until = CASE WHEN failures - 1 < $2 THEN NULL ELSE locked_until END
      WHERE throttle_key = $1 AND failures > 0`,
    [key, maxFailures],
  );
}

/** Locks a key for LOCK_MS from now, unless a lock is running already (a lock is never extended). */
export async function lockKey(db: Queryable, key: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO login_throttle AS t (throttle_key, failures, window_started_at, locked_until)
     VALUES ($1, 0, $2::timestamptz, $3::timestamptz)
     ON CONFLICT (throttle_key) DO UPDATE SET
       locked_until = CASE WHEN t.locked_until > $2::timestamptz THEN t.locked_until ELSE $3::timestamptz END`,
    [key, now, new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS)],
  );
}

/**
 * Notes one more address a login name failed from, and answers from how many distinct addresses it
 * failed within the window. Entries older than the window are dropped on the way, so the table holds
 * one window's failures and no more; so are the counts whose window and lock have both ended, which hold
 * typed login names and client addresses and would count nothing any more.
 */
export async function recordFailedAddress(db: Queryable, loginName: string, address: string, now: Date) {
  const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.WINDOW_MS);
  const key = loginKey(loginName);
  await db.query('DELETE FROM login_failure_addresses WHERE failed_at <= $1', [windowStart]);
  await db.query(
    `DELETE FROM login_throttle
      WHERE window_started_at < $1::timestamptz AND (locked_until IS NULL OR locked_until <= $2::timestamptz)`,
    [windowStart, now],
  );
  await db.query(
    `INSERT INTO login_failure_addresses (login_key, address, failed_at) VALUES ($1, $2, $3)
     ON CONFLICT (login_key, address) DO UPDATE SET failed_at = excluded.failed_at`,
    [key, address, now],
  );
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM login_failure_addresses WHERE login_key = $1 AND failed_at > $2',
    [key, windowStart],
  );
  return Number(rows[0]!.n);
}

/**
 * Claims the one notice of the lock running on a key: true for exactly one caller per lock, whichever
 * process it runs in (the row remembers which lock was told).
 */
export async function claimLockNotice(db: Queryable, key: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE login_throttle SET notified_until = locked_until
      WHERE throttle_key = $1 AND locked_until > $2 AND notified_until IS DISTINCT FROM locked_until`,
    [key, now],
  );
  return rowCount === 1;
}

/**
 * Claims the audit of an attempt refused while locked: true for the first attempt refused under a lock
 * running on any of these keys, whichever process it reaches, and false for every later one under the
 * same locks (each row remembers which of its locks was audited).
 */
export async function claimLockedRefusal(db: Queryable, keys: string[], now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE login_throttle SET refusal_audited_until = locked_until
      WHERE throttle_key = ANY($1::text[]) AND locked_until > $2
        AND refusal_audited_until IS DISTINCT FROM locked_until`,
    [keys, now],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * A successful sign-in clears the count of its login name from its address, and gives the address back the
 * try it spent (spendLoginTry), lifting the address's lock if that try set it: a right password is no
 * failure. The evidence from other addresses and wrong one-time passwords stay.
 */
export async function clearLoginFailures(db: Queryable, loginName: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [loginAddressKey(loginName, address)]);
  await giveBack(db, addressKey(address), LOGIN_THROTTLE.ADDRESS_MAX_FAILURES);
  await db.query('DELETE FROM login_failure_addresses WHERE login_key = $1 AND address = $2', [
    loginKey(loginName),
    address,
  ]);
}

/** Forgets the count of a key (a right one-time password clears its login name's wrong codes). */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
}
