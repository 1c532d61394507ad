import { useSyncExternalStore } from 'react';
import type { SiteLinkKey } from '#contract/index.ts';
import { loadPublicConfig } from '../../lib/http/index.ts';

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
 * Loads the public configuration once per page, from the HTTP layer's one GET /api/config (which also
 * gives it the phone number and process-engine base). The shell keeps working (built-in links, the
 * default number) if it fails.
 */
export function loadSiteConfig(): Promise<void> {
  loading ??= loadPublicConfig().then((body) => {
    if (isSiteConfig(body)) {
      config = body;
      for (const l of listeners) l();
    }
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
