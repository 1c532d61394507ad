import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { PRERENDERED_ATTR, replacePrerendered } from './app/prerendered.ts';
import './styles/main.css';
import { initTheme } from './components/theme/theme.ts';

// Theme and design tokens before the first render, so a stored dark theme never flashes light.
initTheme();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.hasAttribute(PRERENDERED_ATTR)) replacePrerendered(container, app);
else createRoot(container).render(app);
