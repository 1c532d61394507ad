import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES, SESSION } from '#contract/index.ts';
import { MemoryStorage } from '../../../test/memory-storage.ts';
import { emit, on } from '../events/bus.ts';
import { resetClockSkew } from './clock.ts';
import { systemClock } from './systemClock.ts';
import { createDeferredSession, type DeferredSession } from './deferred.ts';
import { LOGOUT_DESTINATION, createSessionEngine, type SessionEngine } from './engine.ts';
import { STORAGE_KEYS } from './keys.ts';
import { getToken, replaceSession, storeSession } from './storage.ts';

const T0 = new Date('2025-03-01T02:00:00.000Z').getTime();

let local: MemoryStorage;
let tabSession: MemoryStorage;
const stops: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  local = new MemoryStorage();
  tabSession = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tabSession);
  resetClockSkew();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

interface Harness {
  session: DeferredSession;
  /** How many times the engine's code was loaded. */
  loads: () => number;
  /** Engines' start() calls. */
  starts: () => number;
  navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
  refresh: ReturnType<typeof vi.fn>;
  /** Makes the next load fail, as a chunk that cannot be fetched does. */
  failNextLoad: () => void;
  /** What mayReceiveSession answers. */
  liveTab: { holds: boolean };
}

function harness(): Harness {
  let loads = 0;
  let starts = 0;
  let failNext = false;
  const liveTab = { holds: false };
  const hash = { current: `#${ROUTES.dashboard}` };
  const navigate = vi.fn<(to: string) => void>((to) => {
    hash.current = to;
  });
  const refresh = vi.fn(async () => ({ kind: 'ok' as const, token: 'token-2', tokenExpirationDate: '' }));
  const session = createDeferredSession({
    async load(): Promise<SessionEngine> {
      loads += 1;
      await Promise.resolve(); // a chunk arrives later, never in the same task
      if (failNext) {
        failNext = false;
        throw new Error('Failed to fetch dynamically imported module');
      }
      const engine = createSessionEngine({
        clock: systemClock,
        calls: { refresh, logout: async () => undefined },
        on,
        navigate,
        currentHash: () => hash.current,
      });
      const start = engine.start;
      engine.start = () => {
        starts += 1;
        return start();
      };
      return engine;
    },
    hasToken: () => getToken() !== null,
    mayReceiveSession: async () => liveTab.holds,
    storeNew: ({ token, rememberMe }) => replaceSession({ token, rememberMe, now: systemClock.now() }),
    now: () => systemClock.now(),
    on,
  });
  return {
    session,
    loads: () => loads,
    starts: () => starts,
    navigate,
    refresh,
    failNextLoad: () => {
      failNext = true;
    },
    liveTab,
  };
}

function start(h: Harness) {
  stops.push(h.session.start());
}

/** A session stored by an earlier page of this tab. */
function storedSession(token = 'token-1') {
  storeSession({ token, rememberMe: false, now: systemClock.now() });
}

