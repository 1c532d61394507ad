import type { ReactNode } from 'react';
import { HEADER_LINK_KEYS, ROUTES, SITE_NAME } from '#contract/index.ts';
import { SiteLink } from './SiteLink.tsx';
import { SiteMenu } from './SiteMenu.tsx';
import { SiteSearchForm } from './SiteSearchForm.tsx';

export interface SiteHeaderProps {
  /** Controls at the end of the header's top row, e.g. the signed-in user's Log out (area A2). */
  actions?: ReactNode;
  /** The menu's groups (area E); a default menu when absent. */
  menu?: ReactNode;
  /** Whom the signed-in user is acting as (the proxy feature's indicator). */
  actingAs?: ReactNode;
  /**
   * The page's progress bar: drawn along the window's top edge, and inside the banner, so that while it shows
   * it is in a landmark like the rest of the page.
   */
  progress?: ReactNode;
}

/**
 * The header (spec §2), compact like GOV.UK's service header (docs/decisions/0033): a top row with the
 * logo, the help links and the account (whom the user is, then Log out, side by side), and a row with
 * the menu toggle and the site search. The menu stays closed until asked for; the theme choice is in the
 * footer.
 */
export function SiteHeader({ actions, menu, actingAs, progress }: SiteHeaderProps) {
  return (
    <header className="site-header">
      {progress}
      <div className="site-header-top">
        <a className="logo" href={`#${ROUTES.home}`}>
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>{SITE_NAME}</span> <span className="visually-hidden">home</span>
        </a>
        <nav aria-label="Help" className="help-nav">
          <ul className="header-links">
            {HEADER_LINK_KEYS.map((key) => (
              <li key={key}>
                <SiteLink name={key} />
              </li>
            ))}
          </ul>
        </nav>
        {(actingAs || actions) && (
          <div className="header-account">
            {actingAs}
            {actions}
          </div>
        )}
      </div>
      <div className="site-header-bottom">
        <SiteMenu>{menu}</SiteMenu>
        <SiteSearchForm />
      </div>
    </header>
  );
}
