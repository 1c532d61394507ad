import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { PRERENDERED_ATTR, replacePrerendered } from './app/prerendered.ts';
import './styles/main.css';
import { initTheme } from './components/theme/theme.ts';

const container = document.getElementById('root')!;
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
