import { FORBIDDEN_CODE, HOME_STEP, ROUTES, SESSION, parseTokenExpirationDate } from '#contract/index.ts';
import type { AppEvents } from '../events/bus.ts';
import { buildHref, parseHash } from '../router/location.ts';
import type { TabChannel, TabMessage } from './channel.ts';
import type { Clock } from './clock.ts';
import { ENDS_WITH, SESSION_ENDING_EVENTS } from './ending-events.ts';
import { SESSION_LOCKS } from './keys.ts';
import * as storage from './engineStorage.ts';
// Only a value of the first load: the deferred stand-in imports nothing but types from here.
import { SIGNED_OUT } from './deferred.ts';

/**
 * The session engine (spec §4, §9; decisions.md §5): sign-in, refresh, idle and absolute logout, and
 * reacting to what the HTTP layer reports. No React in here: screens subscribe to its state.
 *
 * Every rule compares wall-clock times (clock.now()), never counted ticks, so a tab whose timers were
 * throttled, or a machine that slept, logs out on time when it wakes.
 */

export type LogoutReason =
  'explicit' | 'forbidden' | 'interrupted' | 'unauthorized' | 'refreshFailed' | 'expired' | 'blocked';

const logoutHref = buildHref(ROUTES.home, { step: HOME_STEP.logout });

/** Where each kind of logout lands (spec §4, §8). */
export const LOGOUT_DESTINATION: Record<LogoutReason, string> = {
  explicit: logoutHref,
  forbidden: buildHref(ROUTES.home, { step: HOME_STEP.logout, wrongToken: 'Y' }),
  interrupted: buildHref(ROUTES.home, { step: HOME_STEP.interrupted }),
  unauthorized: logoutHref,
  refreshFailed: logoutHref,
  expired: logoutHref,
  // A refresh answered 4100: the profile's access denied page, as the profile call's 4100 leads to (spec §6).
  blocked: buildHref(ROUTES.accessDenied, { errorCode: FORBIDDEN_CODE.PROFILE_BLOCKED }),
};

/** What a refresh call came back with. */
export type RefreshOutcome =
  | { kind: 'ok'; token: string; tokenExpirationDate: string }
  /** The server answered, but not with a new token: the session is over. */
  | { kind: 'refused' }
  /** The server answered 4100: the profile is blocked, and the server ended the session. */
  | { kind: 'blocked' }
  /** The server could not be reached: the next check tries again, until the deadline. */
  | { kind: 'unreachable' };

export interface SessionCalls {
  refresh(): Promise<RefreshOutcome>;
  /** POST LogoutFromApp with this (already cleared) token. */
  logout(token: string): Promise<void>;
}

/** The part of navigator.locks the engine uses. */
export interface LockManagerLike {
  /** Runs callback holding the exclusive lock `name`. */
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  /** Holds the shared lock `name` until the returned function is called. */
  hold?(name: string): () => void;
  /** Whether any tab holds the lock `name`. */
  isHeld?(name: string): Promise<boolean>;
}

type BusOn = <K extends keyof AppEvents>(event: K, handler: (payload: AppEvents[K]) => void) => () => void;

export interface SessionEngineDeps {
  clock: Clock;
  calls: SessionCalls;
  /** Subscribes to the app event bus. */
  on: BusOn;
  /** Navigation through the router. */
  navigate: (to: string) => void;
  /** The current address, e.g. `#/dashboard`. */
  currentHash: () => string;
  /** Messages to and from the other tabs of this browser; null where there is no BroadcastChannel. */
  channel?: TabChannel | null;
  /** Web Locks, so only one tab refreshes at a time; null where there are none. */
  locks?: LockManagerLike | null;
  /** Where click, wheel, key press and visibilitychange come from (the document). */
  activityTarget?: EventTarget | null;
  /** Where focus and pageshow come from (the window). */
  windowTarget?: EventTarget | null;
  /** How long a tab without a token waits for a live tab to hand over the session. */
  handoverWaitMs?: number;
  /** This tab's name on the channel. */
  tabId?: string;
}

export interface SessionState {
  signedIn: boolean;
  /** When this session began (epoch ms); a new sign-in changes it. Null when signed out. */
  startedAt: number | null;
  /** When the session ends unless refreshed (epoch ms on the engine's clock); null when signed out. */
  deadline: number | null;
  /** True from SESSION.WARNING_BEFORE_LOGOUT_MS before the deadline. */
  warning: boolean;
  /**
   * The deadline is the session's absolute limit (SESSION_MAX_HOURS after sign-in): no refresh moves it, so
   * the user is told when it comes, not offered to stay signed in.
   */
  final: boolean;
  /** A refresh asked for ("Stay signed in") found no server; the check keeps trying until one answers. */
  refreshFailing: boolean;
}

