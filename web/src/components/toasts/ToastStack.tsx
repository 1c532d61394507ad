import { TOASTS_LABEL } from '#contract/messages.ts';
import { useEffect, useRef, useState } from 'react';
import { useFloatingSpot } from '../shell/useFloatingSpot.ts';
import { ToastBody } from './ToastBody.tsx';
import { dismissToast, type Toast } from './toastStore.ts';

/**
 * One toast. It leaves by itself after its lifetime (error toasts 5 s, spec §2), but the clock stops
 * while the pointer is over it or focus is inside it, and starts again with the time that was left
 * (WCAG 2.2.1 Timing Adjustable). The close button dismisses it at once.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const remaining = useRef(toast.lifetimeMs);
  const paused = hovered || focused;

  // Pointer and focus only pause the clock, they do nothing to the toast: plain listeners, not handlers.
  useEffect(() => {
    const el = item.current;
    if (!el) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!el.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    el.addEventListener('mouseenter', enter);
    el.addEventListener('mouseleave', leave);
    el.addEventListener('focusin', focusIn);
    el.addEventListener('focusout', focusOut);
    return () => {
      el.removeEventListener('mouseenter', enter);
      el.removeEventListener('mouseleave', leave);
      el.removeEventListener('focusin', focusIn);
      el.removeEventListener('focusout', focusOut);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id]);

  return (
    <li ref={item} className={`toast toast-${toast.severity}`} data-paused={paused || undefined}>
      <ToastBody toast={toast} />
    </li>
  );
}

const SPOTS = ['bottom', 'top'] as const;

/**
 * The visible stack, loaded with the first toast. It sits at the bottom right, away from the header (its
 * Log out, the logo, the warning banner), or at the top right when the bottom would cover a control, and
 * never over the focus (WCAG 2.4.11; docs/decisions/0033): a stack taller than the room the focus leaves
 * it (large text on a phone) goes after the page. Its news was read out from the live regions already.
 */
export default function ToastStack({ toasts }: { toasts: readonly Toast[] }) {
  const stack = useRef<HTMLOListElement>(null);
  const spot = useFloatingSpot(stack, SPOTS, { focusFallback: 'after', revision: toasts });
  return (
    <section aria-label={TOASTS_LABEL}>
      <ol ref={stack} className="toasts" data-spot={spot} data-floating="">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
