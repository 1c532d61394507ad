import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToastState, subscribeToasts } from './toastStore.ts';

const ToastStack = lazy(() => import('./ToastStack.tsx'));

/**
 * Toasts (spec §2), raised by anyone with the bus event 'toast'. Screen readers hear each new toast
 * once, from live regions that exist before any toast does (errors assertively, the others politely);
 * the visible stack is loaded with the first toast, keeping it out of the first load.
 */
export function Toasts() {
  const { toasts, announced } = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  const announcement = announced ? `${announced.title}: ${announced.message}` : '';
  const urgent = announced?.severity === 'error';
  return (
    <>
      <div className="visually-hidden" role="alert">
        {urgent ? announcement : ''}
      </div>
      <div className="visually-hidden" role="status">
        {urgent ? '' : announcement}
      </div>
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} />
        </Suspense>
      )}
    </>
  );
}
