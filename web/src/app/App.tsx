import { useEffect, useMemo } from 'react';
import { ROUTES } from '../../../contract/index.ts';
import { createRouter } from '../lib/router/router.ts';
import { RouterContext, RouterView } from '../lib/router/RouterView.tsx';
import { Shell } from '../components/shell/Shell.tsx';
import { notFoundRoute, routes } from './routes.ts';

const isAppPathname = (pathname: string) => pathname === '/' || pathname === '/index.html';

/** Wires the router and the shell; features live under src/features. */
export function App() {
  const router = useMemo(
    () => createRouter({ routes, notFound: notFoundRoute, index: ROUTES.home, isAppPathname }),
    [],
  );
  useEffect(() => router.start(), [router]);
  return (
    <RouterContext value={router}>
      <Shell>
        <RouterView />
      </Shell>
    </RouterContext>
  );
}
