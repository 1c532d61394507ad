import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** Nonces and bindings are random 256-bit values, so a plain SHA-256 is enough to store them safely. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomSecret = () => randomBytes(32).toString('base64url');

/** Issues a one-time login nonce bound to this browser (its binding cookie); stores only hashes. */
export async function issueNonce(db: Queryable, binding: string, now: Date, ttlMs: number): Promise<string> {
  const nonce = randomSecret();
  // Old rows are swept here, on the same (rare, unauthenticated but cheap) call that adds one.
  await db.query('DELETE FROM login_nonces WHERE expires_at < $1', [new Date(now.getTime() - ttlMs)]);
  await db.query('INSERT INTO login_nonces (nonce_hash, binding_hash, expires_at) VALUES ($1, $2, $3)', [
    sha256(nonce),
    sha256(binding),
    new Date(now.getTime() + ttlMs),
  ]);
  return nonce;
}

/**
 * Uses up a nonce: true only once, only before it expires, only for the browser it was issued to.
 * One UPDATE, so two processes racing for the same nonce cannot both win.
 */
export async function consumeNonce(db: Queryable, nonce: string, binding: string | undefined, now: Date) {
  if (!binding) return false;
  const { rowCount } = await db.query(
    `UPDATE login_nonces SET used_at = $3
      WHERE nonce_hash = $1 AND binding_hash = $2 AND used_at IS NULL AND expires_at > $3`,
    [sha256(nonce), sha256(binding), now],
  );
  return rowCount === 1;
}
