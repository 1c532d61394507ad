import { SINGAPORE_OFFSET_MS } from './singapore.ts';

/**
 * tokenExpirationDate of the refresh answer (spec §3): yyyyMMddTHHmmss on Singapore's wall clock,
 * read as +08:00 unless it ends with GMT.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatTokenExpirationDate(date: Date): string {
  // Shifted so that the UTC fields read Singapore's wall clock.
  const d = new Date(date.getTime() + SINGAPORE_OFFSET_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** The instant a tokenExpirationDate names, or null when it is not one. */
export function parseTokenExpirationDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})( ?GMT)?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  )
    return null;
  return new Date(m[7] ? wall : wall - SINGAPORE_OFFSET_MS);
}
