import { on } from '../events/bus.ts';
import { serverNow } from './clock.ts';
import { createDeferredSession } from './deferred.ts';
import { createIdentityStore } from './identity.ts';
import { SESSION_LOCKS } from './keys.ts';
import { getToken, replaceSession } from './storage.ts';

/**
 * The app's one session and identity. App wires the router's navigation in (setSessionNavigator) and
 * starts the session; guards, screens and the header read them from here. The engine itself loads when
 * this tab has or may get a session (deferred.ts).
 */
let navigateTo: (to: string) => void = (to) => {
  window.location.hash = to;
};

export function setSessionNavigator(navigate: (to: string) => void): void {
  navigateTo = navigate;
}

/** Whether another tab holds a session it could hand over (the engine's hand-over asks it). */
async function mayReceiveSession(): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return false;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Where the browser cannot tell, the engine asks, and waits a moment for an answer.
  if (!locks) return true;
  const { held = [], pending = [] } = await locks.query();
  return [...held, ...pending].some((lock) => lock.name === SESSION_LOCKS.holder);
}

export const session = createDeferredSession({
  load: () =>
    import('./live.ts').then(({ createBrowserSession }) =>
      createBrowserSession({ navigate: (to) => navigateTo(to), currentHash: () => window.location.hash }),
    ),
  hasToken: () => getToken() !== null,
  mayReceiveSession,
  storeNew: ({ token, rememberMe }) => replaceSession({ token, rememberMe, now: serverNow() }),
  now: serverNow,
  on,
});

// The profile call comes with the session's other calls, loaded with the first need of it.
export const identity = createIdentityStore(() => import('./calls.ts').then(({ fetchProfile }) => fetchProfile()));

// A new session, a logout or a proxy switch (here or in another tab) makes the identity stale.
let knownSession = session.getState().startedAt;
session.subscribe(() => {
  const { startedAt } = session.getState();
  if (startedAt !== knownSession) identity.invalidate();
  knownSession = startedAt;
});
session.onProxySwitch(() => identity.invalidate());

export type { SessionState, LogoutReason } from './engine.ts';
export type { ProfileAnswer } from './identity.ts';
export { getToken } from './storage.ts';
