import { useEffect, useEffectEvent, useState } from 'react';

/**
 * What a screen shows of a call it makes on its own: loading, failed (the HTTP layer has already told
 * the user what needs telling) or the answer. Every screen that fetches to show uses this one shape, with
 * LoadStatus (components/load) for the first two.
 */
export type Loadable<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; value: T };

export const LOADING = Object.freeze({ kind: 'loading' }) as Loadable<never>;
export const FAILED = Object.freeze({ kind: 'failed' }) as Loadable<never>;

export interface Load<T> {
  state: Loadable<T>;
  /** Asks again (a Try again button). */
  retry: () => void;
}

/**
 * The one way a screen fetches what it shows: `load` runs when `key` changes (the address, the profile
 * acted for) and on retry; a rejection is a failure. The answer is kept under its key, so nothing of an
 * earlier key stays on screen and a late answer for it is dropped; leaving the screen aborts the call.
 * A null key loads nothing (the state stays loading).
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const current = key === null ? null : `${attempt}:${key}`;
  const [answer, setAnswer] = useState<{ key: string; state: Loadable<T> } | null>(null);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (current === null) return;
    const controller = new AbortController();
    const settle = (state: Loadable<T>) => {
      if (!controller.signal.aborted) setAnswer({ key: current, state });
    };
    run(controller.signal).then(
      (value) => settle({ kind: 'ready', value }),
      () => settle(FAILED),
    );
    return () => controller.abort();
  }, [current]);

  return {
    state: answer !== null && answer.key === current ? answer.state : LOADING,
    retry: () => setAttempt((n) => n + 1),
  };
}
