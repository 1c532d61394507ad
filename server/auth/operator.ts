import type { FastifyInstance } from 'fastify';
import { audit } from './audit.ts';
import { addSigningKey, retireSigningKey } from './keys.ts';

/**
 * Operator actions of the sign-in area (blocking is the accounts command's: server/auth/accounts-cli.ts). Each
 * takes effect at once on every process, because every call checks its session in the database.
 */

/** What an operator action needs of the app: the command has a database and a clock, no server. */
type OperatorContext = Pick<FastifyInstance, 'db' | 'now'>;

/**
 * Blocks a profile (isPTIBBlocked) and ends, in the same transaction, every live session that owns it
 * or acts for it. Answers how many sessions ended.
 */
export async function blockProfile(app: OperatorContext, profileId: string, by = 'operator'): Promise<number> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const updated = await tx.query('UPDATE ptib_profiles SET is_blocked = true, updated_at = $2 WHERE id = $1', [
      profileId,
      now,
    ]);
    if (updated.rowCount === 0) throw new Error(`No such PTIB profile: ${profileId}`);
    const ended = await tx.query(
      `UPDATE sessions SET ended_at = $2, end_reason = 'blocked'
        WHERE ended_at IS NULL
          AND (acting_profile_id = $1 OR account_id IN (SELECT id FROM accounts WHERE profile_id = $1))`,
      [profileId, now],
    );
    await audit(tx, {
      event: 'profile_blocked',
      at: now,
      actingProfileId: profileId,
      detail: { by, via: 'command', endedSessions: ended.rowCount },
    });
    return ended.rowCount;
  });
}

/** Unblocks a profile: its users sign in again (their sessions ended when it was blocked). */
export async function unblockProfile(app: OperatorContext, profileId: string, by = 'operator'): Promise<void> {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const updated = await tx.query('UPDATE ptib_profiles SET is_blocked = false, updated_at = $2 WHERE id = $1', [
      profileId,
      now,
    ]);
    if (updated.rowCount === 0) throw new Error(`No such PTIB profile: ${profileId}`);
    await audit(tx, {
      event: 'profile_unblocked',
      at: now,
      actingProfileId: profileId,
      detail: { by, via: 'command' },
    });
  });
}

/** Adds a signing key that new tokens are signed with; tokens of older live keys stay valid. */
export async function rotateSigningKey(app: FastifyInstance): Promise<string> {
  const kid = await addSigningKey(app.db, app.now());
  app.signingKeys.invalidate();
  return kid;
}

/** Retires a signing key: tokens it signed are refused from then on. */
export async function retireKey(app: FastifyInstance, kid: string): Promise<boolean> {
  const retired = await retireSigningKey(app.db, kid, app.now());
  app.signingKeys.invalidate();
  return retired;
}
