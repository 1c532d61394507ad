import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * A random 256-bit HMAC key made once and kept in the database (table server_secrets, beside the
 * one-time-password key's own), so every server process signs and checks alike: the XSRF tokens and the
 * login nonces (docs/decisions/0031).
 */
export async function loadServerSecret(db: Queryable, name: string): Promise<KeyObject> {
  await db.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  // A KeyObject, not the bytes: an HMAC under a Buffer key costs several times more (Node checks and wraps
  // the key on every call), and the XSRF check makes one on nearly every request.
  return createSecretKey(Buffer.from(rows[0]!.secret, 'base64'));
}

/** HMAC-SHA256 of a value under a key, base64url (43 characters). */
export const hmac = (key: KeyObject, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
