import type { FastifyInstance } from 'fastify';
import { audit } from './audit.ts';
import { addSigningKey, retireSigningKey } from './keys.ts';

/**
 * Operator actions of the sign-in area (for tests now; a CLI can call them later). Each takes effect at
 * once on every process, because every call checks its session in the database.
 */

/**
 * Blocks a profile (isPTIBBlocked) and ends, in the same transaction, every live session that owns it
 * or acts for it. Answers how many sessions ended.
 */
export async function blockProfile(app: FastifyInstance, profileId: string, by = 'operator'): Promise<number> {
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
      detail: { by, endedSessions: ended.rowCount },
    });
    return ended.rowCount;
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
