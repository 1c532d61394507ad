import { useMemo, useRef } from 'react';

/**
 * A screen's action that must not be sent again while it is on its way. The block overlay stops a second
 * click, but not Enter pressed again on the focused button: that second request would find the first one's
 * work done and report over it ("changed by someone else", "0 of 1 done", "already imported"). A screen
 * returns early while `busy()`, before touching its state, and sends through `run`.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useMemo(
    () => ({
      busy: () => running.current,
      async run<T>(work: () => Promise<T>): Promise<T> {
        running.current = true;
        try {
          return await work();
        } finally {
          running.current = false;
        }
      },
    }),
    [],
  );
}
