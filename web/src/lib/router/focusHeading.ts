import { showPart } from '../showPart.ts';

/** How long a screen may take to show its heading after it commits (e.g. while its data loads). */
const HEADING_WAIT_MS = 5_000;

/**
 * Focuses the heading where the router left the view, the page's top. Large text can make the header taller
 * than the window, the heading then below the fold: the view goes to the top of main, or to the heading if
 * that still leaves it out of sight, so the focus is where the user looks (docs/decisions/0002, amended).
 */
function focus(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  const below = () => heading.getBoundingClientRect().bottom > window.innerHeight;
  if (below()) heading.closest('main')?.scrollIntoView?.({ block: 'start' });
  if (below()) heading.scrollIntoView?.({ block: 'start' });
}

/**
 * Calls `show` with what `find` finds in `container`: at once, or when the screen renders it a moment later
 * (bounded), and then only while the focus is still where the navigation left it: on the link that was
 * followed, lost with the old page, or on the page's h1 where the router put it meanwhile. A user who has moved
 * on keeps their place. Returns a function that stops waiting.
 */
function whenShown(container: HTMLElement, find: () => HTMLElement | null, show: (found: HTMLElement) => void) {
  const now = find();
  if (now) {
    show(now);
    return () => {};
  }
  const before = document.activeElement;
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    stop();
    const active = document.activeElement;
    if (
      active === before ||
      active === document.body ||
      active === container ||
      !active?.isConnected ||
      active === container.querySelector('h1')
    )
      show(found);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}

/**
 * Moves focus to the page's main heading (the first h1 in `container`) after a navigation, so screen
 * reader and keyboard users start at the new page's top instead of on the link they left. When the
 * screen renders its h1 a moment later, waits for it (bounded). Returns a function that stops waiting.
 */
export function focusMainHeading(container: HTMLElement | null): () => void {
  if (!container) return () => {};
  return whenShown(container, () => container.querySelector<HTMLElement>('h1'), focus);
}

/**
 * Shows the part an address's anchor names (`#/dashboard#proxy-heading`) and moves focus to it, as an in-page
 * link does (showPart), when the screen renders it after it commits (its data loads first). Returns a function
 * that stops waiting.
 */
export function showPartWhenShown(container: HTMLElement | null, id: string): () => void {
  if (!container) return () => {};
  return whenShown(
    container,
    () => document.getElementById(id),
    () => showPart(id),
  );
}
