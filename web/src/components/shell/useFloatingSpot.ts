import { useLayoutEffect, useState, type RefObject } from 'react';

/** What a user can act on: what a floating thing must never lie over. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * Marks a floating thing (toasts, back-to-top, as data-floating=""): they give way to the page's controls, not to
 * each other, except to the one that has the focus (a toast over a focused back to top hid it whole).
 */
const FLOATING_ATTR = 'data-floating';

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return (
    a.width > 0 &&
    a.height > 0 &&
    b.width > 0 &&
    b.height > 0 &&
    a.left < b.right &&
    b.left < a.right &&
    a.top < b.bottom &&
    b.top < a.bottom
  );
}

// The focused control weighs more than all the others together: hiding the focus is the worst case
// (WCAG 2.4.11 Focus Not Obscured).
const FOCUS_WEIGHT = 1_000;

/** How badly `own`, where it sits now, covers the page's controls: 0 when it covers none. */
function coverage(own: HTMLElement): number {
  const rect = own.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return 0;
  let score = 0;
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    // A scroll region (TableScroll) is a control only for its arrow keys; what matters is what is in it.
    const focused = el === document.activeElement;
    if (own.contains(el) || (!focused && el.closest(`[${FLOATING_ATTR}]`)) || el.getAttribute('role') === 'region')
      continue;
    if (overlaps(rect, el.getBoundingClientRect())) score += focused ? FOCUS_WEIGHT : 1;
  }
  return score;
}

/**
 * Where a fixed-position thing (toasts, back-to-top) should sit so that it covers no control of the
 * page (docs/decisions/0033): the first of `spots` (values of its data-spot, the first its usual place)
 * that covers none; when every spot covers one, `fallback` if given (e.g. 'hidden'), else the spot that
 * covers the fewest, never the focused one if it can help it; when every spot covers the focus,
 * `focusFallback` if given (e.g. 'after': after the page, not over it). Checked on focus changes,
 * scrolling, resizing, changes of the page's size and whenever `revision` changes (e.g. a toast comes or
 * goes). While focus is inside the thing itself it stays where it is.
 */
export function useFloatingSpot(
  ref: RefObject<HTMLElement | null>,
  spots: readonly string[],
  { fallback, focusFallback, revision }: { fallback?: string; focusFallback?: string; revision?: unknown } = {},
): string {
  const [spot, setSpot] = useState(spots[0]!);
  const key = spots.join(' ');

  useLayoutEffect(() => {
    const candidates = key.split(' ');
    const check = () => {
      const own = ref.current;
      if (!own || own.contains(document.activeElement)) return;
      const before = own.dataset.spot;
      let best = candidates[0]!;
      let bestScore = Infinity;
      for (const candidate of candidates) {
        own.dataset.spot = candidate;
        const score = coverage(own);
        if (score < bestScore) {
          best = candidate;
          bestScore = score;
        }
        if (score === 0) break;
      }
      const chosen =
        bestScore > 0 && fallback !== undefined
          ? fallback
          : bestScore >= FOCUS_WEIGHT && focusFallback !== undefined
            ? focusFallback
            : best;
      if (before === undefined) delete own.dataset.spot;
      else own.dataset.spot = before;
      setSpot(chosen);
    };
    check();
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    };
    // Focus moves seldom and must never be hidden even for a frame: checked at once.
    document.addEventListener('focusin', check);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', check);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [ref, key, fallback, focusFallback, revision]);

  return spot;
}
