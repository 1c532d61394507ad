import { randomUUID } from 'node:crypto';
import { SESSION } from '#contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AUDIT_COLUMNS } from './audit.ts';

/** Why a session ended (sessions.end_reason). */
export type EndReason = 'logout' | 'interrupted' | 'blocked' | 'expired' | 'token_reused';

export interface SessionLimits {
  /** Absolute limit after sign-in, however often refreshed (SESSION_MAX_HOURS). */
  maxHours: number;
}

/** Token times are whole seconds, so the session row and the token's exp say the same instant. */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** The idle expiry after a sign-in or refresh at `now`, never past the absolute limit. */
export function idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
  return wholeSeconds(Math.min(now.getTime() + SESSION.FALLBACK_EXPIRY_MS, absoluteExpiresAt.getTime()));
}

export interface NewSession {
  accountId: number;
  profileId: string;
  model: string;
  clientAddress: string;
  rememberMe: boolean;
}

/**
 * Starts a session and ends every older live session of the same account ('interrupted': their next
 * call answers 4200). The account row is locked so two sign-ins at once leave exactly one live session.
 */
export async function startSession(
  db: Database,
  input: NewSession,
  now: Date,
  limits: SessionLimits,
): Promise<{ sessionId: string; expiresAt: Date; interrupted: number }> {
  const sessionId = randomUUID();
  const absoluteExpiresAt = wholeSeconds(now.getTime() + limits.maxHours * 3_600_000);
  const expiresAt = idleExpiry(now, absoluteExpiresAt);
  const interrupted = await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [input.accountId]);
    const ended = await tx.query(
      `UPDATE sessions SET ended_at = $2, end_reason = 'interrupted' WHERE account_id = $1 AND ended_at IS NULL`,
      [input.accountId, now],
    );
    await tx.query(
      `INSERT INTO sessions (id, account_id, acting_profile_id, created_at, last_refresh_at, expires_at,
                             absolute_expires_at, model, client_address, remember_me)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9)`,
      [
        sessionId,
        input.accountId,
        input.profileId,
        now,
        expiresAt,
        absoluteExpiresAt,
        input.model,
        input.clientAddress,
        input.rememberMe,
      ],
    );
    return ended.rowCount;
  });
  return { sessionId, expiresAt, interrupted };
}

export interface SessionRecord {
  sessionId: string;
  accountId: number;
  loginName: string;
  ownProfileId: string;
  actingProfileId: string;
  /** The acting profile, or the signed-in user's own (a blocked master acts for no one), is blocked. */
  actingProfileBlocked: boolean;
  /**
   * The session acts for another profile, and the master's grant over it is gone: deleted, masterBlock
   * set, or the own profile no longer a master (docs/decisions/0029).
   */
  proxyWithdrawn: boolean;
  accountDisabled: boolean;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  endedAt: Date | null;
  endReason: string | null;
  /** The generation of the current token (docs/decisions/0029); the one before is good until the grace ends. */
  tokenGeneration: number;
  /** When the current generation was issued by a refresh; null before the first refresh. */
  tokenRotatedAt: Date | null;
  /** Whether a call has used the current generation's token yet (docs/decisions/0060). */
  tokenUsed: boolean;
  authorities: string[];
  authorizations: string[];
}

interface SessionRow {
  id: string;
  account_id: number | string;
  login_name: string;
  profile_id: string;
  acting_profile_id: string;
  acting_blocked: boolean;
  proxy_withdrawn: boolean;
  disabled: boolean;
  expires_at: Date;
  absolute_expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  token_generation: number;
  token_rotated_at: Date | null;
  token_used: boolean;
  authorities: string[];
  authorizations: string[];
}

/**
 * A proxy grant a master may act on now, with g the grant and m the master's profile: not blocked, and the
 * master still a master (docs/decisions/0029). The session check reads it, and so do the unread counts of the
 * profiles one may act for, which must name no profile the session check would refuse (docs/decisions/0101).
 */
