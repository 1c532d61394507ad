import { FOOTER_DATE_FORMAT, MONTH_ABBREVIATIONS } from '#contract/index.ts';

/**
 * The portal's one way of writing dates (FOOTER_DATE_FORMAT, months as 'Sep', never the locale's 'Sept'):
 * every screen writes them through here.
 *
 * Formats a date with the few pattern letters the portal uses (FOOTER_DATE_FORMAT is 'd MMM yyyy'):
 * d, dd, M, MM, MMM, yy, yyyy; anything else is copied. Local time; no date library for four tokens.
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

/** A moment as `new Date` reads it (a calendar day yyyy-mm-dd as that local day), or null when it is not one. */
function toDate(at: Date | string | number): Date | null {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) return parseIsoDate(at);
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment's day as the portal writes dates (d MMM yyyy), in local time: '5 Mar 2026'; '' if not a date. */
export function formatDay(at: Date | string | number): string {
  const date = toDate(at);
  return date ? formatDate(date, FOOTER_DATE_FORMAT) : '';
}

/** A moment as the portal writes dates, with the local time: '5 Mar 2026, 14:07'; '' if not a date. */
export function formatDateTime(at: Date | string | number): string {
  const date = toDate(at);
  if (!date) return '';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, FOOTER_DATE_FORMAT)}, ${time}`;
}
