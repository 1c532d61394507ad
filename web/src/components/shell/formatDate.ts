import { MONTH_ABBREVIATIONS } from '#contract/index.ts';

/**
 * The portal's one way of writing dates (FOOTER_DATE_FORMAT, months as 'Sep', never the locale's 'Sept'):
 * every screen writes them through here (moments through formatMoment.ts).
 *
 * Formats a date with the few pattern letters the portal uses (FOOTER_DATE_FORMAT is 'd MMM yyyy'):
 * d, dd, M, MM, MMM, yy, yyyy; anything else is copied. The date's local fields; no date library for four tokens.
 */
export function formatDate(date: Date, pattern: string): string {
  const day = date.getDate();
  const month = date.getMonth();
  const year = date.getFullYear();
  const tokens: Record<string, string> = {
    dd: String(day).padStart(2, '0'),
    d: String(day),
    MMM: MONTH_ABBREVIATIONS[month]!,
    MM: String(month + 1).padStart(2, '0'),
    M: String(month + 1),
    yyyy: String(year),
    yy: String(year % 100).padStart(2, '0'),
  };
  return pattern.replace(/yyyy|yy|MMM|MM|M|dd|d/g, (token) => tokens[token]!);
}

/** An ISO calendar date (yyyy-mm-dd) read as that day in local time, not UTC midnight. */
export function parseIsoDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}
