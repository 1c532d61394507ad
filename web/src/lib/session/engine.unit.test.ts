import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_CODE,
  RESPONSE_CODE,
  ROUTES,
  SESSION,
  fail,
  formatTokenExpirationDate,
} from '#contract/index.ts';
import { configureHttp, resetHttpClient, resetHttpSettings } from '../http/index.ts';
import { MemoryStorage } from '../../../test/memory-storage.ts';
import { emit, on } from '../events/bus.ts';
import type { TabChannel, TabMessage } from './channel.ts';
import { recordServerDate, resetClockSkew } from './clock.ts';
import { systemClock } from './systemClock.ts';
import {
  LOGOUT_DESTINATION,
  createSessionEngine,
  type LockManagerLike,
  type RefreshOutcome,
  type SessionEngine,
} from './engine.ts';
import { sessionCalls } from './calls.ts';
import { STORAGE_KEYS } from './keys.ts';
import { getToken } from './storage.ts';

const MIN = 60_000;
const T0 = new Date('2025-03-01T02:00:00.000Z').getTime();

let local: MemoryStorage;
let session: MemoryStorage;
const stops: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  resetClockSkew();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

interface Harness {
  engine: SessionEngine;
  refresh: ReturnType<typeof vi.fn<() => Promise<RefreshOutcome>>>;
  logoutCall: ReturnType<typeof vi.fn<(token: string) => Promise<void>>>;
  navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
  doc: EventTarget;
  win: EventTarget;
  hash: { current: string };
}

function okRefresh(token = 'token-2', tokenExpirationDate = ''): RefreshOutcome {
  return { kind: 'ok', token, tokenExpirationDate };
}

function harness(
  options: {
    route?: string;
    channel?: TabChannel;
    locks?: LockManagerLike;
    refresh?: () => Promise<RefreshOutcome>;
  } = {},
): Harness {
  const hash = { current: `#${options.route ?? '/dashboard'}` };
  const refresh = vi.fn<() => Promise<RefreshOutcome>>(options.refresh ?? (async () => okRefresh()));
  const logoutCall = vi.fn<(token: string) => Promise<void>>(async () => undefined);
  const navigate = vi.fn<(to: string) => void>((to) => {
    hash.current = to;
  });
  const doc = new EventTarget();
  const win = new EventTarget();
  const engine = createSessionEngine({
    clock: systemClock,
    calls: { refresh, logout: logoutCall },
    on,
    navigate,
    currentHash: () => hash.current,
    channel: options.channel ?? null,
    locks: options.locks ?? null,
    activityTarget: doc,
    windowTarget: win,
  });
  stops.push(engine.start());
  engine.setRoute(options.route ?? '/dashboard');
  return { engine, refresh, logoutCall, navigate, doc, win, hash };
}

/** A click, then the 1 s debounce. */
async function click(h: Harness) {
  h.doc.dispatchEvent(new Event('click'));
  await vi.advanceTimersByTimeAsync(SESSION.ACTIVITY_DEBOUNCE_MS);
}

/** Advances to `ms` after T0. */
async function at(ms: number) {
  await vi.advanceTimersByTimeAsync(T0 + ms - Date.now());
}

