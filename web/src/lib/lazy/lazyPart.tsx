import { lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { emit } from '../events/bus.ts';
import { Recover } from './Recover.tsx';

/** Said once per loss of the connection, however many parts fail meanwhile. */
let told = false;

function tell(): void {
  if (told) return;
  told = true;
  addEventListener('online', () => (told = false), { once: true });
  const offline = !navigator.onLine;
  emit('toast', { severity: 'error', message: offline ? CONNECTION_MESSAGES.offline : CONNECTION_MESSAGES.partFailed });
  // Online but the chunk would not load (say, gone after a new release): the next attempt may succeed.
  if (!offline) told = false;
}

/**
 * A lazily loaded piece of the shell (React.lazy) that survives a chunk that will not load
 * (docs/decisions/0032-losing-the-network.md). React.lazy keeps a failed load for good, so each failure
 * makes a fresh one: the next render (when the browser is back online, or the piece is next needed)
 * imports the chunk again. Meanwhile `fallback` shows, and a toast says what happened unless `quiet`.
 */
// As React.lazy's own signature: any component, its props read from it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  {
    fallback = () => null,
    quiet = false,
  }: { fallback?: (props: ComponentProps<T>) => ReactNode; quiet?: boolean } = {},
): ComponentType<ComponentProps<T>> {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        Current = fresh();
        if (!quiet) tell();
        throw error;
      }),
    );
  let Current = fresh();
  return function LazyPart(props: ComponentProps<T>) {
    // A retry renders this again, so that the element below is made with the fresh lazy component.
    const [attempt, setAttempt] = useState(0);
    return (
      <Recover key={attempt} fallback={() => fallback(props)} onRetry={() => setAttempt(attempt + 1)}>
        <Suspense fallback={fallback(props)}>
          <Current {...props} />
        </Suspense>
      </Recover>
    );
  };
}
