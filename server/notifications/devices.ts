import type { FastifyInstance } from 'fastify';
import { randomSecret, sha256 } from '../auth/nonces.ts';
import { notify } from './notify.ts';

/** httpOnly cookie naming this browser to the accounts that signed in from it (docs/decisions/0042). */
export const DEVICE_COOKIE = 'PTIB_DEVICE';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Browsers cap a cookie's life at 400 days; a browser unused that long counts as new again. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** How a sign-in reads and sets the browser's device cookie (the routes give their request and reply). */
export interface DeviceCookie {
  value: string | undefined;
  set(value: string): void;
}

export function deviceCookieOf(
  request: { cookies: Record<string, string | undefined> },
  reply: { setCookie(name: string, value: string, options: Record<string, unknown>): unknown },
): DeviceCookie {
  return {
    value: request.cookies[DEVICE_COOKIE],
    set: (value) =>
      reply.setCookie(DEVICE_COOKIE, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      }),
  };
}

/**
 * Records the browser a session starts in for the account, and tells the account holder when it is one
 * the account has not used before. The first browser an account is ever seen in is not news (every
 * account would be told at once after this was deployed); any later new one is. Only the cookie's SHA-256
 * is stored: the table cannot be used to pose as a known browser.
 */
export async function recogniseDevice(
  app: FastifyInstance,
  accountId: number,
  device: DeviceCookie,
  now: Date,
): Promise<void> {
  const value = device.value && DEVICE_PATTERN.test(device.value) ? device.value : randomSecret();
  const notified = await app.db.transaction(async (tx) => {
    const known = await tx.query(
      'UPDATE known_devices SET last_seen_at = $3 WHERE account_id = $1 AND device_hash = $2',
      [accountId, sha256(value), now],
    );
    if (known.rowCount === 1) return false;
    // The account row's lock: two first sign-ins at once agree which of them was the first browser.
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM known_devices WHERE account_id = $1',
      [accountId],
    );
    await tx.query(
      `INSERT INTO known_devices (account_id, device_hash, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (account_id, device_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
      [accountId, sha256(value), now],
    );
    if (rows[0]!.n === 0) return false;
    // The sign-in's time in the facts: a notice retried for hours still says when it was (docs/decisions/0042).
    await notify(tx, {
      kind: 'newDevice',
      accountId,
      at: now,
      facts: { phone: app.config.CONTACT_PHONE, at: now.toISOString() },
    });
    return true;
  });
  // Set every time, so the cookie's 400 days count from the last sign-in.
  device.set(value);
  if (notified) app.outbox.nudge();
}
