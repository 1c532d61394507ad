/** Business constants of the specification (§9), written once and imported everywhere. */

export const STORAGE_KEY_PREFIX = 'PTIB';

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

export const CASE_NUMBER_PAD = 6;

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
