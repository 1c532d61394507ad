import { useEffect, useEffectEvent, useState } from 'react';
import { systemDifficultiesMessage } from '../../lib/http/index.ts';
import { useLoad, type Loadable } from '../../lib/http/useLoad.ts';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';
import type { FinanceOutcome } from './api.ts';

export interface KeptLoad<T> {
  state: Loadable<FinanceOutcome<T>>;
  /** What to show: the last answer that came, or null until one has. */
  shown: T | null;
  /** The last load failed: said beside `shown` when there is one, in its place when not. */
  reloadFailed: boolean;
  /** Why the last load failed, for a first load that failed. */
  failed: string;
  /** Loads again after a decision. */
  reload: () => void;
  /** Loads again from a Try again button, and gives the focus to `heading` if it goes with the button. */
  tryAgain: () => void;
}

/**
 * A finance list reloaded after each decision (docs/decisions/0109). A reload that fails leaves the list as
 * last loaded on screen with the failure said beside it: drawn from a failed answer, every row, and what was
 * typed in it, would go. Each list of the screen loads this way, so none of them is the one that forgets.
 */
export function useKeptLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<FinanceOutcome<T>>,
  heading: string,
  /** Told each new answer that came: what it shows may settle a decision that got no answer. */
  onFresh: (value: T) => void = () => {},
): KeptLoad<T> {
  const { state, retry: reload } = useLoad(key, load, { keep: true });
  const answer = state.kind === 'ready' ? state.value : null;
  const [good, setGood] = useState<T | null>(null);
  if (answer?.ok && answer.value !== good) setGood(answer.value);
  const shown = answer?.ok ? answer.value : good;
  const reloadFailed = state.kind === 'failed' || (answer !== null && !answer.ok);
  const fresh = useEffectEvent(onFresh);
  useEffect(() => {
    if (good !== null) fresh(good);
  }, [good]);
  // Asked again when the browser is back online, as a record is (docs/decisions/0108): else the list stays
  // as it was until someone thinks of Try again.
  useEffect(() => {
    if (!reloadFailed) return;
    addEventListener('online', reload);
    return () => removeEventListener('online', reload);
  }, [reloadFailed, reload]);
  // Try again goes with the failure it was in: the focus then goes to the list's heading, not the page's start.
  const [retried, setRetried] = useState(0);
  const tryAgain = () => {
    setRetried((n) => n + 1);
    reload();
  };
  useFocusWhenLost(reloadFailed || state.kind === 'loading' ? 0 : retried, () => document.getElementById(heading));
  return {
    state,
    shown,
    reloadFailed,
    failed: (answer && !answer.ok && answer.message) || systemDifficultiesMessage(),
    reload,
    tryAgain,
  };
}
