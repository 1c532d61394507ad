import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '#contract/payments.ts';
import type { Database, Queryable } from '../db/database.ts';
import { badRequest } from '../plugins/errors.ts';

/** A finance decision's attempt: its officer, its key (none from the operator's tools), and what it asked for. */
export interface FinanceAttempt {
  accountId: number | string | undefined;
  actionKey: string | undefined;
  /** The decision and its target, as its path names them (`refundPaid:31`). */
  action: string;
  /** What the decision asked for, its key left out. */
  request: Record<string, unknown>;
  at: Date;
}

/**
 * How long a decision's or a case action's key is kept (docs/decisions/0111). A repeat comes from the page that
 * made the key (it keeps it in memory only), so within minutes in practice and never after the session that
 * page was in: a session lasts at most 168 hours (SESSION_MAX_HOURS), and a day more leaves room for the clocks of several processes.
 */
export const ACTION_KEYS_KEPT_MS = 8 * 24 * 60 * 60_000;

/**
 * Deletes the keys older than ACTION_KEYS_KEPT_MS, as login nonces are swept on their use: on each keyed
 * attempt, in a statement of its own, before the attempt's transaction, so that it holds no lock while the
 * decision is taken. Several processes sweeping at once delete each row once; a key still answering a repeat
 * is never old enough to go.
 */
export async function forgetOldActionKeys(
  db: Queryable,
  table: 'finance_action_keys' | 'officer_action_keys',
  now: Date,
): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE taken_at < $1`, [new Date(now.getTime() - ACTION_KEYS_KEPT_MS)]);
}

/**
 * The database as a decision's own code uses it, its transaction being the one its key is kept in: the key is
 * kept if and only if the decision is.
 */
function within(db: Database, tx: Queryable): Database {
  return {
    kind: db.kind,
    query: (text, params, options) => tx.query(text, params, options),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    close: () => Promise.reject(new Error('a decision does not close the database')),
  };
}

/**
 * Takes a finance decision once per attempt (docs/decisions/0109, as 0066 does for case actions): the first
 * time its key is seen, the decision is taken and its result kept with the key; sent again under that key
 * (its answer was lost), it is answered with that result, `repeated`, neither taken twice nor refused as
 * already done. The key row is written first: a second attempt arriving while the first is under way waits
 * for it on the key and then reads its result. A key answers its own decision and words only.
 */
export async function decideOnce<T>(
  db: Database,
  attempt: FinanceAttempt,
  decide: (db: Database) => Promise<T>,
): Promise<{ value: T; repeated: boolean }> {
  const { accountId, actionKey } = attempt;
  if (accountId === undefined || actionKey === undefined) return { value: await decide(db), repeated: false };
  const digest = createHash('sha256')
    .update(JSON.stringify([attempt.action, attempt.request]))
    .digest('base64url');
  await forgetOldActionKeys(db, 'finance_action_keys', attempt.at);
  return db.transaction(async (tx) => {
    const { rows: fresh } = await tx.query(
      `INSERT INTO finance_action_keys (account_id, action_key, action, request_digest, taken_at)
       VALUES ($1::bigint, $2::uuid, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
      [accountId, actionKey, attempt.action, digest, attempt.at],
    );
    if (fresh.length === 0) {
      const { rows } = await tx.query<{ request_digest: string; result: T }>(
        `SELECT request_digest, result FROM finance_action_keys WHERE account_id = $1::bigint AND action_key = $2::uuid`,
        [accountId, actionKey],
      );
      if (rows[0]!.request_digest !== digest) throw badRequest(PAYMENT_MESSAGES.actionKeyOfAnother);
      return { value: rows[0]!.result, repeated: true };
    }
    const value = await decide(within(db, tx));
    await tx.query(
      `UPDATE finance_action_keys SET result = $3::jsonb WHERE account_id = $1::bigint AND action_key = $2::uuid`,
      [accountId, actionKey, JSON.stringify(value ?? null)],
    );
    return { value, repeated: false };
  });
}
