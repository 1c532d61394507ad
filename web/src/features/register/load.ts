import { useEffect, useState } from 'react';
import { useAbortSignal } from '../../lib/http/index.ts';
import type { Outcome } from './api.ts';

/** Keeps the bytes the browser was given as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Loads what a view shows, again whenever its key (everything load depends on) changes. */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<Outcome<T>>, key: string) {
  const signal = useAbortSignal();
  const [state, setState] = useState<{ key: string; value?: T; message?: string } | null>(null);
  useEffect(() => {
    let live = true;
    void load(signal).then((outcome) => {
      if (!live || (!outcome.ok && outcome.aborted)) return;
      setState(outcome.ok ? { key, value: outcome.value } : { key, message: outcome.message });
    });
    return () => {
      live = false;
    };
    // The key names everything load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state : null;
}
