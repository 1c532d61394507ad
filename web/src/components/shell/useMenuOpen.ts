import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../../contract/index.ts';

const isNarrow = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/**
 * The site menu's open state (spec §2): the toggle flips it; under 991 px wide it is forced collapsed
 * on load and on every resize that leaves the window narrow. A resize that changes only the height
 * (a phone's address bar sliding away while scrolling) leaves an opened menu alone.
 */
export function useMenuOpen(): [open: boolean, toggle: () => void] {
  const [open, setOpen] = useState(() => !isNarrow());
  useEffect(() => {
    let lastWidth = window.innerWidth;
    const onResize = () => {
      const width = window.innerWidth;
      if (width === lastWidth) return;
      lastWidth = width;
      if (isNarrow()) setOpen(false);
    };
    // On a narrow window the open menu covers the page: following one of its links closes it.
    const onNavigate = () => {
      if (isNarrow()) setOpen(false);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('hashchange', onNavigate);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('hashchange', onNavigate);
    };
  }, []);
  return [open, () => setOpen((o) => !o)];
}
