import {
  AUTHORITY_PTIB,
  AUTHORIZATION_SEMS01,
  FORBIDDEN_CODE,
  HOME_STEP,
  LOGIN_REQUIRED_QUERY,
  ROUTES,
} from '../../../contract/index.ts';
import { buildHref } from '../lib/router/location.ts';
import { ALLOW, toHash, type Guard, type GuardContext, type GuardResult } from '../lib/router/router.ts';
import { identity, session } from '../lib/session/index.ts';
import { getToken, setReturnTo, takeReturnTo } from '../lib/session/storage.ts';
import { signInTarget } from '../lib/session/target.ts';

/**
 * Route guards (spec §6), run by the router in order before a screen loads:
 * no token → home and the login dialog; profile header 4100 → access denied PTACC-948; a missing
 * authority or authorization → access denied PTACC-951; no identity → home and the login dialog.
 */

export const LOGIN_REQUIRED_HREF = buildHref(ROUTES.home, { [LOGIN_REQUIRED_QUERY.name]: LOGIN_REQUIRED_QUERY.value });
const DASHBOARD_HREF = toHash(ROUTES.dashboard);

export const accessDeniedHref = (code: string) => buildHref(ROUTES.accessDenied, { errorCode: code });

function toLogin(target: string): GuardResult {
  setReturnTo(target);
  return { redirect: LOGIN_REQUIRED_HREF };
}

/** A token is stored (a new tab may first get it from a live tab). */
export const requireToken: Guard = async ({ target }) => {
  await session.whenReady();
  return getToken() ? ALLOW : toLogin(target);
};

/** The profile is not blocked (retrieveProfile header 4100). Fetches the identity, once per session. */
export const requireUnblockedProfile: Guard = async () => {
  const answer = await identity.load();
  return answer.kind === 'blocked' ? { redirect: accessDeniedHref(FORBIDDEN_CODE.PROFILE_BLOCKED) } : ALLOW;
};

/** The identity's roles include this authority. Without an identity, requireIdentity decides. */
export function requireAuthority(authority: string): Guard {
  return () => {
    const user = identity.current();
    if (user && !user.roles.includes(authority))
      return { redirect: accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY) };
    return ALLOW;
  };
}

/** The identity's authorizations include this one. */
export function requireAuthorization(authorization: string): Guard {
  return () => {
    const user = identity.current();
    if (user && !user.authorizations.includes(authorization))
      return { redirect: accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY) };
    return ALLOW;
  };
}

/** There is an identity; without one the user signs in again. */
export const requireIdentity: Guard = ({ target }) => {
  if (identity.current()) return ALLOW;
  // The profile call itself may have ended the session (403, 4200, 401): the engine has already gone
  // to the logged-out step, which stays.
  if (!getToken()) return { redirect: window.location.hash || LOGIN_REQUIRED_HREF };
  return toLogin(target);
};

/** Guards of the dashboard, profile, esvc and generic screens. */
export const SIGNED_IN_WITH_SEMS01: readonly Guard[] = [
  requireToken,
  requireUnblockedProfile,
  requireAuthority(AUTHORITY_PTIB),
  requireAuthorization(AUTHORIZATION_SEMS01),
  requireIdentity,
];

/** The login screen is for signed-out users: a signed-in one goes on to the dashboard. */
export const redirectSignedIn: Guard = async () => {
  await session.whenReady();
  return getToken() ? { redirect: DASHBOARD_HREF } : ALLOW;
};

const LOGOUT_HREF = buildHref(ROUTES.home, { step: HOME_STEP.logout });

/** Loaded with access-initial, not with the first load of every screen (scripts/size-budget.ts). */
const handover = () => import('../features/auth/handover.ts');

/** Runs guards in order, as the router does: the first redirect wins. */
async function runGuards(guards: readonly Guard[], ctx: GuardContext): Promise<GuardResult> {
  for (const guard of guards) {
    const result = await guard(ctx);
    if ('redirect' in result) return result;
  }
  return ALLOW;
}

/** After access-initial's checks: on to the remembered address, or the dashboard. */
export const continueAfterHandOver: Guard = () => ({ redirect: signInTarget(takeReturnTo()) });

/** What follows a hand-over: authority PTIB (spec §2), then on. */
const AFTER_HANDOVER: readonly Guard[] = [
  requireToken,
  requireUnblockedProfile,
  requireAuthority(AUTHORITY_PTIB),
  requireIdentity,
  continueAfterHandOver,
];

/**
 * Uses up a hand-over code for a session here, then goes on. A code the server refuses stops on the
 * access-initial screen with its message; a token that cannot be stored goes to the logout screen (spec §2).
 */
export async function redeemHandoverCode(code: string, ctx: GuardContext): Promise<GuardResult> {
  const { exchangeHandover, handoverScreen } = await handover();
  const exchanged = await exchangeHandover(code);
  if (exchanged.kind === 'failed') {
    handoverScreen.set({ kind: 'failed', message: exchanged.message, signedIn: getToken() !== null });
    return ALLOW;
  }
  try {
    session.begin({ token: exchanged.value, rememberMe: false });
  } catch {
    return { redirect: LOGOUT_HREF };
  }
  return runGuards(AFTER_HANDOVER, ctx);
}

/**
 * `#/access-initial?auth=CODE` (spec §2, decisions.md §3, docs/decisions/0030): drops the one-time
 * hand-over code from the address at once, so it stays in neither the address bar nor the history, and
 * exchanges it for a session. When another user is signed in here, it first asks (the screen), naming
 * both: a link from someone else must not quietly swap whom this browser acts for.
 */
export const acceptHandover: Guard = async (ctx) => {
  const { location } = ctx;
  const { handoverScreen, peekHandover, samePerson } = await handover();
  const code = location.query.get('auth');
  if (location.query.has('auth')) window.history.replaceState(window.history.state, '', toHash(ROUTES.accessInitial));
  if (code === null) {
    // The screen's question or message stays until the user answers it.
    if (handoverScreen.get()) return ALLOW;
    return getToken() ? runGuards(AFTER_HANDOVER, ctx) : { redirect: LOGOUT_HREF };
  }
  handoverScreen.set(null);
  if (code === '') return { redirect: LOGOUT_HREF };
  await session.whenReady();
  if (getToken()) {
    const answer = await identity.load();
    if (answer.kind === 'ok') {
      const current = { loginName: answer.identity.loginName, name: answer.identity.PTIBName };
      const next = await peekHandover(code);
      if (next.kind === 'failed') {
        handoverScreen.set({ kind: 'failed', message: next.message, signedIn: true });
        return ALLOW;
      }
      if (!samePerson(current, next.value)) {
        handoverScreen.set({ kind: 'question', code, current, next: next.value });
        return ALLOW;
      }
    }
  }
  return redeemHandoverCode(code, ctx);
};

/** Guards of access-initial: the hand-over does the checks that follow it itself. */
export const ACCESS_INITIAL: readonly Guard[] = [acceptHandover];
