import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  LOGIN_CHALLENGE_TTL_MS,
  LOGIN_THROTTLE,
  OTP,
  RESPONSE_CODE,
  loginNameKey,
  minutesUntil,
} from '#contract/index.ts';
import type { LoginResponse } from '#contract/schemas/index.ts';
import { AUTHORITY_OFFICER } from '#contract/officer.ts';
import { LOGIN_NAME_MATCHES } from '../db/login-name.ts';
import { ApiError } from '../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { audit } from './audit.ts';
import { consumeNonce, randomSecret, sha256 } from './nonces.ts';
import { startSession } from './sessions.ts';
import { noticeLoginLock } from './lock-notice.ts';
import {
  activeLock,
  addressKey,
  claimLockedRefusal,
  clearLoginFailures,
  lockKey,
  loginAddressKey,
  loginKey,
  recordFailedAddress,
  spendLoginTry,
} from './throttle.ts';
import { issueToken } from './tokens.ts';
import { recogniseDevice, type DeviceCookie } from '../notifications/devices.ts';

export interface LoginAttempt {
  loginName: string;
  password: string;
  model: string;
  authenticityToken: string;
  rememberMe: boolean;
  /** The browser's nonce binding (cookie). */
  binding: string | undefined;
  /** The browser's device cookie, so a sign-in from a new one is told (docs/decisions/0042). */
  device?: DeviceCookie;
  clientAddress: string;
}

interface AccountRow {
  id: number | string;
  login_name: string;
  password_hash: string;
  profile_id: string;
  otp_required: boolean;
  disabled: boolean;
  mobile_num: string | null;
}

/**
 * Unknown login names are checked against this hash, so they cost what a real check costs and an
 * attacker cannot tell them apart by time. Made once per process; it protects nothing.
 */
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomSecret()));

export const maskMobile = (mobile: string | null) => `****${(mobile ?? '').replace(/\D/g, '').slice(-4)}`;

/**
 * Answer of a sign-in: the login response, and a second-factor challenge secret for the cookie, or the
 * session the response's token is for.
 */
export interface LoginOutcome {
  response: LoginResponse;
  challenge?: string;
  sessionId?: string;
}

