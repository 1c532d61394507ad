import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ROUTES } from '#contract/index.ts';
import { App } from './app/App.tsx';
import { notFoundRoute, routes } from './app/routes.ts';
import { createRouter } from './lib/router/router.ts';

/**
 * Build-time entry (scripts/prerender.ts, Vite SSR build; never part of the browser bundle): the shell
 * with one screen, as a first visit sees it before any script runs. Effects do not run here, so the
 * markup is that of a signed-out visitor. The caller provides a DOM (jsdom) whose address is the screen's.
 */
export async function renderScreen(path: string): Promise<string> {
  const router = createRouter({ routes, notFound: notFoundRoute, index: ROUTES.home });
  const stop = router.start();
  const deadline = Date.now() + 5_000;
  while (router.getState().pending || router.getState().route?.path !== path) {
    if (Date.now() > deadline) throw new Error(`prerender: the router did not resolve #${path}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  stop();
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

export const SCREENS = { home: ROUTES.home, login: ROUTES.login } as const;
