import { createContext, useContext, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { SITE_NAME } from '#contract/index.ts';
import { PageTrouble } from '../lazy/PageTrouble.tsx';
import { Recover } from '../lazy/Recover.tsx';
import { showPart } from '../showPart.ts';
import { focusMainHeading, showPartWhenShown } from './focusHeading.ts';
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
 * Renders the committed screen; on each navigation sets the route's title, scrolls to the top and moves focus
 * to the new page's main heading, or to the part the address's anchor names.
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
    // An anchor names where the user was sent (a header note's "choose which profile to act for"): the focus
    // goes there, not only the view, or keyboard and screen-reader users are left on the link they followed.
    const anchor = location.anchor;
    const part = anchor ? document.getElementById(anchor) : null;
    if (part) {
      // A screen that put the focus in the part itself (a form's field an error link names) keeps it there.
      if (!part.contains(document.activeElement)) showPart(part.id);
      return;
    }
    window.scrollTo(0, 0);
    const main = document.querySelector('main');
    // The first screen of a visit leaves focus where the browser starts; later ones move it to their h1,
    // until the part an anchor names is rendered (the screen's data came).
    const stopHeading = key === 1 ? () => {} : focusMainHeading(main);
    const stopPart = anchor ? showPartWhenShown(main, anchor) : () => {};
    return () => {
      stopHeading();
      stopPart();
    };
  }, [key, route, location]);

  // A screen that would not load or render shows what happened, with a retry that runs the navigation
  // again (also when the browser comes back online); a retry that works commits a new key.
  return (
    <Recover key={key} failed={failed} onRetry={router.refresh} fallback={(retry) => <PageTrouble retry={retry} />}>
      {Screen && <Screen location={location} />}
    </Recover>
  );
}
