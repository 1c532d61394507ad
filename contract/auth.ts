import { NOT_YOU_CALL_HELPDESK } from './home.ts';
import { withPhone } from './messages.ts';

/**
 * Sign-in and session rules of our own (beyond the specification): messages the server answers in
 * responseDesc and the app may show, and throttling limits. The XSRF cookie/header pair lives in
 * calls.ts: the first load sends calls, and a module it needs brings every export used anywhere into it
 * (docs/decisions/0038-first-load-back-under-budget.md).
 */

/** How long a login nonce (authenticityToken) may wait for its sign-in. */
export const LOGIN_NONCE_TTL_MS = 10 * 60_000;

/**
 * How long a sign-in may wait for its one-time password: longer than one code lives (OTP.CODE_TTL_MS),
 * so a user whose code expired can still ask for a new one without typing the password again.
 */
export const LOGIN_CHALLENGE_TTL_MS = 15 * 60_000;

/**
 * Failed sign-ins (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md), counted within
 * WINDOW_MS and locking for LOCK_MS:
 * - per login name and client address: LOGIN_ADDRESS_MAX_FAILURES lock that name from that address only,
 *   so someone who knows a login name cannot lock its owner out from everywhere else;
 * - per login name everywhere, once failures came from LOGIN_LOCK_ADDRESSES distinct addresses (the
 *   evidence of a spread-out guess), and after OTP.MAX_TRIES wrong one-time passwords; the account holder
 *   is told by SMS once per such lock;
 * - per client address across login names: ADDRESS_MAX_FAILURES.
 * Login names count case-insensitively, known or not. Attempts while locked neither count nor extend the
 * lock; a success clears its own login name and address count (not the address's own, nor wrong codes).
 */
export const LOGIN_THROTTLE = {
  LOGIN_ADDRESS_MAX_FAILURES: 5,
  LOGIN_LOCK_ADDRESSES: 5,
  ADDRESS_MAX_FAILURES: 20,
  WINDOW_MS: 15 * 60_000,
  LOCK_MS: 15 * 60_000,
} as const;

/**
 * What a login name may hold: printable ASCII only (docs/decisions/0028). Other characters are refused
 * with a 400, so the one case fold below (A-Z to a-z) is the whole of "case-insensitive" everywhere: the
 * throttle keys, and the database's lower() under the C collation, whatever its locale. Unicode folds
 * disagree between JavaScript and a database locale (`İ` lower-cases to `i̇` in one and `i` in the other).
 */
export const LOGIN_NAME_PATTERN = /^[\x20-\x7e]+$/;

/** The longest login name and password the sign-in call takes: longer ones are refused with a 400. */
export const LOGIN_LIMITS = {
  LOGIN_NAME_MAX_LENGTH: 100,
  PASSWORD_MAX_LENGTH: 200,
} as const;

/**
 * A password an operator sets (OWASP ASVS 2.1.1, 2.1.2; SECURITY.md): at least 12 characters, counted as
 * characters, not bytes, and at most what the sign-in call takes. Any character may be in it, spaces too;
 * it is never trimmed. There is no rule of character classes (ASVS 2.1.9).
 */
export const PASSWORD_RULES = { MIN_LENGTH: 12, MAX_LENGTH: LOGIN_LIMITS.PASSWORD_MAX_LENGTH } as const;

/** What is wrong with a password an operator sets, or null when it keeps PASSWORD_RULES. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_RULES.MIN_LENGTH)
    return `the password must be at least ${PASSWORD_RULES.MIN_LENGTH} characters`;
  if (password.length > PASSWORD_RULES.MAX_LENGTH)
    return `the password must be at most ${PASSWORD_RULES.MAX_LENGTH} characters`;
  return null;
}

/** The one normal form of a login name, for every comparison: trimmed, A-Z folded to a-z. */
export const loginNameKey = (loginName: string): string => loginName.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());

export const AUTH_MESSAGES = {
  /** One message for unknown login, wrong password and disabled account: no account enumeration. */
  invalidCredentials: 'Invalid login name or password.',
  lockedOut: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  invalidNonce: 'The sign-in form has expired or was already used (invalid authenticityToken). Please try again.',
  invalidXsrf: 'Missing or invalid XSRF token',
  sessionInterrupted: 'Your session has ended because you signed in again on another device or browser.',
  profileBlocked: 'Your PTIB profile is blocked. Please contact the administrator.',
  missingAuthorization: (code: string) =>
    `You are not authorized to use this function: authorization ${code} is required.`,
  missingAuthority: (code: string) => `You are not allowed to use this function: the ${code} role is required.`,
  proxyNotMaster: 'Only a master PTIB user may act for another PTIB profile.',
  proxyNotGranted: (profileId: string) =>
    `You may not act for PTIB profile ${profileId}: it is not in your master PTIB list.`,
  proxyBlocked: (profileId: string) => `Your access to act for PTIB profile ${profileId} has been blocked.`,
  /** The profile itself is blocked (isPTIBBlocked), whatever the master's grant says. */
  proxyProfileBlocked: (profileId: string) =>
    `PTIB profile ${profileId} is blocked, so nobody may act for it. Please contact the administrator.`,
  proxyWithdrawn: (profileId: string) =>
    `Your authority to act for PTIB profile ${profileId} has been withdrawn. Switch back to your own profile to continue.`,
  /** What the web app says once it has switched the user back to themself after proxyWithdrawn. */
  proxyWithdrawnReturned: (profileName: string, profileId: string) =>
    `Your authority to act for ${profileName ? `${profileName} (PTIB profile ${profileId})` : `PTIB profile ${profileId}`} has been withdrawn. You are acting as yourself again.`,
  signedOut: 'You have been signed out.',
  loginNameCharacters: 'loginName may only hold unaccented letters, digits, spaces and ASCII punctuation',
  /**
   * The SMS to the account holder when sign-in to the account is locked everywhere; `when` it was locked
   * ('on 5 Mar 2026 at 14:07'), or '' for a notice written before that was kept (docs/decisions/0042).
   */
  lockedSms: (minutes: number, phone: string, when = '') =>
    `PTIB e-Services: after repeated failed sign-in attempts, sign-in to your account ${when ? `was locked ${when}` : 'is locked'} for ${minutes} minutes. ${withPhone(NOT_YOU_CALL_HELPDESK, phone)}`,
} as const;

/**
 * What the web app's sign-in call says when the server's answer has no words of its own (our wording).
 * Here, with the call, not with the login form's messages in session.ts: the first load needs those.
 */
export const SIGN_IN_MESSAGES = {
  /** The sign-in call failed without the server's own words; {status} is the HTTP status. */
  failedWithStatus: 'Sign-in failed ({status}).',
  /** The sign-in answer held neither a token nor a one-time password step. */
  refused: 'Sign-in failed.',
  /** The login nonce could not be read. */
  unavailable: 'Sign-in is not available right now.',
} as const;

/** After the user's own profile in the list of profiles to act for (spec §4). */
export const MYSELF_SUFFIX = ' (Myself)';

/** The profile screen's words. */
export const PROFILE_MESSAGES = {
  /** In proxy mode, in place of the master flag (which is the signed-in user's own, not the profile's). */
  actingAsMaster: 'Yes: you act for this profile as its master PTIB user.',
} as const;