describe('sign-in', () => {
  it('stores the token in sessionStorage, with login and last-refresh times', () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    expect(session.getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(session.getItem(STORAGE_KEYS.loginTime)).toBe(String(T0));
    expect(session.getItem(STORAGE_KEYS.lastRefresh)).toBe(String(T0));
    expect(local.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(h.engine.getState()).toMatchObject({ signedIn: true, deadline: T0 + SESSION.FALLBACK_EXPIRY_MS });
  });

  it('stores the token in localStorage with remember me', () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: true });
    expect(local.getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('refuses an empty token or a storage that throws, and stays signed out', () => {
    const h = harness();
    expect(() => h.engine.begin({ token: '', rememberMe: false })).toThrow();
    session.failWrites = true;
    expect(() => h.engine.begin({ token: 'token-1', rememberMe: false })).toThrow();
    expect(getToken()).toBeNull();
    expect(h.engine.getState().signedIn).toBe(false);
  });
});

describe('idle and refresh', () => {
  it('logs an idle user out at 15 minutes, without refreshing', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(SESSION.FALLBACK_EXPIRY_MS - 1);
    expect(h.engine.getState().signedIn).toBe(true);
    await at(SESSION.FALLBACK_EXPIRY_MS);
    expect(h.engine.getState().signedIn).toBe(false);
    expect(h.refresh).not.toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith('#/home?step=logout');
    expect(h.logoutCall).toHaveBeenCalledWith('token-1');
    expect(getToken()).toBeNull();
  });

  it('refreshes an active user at 10 minutes, and restarts the 15-minute timer from there', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(1 * MIN);
    await click(h);
    await at(SESSION.IDLE_REFRESH_MS - 1);
    expect(h.refresh).not.toHaveBeenCalled();
    await at(SESSION.IDLE_REFRESH_MS);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('token-2');
    expect(session.getItem(STORAGE_KEYS.lastRefresh)).toBe(String(T0 + SESSION.IDLE_REFRESH_MS));
    expect(h.engine.getState().deadline).toBe(T0 + SESSION.IDLE_REFRESH_MS + SESSION.FALLBACK_EXPIRY_MS);
    // Past the first 15 minutes, still signed in: the timer restarted with the refresh.
    await at(SESSION.FALLBACK_EXPIRY_MS + 1 * MIN);
    expect(h.engine.getState().signedIn).toBe(true);
  });

  it('does not refresh a user who was not active since the last refresh', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(SESSION.FALLBACK_EXPIRY_MS - 1_000);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('counts wheel and key presses as activity, debounced by 1 second', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(2 * MIN);
    h.doc.dispatchEvent(new Event('wheel'));
    await vi.advanceTimersByTimeAsync(500);
    h.doc.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(500);
    expect(session.getItem(STORAGE_KEYS.lastActivity)).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    // Recorded once, with the time of the burst's last event.
    expect(session.getItem(STORAGE_KEYS.lastActivity)).toBe(String(T0 + 2 * MIN + 500));
    await at(SESSION.IDLE_REFRESH_MS);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('does not count the click that signed the user in as activity of the new session', async () => {
    const h = harness();
    h.doc.dispatchEvent(new Event('click'));
    await vi.advanceTimersByTimeAsync(300);
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await vi.advanceTimersByTimeAsync(SESSION.ACTIVITY_DEBOUNCE_MS);
    await at(SESSION.IDLE_REFRESH_MS + 5_000);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('refreshes at once when asked, however recent the last refresh', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(30_000);
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(h.engine.getState().deadline).toBe(T0 + 30_000 + SESSION.FALLBACK_EXPIRY_MS);
  });

  it('does not count a refresh as activity: an idle user is logged out 15 minutes after it', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(1 * MIN);
    await click(h);
    await at(SESSION.IDLE_REFRESH_MS);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await at(2 * SESSION.IDLE_REFRESH_MS + 1_000);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await at(SESSION.IDLE_REFRESH_MS + SESSION.FALLBACK_EXPIRY_MS - 1);
    expect(h.engine.getState().signedIn).toBe(true);
    await at(SESSION.IDLE_REFRESH_MS + SESSION.FALLBACK_EXPIRY_MS);
    expect(h.engine.getState().signedIn).toBe(false);
    expect(h.navigate).toHaveBeenLastCalledWith('#/home?step=logout');
  });

  it("sets the logout timer to the new token's expiry (Singapore time)", async () => {
    const h = harness({
      refresh: async () => okRefresh('token-2', formatTokenExpirationDate(new Date(Date.now() + 5 * MIN))),
    });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState().deadline).toBe(T0 + 5 * MIN);
    await at(5 * MIN - 1);
    expect(h.engine.getState().signedIn).toBe(true);
    await at(5 * MIN);
    expect(h.engine.getState().signedIn).toBe(false);
  });

  it('reads an expiry without GMT as +08:00 and one with GMT as UTC', async () => {
    // T0 is 02:00 UTC, 10:00 in Singapore; both strings name 02:20 UTC.
    for (const expiry of ['20250301T102000', '20250301T022000GMT', '20250301T022000 GMT']) {
      vi.setSystemTime(T0);
      session.clear();
      const h = harness({ refresh: async () => okRefresh('token-2', expiry) });
      h.engine.begin({ token: 'token-1', rememberMe: false });
      h.engine.requestRefresh();
      await vi.advanceTimersByTimeAsync(0);
      expect(h.engine.getState().deadline, expiry).toBe(T0 + 20 * MIN);
      for (const stop of stops.splice(0)) stop();
    }
  });

  it('knows the deadline is the absolute limit when a refresh answers an expiry short of the idle period', async () => {
    // The server's idle expiry is 15 minutes after the refresh, never past the session's absolute limit.
    let expiry = T0 + SESSION.FALLBACK_EXPIRY_MS;
    const h = harness({ refresh: async () => okRefresh('token-2', formatTokenExpirationDate(new Date(expiry))) });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState()).toMatchObject({ deadline: expiry, final: false });
    // Ten minutes on, the limit is six minutes away: the refresh answers it, and activity cannot move it.
    await at(10 * MIN);
    expiry = T0 + 16 * MIN;
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState()).toMatchObject({ deadline: expiry, final: true, warning: false });
    await at(16 * MIN);
    expect(h.engine.getState().signedIn).toBe(false);
  });

  it('logs out at once when the new token is already expired', async () => {
    // Without GMT this is Singapore time: 02:20 in Singapore was 18:20 UTC the day before.
    const h = harness({ refresh: async () => okRefresh('token-2', '20250301T022000') });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState().signedIn).toBe(false);
  });

  it('stops the refresh check on home and login, and starts it again elsewhere', async () => {
    for (const route of ['/home', '/login']) {
      vi.setSystemTime(T0);
      session.clear();
      const h = harness({ route });
      h.engine.begin({ token: 'token-1', rememberMe: false });
      await at(1 * MIN);
      await click(h);
      await at(SESSION.IDLE_REFRESH_MS + 30_000);
      expect(h.refresh, route).not.toHaveBeenCalled();
      h.engine.setRoute('/dashboard');
      await vi.advanceTimersByTimeAsync(SESSION.REFRESH_CHECK_MS);
      expect(h.refresh, route).toHaveBeenCalledTimes(1);
      for (const stop of stops.splice(0)) stop();
    }
  });

  it('still logs out on home when the timer runs out', async () => {
    const h = harness({ route: '/home' });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(SESSION.FALLBACK_EXPIRY_MS);
    expect(h.engine.getState().signedIn).toBe(false);
  });

  it('refreshes on home when asked to (Stay signed in)', async () => {
    const h = harness({ route: '/home' });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(13 * MIN);
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('logs out when the refresh is refused', async () => {
    const h = harness({ refresh: async () => ({ kind: 'refused' }) });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState().signedIn).toBe(false);
    expect(h.navigate).toHaveBeenCalledWith('#/home?step=logout');
  });

  it('goes to access denied, PTACC-948, when the refresh answers that the profile is blocked (4100)', async () => {
    // The server's answer (server/routes/auth.ts), read by the real session calls through the HTTP layer.
    const blocked = fail(RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked);
    configureHttp({
      fetch: async (input) => {
        const found = String(input).split('?')[0] === API_PATHS.refresh;
        return new Response(JSON.stringify(found ? blocked : fail('404', 'No such call')), {
          status: found ? 403 : 404,
          headers: { 'content-type': 'application/json' },
        });
      },
      getToken,
    });
    try {
      const h = harness({ refresh: () => sessionCalls.refresh() });
      h.engine.begin({ token: 'token-1', rememberMe: false });
      h.engine.requestRefresh();
      await vi.advanceTimersByTimeAsync(0);
      expect(h.engine.getState().signedIn).toBe(false);
      expect(getToken()).toBeNull();
      expect(h.navigate).toHaveBeenCalledTimes(1);
      expect(h.hash.current).toBe(`#${ROUTES.accessDenied}?errorCode=${FORBIDDEN_CODE.PROFILE_BLOCKED}`);
      expect(h.logoutCall).toHaveBeenCalledWith('token-1');
    } finally {
      resetHttpSettings();
      resetHttpClient();
    }
  });

  it('keeps trying while the server cannot be reached, until the deadline', async () => {
    const h = harness({ refresh: async () => ({ kind: 'unreachable' }) });
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.refresh.mock.calls.length).toBeGreaterThan(1);
    expect(h.engine.getState().signedIn).toBe(true);
  });

  it('logs out when the token is gone at refresh time', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    session.removeItem(STORAGE_KEYS.token);
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresh).not.toHaveBeenCalled();
    expect(h.engine.getState().signedIn).toBe(false);
  });

  it('goes to the right step for each session outcome the HTTP layer reports', () => {
    const cases = [
      ['session:forbidden', '#/home?step=logout&wrongToken=Y'],
      ['session:interrupted', '#/home?step=interrupted'],
      ['session:unauthorized', '#/home?step=logout'],
    ] as const;
    for (const [event, destination] of cases) {
      const h = harness();
      h.engine.begin({ token: 'token-1', rememberMe: false });
      emit(event, { url: '/01-01-01/retrieveProfile' });
      expect(h.navigate, event).toHaveBeenCalledWith(destination);
      expect(getToken()).toBeNull();
      for (const stop of stops.splice(0)) stop();
    }
  });

  it('does not leave a logout step it is already on', () => {
    const h = harness({ route: '/home' });
    h.hash.current = '#/home?step=logout&wrongToken=Y';
    h.engine.begin({ token: 'token-1', rememberMe: false });
    emit('session:forbidden', { url: '/x' });
    expect(h.navigate).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('logs out once when several calls fail at once', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    emit('session:forbidden', { url: '/a' });
    emit('session:forbidden', { url: '/b' });
    emit('session:unauthorized', { url: '/c' });
    emit('session:interrupted', { url: '/d' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.logoutCall).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith(LOGOUT_DESTINATION.forbidden);
  });

  it('clears tokens, dashboard message, authorizations, proxy choice, case identity and a one-time password step left unfinished even when LogoutFromApp fails', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: true });
    session.setItem(STORAGE_KEYS.authorizations, '["SEMS01"]');
    session.setItem(STORAGE_KEYS.dashboardMessage, 'Hello');
    session.setItem(STORAGE_KEYS.proxyProfileId, 'P-2');
    session.setItem(STORAGE_KEYS.caseIdentity, '{"id":1}');
    session.setItem(STORAGE_KEYS.otpPending, '{"loginName":"ptib.otp"}');
    session.setItem('other.app.key', 'kept');
    h.logoutCall.mockRejectedValueOnce(new Error('network down'));
    await expect(h.engine.logout('explicit')).resolves.toBeUndefined();
    expect(h.logoutCall).toHaveBeenCalledWith('token-1');
    expect(local.entries()).toEqual({});
    expect(session.entries()).toEqual({ 'other.app.key': 'kept' });
    expect(h.navigate).toHaveBeenCalledWith('#/home?step=logout');
  });
});

