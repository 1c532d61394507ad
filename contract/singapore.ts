/*
 * Singapore's clock, for what is read or written in its time whatever the browser's: token expiry dates,
 * case number years, a form's "today", the times printed in PDFs. Its own module: the first load needs
 * none of it (docs/decisions/0026).
 */
import { MONTH_ABBREVIATIONS } from './dates.ts';

/** Singapore is UTC+08:00; token expiry dates are read in it unless they say GMT. */
export const SINGAPORE_UTC_OFFSET = '+08:00';
/** The same in milliseconds: a moment plus this, read in UTC, is Singapore's wall clock. */
export const SINGAPORE_OFFSET_MS =
  (SINGAPORE_UTC_OFFSET.startsWith('-') ? -1 : 1) *
  (Number(SINGAPORE_UTC_OFFSET.slice(1, 3)) * 60 + Number(SINGAPORE_UTC_OFFSET.slice(4))) *
  60_000;

/**
 * A moment as the portal's screens write it ('5 Mar 2026, 14:07'), in Singapore time: a document or an email has
 * no browser whose clock to follow.
 */
export function singaporeTime(at: Date): string {
  return `${singaporeDay(at)}, ${singaporeClock(at)}`;
}

/**
 * A moment's day in Singapore as the portal writes dates ('5 Mar 2026', FOOTER_DATE_FORMAT). Read from the UTC
 * fields of the shifted moment, never local ones: a browser whose zone skips that wall-clock hour (daylight
 * saving) would move it an hour on.
 */
export function singaporeDay(at: Date): string {
  const sg = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  return `${sg.getUTCDate()} ${MONTH_ABBREVIATIONS[sg.getUTCMonth()]} ${sg.getUTCFullYear()}`;
}

/**
 * When an event happened, as a notice's sentence says it ('on 5 Mar 2026 at 14:07'), in Singapore time: a notice
 * retried for hours must still say when (docs/decisions/0042).
 */
export function singaporeOn(at: Date): string {
  return `on ${singaporeDay(at)} at ${singaporeClock(at)}`;
}

/** The time of day of a moment in Singapore ('14:07'). */
export function singaporeClock(at: Date): string {
  const sg = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(sg.getUTCHours())}:${two(sg.getUTCMinutes())}`;
}
