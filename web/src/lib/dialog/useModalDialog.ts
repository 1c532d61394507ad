import { useEffect, useEffectEvent, type RefObject } from 'react';
import { useFocusWrap } from './useFocusWrap.ts';

export interface ModalDialogOptions {
  /** Where focus starts once the dialog is open. */
  initialFocus: () => HTMLElement | null | undefined;
  /** Where focus goes when what had it before is gone or was nothing in particular (default: stays put). */
  fallbackFocus?: () => HTMLElement | null;
  /** The dialog closed (Escape, a close button, dialog.close()), before it unmounts. */
  onClosed?: () => void;
}

/**
 * A native <dialog> as a modal for as long as it is mounted: opened with showModal() (the page behind is
 * inert), focus on `initialFocus`, Tab kept inside, and on close or unmount, whichever comes first, focus
 * back on what had it before (else `fallbackFocus`). One behaviour for the login dialog, the session
 * warning and the confirmation dialog.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, options: ModalDialogOptions): void {
  // The dialog opens once per mount; what it calls back is always the latest render's.
  const initialFocus = useEffectEvent(() => options.initialFocus());
  const fallbackFocus = useEffectEvent(() => options.fallbackFocus?.());
  const onClosed = useEffectEvent(() => options.onClosed?.());
  useFocusWrap(ref);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let restored = false;
    const restore = () => {
      if (restored) return;
      restored = true;
      const target = before && before !== document.body && before.isConnected ? before : null;
      (target ?? fallbackFocus())?.focus();
    };
    const onClose = () => {
      restore();
      onClosed();
    };
    if (!dialog.open) dialog.showModal();
    initialFocus()?.focus();
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      restore();
    };
  }, [ref]);
}
