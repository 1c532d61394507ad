import { createContext, useContext, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { SITE_NAME } from '#contract/index.ts';
import { PageTrouble } from '../lazy/PageTrouble.tsx';
import { Recover } from '../lazy/Recover.tsx';
import { focusMainHeading } from './focusHeading.ts';
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

/**
 * Renders the committed screen; on each navigation sets the route's title, scrolls to the top (or the anchor)
 * and moves focus to the new page's main heading.
 */
export function RouterView() {
  const router = useRouter();
  const { Screen, location, route, key, failed } = useRouterState();

  // The route's title as the screen commits: a layout effect, so that a screen naming itself more exactly
  // once it knows what it shows (an e-service's step, a register service) sets its title in its own effect
  // after this one, not before it.
  useLayoutEffect(() => {
    if (!route || key === 0) return;
    document.title = `${route.titleFor?.(location) ?? route.title} | ${SITE_NAME}`;
  }, [key, route, location]);

  useEffect(() => {
    if (!route || key === 0) return;
    const target = location.anchor ? document.getElementById(location.anchor) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // The first screen of a visit leaves focus where the browser starts; later ones move it to their h1.
    if (key === 1 || target) return;
    return focusMainHeading(document.querySelector('main'));
  }, [key, route, location]);

  // A screen that would not load or render shows what happened, with a retry that runs the navigation
  // again (also when the browser comes back online); a retry that works commits a new key.
  return (
    <Recover key={key} failed={failed} onRetry={router.refresh} fallback={(retry) => <PageTrouble retry={retry} />}>
      {Screen && <Screen location={location} />}
    </Recover>
  );
}
