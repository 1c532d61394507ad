import { read, readLoginAnswer, readLoginNonce } from '#contract/answers.ts';
import {
  API_PATHS,
  AUTH_MESSAGES,
  LOGIN_LIMITS,
  LOGIN_NAME_PATTERN,
  LOGIN_NONCE_TTL_MS,
  SIGN_IN_MESSAGES,
} from '#contract/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { api, type ApiFailure, type ApiResult } from '../../lib/http/index.ts';
import { stepFailure } from '../../lib/http/step-failure.ts';
import { clearSession } from '../../lib/session/storage.ts';

/** Sign-in calls: the one-time login nonce, then authenticate (spec §7). Loaded once the login form is used (app/signInSteps.ts). */
export type LoginOutcome =
  /** The new session's token, and its identity when the login answer held it (docs/decisions/0058). */
  | { kind: 'token'; token: string; identity?: UserIdentity }
  /** The account also needs an SMS one-time password. */
  | { kind: 'otp'; maskedMobile: string }
  /** Wrong credentials, lockout, an expired form: the server's own words. */
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

export interface LoginInput {
  loginName: string;
  password: string;
  rememberMe: boolean;
  /** The device description for the audit trail. */
  model: string;
}

const failedWith = (status: number) => SIGN_IN_MESSAGES.failedWithStatus.replace('{status}', String(status));

function failed(result: ApiFailure): LoginOutcome {
  const failure = stepFailure(result, failedWith);
  return failure.kind === 'refused' ? { kind: 'refused', message: failure.message } : failure;
}

/** A nonce asked for ahead of Log in, with when; each is used once. */
let early: { at: number; nonce: Promise<ApiResult<unknown>> } | null = null;

/**
 * What sign-in needs from nobody but the server, started while the user types (docs/decisions/0051): the
 * login nonce, the encrypted-call code and the server's public key. Log in then runs only authenticate
 * and the profile. Failures here are nobody's to see: signIn asks again.
 */
export function prepareSignIn(): void {
  void import('../../lib/http/payload.ts').then(({ preparePublicKey }) => preparePublicKey()).catch(() => undefined);
  early ??= { at: Date.now(), nonce: api.get<unknown>(API_PATHS.loginNonce, { quiet: true, background: true }) };
}

/** The nonce asked for early if it is still young and was answered, else a new one. */
async function takeNonce(): Promise<ApiResult<unknown>> {
  const mine = early;
  early = null;
  // Half its life at most: an old form's nonce would be refused as expired.
  if (mine && Date.now() - mine.at < LOGIN_NONCE_TTL_MS / 2) {
    const answer = await mine.nonce;
    if (answer.ok) return answer;
  }
  return api.get<unknown>(API_PATHS.loginNonce, { quiet: true });
}

/**
 * A login name or password the sign-in call would refuse with a 400, whose words are an API's ("Invalid
 * request body field 'loginName': …"): no account has it, so the user is told what any wrong one gets.
 */
function impossible({ loginName, password }: LoginInput): boolean {
  return (
    loginName.length > LOGIN_LIMITS.LOGIN_NAME_MAX_LENGTH ||
    !LOGIN_NAME_PATTERN.test(loginName) ||
    password.length > LOGIN_LIMITS.PASSWORD_MAX_LENGTH
  );
}

export async function signIn(input: LoginInput): Promise<LoginOutcome> {
  if (impossible(input)) {
    // As a refused sign-in (spec §8): nothing of an earlier session survives it.
    clearSession();
    return { kind: 'refused', message: AUTH_MESSAGES.invalidCredentials };
  }
  // The form shows every failure itself: no toasts.
  const nonce = await takeNonce();
  if (!nonce.ok) return failed(nonce);
  // The answers are read without zod, which the sign-in journey does not load (docs/decisions/0052).
  const parsedNonce = read(readLoginNonce, nonce.responseJSON);
  if (!parsedNonce) return { kind: 'refused', message: SIGN_IN_MESSAGES.unavailable };

  const result = await api.post<unknown>(
    API_PATHS.authenticate,
    { ...input, authenticityToken: parsedNonce.authenticityToken },
    { quiet: true, block: true },
  );
  if (result.ok) {
    // The login answer is a text body holding JSON (spec §7), which the HTTP layer reads whole.
    const parsed = read(readLoginAnswer, result.responseJSON);
    if (parsed?.token) return { kind: 'token', token: parsed.token, identity: parsed.identity };
    if (parsed?.otpRequired) return { kind: 'otp', maskedMobile: parsed.maskedMobile ?? '' };
  }
  // A failed login logs out (spec §8): nothing of an earlier session may survive it.
  clearSession();
  return result.ok ? { kind: 'refused', message: SIGN_IN_MESSAGES.refused } : failed(result);
}