/** Signs in (decisions.md §4–§5): nonce, throttle, password, then a session or an OTP challenge. */
export async function signIn(app: FastifyInstance, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { db } = app;
  const now = app.now();
  const loginName = attempt.loginName.trim();
  const auditBase = { at: now, loginName, clientAddress: attempt.clientAddress };
  const fail = async (reason: string, error: ApiError, accountId?: number | string) => {
    await audit(db, { ...auditBase, event: 'sign_in', outcome: 'failure', accountId, detail: { reason } });
    return error;
  };
  const lockedOut = (until: Date) =>
    new ApiError(
      429,
      RESPONSE_CODE.TOO_MANY_REQUESTS,
      AUTH_MESSAGES.lockedOut(minutesUntil(until.getTime(), now.getTime())),
    );

  if (!(await consumeNonce(db, app.loginNonceKey, attempt.authenticityToken, attempt.binding, now))) {
    throw await fail('nonce', new ApiError(403, RESPONSE_CODE.FORBIDDEN, AUTH_MESSAGES.invalidNonce));
  }

  const address = attempt.clientAddress;
  const accountKey = loginKey(loginName);
  const keys = [accountKey, loginAddressKey(loginName, address), addressKey(address)];
  const refuseLocked = async (until: Date) => {
    // Answered at once, without a password check: the answer says locked, for unknown names as for real
    // ones, so its time tells nothing more. Only the first refusal of each lock is audited, so attempts
    // while locked cost neither argon2 nor an audit row each (docs/decisions/0028, amended).
    if (await claimLockedRefusal(db, keys, now)) return fail('locked', lockedOut(until));
    return lockedOut(until);
  };
  // An attempt while locked neither counts nor extends the lock.
  const lock = await activeLock(db, keys, now);
  if (lock) throw await refuseLocked(lock);
  // The try is spent before the password is compared, as a one-time password's is (docs/decisions/0028):
  // guesses sent at once take turns on the throttle rows, and those over the limit are never compared.
  if (!(await spendLoginTry(db, loginName, address, now))) {
    // Locked since the check above; the fallback only if that lock has already been lifted again.
    const since = await activeLock(db, keys, now);
    throw await refuseLocked(since ?? new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS));
  }

  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.login_name, a.password_hash, a.profile_id, a.otp_required, a.disabled,
            coalesce(a.mobile_num, p.mobile_num) AS mobile_num
       FROM accounts a JOIN ptib_profiles p ON p.id = a.profile_id
      WHERE ${LOGIN_NAME_MATCHES('a.login_name')}`,
    [loginNameKey(loginName)],
  );
  const account = rows[0];
  const passwordOk = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), attempt.password);
  if (!account || !passwordOk || account.disabled) {
    // The spent try already counts against this name from this address; the name locks everywhere only
    // once many addresses failed it (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md).
    if ((await recordFailedAddress(db, loginName, address, now)) >= LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES) {
      await lockKey(db, accountKey, now);
    }
    await noticeLoginLock(
      app,
      { loginName, accountId: account?.id, mobileNum: account?.mobile_num, clientAddress: address },
      now,
    );
    const nowLocked = await activeLock(db, keys, now);
    const error = nowLocked
      ? lockedOut(nowLocked)
      : new ApiError(401, RESPONSE_CODE.UNAUTHORIZED, AUTH_MESSAGES.invalidCredentials);
    throw await fail(account ? 'credentials' : 'unknown login', error, account?.id);
  }

  await clearLoginFailures(db, loginName, address);
  const accountId = Number(account.id);
  if (account.otp_required) {
    const challenge = randomSecret();
    await db.transaction(async (tx) => {
      // One pending sign-in per account: opening one ends those before it, so parallel sign-ins give
      // no parallel codes. The account row's lock makes two sign-ins at once take turns.
      await tx.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
      await tx.query('DELETE FROM login_challenges WHERE account_id = $1 AND completed_at IS NULL', [accountId]);
      await tx.query(
        `INSERT INTO login_challenges (id_hash, account_id, created_at, expires_at, remember_me, model, client_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          sha256(challenge),
          accountId,
          now,
          new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
          attempt.rememberMe,
          attempt.model,
          address,
        ],
      );
    });
    await audit(db, { ...auditBase, event: 'sign_in_otp_pending', accountId, actingProfileId: account.profile_id });
    return { response: { otpRequired: true, maskedMobile: maskMobile(account.mobile_num) }, challenge };
  }

  const { token, sessionId } = await openSession(app, {
    accountId,
    profileId: account.profile_id,
    loginName: account.login_name,
    model: attempt.model,
    rememberMe: attempt.rememberMe,
    clientAddress: attempt.clientAddress,
    device: attempt.device,
  });
  return { response: { token }, sessionId };
}

/** Starts the session (ending older ones), signs its token, and records the sign-in: the token and the session. */
export async function openSession(
  app: FastifyInstance,
  input: {
    accountId: number;
    profileId: string;
    loginName: string;
    model: string;
    rememberMe: boolean;
    clientAddress: string;
    device?: DeviceCookie | undefined;
  },
): Promise<{ token: string; sessionId: string }> {
  const now = app.now();
  const session = await startSession(app.db, input, now, { maxHours: app.config.SESSION_MAX_HOURS });
  const token = await firstToken(app, { ...session, accountId: input.accountId }, now);
  await audit(app.db, {
    event: 'sign_in',
    at: now,
    accountId: input.accountId,
    loginName: input.loginName,
    actingProfileId: input.profileId,
    clientAddress: input.clientAddress,
    detail: { model: input.model, rememberMe: input.rememberMe, endedOlderSessions: session.interrupted },
  });
  if (input.device) await recogniseDevice(app, input.accountId, input.device, now);
  return { token, sessionId: session.sessionId };
}

/**
 * A token of a session's first generation (docs/decisions/0029), good until the session's idle expiry; an
 * officer's says so, for the browser (docs/decisions/0049).
 */
async function firstToken(
  app: FastifyInstance,
  session: { sessionId: string; accountId: number; expiresAt: Date },
  issuedAt: Date,
) {
  const { rows } = await app.db.query<{ officer: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM account_authorities WHERE account_id = $1 AND authority = $2) AS officer',
    [session.accountId, AUTHORITY_OFFICER],
  );
  return issueToken(
    app.signingKeys,
    {
      sessionId: session.sessionId,
      accountId: String(session.accountId),
      generation: 0,
      officer: rows[0]?.officer === true,
    },
    issuedAt,
    session.expiresAt,
    app.verifiedTokens,
  );
}

