import { SSO } from '#contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { randomSecret, sha256 } from './nonces.ts';

/**
 * One-time hand-over codes (docs/decisions/0030): the single sign-on answer leaves one in
 * #/access-initial?auth= instead of a session token. A code is good once, for SSO.HANDOVER_TTL_MS, and only
 * in the browser whose binding cookie it was made for; only hashes are stored, so every process sees it
 * and a copied row is useless.
 */
export interface HandoverAccount {
  accountId: number;
  profileId: string;
  loginName: string;
  name: string;
}

interface HandoverRow {
  account_id: number | string;
  profile_id: string;
  login_name: string;
  ptib_name: string;
}

const toAccount = (row: HandoverRow): HandoverAccount => ({
  accountId: Number(row.account_id),
  profileId: row.profile_id,
  loginName: row.login_name,
  name: row.ptib_name,
});

export async function createHandover(db: Queryable, accountId: number, binding: string, now: Date): Promise<string> {
  const code = randomSecret();
  // Rows come only from good identity-provider answers; the ones past their minute go with each new one.
  await db.query('DELETE FROM session_handovers WHERE expires_at <= $1', [now]);
  await db.query(
    `INSERT INTO session_handovers (code_hash, binding_hash, account_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [sha256(code), sha256(binding), accountId, now, new Date(now.getTime() + SSO.HANDOVER_TTL_MS)],
  );
  return code;
}

const ACCOUNT_COLUMNS = 'a.id AS account_id, a.profile_id, a.login_name, p.ptib_name';
/** A live code of this browser, for an account still enabled. */
const LIVE_CODE = `a.id = h.account_id AND NOT a.disabled
  AND h.code_hash = $1 AND h.binding_hash = $2 AND h.used_at IS NULL AND h.expires_at > $3`;

/** Whom a live code of this browser would sign in, without using it up; null when it is not good here. */
export async function peekHandover(
  db: Queryable,
  code: string,
  binding: string | undefined,
  now: Date,
): Promise<HandoverAccount | null> {
  if (!binding) return null;
  const { rows } = await db.query<HandoverRow>(
    `SELECT ${ACCOUNT_COLUMNS}
       FROM session_handovers h, accounts a JOIN ptib_profiles p ON p.id = a.profile_id
      WHERE ${LIVE_CODE}`,
    [sha256(code), sha256(binding), now],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/**
 * Uses up a live code of this browser; null when it is not good here. One UPDATE, so two calls racing
 * for the same code (on any processes) cannot both win.
 */
export async function redeemHandover(
  db: Queryable,
  code: string,
  binding: string | undefined,
  now: Date,
): Promise<HandoverAccount | null> {
  if (!binding) return null;
  const { rows } = await db.query<HandoverRow>(
    `UPDATE session_handovers h SET used_at = $3
       FROM accounts a JOIN ptib_profiles p ON p.id = a.profile_id
      WHERE ${LIVE_CODE}
      RETURNING ${ACCOUNT_COLUMNS}`,
    [sha256(code), sha256(binding), now],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}
