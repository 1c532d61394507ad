/**
 * The session's clock: the wall clock corrected by the server's `Date` header (serverNow), and the Clock
 * the engine takes as a dependency, with the timer functions, so tests drive it with fake timers
 * (systemClock.ts: only the lazily loaded engine needs the timers).
 *
 * Every session rule compares `now()` values (Date.now differences), never counted ticks: timers of a
 * hidden tab are throttled and a sleeping machine runs none, but the wall clock keeps going.
 */
export interface Clock {
  /** Epoch ms on the server's clock, as well as we know it. */
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The server's clock minus ours, from the last `Date` header that moved it by more than its precision. */
let skewMs = 0;

/** The `Date` header has one-second precision: smaller differences are noise. */
const DATE_HEADER_PRECISION_MS = 1_000;

/**
 * Notes the server's `Date` header of an answer received at `receivedAt` (local epoch ms). The HTTP
 * layer calls this for every answer; a missing or unreadable header changes nothing.
 */
export function recordServerDate(header: string | null | undefined, receivedAt: number = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  // The header truncates to the second: the server's real time lies somewhere in the next second.
  const measured = server + DATE_HEADER_PRECISION_MS / 2 - receivedAt;
  if (Math.abs(measured - skewMs) > DATE_HEADER_PRECISION_MS) skewMs = measured;
}

export function getClockSkew(): number {
  return skewMs;
}

/** For tests: forget the measured skew. */
export function resetClockSkew(): void {
  skewMs = 0;
}

/** Epoch ms on the server's clock, as well as we know it: the browser's, corrected for skew. */
export const serverNow = (): number => Date.now() + skewMs;
