/**
 * How the portal writes dates (spec §9), on screen and on paper. Not in constants.ts: the first load writes
 * no date (the footer's is written by the build), and every name a first-load module exports is first-load
 * code (docs/decisions/0038-first-load-back-under-budget.md).
 */

export const FOOTER_DATE_FORMAT = 'd MMM yyyy';
/** MMM of FOOTER_DATE_FORMAT: 'Sep', never a locale's 'Sept'. Every date the portal writes, on screen or paper, uses these. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
