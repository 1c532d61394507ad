import { useSyncExternalStore } from 'react';
import { API_PATHS, isEnvelope, RESPONSE_CODE, type SiteLinkKey } from '../../../../contract/index.ts';

/** What the shell needs from GET /api/config: the toll-free number and the outside-address overrides. */
export interface SiteConfig {
  contactPhone: string;
  links: Partial<Record<SiteLinkKey, string | null>>;
  /** SAML single sign-on is configured: the login screen offers it. */
  ssoEnabled?: boolean;
}

let config: SiteConfig | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function isSiteConfig(value: unknown): value is SiteConfig {
  const v = value as SiteConfig | null;
  return typeof v?.contactPhone === 'string' && typeof v.links === 'object' && v.links !== null;
}

/**
 * Loads the public configuration once per page. A plain fetch: it is one public GET, made before
 * anything else, and the shell keeps working (built-in links, no number) if it fails.
 */
export function loadSiteConfig(): Promise<void> {
  loading ??= fetch(API_PATHS.config, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then((res) => res.json())
    .then((body: unknown) => {
      if (isEnvelope(body) && body.header.responseCode === RESPONSE_CODE.OK && isSiteConfig(body.responseJSON)) {
        config = body.responseJSON;
        for (const l of listeners) l();
      }
    })
    .catch(() => {
      // Offline or failing: built-in links stay, and a later page load tries again.
    });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadSiteConfig();
  return () => listeners.delete(listener);
}

const getConfig = () => config;

export function useSiteConfig(): SiteConfig | null {
  return useSyncExternalStore(subscribe, getConfig, getConfig);
}

/** For tests: forget what was loaded. */
export function resetSiteConfig(next: SiteConfig | null = null): void {
  config = next;
  loading = next ? Promise.resolve() : null;
  for (const l of listeners) l();
}
