import { useRef, type ReactNode } from 'react';
import { Toasts } from '../toasts/Toasts.tsx';
import { BackToTop } from './BackToTop.tsx';
import { BlockOverlay } from './BlockOverlay.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { WarningBanner } from './WarningBanner.tsx';
import { useWork } from './work.ts';

export interface ShellProps {
  children: ReactNode;
  /** Controls at the end of the header, e.g. the signed-in user's Log out (area A2). */
  headerActions?: ReactNode;
  /** Groups for the site menu (area E: e-service menus, built with MenuGroup/MenuLink). */
  menu?: ReactNode;
  /** Whom the signed-in user is acting as, shown in the header (the proxy feature's indicator). */
  actingAs?: ReactNode;
}

/**
 * The portal's frame (spec §2): skip link, progress bar, warning banner, header, main content, footer,
 * back-to-top, toasts and the block overlay. Work indicators follow real work: route loading and calls
 * in flight.
 */
export function Shell({ children, headerActions, menu, actingAs }: ShellProps) {
  const skipLink = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <SkipLink ref={skipLink} />
      <WarningBanner />
      <SiteHeader actions={headerActions} menu={menu} actingAs={actingAs} progress={<WorkProgressBar />} />
      <Main>{children}</Main>
      <SiteFooter />
      <BackToTop focusTop={() => skipLink.current?.focus()} />
      <Toasts />
      <WorkBlockOverlay />
    </>
  );
}

// The parts that follow the work in progress read it themselves: a call or a route load that starts or
// ends then re-renders them, not the whole shell (header, menu and footer), which would block the main
// thread for a moment each time (the Total Blocking Time; GET /api/config runs at every start).
function WorkProgressBar() {
  return <ProgressBar active={useWork().busy} />;
}

function WorkBlockOverlay() {
  return <BlockOverlay active={useWork().blocking} />;
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} aria-busy={useWork().blocking}>
      {children}
    </main>
  );
}
