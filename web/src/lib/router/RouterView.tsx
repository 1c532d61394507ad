import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { Router, RouterState } from './router.ts';

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside RouterContext');
  return router;
}

export function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, router.getState, router.getState);
}

/** Renders the committed screen; on each navigation scrolls to the top (or the anchor) and sets the title. */
export function RouterView() {
  const { Screen, location, route, key } = useRouterState();

  useEffect(() => {
    if (!route || key === 0) return;
    document.title = `${route.title} | PTIB e-Services`;
    const target = location.anchor ? document.getElementById(location.anchor) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, route, location.anchor]);

  if (!Screen) return null;
  return <Screen key={key} location={location} />;
}
