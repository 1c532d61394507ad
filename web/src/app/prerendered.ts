import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isHomeAddress } from './home-address.ts';

export { PRERENDERED_ATTR } from './home-address.ts';
/** Longest wait for the app's first screen before it replaces the prerendered markup anyway. */
const SWAP_TIMEOUT_MS = 3_000;

/**
 * Renders the app into a detached root and puts it in place of the prerendered markup once it shows the
 * same thing: for home, when its main holds the home screen; for any other address, at its first commit
 * (the prerendered main was already emptied by the route gate). Not hydration: the shell's first render
 * depends on the browser (window width, stored theme and session), which a build cannot know, and a swap
 * of identical content neither flashes nor shifts the layout (docs/decisions: prerendered home).
 */
export function replacePrerendered(container: HTMLElement, app: ReactNode): void {
  const fresh = document.createElement(container.tagName);
  fresh.id = container.id;
  const waitForScreen = isHomeAddress(location.pathname, location.hash);
  const ready = () => (waitForScreen ? Boolean(fresh.querySelector('main')?.hasChildNodes()) : fresh.hasChildNodes());
  const swap = () => {
    if (fresh.isConnected) return;
    observer.disconnect();
    clearTimeout(timer);
    carryOverInput(container, fresh);
    container.replaceWith(fresh);
  };
  const observer = new MutationObserver(() => {
    if (ready()) swap();
  });
  observer.observe(fresh, { childList: true, subtree: true });
  const timer = setTimeout(swap, SWAP_TIMEOUT_MS);
  createRoot(fresh).render(app);
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** What a quick visitor already typed or chose (e.g. the header search) survives the swap, and so does focus. */
function carryOverInput(from: HTMLElement, to: HTMLElement): void {
  const active =
    document.activeElement instanceof HTMLElement && from.contains(document.activeElement)
      ? document.activeElement
      : null;
  // Focus goes to the same place in the new markup: the element with its id, else the one at its position
  // among the focusable elements (a keyboard user who tabbed to the skip link keeps it).
  const focusedIndex = active ? [...from.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  const focusedId = active?.id ?? '';
  for (const field of from.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input[id], select[id], textarea[id]',
  )) {
    const twin = to.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      `#${CSS.escape(field.id)}`,
    );
    if (twin && twin.tagName === field.tagName) twin.value = field.value;
  }
  if (!active) return;
  queueMicrotask(() => {
    const target =
      (focusedId ? document.getElementById(focusedId) : null) ??
      (focusedIndex >= 0 ? to.querySelectorAll<HTMLElement>(FOCUSABLE)[focusedIndex] : null);
    target?.focus();
  });
}
