import { useSyncExternalStore } from 'react';
import { on, type AppEvents } from '../../lib/events/bus.ts';
import { callsInFlight } from '../../lib/http/index.ts';
import { useRouterState } from '../../lib/router/RouterView.tsx';

type CallsInFlight = AppEvents['calls:inflight'];

/** Calls in flight as the HTTP layer reports them on the bus ('calls:inflight'). */
let calls: CallsInFlight = { count: 0, blocking: 0 };
const listeners = new Set<() => void>();
let unsubscribeBus: (() => void) | null = null;

const sane = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

function subscribe(listener: () => void): () => void {
  if (!unsubscribeBus) calls = callsInFlight();
  unsubscribeBus ??= on('calls:inflight', (next) => {
    calls = { count: sane(next.count), blocking: sane(next.blocking) };
    for (const l of listeners) l();
  });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getCalls = () => calls;

export function useCallsInFlight(): CallsInFlight {
  return useSyncExternalStore(subscribe, getCalls, getCalls);
}

/**
 * What the page is waiting for, from real work only: a route loading (guards and the screen's code,
 * router state `pending`) and calls in flight. Derived, never latched, so nothing can stay stuck on.
 */
export function useWork(): { busy: boolean; blocking: boolean } {
  const { pending } = useRouterState();
  const { count, blocking } = useCallsInFlight();
  return { busy: pending || count > 0, blocking: pending || blocking > 0 };
}
