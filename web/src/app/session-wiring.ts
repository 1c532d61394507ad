import type { Router } from '../lib/router/router.ts';
import { session, setSessionNavigator } from '../lib/session/index.ts';

/**
 * Connects the session engine and the router: the engine navigates through the router, learns which
 * screen is shown (its refresh check stops on home and login), and a proxy switch re-runs the guards.
 * Call before router.start(), so guards find the session started.
 */
export function startSession(router: Router): () => void {
  setSessionNavigator((to) => router.navigate(to));
  const stopEngine = session.start();
  const syncRoute = () => {
    const path = router.getState().route?.path;
    if (path) session.setRoute(path);
  };
  syncRoute();
  const unsubscribeRoute = router.subscribe(syncRoute);
  const unsubscribeProxy = session.onProxySwitch(() => router.refresh());
  return () => {
    unsubscribeProxy();
    unsubscribeRoute();
    stopEngine();
  };
}
