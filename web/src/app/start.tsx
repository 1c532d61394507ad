import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initTheme } from '../components/theme/theme.ts';
import { App } from './App.tsx';
import { PRERENDERED_ATTR, replacePrerendered } from './prerendered.ts';

/** Starts the app in `container` (main.tsx): in place of the prerendered page, or rendering it anew. */
export function start(container: HTMLElement): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (container.hasAttribute(PRERENDERED_ATTR)) {
    // The prerendered page is already on screen: the start-up is spread over tasks (this script's own run,
    // the stored theme, then the app's render), so a tap or key press never waits long for the main thread
    // (the Total Blocking Time). The theme still comes before the app's first render.
    setTimeout(() => {
      initTheme();
      setTimeout(() => replacePrerendered(container, app));
    });
  } else {
    // Theme and design tokens before the first render, so a stored dark theme never flashes light.
    initTheme();
    createRoot(container).render(app);
  }
}
