import { useCallback, useEffect, useEffectEvent, useState } from 'react';

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
  /** Asks again (a Try again button, or after an action changed what is shown). */
  retry: () => void;
}

export interface LoadOptions {
  /**
   * While asking again for the same key (retry), keep showing the last answer instead of loading: a
   * list reloaded after an action stays on screen, with what was typed into it.
   */
  keep?: boolean;
}

/**
 * The one way a screen fetches what it shows: `load` runs when `key` changes (the address, the profile
 * acted for) and on retry; a rejection is a failure. The answer is kept under its key, so nothing of an
 * earlier key stays on screen and a late answer for it is dropped; leaving the screen aborts the call.
 * A null key loads nothing (the state stays loading).
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { keep = false }: LoadOptions = {},
): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const current = key === null ? null : `${attempt}:${key}`;
  const [answer, setAnswer] = useState<{ key: string; of: string; state: Loadable<T> } | null>(null);
  const run = useEffectEvent(load);
  // The same function on every render, so a screen may subscribe it to events.
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (current === null || key === null) return;
    const controller = new AbortController();
    const settle = (state: Loadable<T>) => {
      if (!controller.signal.aborted) setAnswer({ key: current, of: key, state });
    };
    run(controller.signal).then(
      (value) => settle({ kind: 'ready', value }),
      () => settle(FAILED),
    );
    return () => controller.abort();
  }, [current, key]);

  const kept = keep && answer !== null && answer.of === key && answer.state.kind === 'ready';
  return {
    state: answer !== null && (answer.key === current || kept) ? answer.state : LOADING,
    retry,
  };
}
