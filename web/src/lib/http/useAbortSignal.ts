import { useEffect, useRef, useState } from 'react';

/**
 * A signal that aborts when the screen unmounts: pass it to api calls so a screen that is left does
 * not act on a late answer.
 *
 * StrictMode unmounts and remounts every component once in development: the abort is deferred by a
 * microtask and called off by the remount, so the signal handed out at render stays live.
 */
export function useAbortSignal(): AbortSignal {
  const [controller] = useState(() => new AbortController());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        if (!mounted.current) controller.abort();
      });
    };
  }, [controller]);
  return controller.signal;
}
