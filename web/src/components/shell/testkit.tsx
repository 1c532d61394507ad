import type { ComponentType } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { createRouter, type RouteDef, type Router, type ScreenProps } from '../../lib/router/router.ts';
import { RouterContext, RouterView } from '../../lib/router/RouterView.tsx';
import { Shell, type ShellProps } from './Shell.tsx';
import { resetSiteConfig, type SiteConfig } from './siteConfig.ts';

/**
 * Test kit for the shell's component tests (not part of the app): the real Shell around the real
 * router and RouterView, with screens the test defines.
 */
export const screen =
  (heading: string): ComponentType<ScreenProps> =>
  () => <h1>{heading}</h1>;

export const simpleRoutes: RouteDef[] = [
  { path: '/home', title: 'Home', load: async () => ({ default: screen('Home page') }) },
  { path: '/other', title: 'Other', load: async () => ({ default: screen('Other page') }) },
];

export const TEST_CONFIG: SiteConfig = {
  contactPhone: '1800-555-0100',
  links: {
    faqs: null,
    contactUs: null,
    usefulLinks: null,
    privacyStatement: null,
    termsAndConditions: null,
    termsOfUse: null,
    reportVulnerability: null,
    rate: null,
  },
};

/** Lets pending promises, effects and events due now (hashchange is a task) settle inside act. */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
      else await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });
}

export async function renderShell(
  options: {
    routes?: RouteDef[];
    hash?: string;
    config?: SiteConfig | null;
    props?: Omit<ShellProps, 'children'>;
  } = {},
): Promise<RenderResult & { router: Router }> {
  resetSiteConfig(options.config === undefined ? TEST_CONFIG : options.config);
  window.history.replaceState(null, '', options.hash ?? '#/home');
  const router = createRouter({
    routes: options.routes ?? simpleRoutes,
    notFound: { path: '*', title: 'Page not Found', load: async () => ({ default: screen('Page not Found') }) },
    index: '/home',
  });
  const view = render(
    <RouterContext value={router}>
      <Shell {...options.props}>
        <RouterView />
      </Shell>
    </RouterContext>,
  );
  onTestFinished(router.start());
  await flush();
  return Object.assign(view, { router });
}

/** Sets the window's width (and fires resize when asked): jsdom has no layout of its own. */
export function setWindowWidth(width: number, fire = true): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  if (fire) window.dispatchEvent(new Event('resize'));
}

/** Sets window.scrollY (jsdom does not scroll) and fires a scroll event. */
export function setScrollY(y: number, fire = true): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  if (fire) window.dispatchEvent(new Event('scroll'));
}
