/** Business constants of the specification (§9), written once and imported everywhere. */

export const STORAGE_KEY_PREFIX = 'PTIB';

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

export const BACK_TO_TOP = {
  THRESHOLD_PX: 400,
  SCROLL_MS: 450,
  SCROLL_DEBOUNCE_MS: 50,
} as const;

export const TOAST = {
  ERROR_LIFETIME_MS: 5_000,
} as const;

export const MOBILE_BREAKPOINT_PX = 991;

export const PROGRESS_BAR = {
  show: true,
  value: 0,
  mode: 'indeterminate',
  color: '#B20838',
  height: '3px',
} as const;

export const FOOTER_DATE_FORMAT = 'd MMM yyyy';

export const CASE_NUMBER_PAD = 6;

export const DEFAULTS = {
  currency: 'SGD',
  country: 'SG',
  paymentMethod: 'GIRO',
  flag: 'Y',
  entityType: 'I',
} as const;

export const THEME = {
  DEFAULT: 'system',
  OPTIONS: ['light', 'dark', 'system'],
} as const;
export type ThemeChoice = (typeof THEME.OPTIONS)[number];

/** Layer order (§9) as named tokens. */
export const LAYERS = {
  modal: 1100,
  overlay: 1000,
  menu: 1000,
  tooltip: 1100,
} as const;

/** Singapore is UTC+08:00; token expiry dates are read in it unless they say GMT. */
export const SINGAPORE_UTC_OFFSET = '+08:00';
