import { AUTHORITY_PTIB, HOME_STEP, ROUTES } from '#contract/index.ts';
import { buildHref } from '../lib/router/location.ts';
import { ALLOW, toHash, type Guard, type GuardContext, type GuardResult } from '../lib/router/router.ts';
import { identity, session } from '../lib/session/index.ts';
import { getToken, takeReturnTo } from '../lib/session/storage.ts';
import { handoverScreen, peekHandover, samePerson, exchangeHandover } from '../features/auth/handover.ts';
import {
  landingAfterSignIn,
  requireAuthority,
  requireIdentity,
  requireToken,
  requireUnblockedProfile,
} from './guards.ts';

/**
 * The guard of #/access-initial and what follows it. Loaded with that route only (guards.ts's
 * ACCESS_INITIAL, docs/decisions/0038-first-load-back-under-budget.md).
 */

const LOGOUT_HREF = buildHref(ROUTES.home, { step: HOME_STEP.logout });

/** After access-initial's checks: on to the remembered address, or the dashboard. */
const continueAfterHandOver: Guard = () => ({
  redirect: landingAfterSignIn(takeReturnTo(identity.current()?.loginName ?? null)),
});

/** Runs guards in order, as the router does: the first redirect wins. */
async function runGuards(guards: readonly Guard[], ctx: GuardContext): Promise<GuardResult> {
  for (const guard of guards) {
    const result = await guard(ctx);
    if ('redirect' in result) return result;
  }
  return ALLOW;
}

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
