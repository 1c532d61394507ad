import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const SECRET_NAME = 'otp-hmac';

/**
 * The HMAC key for one-time codes: OTP_SECRET when configured, else one random key made once and kept in
 * the database, so every server process hashes and checks codes alike.
 */
export async function loadOtpSecret(db: Queryable, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query('INSERT INTO otp_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SECRET_NAME,
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM otp_secrets WHERE name = $1', [SECRET_NAME]);
  return Buffer.from(rows[0]!.secret, 'base64');
}
