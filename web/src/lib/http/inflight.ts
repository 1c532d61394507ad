import { emit } from '../events/bus.ts';

/**
 * Calls in flight, counted (not flagged), so overlapping calls keep the progress bar up until the
 * last one settles. Blocking calls are counted apart for the full-page overlay.
 */
let count = 0;
let blocking = 0;

/** Counts a call as started; the returned function counts it as settled (once, however often called). */
export function trackCall(block: boolean): () => void {
  count++;
  if (block) blocking++;
  emit('calls:inflight', { count, blocking });
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    count--;
    if (block) blocking--;
    emit('calls:inflight', { count, blocking });
  };
}

export function callsInFlight(): { count: number; blocking: number } {
  return { count, blocking };
}

/** For tests. */
export function resetCallsInFlight(): void {
  count = 0;
  blocking = 0;
}
