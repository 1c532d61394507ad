/** Ease-in-out: slow start and finish, as a hand-made smooth scroll should feel. */
const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const jump = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

/**
 * Scrolls the window to the top in exactly `durationMs` (spec §9: 450 ms), then calls `done`. Frames come
 * from requestAnimationFrame; the end comes from a timer, so it lands on time even when frames are
 * throttled, and fake timers can test it. With reduced motion it jumps at once. The user taking over
 * (wheel or touch) cancels it. Returns a function that cancels it.
 */
export function scrollToTop(durationMs: number, done: () => void): () => void {
  const from = window.scrollY;
  if (prefersReducedMotion() || from <= 0 || durationMs <= 0) {
    jump(0);
    done();
    return () => {};
  }
  const startedAt = performance.now();
  let frame = 0;
  const step = () => {
    const t = Math.min(1, (performance.now() - startedAt) / durationMs);
    jump(Math.round(from * (1 - ease(t))));
    if (t < 1) frame = requestAnimationFrame(step);
  };
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    window.removeEventListener('wheel', cancel);
    window.removeEventListener('touchstart', cancel);
  };
  const timer = setTimeout(() => {
    cancel();
    jump(0);
    done();
  }, durationMs);
  window.addEventListener('wheel', cancel, { passive: true });
  window.addEventListener('touchstart', cancel, { passive: true });
  frame = requestAnimationFrame(step);
  return cancel;
}