export interface SessionEngine {
  /** Attaches listeners and timers; answers the function that detaches them. */
  start(): () => void;
  /** Resolves once the session is known (a new tab may first ask a live tab for it). */
  whenReady(): Promise<void>;
  /** Starts a session with a new token. Throws when the token is empty or cannot be stored. */
  begin(session: { token: string; rememberMe: boolean }): void;
  logout(reason: LogoutReason): Promise<void>;
  /** Asks for a refresh at the next check, whatever the screen (e.g. "Stay signed in"). */
  requestRefresh(): void;
  /** Tells the engine which screen is shown: the refresh check stops on home and login. */
  setRoute(path: string): void;
  /** Records activity (what the debounced click, wheel and key press listeners call). */
  markActive(at?: number): void;
  /** Records a proxy switch made in this tab and tells the other tabs. */
  proxySwitched(ptibProfileId: string): void;
  /** Called when this or another tab switched proxy profile. */
  onProxySwitch(listener: (ptibProfileId: string) => void): () => void;
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The engine clock's now, for countdowns. */
  now(): number;
}

const ACTIVITY_EVENTS = ['click', 'wheel', 'keydown'] as const;
const WAKE_EVENTS = ['focus', 'pageshow'] as const;
const { refresh: REFRESH_LOCK, holder: HOLDER_LOCK } = SESSION_LOCKS;
/** The refreshing tab keeps the lock this much longer, so its message reaches the others before they get it. */
const LOCK_HOLD_MS = 100;
/** Long enough for a busy live tab to answer; only waited when some tab holds a session. */
const DEFAULT_HANDOVER_WAIT_MS = 3_000;
/**
 * A refresh's expiry this much short of a full idle period was cut by the absolute limit (the server gives
 * the idle expiry, never past that limit: decisions.md §5). Beyond rounding, the call's time and the clock's
 * skew; a limit closer than that to a full period is recognised at the next refresh
 * (docs/decisions/0089-the-session-limit-is-announced-not-offered.md).
 */
const FINAL_EXPIRY_MARGIN_MS = 60_000;
/** Screens on which the refresh check is stopped (spec §4). */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set([ROUTES.home, ROUTES.login]);

