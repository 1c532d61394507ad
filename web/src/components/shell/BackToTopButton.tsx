import { useRef } from 'react';
import { BACK_TO_TOP } from '#contract/index.ts';
import { scrollToTop } from './scrollToTop.ts';
import { useFloatingSpot } from './useFloatingSpot.ts';

const SPOTS = ['right', 'left'] as const;

/**
 * The back-to-top button itself, loaded the first time the page is scrolled far enough to need it.
 * The scroll it starts is the window's, not the button's: it finishes (and moves focus) even if the
 * button goes away meanwhile.
 */
export default function BackToTopButton({ focusTop }: { focusTop: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Bottom right, else bottom left; out of sight while both would cover a control (docs/decisions/0033).
  const spot = useFloatingSpot(button, SPOTS, { fallback: 'hidden' });
  const cancelScroll = useRef<(() => void) | null>(null);
  return (
    <button
      ref={button}
      type="button"
      className="back-to-top"
      data-spot={spot}
      data-floating=""
      onClick={() => {
        cancelScroll.current?.();
        cancelScroll.current = scrollToTop(BACK_TO_TOP.SCROLL_MS, () => {
          cancelScroll.current = null;
          focusTop();
        });
      }}
    >
      <span aria-hidden="true">↑</span> Back to top
    </button>
  );
}
