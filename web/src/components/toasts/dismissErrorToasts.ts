import { dismissToast, getToastState } from './toastStore.ts';

/**
 * Takes down the error toasts of the tries before an action that turned out to have gone through (its answer
 * lost, the server's state says it went): a success is not shown beside an error it has ended. Its own module,
 * not the toast store's, which is in the first load (docs/decisions/0026).
 */
export function dismissErrorToasts(): void {
  for (const t of getToastState().toasts) if (t.severity === 'error') dismissToast(t.id);
}