describe('wall clock', () => {
  it('logs out on time when a throttled tab wakes after a long gap', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    // The machine sleeps: the clock moves, no timer runs.
    vi.setSystemTime(T0 + 40 * MIN);
    expect(h.engine.getState().signedIn).toBe(true);
    h.doc.dispatchEvent(new Event('visibilitychange'));
    expect(h.engine.getState().signedIn).toBe(false);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('decides on the clock, not on the number of ticks that ran', async () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(1 * MIN);
    await click(h);
    // A hidden tab: a single tick runs 16 minutes later.
    vi.setSystemTime(T0 + 17 * MIN);
    await vi.advanceTimersByTimeAsync(SESSION.REFRESH_CHECK_MS);
    expect(h.engine.getState().signedIn).toBe(false);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it("corrects for the browser clock's skew with the server's Date header", async () => {
    // This browser's clock runs 5 minutes ahead of the server's.
    const serverNow = new Date(T0 - 5 * MIN);
    const h = harness({
      refresh: async () => okRefresh('token-2', formatTokenExpirationDate(new Date(serverNow.getTime() + 15 * MIN))),
    });
    recordServerDate(serverNow.toUTCString(), Date.now());
    h.engine.begin({ token: 'token-1', rememberMe: false });
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    // Uncorrected, the token would look 5 minutes closer to its end.
    await at(12 * MIN);
    expect(h.engine.getState().signedIn).toBe(true);
    await at(15 * MIN + 1_000);
    expect(h.engine.getState().signedIn).toBe(false);
  });
});

describe('warning before logout', () => {
  it('warns two minutes before the logout, and a refresh ends the warning', async () => {
    const h = harness({ route: '/home' });
    const seen: boolean[] = [];
    h.engine.subscribe(() => seen.push(h.engine.getState().warning));
    h.engine.begin({ token: 'token-1', rememberMe: false });
    await at(SESSION.FALLBACK_EXPIRY_MS - SESSION.WARNING_BEFORE_LOGOUT_MS - 1);
    expect(h.engine.getState().warning).toBe(false);
    await at(SESSION.FALLBACK_EXPIRY_MS - SESSION.WARNING_BEFORE_LOGOUT_MS);
    expect(h.engine.getState().warning).toBe(true);
    h.engine.requestRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.getState().warning).toBe(false);
    expect(seen).toEqual([false, true, false]);
  });

  it('shows the warning at once when a tab wakes inside the last two minutes', () => {
    const h = harness();
    h.engine.begin({ token: 'token-1', rememberMe: false });
    vi.setSystemTime(T0 + 14 * MIN);
    h.win.dispatchEvent(new Event('focus'));
    expect(h.engine.getState().warning).toBe(true);
  });
});

/**
 * Channels between tabs in one process: each message reaches every other tab, asynchronously. A tab
 * given its own sessionStorage handles its messages with that storage in place, like a real tab.
 */
function channelHub() {
  const tabs = new Set<(m: TabMessage) => void>();
  return (tabSession?: MemoryStorage): TabChannel => {
    const mine = new Set<(m: TabMessage) => void>();
    const deliver = (m: TabMessage) => {
      const previous = globalThis.sessionStorage;
      if (tabSession) vi.stubGlobal('sessionStorage', tabSession);
      try {
        for (const l of mine) l(structuredClone(m));
      } finally {
        if (tabSession) vi.stubGlobal('sessionStorage', previous);
      }
    };
    tabs.add(deliver);
    return {
      post(message) {
        for (const t of tabs) if (t !== deliver) queueMicrotask(() => t(message));
      },
      subscribe(listener) {
        mine.add(listener);
        return () => mine.delete(listener);
      },
      close: () => tabs.delete(deliver),
    };
  };
}

/** Like navigator.locks: one exclusive holder at a time, any number of shared holders. */
function lockManager(): LockManagerLike & { holders: Map<string, number> } {
  let tail: Promise<unknown> = Promise.resolve();
  const holders = new Map<string, number>();
  return {
    holders,
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
    hold(name) {
      holders.set(name, (holders.get(name) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders.set(name, (holders.get(name) ?? 1) - 1);
      };
    },
    isHeld: async (name) => (holders.get(name) ?? 0) > 0,
  };
}

describe('tabs', () => {
  it('a logout in one tab logs the others out', async () => {
    const open = channelHub();
    const a = harness({ channel: open() });
    a.engine.begin({ token: 'token-1', rememberMe: true });
    const b = harness({ channel: open() });
    await b.engine.whenReady();
    expect(b.engine.getState().signedIn).toBe(true);
    await a.engine.logout('explicit');
    await vi.advanceTimersByTimeAsync(0);
    expect(b.engine.getState().signedIn).toBe(false);
    expect(b.navigate).toHaveBeenCalledWith('#/home?step=logout');
    expect(b.logoutCall).not.toHaveBeenCalled();
  });

  it('only one tab refreshes, and the others take its new token', async () => {
    const open = channelHub();
    const locks = lockManager();
    const a = harness({ channel: open(), locks });
    a.engine.begin({ token: 'token-1', rememberMe: true });
    const b = harness({ channel: open(), locks });
    await b.engine.whenReady();
    await at(1 * MIN);
    await click(a);
    await at(SESSION.IDLE_REFRESH_MS + 2_000);
    expect(a.refresh.mock.calls.length + b.refresh.mock.calls.length).toBe(1);
    expect(a.engine.getState().deadline).toBe(b.engine.getState().deadline);
  });

  it('activity in one tab counts for the others', async () => {
    const open = channelHub();
    const a = harness({ channel: open() });
    a.engine.begin({ token: 'token-1', rememberMe: true });
    const b = harness({ channel: open() });
    await b.engine.whenReady();
    await at(1 * MIN);
    await click(a);
    a.engine.setRoute('/home');
    await at(SESSION.IDLE_REFRESH_MS + 1_000);
    expect(a.refresh).not.toHaveBeenCalled();
    expect(b.refresh).toHaveBeenCalledTimes(1);
  });

  it('a new tab in sessionStorage mode gets the session from a live tab', async () => {
    const open = channelHub();
    const liveTabSession = session;
    const a = harness({ channel: open(liveTabSession) });
    a.engine.begin({ token: 'token-1', rememberMe: false });
    // The new tab has its own, empty sessionStorage.
    session = new MemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    const b = harness({ channel: open(session) });
    await b.engine.whenReady();
    expect(session.getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(session.getItem(STORAGE_KEYS.loginTime)).toBe(String(T0));
    expect(b.engine.getState().signedIn).toBe(true);
  });

  it('a new tab stays signed out when no live tab answers in time', async () => {
    const open = channelHub();
    const b = harness({ channel: open() });
    let settled = false;
    void b.engine.whenReady().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
    expect(b.engine.getState().signedIn).toBe(false);
  });

  it('a signed-in tab holds the session lock, so a new tab waits only when one exists', async () => {
    const open = channelHub();
    const locks = lockManager();
    const a = harness({ channel: open(), locks });
    a.engine.begin({ token: 'token-1', rememberMe: false });
    expect(locks.holders.get('PTIB.session.holder')).toBe(1);
    await a.engine.logout('explicit');
    expect(locks.holders.get('PTIB.session.holder')).toBe(0);
    // No holder: a new tab does not wait for an answer that cannot come.
    session = new MemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    const b = harness({ channel: open(), locks });
    let settled = false;
    void b.engine.whenReady().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it("a token refreshed for another session is never taken: this tab keeps its own account's", async () => {
    const open = channelHub();
    const a = harness({ channel: open() });
    a.engine.begin({ token: 'token-1', rememberMe: false });
    const other = open();
    const later = T0 + 5 * MIN;
    other.post({ type: 'refreshed', session: T0 + MIN, token: 'other-account', lastRefresh: later, expiresAt: null });
    other.post({ type: 'proxy', session: T0 + MIN, ptibProfileId: 'P-9' });
    other.post({ type: 'logout', session: T0 + MIN, destination: '#/home?step=logout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken()).toBe('token-1');
    expect(session.getItem(STORAGE_KEYS.proxyProfileId)).toBeNull();
    expect(a.engine.getState()).toMatchObject({ signedIn: true, startedAt: T0 });
    // The same session's refresh is taken, as before.
    other.post({ type: 'refreshed', session: T0, token: 'token-2', lastRefresh: later, expiresAt: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken()).toBe('token-2');
  });

  it('a new sign-in in another tab ends the session this tab held, here and on the server', async () => {
    const open = channelHub();
    const tabA = session;
    const a = harness({ channel: open(tabA) });
    a.engine.begin({ token: 'token-1', rememberMe: false });
    session = new MemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    const b = harness({ channel: open(session) });
    await b.engine.whenReady();
    await at(1 * MIN);
    b.engine.begin({ token: 'token-other', rememberMe: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.engine.getState().signedIn).toBe(false);
    expect(a.navigate).toHaveBeenCalledWith('#/home?step=logout');
    expect(tabA.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(a.logoutCall).toHaveBeenCalledWith('token-1');
    // The new session, in the storage the tabs share, is not this tab's to clear.
    expect(local.getItem(STORAGE_KEYS.token)).toBe('token-other');
    expect(b.engine.getState()).toMatchObject({ signedIn: true, startedAt: T0 + MIN });
    expect(b.logoutCall).toHaveBeenCalledWith('token-1');
    expect(b.logoutCall).not.toHaveBeenCalledWith('token-other');
  });

  it('a proxy switch in one tab reaches the others', async () => {
    const open = channelHub();
    const a = harness({ channel: open() });
    a.engine.begin({ token: 'token-1', rememberMe: true });
    const b = harness({ channel: open() });
    await b.engine.whenReady();
    const seen: string[] = [];
    b.engine.onProxySwitch((id) => seen.push(id));
    a.engine.proxySwitched('P-9');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['P-9']);
  });
});