describe('deferred session: a visitor without a session never loads the engine', () => {
  it('signed out, nothing loaded, whatever the screen does', async () => {
    const h = harness();
    start(h);
    h.session.setRoute(ROUTES.dashboard);
    h.session.markActive();
    h.session.requestRefresh();
    await h.session.whenReady();
    await vi.advanceTimersByTimeAsync(SESSION.REFRESH_CHECK_MS * 3);
    expect(h.loads()).toBe(0);
    expect(h.session.getState()).toEqual({
      signedIn: false,
      startedAt: null,
      deadline: null,
      warning: false,
      final: false,
      refreshFailing: false,
    });
  });

  it('a call that ends a session does nothing when none is stored', async () => {
    const h = harness();
    start(h);
    emit('session:unauthorized', { url: '/api/x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.loads()).toBe(0);
    expect(h.navigate).not.toHaveBeenCalled();
  });
});

describe('deferred session: the engine loads when this tab has or may get a session', () => {
  it('a stored token: loaded and started at start, signed in once ready', async () => {
    storedSession();
    const h = harness();
    const seen = vi.fn();
    h.session.subscribe(seen);
    start(h);
    expect(h.session.getState().signedIn).toBe(false);
    await h.session.whenReady();
    expect([h.loads(), h.starts()]).toEqual([1, 1]);
    expect(h.session.getState()).toMatchObject({
      signedIn: true,
      startedAt: T0,
      deadline: T0 + SESSION.FALLBACK_EXPIRY_MS,
    });
    expect(seen).toHaveBeenCalled();
  });

  it('a live tab that may hand its session over: loaded at start', async () => {
    const h = harness();
    h.liveTab.holds = true;
    start(h);
    await h.session.whenReady();
    expect([h.loads(), h.starts()]).toEqual([1, 1]);
  });

  it('another tab signed in since (shared localStorage): the next whenReady loads it', async () => {
    const h = harness();
    start(h);
    await h.session.whenReady();
    storeSession({ token: 'remembered', rememberMe: true, now: systemClock.now() });
    await h.session.whenReady();
    expect(h.loads()).toBe(1);
    expect(h.session.getState().signedIn).toBe(true);
  });

  it('the engine learns the screen shown before it loaded (the refresh check stops on home)', async () => {
    storedSession();
    const h = harness();
    h.session.setRoute(ROUTES.home);
    start(h);
    await h.session.whenReady();
    h.session.markActive(T0 + 1);
    await vi.advanceTimersByTimeAsync(SESSION.IDLE_REFRESH_MS + SESSION.REFRESH_CHECK_MS);
    expect(h.refresh).not.toHaveBeenCalled();
    h.session.setRoute(ROUTES.dashboard);
    await vi.advanceTimersByTimeAsync(SESSION.REFRESH_CHECK_MS);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('stopped before the engine arrived: it is loaded but not started, and starts with the next start', async () => {
    storedSession();
    const h = harness();
    const stop = h.session.start();
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect([h.loads(), h.starts()]).toEqual([1, 0]);
    start(h);
    expect(h.starts()).toBe(1);
  });

  it('a chunk that cannot be fetched leaves the tab signed out, and the next need tries again', async () => {
    storedSession();
    const h = harness();
    h.failNextLoad();
    start(h);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().signedIn).toBe(false);
    await h.session.whenReady();
    expect(h.loads()).toBe(2);
    expect(h.session.getState().signedIn).toBe(true);
  });

  it('a call that ends a stored session before the engine arrived still ends it', async () => {
    storedSession();
    const h = harness();
    start(h);
    emit('session:unauthorized', { url: '/api/x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken()).toBeNull();
    expect(h.navigate).toHaveBeenCalledWith(LOGOUT_DESTINATION.unauthorized);
    expect(h.session.getState().signedIn).toBe(false);
  });

  it('proxy switches are passed on to listeners registered before the engine loaded', async () => {
    storedSession();
    const h = harness();
    const switched = vi.fn();
    h.session.onProxySwitch(switched);
    start(h);
    await h.session.whenReady();
    h.session.proxySwitched('PTIB00000012');
    expect(switched).toHaveBeenCalledWith('PTIB00000012');
    expect(tabSession.getItem(STORAGE_KEYS.proxyProfileId)).toBe('PTIB00000012');
  });
});

describe('deferred session: begin', () => {
  it('before the engine loaded: stored at once, signed in when it arrives', async () => {
    const h = harness();
    start(h);
    await h.session.whenReady();
    h.session.begin({ token: 'new-token', rememberMe: true });
    expect(local.getItem(STORAGE_KEYS.token)).toBe('new-token');
    await h.session.whenReady();
    expect(h.loads()).toBe(1);
    expect(h.session.getState()).toMatchObject({ signedIn: true, startedAt: T0 });
  });

  it('replaces what an earlier session left, as the engine does', () => {
    tabSession.setItem(STORAGE_KEYS.proxyProfileId, 'PTIB00000012');
    const h = harness();
    h.session.begin({ token: 'new-token', rememberMe: false });
    expect(tabSession.getItem(STORAGE_KEYS.proxyProfileId)).toBeNull();
  });

  it('an empty token throws, as the engine does, and stores nothing', () => {
    const h = harness();
    expect(() => h.session.begin({ token: '', rememberMe: false })).toThrow();
    expect(getToken()).toBeNull();
  });

  it('with the engine loaded (a sign-in warmed it): signed in at once', async () => {
    const h = harness();
    start(h);
    await h.session.ensure();
    h.session.begin({ token: 'new-token', rememberMe: false });
    expect(h.session.getState()).toMatchObject({ signedIn: true, startedAt: T0 });
    expect(h.loads()).toBe(1);
  });

  it('an explicit logout ends the session and lands on the logged-out step', async () => {
    const h = harness();
    start(h);
    h.session.begin({ token: 'new-token', rememberMe: false });
    await h.session.whenReady();
    await h.session.logout('explicit');
    expect(getToken()).toBeNull();
    expect(h.session.getState().signedIn).toBe(false);
    expect(h.navigate).toHaveBeenLastCalledWith(LOGOUT_DESTINATION.explicit);
  });
});
