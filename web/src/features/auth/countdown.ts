/**
 * What the session warning says, and when (decisions.md §5): screen readers hear the time left every
 * 15 seconds, and every 5 seconds, more urgently, in the last 20 — never every second.
 */
export const ANNOUNCE_EVERY_S = 15;
export const URGENT_FROM_S = 20;
export const URGENT_EVERY_S = 5;

/** "1 minute 45 seconds", "30 seconds", "2 minutes". */
export function spokenDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} second${seconds === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** "1:45" for the visible countdown. */
export function clockDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The announcement slot a time left falls in. A new slot means a new announcement; going by slots
 * rather than exact seconds means a late timer (a throttled tab) still announces once, not never.
 */
export function announcementSlot(totalSeconds: number): { key: string; urgent: boolean } {
  const s = Math.max(0, Math.ceil(totalSeconds));
  if (s <= URGENT_FROM_S) return { key: `u${Math.ceil(s / URGENT_EVERY_S)}`, urgent: true };
  return { key: `p${Math.ceil(s / ANNOUNCE_EVERY_S)}`, urgent: false };
}

export function announcementText(totalSeconds: number, urgent: boolean): string {
  const left = spokenDuration(totalSeconds);
  return urgent ? `Only ${left} left. You will be logged out soon.` : `You will be logged out in ${left}.`;
}
