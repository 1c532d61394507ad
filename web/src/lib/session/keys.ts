import { STORAGE_KEY_PREFIX } from '#contract/index.ts';

/**
 * Every browser-storage key of the session, in one place (spec §9: prefix PTIB). Features that keep
 * their own session data (proxy choice, case identity) use these names so that logout clears them.
 */
export const STORAGE_KEYS = {
  /** The bearer token: localStorage when "remember me", otherwise sessionStorage. */
  token: `${STORAGE_KEY_PREFIX}.token`,
  /** When the user signed in (epoch ms, server-corrected clock). */
  loginTime: `${STORAGE_KEY_PREFIX}.loginTime`,
  /** When the token was last issued or refreshed (epoch ms, server-corrected clock). */
  lastRefresh: `${STORAGE_KEY_PREFIX}.lastRefresh`,
  /** When the user was last active (debounced click, wheel or key press; epoch ms). */
  lastActivity: `${STORAGE_KEY_PREFIX}.lastActivity`,
  /** When the current token expires (epoch ms), if the server said so on refresh. */
  tokenExpiry: `${STORAGE_KEY_PREFIX}.tokenExpiry`,
  /** Authorizations (SEMS01…) cached after sign-in (spec §6); sessionStorage. */
  authorizations: `${STORAGE_KEY_PREFIX}.authorizations`,
  /** Dashboard message of the signed-in user; sessionStorage. */
  dashboardMessage: `${STORAGE_KEY_PREFIX}.dashboardMessage`,
  /** Proxy mode: the master PTIB profile acted for ('' = myself); sessionStorage (spec §4). */
  proxyProfileId: `${STORAGE_KEY_PREFIX}.proxyProfileId`,
  /** Case identity of the e-service in progress; sessionStorage (spec §3). */
  caseIdentity: `${STORAGE_KEY_PREFIX}.caseIdentity`,
  /** Address a failed guard remembered, to reopen after signing in; sessionStorage. */
  returnTo: `${STORAGE_KEY_PREFIX}.returnTo`,
  /** Whose unsaved form returnTo reopens, when a session ended on it (none: a guard's, for whoever signs in). */
  returnToLogin: `${STORAGE_KEY_PREFIX}.returnToLogin`,
  /** A sign-in waiting for its one-time password, for a reload to come back to; sessionStorage. */
  otpPending: `${STORAGE_KEY_PREFIX}.otpPending`,
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Web Locks of the session (navigator.locks), shared by its tabs. */
export const SESSION_LOCKS = {
  /** Held (exclusive) by the tab that refreshes, so only one tab refreshes at a time. */
  refresh: `${STORAGE_KEY_PREFIX}.session.refresh`,
  /** Held (shared) by every signed-in tab, so a new tab knows whether asking for the session can succeed. */
  holder: `${STORAGE_KEY_PREFIX}.session.holder`,
} as const;
