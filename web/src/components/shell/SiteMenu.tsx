import { useEffect, useRef, type ReactNode } from 'react';
import { ROUTES } from '#contract/index.ts';
import { useMenuOpen } from './useMenuOpen.ts';

export const SITE_MENU_ID = 'site-menu';

export function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href}>{children}</a>
    </li>
  );
}

/** What the menu holds until someone gives it groups. */
export function DefaultMenu() {
  return (
    <>
      <MenuLink href={`#${ROUTES.home}`}>Home</MenuLink>
      <MenuLink href={`#${ROUTES.esvc}`}>E-services</MenuLink>
    </>
  );
}

/**
 * The menu toggle and the menu it controls (spec §2), a disclosure: aria-expanded and aria-controls
 * follow the state; a collapsed menu is hidden from everyone, not only from sight. Escape, from the
 * toggle or inside the open menu, closes it and puts focus back on the toggle.
 */
export function SiteMenu({ children }: { children?: ReactNode }) {
  const [open, toggle, close] = useMenuOpen();
  const bar = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A key listener on the wrapper, not a handler: the wrapper is no control of its own.
  useEffect(() => {
    const el = bar.current;
    if (!el || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      button.current?.focus();
    };
    el.addEventListener('keydown', onKeyDown);
    return () => el.removeEventListener('keydown', onKeyDown);
  }, [open, close]);
  return (
    <div ref={bar} className="site-menu-bar">
      <button
        ref={button}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={SITE_MENU_ID}
        onClick={toggle}
      >
        <span className="menu-toggle-icon" aria-hidden="true" />
        Menu
      </button>
      <nav id={SITE_MENU_ID} className="site-menu" aria-label="Main menu" hidden={!open}>
        <ul>{children ?? <DefaultMenu />}</ul>
      </nav>
    </div>
  );
}
