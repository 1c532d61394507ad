import { TOAST, TOAST_DEFAULT_LIFETIME_MS, TOAST_TITLES, type ToastSeverity } from '#contract/index.ts';
import { on, type AppEvents } from '../../lib/events/bus.ts';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  title: string;
  message: string;
  lifetimeMs: number;
}

/**
 * The toasts on screen. Anyone raises one with the bus event 'toast' (the HTTP layer, screens);
 * the store subscribes when first used, so no import order matters.
 */
export interface ToastState {
  toasts: readonly Toast[];
  /** The newest toast, for the screen-reader announcement; dismissing others never brings an old one back. */
  announced: Toast | null;
}

let state: ToastState = { toasts: [], announced: null };
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: ToastState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function lifetimeOf(severity: ToastSeverity): number {
  return severity === 'error' ? TOAST.ERROR_LIFETIME_MS : TOAST_DEFAULT_LIFETIME_MS;
}

export function showToast({ severity, message, title }: AppEvents['toast']): Toast {
  const toast: Toast = {
    id: nextId++,
    severity,
    title: title ?? TOAST_TITLES[severity],
    message,
    lifetimeMs: lifetimeOf(severity),
  };
  // The same message twice is one toast, the newer (its clock starts again, it is announced again): a lost
  // connection that fails a part of the page and then a save is said once (docs/decisions/0032).
  const others = state.toasts.filter((t) => t.severity !== severity || t.message !== message);
  set({ toasts: [...others, toast], announced: toast });
  return toast;
}

export function dismissToast(id: number): void {
  if (!state.toasts.some((t) => t.id === id)) return;
  set({
    toasts: state.toasts.filter((t) => t.id !== id),
    announced: state.announced?.id === id ? null : state.announced,
  });
}

export function clearToasts(): void {
  set({ toasts: [], announced: null });
}

let unsubscribeBus: (() => void) | null = null;

export function subscribeToasts(listener: () => void): () => void {
  unsubscribeBus ??= on('toast', (payload) => void showToast(payload));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToastState = (): ToastState => state;
