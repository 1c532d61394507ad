import { useEffect, useState } from 'react';
import { BLOCK_OVERLAY_SPINNER_DELAY_MS, SHELL_TEXT } from '#contract/index.ts';

/**
 * The full-page block overlay (spec §2) during route navigation and blocking calls. It catches
 * pointer input at once; its spinner and the polite 'Loading' announcement come only when the wait
 * lasts past a short delay, so quick navigations neither flash nor chatter. It follows `active`
 * (derived from real work), so it cannot be left behind.
 */
export function BlockOverlay({ active }: { active: boolean }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), BLOCK_OVERLAY_SPINNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [active]);
  const showSpinner = active && slow;
  return (
    <>
      <div className="block-overlay" hidden={!active} data-slow={showSpinner || undefined} data-testid="block-overlay">
        <div className="spinner" aria-hidden="true" />
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {showSpinner ? SHELL_TEXT.loading : ''}
      </div>
    </>
  );
}
