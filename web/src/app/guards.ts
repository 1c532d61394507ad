import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, FORBIDDEN_CODE, LOGIN_REQUIRED_QUERY, ROUTES } from '#contract/index.ts';
import { buildHref } from '../lib/router/location.ts';
import { ALLOW, toHash, type Guard, type GuardResult } from '../lib/router/router.ts';
import { identity, session } from '../lib/session/index.ts';
import { getToken, setReturnTo } from '../lib/session/storage.ts';
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

/**
 * The profile is not blocked (retrieveProfile header 4100) and the account may use PTIB screens at all (an
 * officer's may not: PTACC-951). Asks the server at every guarded navigation, so a session ended elsewhere
 * shows nothing from memory (docs/decisions/0050-a-guarded-navigation-asks-the-server.md).
 */
export const requireUnblockedProfile: Guard = async ({ signal }) => {
  const fresh = justSignedIn;
  justSignedIn = false;
  const answer = await identity.confirm();
  if (answer.kind === 'blocked') return { redirect: accessDeniedHref(FORBIDDEN_CODE.PROFILE_BLOCKED) };
  // Just signed in and kept out of the PTIB screens: an officer, on the way to their own start (the back
  // office's guard checks it is one). Opened later, a PTIB screen is access denied.
  if (answer.kind === 'denied')
    return { redirect: fresh ? toHash(OFFICER_HOME) : accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY) };
  // No answer and no identity from before (a reload while the server fails or the connection is down): the
  // server has not said the session is over, so no sign-in again; the screen could not load, with a retry
  // (docs/decisions/0032-losing-the-network.md). With an identity from before, confirm answered ok.
  if (answer.kind === 'unreachable') throw new Error('The profile call had no answer');
  // The proxy feature is switching the user back to themself, and goes on to the dashboard with the notice
  // (docs/decisions/0029): this navigation waits for that one, rather than send a signed-in user to log in.
  if (answer.kind === 'withdrawn') return new Promise<GuardResult>((resolve) => onAbort(signal, () => resolve(ALLOW)));
  return ALLOW;
};

function onAbort(signal: AbortSignal, then: () => void): void {
  if (signal.aborted) then();
  else signal.addEventListener('abort', then, { once: true });
}

/** A sign-in has just gone to the default start, whose profile check has not run yet. */
let justSignedIn = false;

/**
 * After a sign-in: the remembered address, or the dashboard, at once (the profile call that tells an
 * officer's account is the dashboard guard's own); an officer's lands on the queues from there.
 */
export function landingAfterSignIn(remembered: string | null): string {
  const target = signInTarget(remembered);
  // Only the default start turns into the queues: an address remembered is opened as it is.
  justSignedIn = target === DASHBOARD_HREF;
  return target;
}

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

/**
 * The back office's addresses, as contract/officer.ts names them (OFFICER_ROUTES). Repeated here because
 * that module brings zod, which the first load must not (docs/decisions/0049); a unit test holds the two
 * equal.
 */
export const OFFICER_HOME = '/officer';
export const OFFICER_CASE = '/officer/case';
export const OFFICER_PAYMENTS = '/officer/payments';

/**
 * The login screen is for signed-out users: a signed-in one goes on to where a sign-in lands, so an
 * officer's account reaches the queues rather than the PTIB dashboard's access denied.
 */
export const redirectSignedIn: Guard = async () => {
  await session.whenReady();
  return getToken() ? { redirect: landingAfterSignIn(null) } : ALLOW;
};

/**
 * Guards of access-initial: the hand-over, which does the checks that follow it itself. Its code (and the
 * hand-over calls) load with access-initial, not with the first load of every screen
 * (docs/decisions/0038-first-load-back-under-budget.md).
 */
export const ACCESS_INITIAL: readonly Guard[] = [
  (ctx) => import('./handoverGuards.ts').then(({ acceptHandover }) => acceptHandover(ctx)),
];
