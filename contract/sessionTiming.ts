/**
 * Session timing, a business constant of the specification like those of constants.ts. Apart from
 * them because only the lazily loaded session engine and the server read it, and a contract module of the
 * first load brings every export used anywhere into it (docs/decisions/0038-first-load-back-under-budget.md).
 */

/** Session timing (§4, §9; decisions.md §5). */
export const SESSION = {
  /** Token refreshed when the last refresh is this old (and the user was active). */
  IDLE_REFRESH_MS: 600_000,
  /** Fallback logout timer, restarted after each refresh. */
  FALLBACK_EXPIRY_MS: 900_000,
  ACTIVITY_DEBOUNCE_MS: 1_000,
  REFRESH_CHECK_MS: 1_000,
  /** Beyond the specification: the warning dialog opens this long before logout. */
  WARNING_BEFORE_LOGOUT_MS: 120_000,
  /**
   * Beyond the specification (docs/decisions/0029): after a refresh, the token it replaced is still
   * accepted this long, for calls already on their way; after that, using it ends the whole session.
   */
  ROTATION_GRACE_MS: 30_000,
  /** Absolute limit of a session on the server (hours; env SESSION_MAX_HOURS overrides). */
  DEFAULT_MAX_HOURS: 12,
} as const;
