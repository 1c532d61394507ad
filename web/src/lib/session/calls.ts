import { read, readRefresh, readUserIdentity } from '#contract/answers.ts';
import { API_PATHS, FORBIDDEN_CODE, RESPONSE_CODE } from '#contract/index.ts';
import { api } from '../http/index.ts';
import type { RefreshOutcome, SessionCalls } from './engine.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import type { ProfileAnswer } from './identity.ts';
import { getToken } from './storage.ts';

/**
 * The session's calls: refreshJWT, LogoutFromApp and retrieveProfile, through the one HTTP layer.
 * Answers are checked with the contract's readers, which accept what its zod schemas accept, without
 * loading zod (docs/decisions/0052).
 */

export const sessionCalls: SessionCalls = {
  async refresh(): Promise<RefreshOutcome> {
    // A background call: its failures are the engine's to handle, not a toast's.
    const result = await api.post<unknown>(API_PATHS.refresh, undefined, { background: true });
    if (result.ok) {
      const parsed = read(readRefresh, result.responseJSON);
      return parsed ? { kind: 'ok', ...parsed } : { kind: 'refused' };
    }
    switch (result.kind) {
      // No answer, or a failing server: not a refusal of the token, so the next check tries again.
      case 'network':
      case 'timeout':
      case 'aborted':
      case 'server':
        return { kind: 'unreachable' };
      case 'refused':
        // The session acts for a profile whose grant was withdrawn (docs/decisions/0029): the session is
        // good, the proxy feature is switching back, and the next check refreshes as the user themself.
        if (result.header.responseCode === RESPONSE_CODE.PROXY_WITHDRAWN) return { kind: 'unreachable' };
        if (result.header.responseCode === RESPONSE_CODE.PROFILE_BLOCKED) return { kind: 'blocked' };
        return { kind: 'refused' };
      default:
        return { kind: 'refused' };
    }
  },

  async logout(token: string): Promise<void> {
    // The stored token is already cleared: this call names the session it ends itself.
    await api.post(API_PATHS.logout, undefined, { headers: { Authorization: `Bearer ${token}` }, background: true });
  },
};

/**
 * Whether the token is an officer's: the server says so in its claims (docs/decisions/0049). Not checked
 * here (the server checks every call): a token that cannot be read is taken for a PTIB user's.
 */
export function isOfficerToken(token: string | null): boolean {
  const claims = token?.split('.')[1];
  if (!claims) return false;
  try {
    const payload: unknown = JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload === 'object' && payload !== null && (payload as { officer?: unknown }).officer === true;
  } catch {
    return false;
  }
}

/**
 * POST retrieveProfile: the identity, a blocked profile (header 4100), none, or no answer at all. An officer's
 * token is answered as the server would answer it, kept out (PTACC-951), without the call: every officer's
 * sign-in and start asked it only to be refused.
 */
export async function fetchProfile(): Promise<ProfileAnswer> {
  if (isOfficerToken(getToken())) return { kind: 'denied' };
  const result = await api.post<unknown>(API_PATHS.retrieveProfile, undefined, { block: true });
  if (result.ok) {
    return profileAnswerOf(RESPONSE_CODE.OK, read(readUserIdentity, result.responseJSON));
  }
  switch (result.kind) {
    case 'refused': {
      const answer = profileAnswerOf(result.header.responseCode, null);
      // Any other refusal says nothing of the session either (only 403, 4200 and 401 end it): the profile
      // could not be had, and the navigation shows that with a retry rather than a sign-in again
      // (docs/decisions/0032).
      return answer.kind === 'none' ? { kind: 'unreachable' } : answer;
    }
    case 'session':
      return { kind: 'none' };
    default:
      // The server did not say the session is over: what it said last still stands.
      return { kind: 'unreachable' };
  }
}

/**
 * Reads the profile call's header: 4100 is a blocked profile, PTACC-951 an account kept out, 4110 a proxy
 * grant withdrawn, whatever the body.
 */
export function profileAnswerOf(responseCode: string, identity: UserIdentity | null): ProfileAnswer {
  if (responseCode === RESPONSE_CODE.PROFILE_BLOCKED) return { kind: 'blocked' };
  if (responseCode === RESPONSE_CODE.PROXY_WITHDRAWN) return { kind: 'withdrawn' };
  if (responseCode === FORBIDDEN_CODE.MISSING_AUTHORITY) return { kind: 'denied' };
  if (responseCode === RESPONSE_CODE.OK && identity) return { kind: 'ok', identity };
  return { kind: 'none' };
}
