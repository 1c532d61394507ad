import { useEffect, useMemo } from 'react';
import { AUTHORITY_PTIB, ROUTES } from '#contract/index.ts';
import { createRouter, type Router } from '../lib/router/router.ts';
import { RouterContext, RouterView } from '../lib/router/RouterView.tsx';
import { Shell } from '../components/shell/Shell.tsx';
import { notFoundRoute, routes } from './routes.ts';
import { startSession } from './session-wiring.ts';
import { SessionWarningSlot } from '../features/auth/SessionWarningSlot.tsx';
import { LogoutButton } from '../features/auth/LogoutButton.tsx';
import { ActingAsIndicator } from '../features/proxy/ActingAsIndicator.tsx';
import { EserviceMenuSlot } from '../features/esvc/EserviceMenuSlot.tsx';
import { PageTrouble } from '../lib/lazy/PageTrouble.tsx';
import { Recover } from '../lib/lazy/Recover.tsx';
import { lazyPart } from '../lib/lazy/lazyPart.tsx';
import { useSession } from '../lib/session/useSession.ts';
import { identity } from '../lib/session/index.ts';
import { useIdentity } from '../lib/session/useIdentity.ts';

/** The header's inbox link: its code loads only in a signed-in tab, out of the first load. */
const InboxLink = lazyPart(() => import('../features/notifications/InboxLink.tsx'), { quiet: true });
/**
 * The account area: the inbox first, so that whom the user is and Log out stay side by side (0033). The inbox
 * is a PTIB user's: the link waits for the identity, so an officer's tab (which the server refuses an inbox,
 * docs/decisions/0039) shows no link and makes no call.
 */
function Account() {
  const { signedIn } = useSession();
  const user = useIdentity(identity, { load: false });
  return (
    <>
      {signedIn && user?.roles.includes(AUTHORITY_PTIB) && <InboxLink />}
      <ActingAsIndicator />
    </>
  );
}

const isAppPathname = (pathname: string) => pathname === '/' || pathname === '/index.html';

/** Runs `start` in a task of its own; the answer undoes it (or cancels it, not yet run). */
function inOwnTask(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const timer = setTimeout(() => {
    stop = start();
  });
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}

/** Wires the router and the shell; features live under src/features. */
export function App({ router: given }: { router?: Router } = {}) {
  // `given`: a router that has already resolved its first screen (the build-time prerender, scripts/prerender.ts).
  const router = useMemo(
    () => given ?? createRouter({ routes, notFound: notFoundRoute, index: ROUTES.home, isAppPathname }),
    [given],
  );
  // The session starts first: guards of the first screen read it. Each start in a task of its own, after
  // the other start-up effects, so that no one task holds the main thread long (the Total Blocking
  // Time); timers run in the order they were set.
  useEffect(() => inOwnTask(() => startSession(router)), [router]);
  useEffect(() => inOwnTask(() => router.start()), [router]);
  return (
    <RouterContext value={router}>
      {/* The last line of defence: an error in the shell itself shows a way back, never a blank page. */}
      <Recover
        fallback={(retry) => (
          <main>
            <PageTrouble retry={retry} />
          </main>
        )}
      >
        <Shell actingAs={<Account />} headerActions={<LogoutButton />} menu={<EserviceMenuSlot />}>
          <RouterView />
          <SessionWarningSlot />
        </Shell>
      </Recover>
    </RouterContext>
  );
}
