import { on } from '../events/bus.ts';
import { sessionCalls } from './calls.ts';
import { lazyTabChannel } from './channel.ts';
import { systemClock } from './systemClock.ts';
import { createSessionEngine, type LockManagerLike, type SessionEngine } from './engine.ts';

/**
 * The browser's session engine: its own chunk, loaded by index.ts when this tab has or may get a
 * session (deferred.ts).
 */
export function createBrowserSession(router: {
  navigate: (to: string) => void;
  currentHash: () => string;
}): SessionEngine {
  return createSessionEngine({
    clock: systemClock,
    calls: sessionCalls,
    on,
    navigate: router.navigate,
    currentHash: router.currentHash,
    channel: lazyTabChannel(),
    locks: browserLocks(),
    activityTarget: typeof document === 'undefined' ? null : document,
    windowTarget: typeof window === 'undefined' ? null : window,
  });
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
