import type { ReactNode } from 'react';
import { SITE_LINKS, SHELL_TEXT, type SiteLinkKey } from '#contract/index.ts';
import { useSiteConfig } from './siteConfig.ts';

/**
 * A header or footer link (decisions.md §3): the built-in page, or the outside address configured for
 * it (env LINK_*), which opens normally (same tab) and says that it leads off this portal.
 */
export function SiteLink({ name, children }: { name: SiteLinkKey; children?: ReactNode }) {
  const config = useSiteConfig();
  const outside = config?.links[name];
  const label = children ?? SITE_LINKS[name].label;
  if (outside) {
    return (
      <a href={outside} className="external-link" rel="noopener noreferrer">
        {label} <span className="visually-hidden">{SHELL_TEXT.externalLink}</span>
      </a>
    );
  }
  return <a href={`#${SITE_LINKS[name].route}`}>{label}</a>;
}
