import { dismissToast, type Toast } from './toastStore.ts';

/** What a toast says and its close button: the same in the plain list and in the stack. */
export function ToastBody({ toast }: { toast: Toast }) {
  return (
    <>
      <p className="toast-title">{toast.title}</p>
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss {toast.title}</span>
      </button>
    </>
  );
}
