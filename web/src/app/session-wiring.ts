import type { Router } from '../lib/router/router.ts';
import { returnToSelfWithSwitch } from '../features/proxy/withdrawn.ts';
import { session, setSessionNavigator } from '../lib/session/index.ts';

/**
 * Connects the session engine and the router: the engine navigates through the router, learns which
 * screen is shown (its refresh check stops on home and login), a proxy switch re-runs the guards, and a
 * withdrawn proxy grant brings the user back to acting as themself.
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
  const unsubscribeWithdrawn = returnToSelfWithSwitch((to) => router.navigate(to));
  return () => {
    unsubscribeWithdrawn();
    unsubscribeProxy();
    unsubscribeRoute();
    stopEngine();
  };
}
