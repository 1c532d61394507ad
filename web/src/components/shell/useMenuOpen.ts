import { useCallback, useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#contract/index.ts';

const isNarrow = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/**
 * The site menu's open state (spec §2): the toggle flips it; it starts closed at every width
 * (docs/decisions/0033), and under 991 px wide it is forced collapsed on every resize that leaves the
 * window narrow. A resize that changes only the height (a phone's address bar sliding away while
 * scrolling) leaves an opened menu alone.
 */
export function useMenuOpen(): [open: boolean, toggle: () => void, close: () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let lastWidth = window.innerWidth;
    const onResize = () => {
      const width = window.innerWidth;
      if (width === lastWidth) return;
      lastWidth = width;
      if (isNarrow()) setOpen(false);
    };
    // The open menu pushes the page down: following one of its links closes it, the new screen on top.
    const onNavigate = () => setOpen(false);
    window.addEventListener('resize', onResize);
    window.addEventListener('hashchange', onNavigate);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('hashchange', onNavigate);
    };
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const close = useCallback(() => setOpen(false), []);
  return [open, toggle, close];
}