/**
 * For the OTP calls: the pending sign-in a challenge cookie names, when it is still open. Completing it
 * (after the one-time password is verified) is completeLoginChallenge.
 */
export async function findLoginChallenge(app: FastifyInstance, challenge: string | undefined) {
  if (!challenge) return null;
  const { rows } = await app.db.query<{
    account_id: number | string;
    remember_me: boolean;
    model: string | null;
    profile_id: string;
    login_name: string;
    mobile_num: string | null;
  }>(
    `SELECT c.account_id, c.remember_me, c.model, a.profile_id, a.login_name,
            coalesce(a.mobile_num, p.mobile_num) AS mobile_num
       FROM login_challenges c JOIN accounts a ON a.id = c.account_id JOIN ptib_profiles p ON p.id = a.profile_id
      WHERE c.id_hash = $1 AND c.completed_at IS NULL AND c.expires_at > $2 AND NOT a.disabled`,
    [sha256(challenge), app.now()],
  );
  const row = rows[0];
  return row
    ? {
        accountId: Number(row.account_id),
        loginName: row.login_name,
        profileId: row.profile_id,
        rememberMe: row.remember_me,
        model: row.model ?? '',
        mobileNum: row.mobile_num,
      }
    : null;
}

/** Closes a pending sign-in once (its second factor passed) and opens its session: the token, or null. */
export async function completeLoginChallenge(
  app: FastifyInstance,
  challenge: string,
  clientAddress: string,
  device?: DeviceCookie,
): Promise<string | null> {
  const pending = await findLoginChallenge(app, challenge);
  if (!pending) return null;
  const { rowCount } = await app.db.query(
    'UPDATE login_challenges SET completed_at = $2 WHERE id_hash = $1 AND completed_at IS NULL',
    [sha256(challenge), app.now()],
  );
  if (rowCount !== 1) return null;
  const { token, sessionId } = await openSession(app, { ...pending, clientAddress, device });
  // Named, so a check whose answer was lost may be answered this session again (completedSignInAgain).
  await app.db.query('UPDATE login_challenges SET session_id = $2 WHERE id_hash = $1', [sha256(challenge), sessionId]);
  return token;
}

/**
 * A sign-in the challenge completed less than OTP.ANSWER_AGAIN_MS ago, answered again for a check whose
 * answer was lost (docs/decisions/0011, amended): a token of the session it opened, while that session is
 * live and no call has used its first token (as 0060 gives a lost refresh answer again: once the holder has
 * the token and uses it, a repeat comes from someone else). `sameCode` says whether the repeat's code is
 * the one that completed it. Null when it may not be answered again.
 */
export async function completedSignInAgain(
  app: FastifyInstance,
  challenge: string,
  sameCode: (challengeHash: string) => Promise<boolean>,
): Promise<{ token: string; accountId: number; loginName: string } | null> {
  const now = app.now();
  const challengeHash = sha256(challenge);
  const { rows } = await app.db.query<{
    session_id: string;
    account_id: number | string;
    login_name: string;
    expires_at: Date;
  }>(
    `SELECT s.id AS session_id, s.account_id, a.login_name, s.expires_at
       FROM login_challenges c JOIN sessions s ON s.id = c.session_id JOIN accounts a ON a.id = s.account_id
      WHERE c.id_hash = $1 AND c.completed_at > $2 AND NOT a.disabled
        AND s.ended_at IS NULL AND s.expires_at > $3 AND s.absolute_expires_at > $3
        AND s.token_generation = 0 AND NOT s.token_used`,
    [challengeHash, new Date(now.getTime() - OTP.ANSWER_AGAIN_MS), now],
  );
  const row = rows[0];
  if (!row || !(await sameCode(challengeHash))) return null;
  const session = { sessionId: row.session_id, accountId: Number(row.account_id), expiresAt: new Date(row.expires_at) };
  return { token: await firstToken(app, session, now), accountId: session.accountId, loginName: row.login_name };
}
