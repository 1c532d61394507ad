import { useEffect, useState, type RefObject } from 'react';

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.width > 0 && a.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * For fixed-position things (toasts, back-to-top): true while the element that has focus, elsewhere on
 * the page, lies under this one, so the caller moves it to the other edge and never hides the focus
 * (WCAG 2.4.11 Focus Not Obscured). Checked on every focus change and scroll.
 */
export function useAvoidFocus(ref: RefObject<HTMLElement | null>): boolean {
  const [dodging, setDodging] = useState(false);
  useEffect(() => {
    const check = () => {
      const own = ref.current;
      const focused = document.activeElement;
      if (!own || !(focused instanceof HTMLElement) || focused === document.body || own.contains(focused)) {
        setDodging(false);
        return;
      }
      // Compare with where the element sits undodged, or it would flip back and forth.
      const wasDodging = own.dataset.dodge !== undefined;
      if (wasDodging) delete own.dataset.dodge;
      const hit = overlaps(own.getBoundingClientRect(), focused.getBoundingClientRect());
      if (wasDodging) own.dataset.dodge = 'true';
      setDodging(hit);
    };
    document.addEventListener('focusin', check);
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      document.removeEventListener('focusin', check);
      window.removeEventListener('scroll', check);
    };
  }, [ref]);
  return dodging;
}