export const GRANT_IN_FORCE = 'NOT g.master_block AND m.proxy_ind';

/** What every signed-in call checks, read afresh each time (docs/decisions/0048). */
export const LOAD_SESSION_SQL = `SELECT s.id, s.account_id, a.login_name, a.profile_id, s.acting_profile_id,
            -- The user's own profile is read again only when acting for another: otherwise it is p.
            (p.is_blocked OR (s.acting_profile_id <> a.profile_id AND EXISTS (
               SELECT 1 FROM ptib_profiles o WHERE o.id = a.profile_id AND o.is_blocked))) AS acting_blocked,
            (s.acting_profile_id <> a.profile_id AND NOT EXISTS (
               SELECT 1 FROM proxy_grants g JOIN ptib_profiles m ON m.id = g.master_profile_id
                WHERE g.master_profile_id = a.profile_id AND g.proxy_profile_id = s.acting_profile_id
                  AND ${GRANT_IN_FORCE})) AS proxy_withdrawn,
            a.disabled, s.expires_at, s.absolute_expires_at, s.ended_at, s.end_reason,
            s.token_generation, s.token_rotated_at, s.token_used,
            ARRAY(SELECT authority FROM account_authorities WHERE account_id = a.id ORDER BY authority) AS authorities,
            ARRAY(SELECT authorization_code FROM account_authorizations WHERE account_id = a.id ORDER BY authorization_code) AS authorizations
       FROM sessions s
       JOIN accounts a ON a.id = s.account_id
       JOIN ptib_profiles p ON p.id = s.acting_profile_id
      WHERE s.id = $1`;

/** The session with its account, acting profile and grants, or null when there is no such session. */
export async function loadSession(db: Queryable, sessionId: string): Promise<SessionRecord | null> {
  const { rows } = await db.query<SessionRow>(LOAD_SESSION_SQL, [sessionId]);
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: r.id,
    accountId: Number(r.account_id),
    loginName: r.login_name,
    ownProfileId: r.profile_id,
    actingProfileId: r.acting_profile_id,
    actingProfileBlocked: r.acting_blocked,
    proxyWithdrawn: r.proxy_withdrawn,
    accountDisabled: r.disabled,
    expiresAt: new Date(r.expires_at),
    absoluteExpiresAt: new Date(r.absolute_expires_at),
    endedAt: r.ended_at ? new Date(r.ended_at) : null,
    endReason: r.end_reason,
    tokenGeneration: Number(r.token_generation),
    tokenRotatedAt: r.token_rotated_at ? new Date(r.token_rotated_at) : null,
    tokenUsed: r.token_used,
    authorities: r.authorities,
    authorizations: r.authorizations,
  };
}

/** Ends a live session; answers whether it was live. Idempotent. */
export async function endSession(db: Queryable, sessionId: string, reason: EndReason, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL',
    [sessionId, now, reason],
  );
  return rowCount > 0;
}

/** Who refreshed, for the audit row a refresh writes. */
export interface RefreshedBy {
  loginName: string;
  clientAddress: string | null;
}

/** A refresh's answer: the session's new idle expiry and the generation of the token to issue. */
export interface Refreshed {
  expiresAt: Date;
  generation: number;
}

// Both take $1 the session, $2 now, $3 and $4 who refreshed (the audit row), $5 the token's generation.
// absolute_expires_at is whole seconds, so LEAST of it and the whole-second idle expiry ($6) is idleExpiry().
const REFRESH_ONE = `WITH refreshed AS (
     UPDATE sessions SET last_refresh_at = $2, expires_at = LEAST($6::timestamptz, absolute_expires_at),
                         token_generation = token_generation + 1, token_rotated_at = $2, token_used = false
      WHERE id = $1 AND ended_at IS NULL AND expires_at > $2 AND absolute_expires_at > $2
        AND token_generation = $5
      RETURNING account_id, acting_profile_id, expires_at, token_generation
   ), audited AS (
     INSERT INTO audit_events (${AUDIT_COLUMNS})
     SELECT $2, 'refresh', 'success', account_id, $3, acting_profile_id, $4, '{}'::jsonb FROM refreshed
   )
   SELECT expires_at, token_generation FROM refreshed`;

