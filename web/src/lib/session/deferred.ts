import type { AppEvents } from '../events/bus.ts';
import type { LogoutReason, SessionEngine, SessionState } from './engine.ts';
import { ENDS_WITH, SESSION_ENDING_EVENTS } from './ending-events.ts';

/**
 * The session as the app sees it, with the engine (refresh, idle and absolute logout, the tabs'
 * hand-over: its own chunk) loaded only when this tab has or may get a session: a token is stored, a
 * live tab may hand one over, or a sign-in begins. A visitor without a session never loads it, so the
 * first load of #/home and #/login stays within the first-load budget (docs/decisions/0026, 0027).
 *
 * Until the engine is there, the tab is signed out, and everything the engine would do for a signed-out
 * tab is done here or needs doing by nobody (see each method).
 */
export interface DeferredSession extends SessionEngine {
  /** Loads the engine now (a sign-in is under way), so the new session begins without waiting for it. */
  ensure(): Promise<SessionEngine>;
}

type BusOn = <K extends keyof AppEvents>(event: K, handler: (payload: AppEvents[K]) => void) => () => void;

export interface DeferredSessionDeps {
  /** Loads the engine's code and creates the engine. */
  load(): Promise<SessionEngine>;
  /** A token is stored for this tab. */
  hasToken(): boolean;
  /** Some other tab holds a session it may hand over to this one (sessionStorage mode). */
  mayReceiveSession(): Promise<boolean>;
  /** Stores a new session as the engine's begin does (throws when it cannot be kept). */
  storeNew(session: { token: string; rememberMe: boolean }): void;
  /** The engine clock's now. */
  now(): number;
  /** The app bus: calls that end a session report it there. */
  on: BusOn;
}

/** The state of no session, for this stand-in and the engine alike (the engine imports it from here). */
export const SIGNED_OUT: SessionState = Object.freeze({
  signedIn: false,
  startedAt: null,
  deadline: null,
  warning: false,
  final: false,
  refreshFailing: false,
});

export function createDeferredSession(deps: DeferredSessionDeps): DeferredSession {
  let engine: SessionEngine | null = null;
  let loading: Promise<SessionEngine> | null = null;
  let started = false;
  let stopEngine: (() => void) | null = null;
  let route: string | null = null;
  /** Settles once start() knows whether this tab runs the engine, and the engine (if so) is ready. */
  let ready: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const proxyListeners = new Set<(id: string) => void>();

  const notify = () => {
    for (const l of listeners) l();
  };

  function ensure(): Promise<SessionEngine> {
    loading ??= deps.load().then(
      (loaded) => {
        engine = loaded;
        if (route !== null) loaded.setRoute(route);
        loaded.subscribe(notify);
        loaded.onProxySwitch((id) => {
          for (const l of proxyListeners) l(id);
        });
        if (started) stopEngine = loaded.start();
        notify();
        return loaded;
      },
      (error: unknown) => {
        // The chunk could not be fetched (offline, a new release): the next need tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function logout(reason: LogoutReason): Promise<void> {
    if (engine) return engine.logout(reason);
    // The engine ignores these when there is no session to end; an explicit logout always lands.
    if (reason !== 'explicit' && !deps.hasToken()) return Promise.resolve();
    return ensure().then((loaded) => loaded.logout(reason));
  }

  return {
    ensure,
    start() {
      started = true;
      if (engine) {
        stopEngine = engine.start();
      } else {
        const needed = deps.hasToken() ? Promise.resolve(true) : deps.mayReceiveSession().catch(() => true);
        // A failed load leaves the tab signed out; whenReady tries again when a token turns up.
        ready = needed
          .then((yes) => (yes ? ensure().then((loaded) => loaded.whenReady()) : undefined))
          .catch(() => undefined);
      }
      // Once started, the engine hears these itself; before, a call that ends a stored session still does.
      const unsubscribers = SESSION_ENDING_EVENTS.map((event) =>
        deps.on(event, () => {
          if (!engine) void logout(ENDS_WITH[event]).catch(() => undefined);
        }),
      );
      return () => {
        started = false;
        for (const u of unsubscribers) u();
        stopEngine?.();
        stopEngine = null;
      };
    },
    whenReady: () =>
      ready.then(() => {
        if (engine) return engine.whenReady();
        // Another tab may have signed in (shared localStorage) since this one started.
        if (deps.hasToken()) return ensure().then((loaded) => loaded.whenReady());
        return undefined;
      }),
    begin(session) {
      if (engine) {
        engine.begin(session);
        return;
      }
      // Stored now, as the engine's begin would (and throwing as it would); the engine, once loaded and
      // started, reads the session from storage. Guards wait for it (whenReady).
      deps.storeNew(session);
      void ensure().catch(() => undefined);
    },
    logout,
    // Without an engine there is no session: nothing to refresh, and no session for activity to extend.
    requestRefresh: () => engine?.requestRefresh(),
    setRoute(path) {
      route = path;
      engine?.setRoute(path);
    },
    markActive: (at) => engine?.markActive(at),
    proxySwitched(ptibProfileId) {
      if (engine) engine.proxySwitched(ptibProfileId);
      else
        void ensure().then(
          (loaded) => loaded.proxySwitched(ptibProfileId),
          () => undefined,
        );
    },
    onProxySwitch(listener) {
      proxyListeners.add(listener);
      return () => proxyListeners.delete(listener);
    },
    getState: () => engine?.getState() ?? SIGNED_OUT,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    now: () => deps.now(),
  };
}