export function createSessionEngine(deps: SessionEngineDeps): SessionEngine {
  const { clock, calls } = deps;
  const channel = deps.channel ?? null;
  const tabId = deps.tabId ?? Math.random().toString(36).slice(2);

  let signedIn = false;
  let lastRefresh = 0;
  let lastActivity = 0;
  /** The token's own expiry, when the last refresh named one. */
  let expiresAt: number | null = null;
  /** When an immediate refresh was asked for, until it is done. */
  let refreshRequestedAt: number | null = null;
  let refreshing = false;
  let refreshAllowedOnRoute = true;

  let checkTimer: unknown = null;
  let deadlineTimer: unknown = null;
  let warningTimer: unknown = null;
  let activityTimer: unknown = null;

  let startedAt: number | null = null;
  /** An asked-for refresh found no server, and none has succeeded since. */
  let refreshFailing = false;
  let state: SessionState = SIGNED_OUT;
  const listeners = new Set<() => void>();
  const proxyListeners = new Set<(id: string) => void>();

  let ready: Promise<void> = Promise.resolve();

  const deadline = () => expiresAt ?? lastRefresh + SESSION.FALLBACK_EXPIRY_MS;

  let releaseHolder: (() => void) | null = null;

  function syncHolder() {
    if (signedIn && !releaseHolder && deps.locks?.hold) releaseHolder = deps.locks.hold(HOLDER_LOCK);
    if (!signedIn && releaseHolder) {
      releaseHolder();
      releaseHolder = null;
    }
  }

  function publish() {
    syncHolder();
    const next: SessionState = signedIn
      ? {
          signedIn,
          startedAt,
          deadline: deadline(),
          warning: clock.now() >= deadline() - SESSION.WARNING_BEFORE_LOGOUT_MS,
          final: expiresAt !== null && expiresAt < lastRefresh + SESSION.FALLBACK_EXPIRY_MS - FINAL_EXPIRY_MARGIN_MS,
          refreshFailing,
        }
      : SIGNED_OUT;
    if (
      next.signedIn === state.signedIn &&
      next.startedAt === state.startedAt &&
      next.deadline === state.deadline &&
      next.warning === state.warning &&
      next.final === state.final &&
      next.refreshFailing === state.refreshFailing
    )
      return;
    state = next;
    for (const l of listeners) l();
  }

  /** Reads the session from storage (at start, and when another tab may have changed it). */
  function loadFromStorage(): void {
    if (!storage.getToken()) return;
    const now = clock.now();
    signedIn = true;
    startedAt = storage.getLoginTime() ?? now;
    lastRefresh = storage.getLastRefresh() ?? startedAt;
    expiresAt = storage.getTokenExpiry();
    lastActivity = Math.max(lastActivity, storage.getLastActivity() ?? 0);
  }

  function stopTimers() {
    for (const t of [deadlineTimer, warningTimer]) if (t !== null) clock.clearTimeout(t);
    deadlineTimer = warningTimer = null;
    if (checkTimer !== null) clock.clearInterval(checkTimer);
    checkTimer = null;
  }

  /** (Re)arms the fallback logout timer, the warning timer and the refresh check for the current state. */
  function schedule() {
    stopTimers();
    if (!signedIn) {
      publish();
      return;
    }
    if (clock.now() >= deadline()) {
      void logout('expired');
      return;
    }
    armTimeouts();
    if (refreshAllowedOnRoute || refreshRequestedAt !== null)
      checkTimer = clock.setInterval(check, SESSION.REFRESH_CHECK_MS);
    publish();
  }

  /** Timers only wake the engine up: check() decides on the wall clock, then they are armed again. */
  function armTimeouts() {
    for (const t of [deadlineTimer, warningTimer]) if (t !== null) clock.clearTimeout(t);
    deadlineTimer = warningTimer = null;
    const now = clock.now();
    const end = deadline();
    deadlineTimer = clock.setTimeout(onTimer, Math.max(0, end - now));
    const warnAt = end - SESSION.WARNING_BEFORE_LOGOUT_MS;
    if (now < warnAt) warningTimer = clock.setTimeout(onTimer, warnAt - now);
  }

  function onTimer() {
    check();
    if (signedIn) armTimeouts();
  }

  /** The check (spec §4): logout when past the deadline, else refresh when due or asked for. */
  function check() {
    if (!signedIn) return;
    const now = clock.now();
    if (now >= deadline()) {
      void logout('expired');
      return;
    }
    publish();
    const requested = refreshRequestedAt !== null;
    const due = now - lastRefresh >= SESSION.IDLE_REFRESH_MS && lastActivity > lastRefresh;
    if (requested || (refreshAllowedOnRoute && due)) void refresh();
  }

  function withLock(fn: () => Promise<void>): Promise<void> {
    return deps.locks ? deps.locks.request(REFRESH_LOCK, fn) : fn();
  }

  function applyRefresh(token: string, at: number, expiry: number | null) {
    storage.storeRefreshedToken(token, at, expiry);
    lastRefresh = at;
    expiresAt = expiry;
    refreshRequestedAt = null;
    refreshFailing = false;
    schedule();
  }

  async function refresh(): Promise<void> {
    if (refreshing) return;
    refreshing = true;
    const knownRefresh = lastRefresh;
    try {
      await withLock(async () => {
        if (!signedIn) return;
        // Another tab may have refreshed while this one waited for the lock (shared localStorage), if the
        // storage still holds this session.
        const stored = storage.getLoginTime() === startedAt ? storage.getLastRefresh() : null;
        if (stored !== null && stored > lastRefresh) {
          lastRefresh = stored;
          expiresAt = storage.getTokenExpiry();
        }
        if (lastRefresh !== knownRefresh) {
          refreshRequestedAt = null;
          refreshFailing = false;
          schedule();
          return;
        }
        if (!storage.getToken()) {
          void logout('refreshFailed');
          return;
        }
        const outcome = await calls.refresh();
        if (!signedIn) return; // the call itself ended the session (403, 4200, 401)
        if (outcome.kind === 'refused' || outcome.kind === 'blocked') {
          void logout(outcome.kind === 'blocked' ? 'blocked' : 'refreshFailed');
          return;
        }
        if (outcome.kind === 'unreachable') {
          noteUnreachable();
          return;
        }
        const at = clock.now();
        const expiry = parseTokenExpirationDate(outcome.tokenExpirationDate)?.getTime() ?? null;
        applyRefresh(outcome.token, at, expiry);
        if (channel) {
          channel.post({
            type: 'refreshed',
            session: startedAt,
            token: outcome.token,
            lastRefresh: at,
            expiresAt: expiry,
          });
          await new Promise<void>((resolve) => clock.setTimeout(resolve, LOCK_HOLD_MS));
        }
      });
    } catch {
      // A failed lock or call is treated like an unreachable server: the next check tries again.
      noteUnreachable();
    } finally {
      refreshing = false;
    }
  }

  /**
   * A refresh found no server. When the user asked for it, they are told (the call is a background one,
   * with no toast of its own), until a refresh succeeds.
   */
  function noteUnreachable() {
    if (refreshRequestedAt === null || refreshFailing || !signedIn) return;
    refreshFailing = true;
    publish();
  }

  /**
   * Ends the session in this tab: storage (both, or only this tab's), timers, state, then the logged-out
   * screen.
   */
  function endLocally(destination: string, clear: () => void = storage.clearSession) {
    signedIn = false;
    startedAt = null;
    expiresAt = null;
    refreshRequestedAt = null;
    refreshFailing = false;
    lastActivity = 0;
    stopTimers();
    clear();
    publish();
    // "Unless already on that step" (spec §8): a logged-out screen is not replaced by another.
    if (!isLogoutStep(deps.currentHash())) deps.navigate(destination);
  }

  function logout(reason: LogoutReason): Promise<void> {
    const token = storage.getToken();
    // Several failing calls at once cause one logout: the first one ends the session, the rest find none.
    if (!signedIn && !token && reason !== 'explicit') return Promise.resolve();
    const destination = LOGOUT_DESTINATION[reason];
    const session = startedAt;
    endLocally(destination);
    // The user chose to leave: no screen is to reopen for whoever signs in next (docs/decisions/0010).
    if (reason === 'explicit') storage.setReturnTo(null);
    channel?.post({ type: 'logout', session, destination });
    if (!token) return Promise.resolve();
    // Local tokens are already gone: a failing LogoutFromApp changes nothing for the user.
    return calls.logout(token).catch(() => undefined);
  }

  /** Records activity at `at` (default now), here and in the other tabs. */
  function markActive(at: number = clock.now()) {
    if (at <= lastActivity) return;
    lastActivity = at;
    if (signedIn) storage.storeLastActivity(at);
    channel?.post({ type: 'activity', session: startedAt, at });
  }

  /** When the last event of the current burst of activity happened. */
  let lastEventAt = 0;

  // Debounced: a burst of events is recorded once, 1 s after it ends, with the time of its last event,
  // so the click that signed the user in does not count as activity in the new session.
  const onActivity = () => {
    lastEventAt = clock.now();
    if (activityTimer !== null) clock.clearTimeout(activityTimer);
    activityTimer = clock.setTimeout(() => {
      activityTimer = null;
      markActive(lastEventAt);
    }, SESSION.ACTIVITY_DEBOUNCE_MS);
  };

  const onWake = () => check();

  /**
   * Another tab signed in anew: the session this tab holds is over here, not kept beside the new one
   * (tabs share one session). Only this tab's storage is cleared (the shared one may hold the new session),
   * and the old session is ended on the server with this tab's own copy of its token, if it has one.
   */
  function endReplaced() {
    const own = storage.getLoginTime() === startedAt ? storage.getToken() : null;
    endLocally(logoutHref, () => storage.clearSession(['session']));
    if (own) void calls.logout(own).catch(() => undefined);
  }

  function onTabMessage(message: TabMessage) {
    // A message about another session than the one this tab holds (or, signed out, finds stored) is not
    // this tab's to act on.
    const held = signedIn ? startedAt : storage.getLoginTime();
    if (message.type !== 'hello' && message.type !== 'session' && message.session !== held) {
      if (message.type === 'begun' && signedIn) endReplaced();
      return;
    }
    switch (message.type) {
      case 'logout':
        if (signedIn || storage.getToken()) endLocally(message.destination);
        return;
      case 'refreshed':
        if (!signedIn) return;
        if (message.lastRefresh > lastRefresh) applyRefresh(message.token, message.lastRefresh, message.expiresAt);
        return;
      case 'activity':
        lastActivity = Math.max(lastActivity, message.at);
        return;
      case 'begun':
        return;
      case 'proxy':
        if (!signedIn) return;
        storage.setProxyProfileId(message.ptibProfileId);
        for (const l of proxyListeners) l(message.ptibProfileId);
        return;
      case 'hello': {
        const snapshot = signedIn && !storage.isRemembered() ? storage.readSnapshot() : null;
        if (snapshot) channel?.post({ type: 'session', to: message.from, ...snapshot });
        return;
      }
      case 'session':
        // Answered in whenReady's hand-over.
        return;
    }
  }

  /** A new tab in sessionStorage mode asks the live tabs for the session, and waits a moment for it. */
  async function askLiveTabs(): Promise<void> {
    if (!channel || storage.getToken()) return;
    // Where the browser can tell, a tab waits only when some other tab holds a session to hand over.
    if (deps.locks?.isHeld && !(await deps.locks.isHeld(HOLDER_LOCK).catch(() => true))) return;
    if (storage.getToken()) return;
    await new Promise<void>((resolve) => {
      let unsubscribe: () => void = () => undefined;
      const timer = clock.setTimeout(() => {
        unsubscribe();
        resolve();
      }, deps.handoverWaitMs ?? DEFAULT_HANDOVER_WAIT_MS);
      unsubscribe = channel.subscribe((message) => {
        if (message.type !== 'session' || message.to !== tabId || storage.getToken()) return;
        try {
          const { type: _type, to: _to, ...snapshot } = message;
          storage.adoptSnapshot(snapshot);
          loadFromStorage();
          schedule();
        } catch {
          // This tab cannot keep a token: it stays signed out.
        }
        clock.clearTimeout(timer);
        unsubscribe();
        resolve();
      });
      channel.post({ type: 'hello', from: tabId });
    });
  }

  return {
    start() {
      loadFromStorage();
      schedule();
      const unsubscribers = SESSION_ENDING_EVENTS.map((event) => deps.on(event, () => void logout(ENDS_WITH[event])));
      if (channel) unsubscribers.push(channel.subscribe(onTabMessage));
      const doc = deps.activityTarget ?? null;
      const win = deps.windowTarget ?? null;
      const opts: AddEventListenerOptions = { capture: true, passive: true };
      for (const e of ACTIVITY_EVENTS) doc?.addEventListener(e, onActivity, opts);
      doc?.addEventListener('visibilitychange', onWake);
      for (const e of WAKE_EVENTS) win?.addEventListener(e, onWake);
      ready = askLiveTabs();
      return () => {
        for (const u of unsubscribers) u();
        for (const e of ACTIVITY_EVENTS) doc?.removeEventListener(e, onActivity, opts);
        doc?.removeEventListener('visibilitychange', onWake);
        for (const e of WAKE_EVENTS) win?.removeEventListener(e, onWake);
        if (activityTimer !== null) clock.clearTimeout(activityTimer);
        activityTimer = null;
        stopTimers();
        releaseHolder?.();
        releaseHolder = null;
      };
    },
    whenReady: () =>
      ready.then(() => {
        // Another tab may have signed in (shared localStorage) since this one started.
        if (!signedIn && storage.getToken()) {
          loadFromStorage();
          schedule();
        }
      }),
    begin({ token, rememberMe }) {
      const now = clock.now();
      const replaced = storage.getToken();
      storage.replaceSession({ token, rememberMe, now });
      signedIn = true;
      startedAt = now;
      lastRefresh = now;
      lastActivity = 0;
      expiresAt = null;
      refreshRequestedAt = null;
      schedule();
      channel?.post({ type: 'begun', session: now });
      // The session this browser held is over (tabs share one): ended on the server, not left to expire.
      if (replaced && replaced !== token) void calls.logout(replaced).catch(() => undefined);
    },
    logout,
    requestRefresh() {
      if (!signedIn) return;
      refreshRequestedAt = clock.now();
      // Where the check is stopped (home, login) it runs until the asked-for refresh is done.
      if (checkTimer === null) schedule();
      check();
    },
    setRoute(path) {
      const allowed = !NO_REFRESH_PATHS.has(path);
      if (allowed === refreshAllowedOnRoute) return;
      refreshAllowedOnRoute = allowed;
      if (signedIn) schedule();
    },
    markActive: (at) => markActive(at),
    proxySwitched(ptibProfileId) {
      storage.setProxyProfileId(ptibProfileId);
      for (const l of proxyListeners) l(ptibProfileId);
      channel?.post({ type: 'proxy', session: startedAt, ptibProfileId });
    },
    onProxySwitch(listener) {
      proxyListeners.add(listener);
      return () => proxyListeners.delete(listener);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    now: () => clock.now(),
  };
}

/** Is this address one of home's logged-out steps? */
function isLogoutStep(hash: string): boolean {
  const location = parseHash(hash);
  const step = location.query.get('step');
  return location.path === ROUTES.home && (step === HOME_STEP.logout || step === HOME_STEP.interrupted);
}
