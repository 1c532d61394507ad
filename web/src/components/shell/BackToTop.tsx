import { useEffect, useState } from 'react';
import { BACK_TO_TOP } from '#contract/index.ts';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';

// Offline, the button is left out and a toast says why; it comes when the browser is back online.
const BackToTopButton = lazyPart(() => import('./BackToTopButton.tsx'));

/**
 * Back to top (spec §2, §9): appears once the page is scrolled past 400 px (the scroll listener is
 * debounced 50 ms), scrolls smoothly to the top in 450 ms, then puts focus at the top of the page
 * (`focusTop`). Only the scroll watch is in the first load; the button comes when first needed.
 */
export function BackToTop({ focusTop }: { focusTop: () => void }) {
  const [visible, setVisible] = useState(() => window.scrollY > BACK_TO_TOP.THRESHOLD_PX);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(window.scrollY > BACK_TO_TOP.THRESHOLD_PX), BACK_TO_TOP.SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return visible ? <BackToTopButton focusTop={focusTop} /> : null;
}
