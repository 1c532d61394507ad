import { on } from '../events/bus.ts';
import { fetchProfile, sessionCalls } from './calls.ts';
import { lazyTabChannel } from './channel.ts';
import { systemClock } from './clock.ts';
import { createSessionEngine, type LockManagerLike } from './engine.ts';
import { createIdentityStore } from './identity.ts';

/**
 * The app's one session and identity. App wires the router's navigation in (setSessionNavigator) and
 * starts the engine; guards, screens and the header read them from here.
 */
let navigateTo: (to: string) => void = (to) => {
  window.location.hash = to;
};

export function setSessionNavigator(navigate: (to: string) => void): void {
  navigateTo = navigate;
}

function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  return {
    request: (name, callback) => locks.request(name, () => callback()),
    hold(name) {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      void locks.request(name, { mode: 'shared' }, () => held).catch(() => undefined);
      return release;
    },
    async isHeld(name) {
      const { held = [], pending = [] } = await locks.query();
      return [...held, ...pending].some((lock) => lock.name === name);
    },
  };
}

export const session = createSessionEngine({
  clock: systemClock,
  calls: sessionCalls,
  on,
  navigate: (to) => navigateTo(to),
  currentHash: () => window.location.hash,
  channel: lazyTabChannel(),
  locks: browserLocks(),
  activityTarget: typeof document === 'undefined' ? null : document,
  windowTarget: typeof window === 'undefined' ? null : window,
});

export const identity = createIdentityStore(fetchProfile);

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
