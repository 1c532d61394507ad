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

/** `2026-03-05` → `5 Mar 2026` (the portal's d MMM yyyy); anything else as it is. */
export function formatIsoDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  return `${Number(m[3])} ${MONTH_ABBREVIATIONS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}
