import { useEffect } from 'react';

/**
 * After an action whose answer removed the control that had the focus (a Remove button, a file input once
 * the last file is in, a Pay button), the browser leaves the focus on the page's start. Each time `after`
 * changes (from a truthy value: a counter of actions done, or a flag), when the focus is nowhere, it goes to
 * `target()` instead; a focus the user moved meanwhile is left where it is.
 */
export function useFocusWhenLost(after: number | boolean, target: () => HTMLElement | null | undefined): void {
  useEffect(() => {
    if (!after) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target()?.focus();
    // Only a new action moves the focus; `target` reads refs at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [after]);
}
