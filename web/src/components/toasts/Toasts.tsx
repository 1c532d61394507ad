import { TOASTS_LABEL } from '#contract/messages.ts';
import { useSyncExternalStore } from 'react';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { ToastBody } from './ToastBody.tsx';
import { getToastState, subscribeToasts, type Toast } from './toastStore.ts';

/**
 * The toasts as plain items, while the stack's code loads or when it will not (offline): a failed save's
 * toast must still be seen (docs/decisions/0032-losing-the-network.md). They stay until dismissed.
 */
function PlainToasts({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <section aria-label={TOASTS_LABEL}>
      <ol className="toasts">
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast-${toast.severity}`}>
            <ToastBody toast={toast} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const ToastStack = lazyPart(() => import('./ToastStack.tsx'), { fallback: PlainToasts, quiet: true });

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
      {toasts.length > 0 && <ToastStack toasts={toasts} />}
    </>
  );
}
