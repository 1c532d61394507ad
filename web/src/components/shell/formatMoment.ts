import { FOOTER_DATE_FORMAT } from '#contract/index.ts';
import { SINGAPORE_OFFSET_MS } from '#contract/singapore.ts';
import { formatDate, parseIsoDate } from './formatDate.ts';

/*
 * Moments (a submission, a payment, a message) as the signed-in screens write them. Apart from formatDate.ts,
 * which the shell's footer loads on every page: the home and login screens need none of this
 * (docs/decisions/0026).
 */

/**
 * A moment as a date whose local fields read Singapore's wall clock at that moment (a calendar day yyyy-mm-dd
 * as that day), or null when it is not one. The acknowledgement and the receipt print Singapore time, as the
 * emails do: a screen in another zone's time would give the same submission two times, neither saying which.
 */
function toDate(at: Date | string | number): Date | null {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) return parseIsoDate(at);
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const sg = new Date(date.getTime() + SINGAPORE_OFFSET_MS);
  return new Date(sg.getUTCFullYear(), sg.getUTCMonth(), sg.getUTCDate(), sg.getUTCHours(), sg.getUTCMinutes());
}

/** A moment's day as the portal writes dates (d MMM yyyy), in Singapore: '5 Mar 2026'; '' if not a date. */
export function formatDay(at: Date | string | number): string {
  const date = toDate(at);
  return date ? formatDate(date, FOOTER_DATE_FORMAT) : '';
}

/** A moment as the portal writes dates, with Singapore's time: '5 Mar 2026, 14:07'; '' if not a date. */
export function formatDateTime(at: Date | string | number): string {
  const date = toDate(at);
  if (!date) return '';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, FOOTER_DATE_FORMAT)}, ${time}`;
}
