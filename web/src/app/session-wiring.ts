import type { Router } from '../lib/router/router.ts';
import { on } from '../lib/events/bus.ts';
import { session, setSessionNavigator } from '../lib/session/index.ts';

/**
 * Brings the user back to acting as themself when a proxy grant is withdrawn. Only a session acting for
 * another profile meets this, so the handler loads when it first does, not with the first load
 * (docs/decisions/0038). Events while it loads all reach the one handler, which runs one switch back; a
 * load that fails (offline) is tried again on the next refused call.
 */
function onProxyWithdrawn(navigate: (to: string) => void): () => void {
  let handler: Promise<(refusal: { responseJSON: unknown }) => void> | null = null;
  let stopped = false;
  const off = on('session:proxyWithdrawn', (refusal) => {
    handler ??= import('../features/proxy/withdrawn.ts').then(({ returnToSelfWithSwitch }) =>
      returnToSelfWithSwitch(navigate),
    );
    handler.then(
      (run) => {
        if (!stopped) run(refusal);
      },
      () => (handler = null),
    );
  });
  return () => {
    stopped = true;
    off();
  };
}

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
  const unsubscribeWithdrawn = onProxyWithdrawn((to) => router.navigate(to));
  return () => {
    unsubscribeWithdrawn();
    unsubscribeProxy();
    unsubscribeRoute();
    stopEngine();
  };
}
