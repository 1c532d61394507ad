import type { ReactNode } from 'react';

/**
 * One group of menu links, e.g. an e-service menu (area E fills the menu with these, SiteMenu.tsx's
 * MenuLink inside). Not in SiteMenu.tsx: only a signed-in menu has groups, and every name a first-load
 * module exports is first-load code (docs/decisions/0038-first-load-back-under-budget.md).
 */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className="menu-group">
      <span className="menu-group-label">{label}</span>
      <ul>{children}</ul>
    </li>
  );
}
