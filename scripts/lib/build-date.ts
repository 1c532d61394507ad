import { FOOTER_DATE_FORMAT } from '#contract/dates.ts';
import { todayInSingapore } from '#contract/forms/validate.ts';
import { formatDate, parseIsoDate } from '../../web/src/components/shell/formatDate.ts';

/**
 * The day of a build (yyyy-mm-dd): the one it is told (BUILD_DATE), else Singapore's day as it runs. UTC's would
 * be a day behind from midnight to 8 a.m. there, where the portal writes every other date as Singapore's.
 */
export function buildDay(told: string | undefined, now: Date = new Date()): string {
  return told ?? todayInSingapore(now);
}

/**
 * The footer's 'Last updated' text for a build day (yyyy-mm-dd), defined by the build as
 * __BUILD_DATE_TEXT__ (vite.config.ts, and vitest.config.ts for the tests): the day is fixed at build
 * time, so the date formatter stays out of the first load (docs/decisions/0038). Empty when the day is
 * not yyyy-mm-dd, and the footer then leaves 'Last updated' out.
 */
export function buildDateText(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatDate(date, FOOTER_DATE_FORMAT) : '';
}
