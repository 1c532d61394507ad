import type { ReactNode } from 'react';

/**
 * Holds a table that may be wider than a phone: it scrolls sideways inside this region, never the page
 * (WCAG 1.4.10 Reflow, docs/decisions/0033). The region is named after the table and takes focus, so a
 * keyboard user can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A focusable scroll region is the pattern axe's scrollable-region-focusable asks for.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
