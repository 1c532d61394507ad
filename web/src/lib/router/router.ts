import type { ComponentType } from 'react';
import { currentLocation, type HashLocation } from './location.ts';

/**
 * A small hash router with guards that run before a screen loads (see docs/decisions/0002-router.md).
 * No React in here: the store is subscribed to by RouterView through useSyncExternalStore.
 */
export interface ScreenProps {
  location: HashLocation;
}

export interface RouteDef {
  path: string;
  /** Document title; error screens add their code. */
  title: string;
  /** A title that depends on the address (error screens put their errorCode in it); else `title`. */
  titleFor?: (location: HashLocation) => string;
  load: () => Promise<{ default: ComponentType<ScreenProps> }>;
  guards?: readonly Guard[];
}

export type GuardResult = { allow: true } | { redirect: string };
export interface GuardContext {
  location: HashLocation;
  route: RouteDef;
  /** The address that was asked for, e.g. `#/dashboard?x=1`, to come back to after signing in. */
  target: string;
  signal: AbortSignal;
}
export type Guard = (ctx: GuardContext) => GuardResult | Promise<GuardResult>;

export const ALLOW: GuardResult = { allow: true };

export interface RouterState {
  location: HashLocation;
  route: RouteDef | null;
  Screen: ComponentType<ScreenProps> | null;
  /** True while guards run and the screen's code loads. */
  pending: boolean;
  /** The screen of this address could not be had (its code would not load, a guard failed). */
  failed?: boolean;
  /** Increases with each committed navigation, so views can react once per navigation. */
  key: number;
}

export interface RouterOptions {
  routes: readonly RouteDef[];
  notFound: RouteDef;
  /** Where `#/` and the empty path go. */
  index: string;
  /** Called when a guard or a screen's code fails (e.g. a chunk that will not load). */
  onError?: (error: unknown) => void;
  /** Whether the page's own path (not the hash) is the app's; any other path shows not-found. */
  isAppPathname?: (pathname: string) => boolean;
}

export interface Router {
  getState(): RouterState;
  subscribe(listener: () => void): () => void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Re-runs guards and loading for the current address (e.g. after signing in). */
  refresh(): void;
  start(): () => void;
}

export function toHash(to: string): string {
  return to.startsWith('#') ? to : `#${to.startsWith('/') ? to : `/${to}`}`;
}

export function createRouter(options: RouterOptions): Router {
  const listeners = new Set<() => void>();
  let state: RouterState = { location: currentLocation(), route: null, Screen: null, pending: true, key: 0 };
  let controller: AbortController | null = null;
  const byPath = new Map(options.routes.map((r) => [r.path, r]));

  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };

  const navigate = (to: string, { replace = false } = {}) => {
    const hash = toHash(to);
    if (hash === window.location.hash) {
      void resolve();
      return;
    }
    if (replace) {
      window.history.replaceState(window.history.state, '', hash);
      void resolve();
    } else {
      window.location.hash = hash;
    }
  };

  async function resolve(): Promise<void> {
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    const location = currentLocation();
    const pathnameOk = options.isAppPathname?.(window.location.pathname) ?? true;
    if (pathnameOk && location.path === '/') {
      navigate(options.index, { replace: true });
      return;
    }
    const route = (pathnameOk && byPath.get(location.path)) || options.notFound;
    set({ pending: true });
    try {
      for (const guard of route.guards ?? []) {
        const result = await guard({ location, route, target: window.location.hash || '#/', signal: ctrl.signal });
        if (ctrl.signal.aborted) return;
        if ('redirect' in result) {
          navigate(result.redirect, { replace: true });
          return;
        }
      }
      const module = await route.load();
      if (ctrl.signal.aborted) return;
      set({ location, route, Screen: module.default, pending: false, failed: false, key: state.key + 1 });
    } catch (error) {
      if (ctrl.signal.aborted) return;
      // The address has changed: the view says this screen could not load rather than keep the old one
      // (docs/decisions/0032-losing-the-network.md).
      set({ location, route, Screen: null, pending: false, failed: true, key: state.key + 1 });
      options.onError?.(error);
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    refresh: () => void resolve(),
    start() {
      const onChange = () => void resolve();
      window.addEventListener('hashchange', onChange);
      void resolve();
      return () => window.removeEventListener('hashchange', onChange);
    },
  };
}
