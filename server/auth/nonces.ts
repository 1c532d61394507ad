import { createHash, createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** Nonces and bindings are random values of 96 bits or more, so a plain SHA-256 is enough to store them safely. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomSecret = () => randomBytes(32).toString('base64url');

/** Expiry (4 bytes, seconds), random (12 bytes), HMAC (16 bytes): 32 bytes, 43 characters of base64url. */
const EXPIRY_BYTES = 4;
const RANDOM_BYTES = 12;
const MAC_BYTES = 16;
const NONCE_BYTES = EXPIRY_BYTES + RANDOM_BYTES + MAC_BYTES;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function mac(key: KeyObject, head: Buffer, binding: string): Buffer {
  return createHmac('sha256', key)
    .update('login-nonce.')
    .update(head)
    .update(sha256(binding))
    .digest()
    .subarray(0, MAC_BYTES);
}

/**
 * Issues a one-time login nonce bound to this browser (its binding cookie). Stateless: its expiry and the
 * binding are signed into it with the server's key, so asking for one writes nothing and an anonymous
 * caller cannot grow a table by asking (docs/decisions/0031).
 */
export function issueNonce(key: KeyObject, binding: string, now: Date, ttlMs: number): string {
  const head = Buffer.alloc(EXPIRY_BYTES + RANDOM_BYTES);
  head.writeUInt32BE(Math.ceil((now.getTime() + ttlMs) / 1000));
  randomBytes(RANDOM_BYTES).copy(head, EXPIRY_BYTES);
  return Buffer.concat([head, mac(key, head, binding)]).toString('base64url');
}

/** When a nonce this server issued to this browser expires, or null for anything else. */
function verifiedExpiry(key: KeyObject, nonce: string, binding: string): Date | null {
  if (!NONCE_PATTERN.test(nonce)) return null;
  const bytes = Buffer.from(nonce, 'base64url');
  if (bytes.length !== NONCE_BYTES) return null;
  const head = bytes.subarray(0, EXPIRY_BYTES + RANDOM_BYTES);
  if (!timingSafeEqual(bytes.subarray(EXPIRY_BYTES + RANDOM_BYTES), mac(key, head, binding))) return null;
  return new Date(head.readUInt32BE(0) * 1000);
}

/**
 * Uses up a nonce: true only once, only before it expires, only for the browser it was issued to. The
 * signature and expiry are checked first, so only a nonce this server issued writes a row, and that row
 * lives until the nonce would have expired anyway (swept here, on the same call): the table holds at most
 * the sign-ins of one nonce lifetime. One INSERT, so two processes racing for the same nonce cannot both win.
 */
export async function consumeNonce(
  db: Queryable,
  key: KeyObject,
  nonce: string,
  binding: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!binding) return false;
  const expiresAt = verifiedExpiry(key, nonce, binding);
  if (!expiresAt || expiresAt <= now) return false;
  await db.query('DELETE FROM login_nonces WHERE expires_at < $1', [now]);
  const { rowCount } = await db.query(
    `INSERT INTO login_nonces (nonce_hash, binding_hash, expires_at, used_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (nonce_hash) DO NOTHING`,
    [sha256(nonce), sha256(binding), expiresAt, now],
  );
  return rowCount === 1;
}
