import { SINGAPORE_UTC_OFFSET, singaporeDay, singaporeTime } from '#contract/singapore.ts';

/*
 * Moments (a submission, a payment, a message) as the signed-in screens write them. Apart from formatDate.ts,
 * which the shell's footer loads on every page: the home and login screens need none of this
 * (docs/decisions/0026).
 */

/**
 * The moment `at` names, or null when it is not one; a calendar day (yyyy-mm-dd) is that day's start in
 * Singapore. Written in Singapore time by the one formatter of the acknowledgement, the receipt and the emails
 * (contract/singapore.ts): a screen in another zone's time would give the same submission two times, neither
 * saying which.
 */
function toMoment(at: Date | string | number): Date | null {
  const day = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at);
  const date = new Date(day ? `${at}T00:00:00${SINGAPORE_UTC_OFFSET}` : at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment's day as the portal writes dates (d MMM yyyy), in Singapore: '5 Mar 2026'; '' if not a date. */
export function formatDay(at: Date | string | number): string {
  const date = toMoment(at);
  return date ? singaporeDay(date) : '';
}

/** A moment as the portal writes dates, with Singapore's time: '5 Mar 2026, 14:07'; '' if not a date. */
export function formatDateTime(at: Date | string | number): string {
  const date = toMoment(at);
  return date ? singaporeTime(date) : '';
}
