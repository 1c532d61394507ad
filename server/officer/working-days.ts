import type { Queryable } from '../db/database.ts';

/**
 * Singapore working days (docs/decisions/0040): Monday to Friday, except the public holidays held in the
 * public_holidays table. Dates are YYYY-MM-DD strings of the Singapore calendar throughout.
 */
export type Holidays = ReadonlySet<string>;

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isWorkingDay(date: string, holidays: Holidays): boolean {
  const weekday = new Date(toMs(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The date `days` working days after `start` (start itself does not count); `start` when days <= 0. */
export function addWorkingDays(start: string, days: number, holidays: Holidays): string {
  let ms = toMs(start);
  for (let left = days; left > 0;) {
    ms += DAY_MS;
    if (isWorkingDay(toDate(ms), holidays)) left -= 1;
  }
  return toDate(ms);
}

/** Working days after `from` up to and including `to` (0 when to <= from). */
export function workingDaysBetween(from: string, to: string, holidays: Holidays): number {
  let n = 0;
  for (let ms = toMs(from) + DAY_MS; ms <= toMs(to); ms += DAY_MS) if (isWorkingDay(toDate(ms), holidays)) n += 1;
  return n;
}

/** Whole calendar days from one date to another. */
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/**
 * The holidays from `from` on, for a year and a half: longer than any due period or pause is expected to
 * last (a due date past that counts only weekends beyond it).
 */
export async function loadHolidays(db: Queryable, from: string): Promise<Holidays> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM public_holidays
      WHERE day >= $1::date - 400 AND day <= $1::date + 550`,
    [from],
  );
  return new Set(rows.map((r) => r.day));
}