// The lost answer given again: the session as that refresh left it, if rotated after $6 (the grace's start).
const REPLAY_ONE = `WITH replayed AS (
     SELECT account_id, acting_profile_id, expires_at, token_generation FROM sessions
      WHERE id = $1 AND ended_at IS NULL AND expires_at > $2 AND absolute_expires_at > $2
        AND token_generation = $5 + 1 AND NOT token_used AND token_rotated_at > $6
   ), audited AS (
     INSERT INTO audit_events (${AUDIT_COLUMNS})
     SELECT $2, 'refresh', 'success', account_id, $3, acting_profile_id, $4, '{"replayed": true}'::jsonb FROM replayed
   )
   SELECT expires_at, token_generation FROM replayed`;

const refreshIdleExpiry = (now: Date) => wholeSeconds(now.getTime() + SESSION.FALLBACK_EXPIRY_MS);

interface RefreshedRow {
  expires_at: Date;
  token_generation: number;
}

/**
 * Moves a live session's idle expiry forward (never past its absolute limit), rotates its token generation
 * (docs/decisions/0029) and records the refresh in the audit trail, in one statement: the liveness
 * conditions are the UPDATE's own, so a session ended by another process a moment ago is not refreshed,
 * whatever the caller's copy of it said. Only a token of the current generation rotates.
 *
 * A token the last refresh replaced may have lost that refresh's answer on its way (docs/decisions/0060):
 * it is answered the current generation and expiry again, without rotating, while that generation's token
 * has not been used in any call and the rotation's grace lasts (a second statement, only then).
 *
 * Answers the expiry and generation to issue, or null when the session is no longer live at `now` or the
 * token may not refresh (then an older token is refreshing a second time, and the caller ends the session).
 */
export async function refreshSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  generation: number,
  by: RefreshedBy,
): Promise<Refreshed | null> {
  const params = [sessionId, now, by.loginName, by.clientAddress, generation];
  const row =
    (await db.query<RefreshedRow>(REFRESH_ONE, [...params, refreshIdleExpiry(now)])).rows[0] ??
    (await db.query<RefreshedRow>(REPLAY_ONE, [...params, new Date(now.getTime() - SESSION.ROTATION_GRACE_MS)]))
      .rows[0];
  return row ? { expiresAt: new Date(row.expires_at), generation: Number(row.token_generation) } : null;
}

/** Records that a call used the session's current token (once a generation, docs/decisions/0060). */
export async function markTokenUsed(db: Queryable, sessionId: string, generation: number): Promise<void> {
  await db.query('UPDATE sessions SET token_used = true WHERE id = $1 AND token_generation = $2 AND NOT token_used', [
    sessionId,
    generation,
  ]);
}

/**
 * Ends a live session because a token older than its current generation was used past the grace, or for a
 * second refresh (docs/decisions/0029): whoever holds that token is not the session's holder, or both are.
 * Answers whether it ended the session (false when it had ended already, or the generation is current).
 */
export async function endSessionForRetiredToken(
  db: Queryable,
  sessionId: string,
  generation: number,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET ended_at = $3, end_reason = 'token_reused'
      WHERE id = $1 AND ended_at IS NULL AND token_generation > $2`,
    [sessionId, generation, now],
  );
  return rowCount > 0;
}

/** Sets the profile a live session acts as (proxy mode); it holds on every process and across reloads. */
export async function setActingProfile(db: Queryable, sessionId: string, profileId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE sessions SET acting_profile_id = $2 WHERE id = $1 AND ended_at IS NULL', [
    sessionId,
    profileId,
  ]);
  return rowCount > 0;
}
