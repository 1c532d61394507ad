/** How long a screen may take to show its heading after it commits (e.g. while its data loads). */
const HEADING_WAIT_MS = 5_000;

function focus(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Moves focus to the page's main heading (the first h1 in `container`) after a navigation, so screen
 * reader and keyboard users start at the new page's top instead of on the link they left. When the
 * screen renders its h1 a moment later, waits for it (bounded). Returns a function that stops waiting.
 */
export function focusMainHeading(container: HTMLElement | null): () => void {
  if (!container) return () => {};
  const now = container.querySelector<HTMLElement>('h1');
  if (now) {
    focus(now);
    return () => {};
  }
  const before = document.activeElement;
  const observer = new MutationObserver(() => {
    const heading = container.querySelector<HTMLElement>('h1');
    if (!heading) return;
    stop();
    // Only when the user has not moved focus themselves in the meantime.
    const active = document.activeElement;
    if (active === before || active === document.body || active === container || !active?.isConnected) focus(heading);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
