import type { FormValues } from '#contract/forms/index.ts';

/**
 * Saves of a record whose answer never came (the connection dropped on the way back, docs/decisions/0032):
 * the server may have written them, moving the record to its next version, so the next save, sent against
 * the version the page still holds, is refused as changed elsewhere. Kept per record and version outside the
 * screen, since each page of the journey is its own screen; only the answers sent are kept.
 */
const unanswered = new Map<string, { version: number; sent: string[] }>();

/** The answers in one spelling whatever the order of their keys, as the server gives them back. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether two sets of answers are the same, as the server stores them and as they were sent. */
export const sameAnswers = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** A save of `id` at `version` with `data` went out and no answer came back. */
export function noteUnanswered(id: string, version: number, data: FormValues): void {
  const held = unanswered.get(id);
  if (held?.version === version) held.sent.push(canonical(data));
  else unanswered.set(id, { version, sent: [canonical(data)] });
}

/** The record was answered for (saved, opened afresh, deleted): nothing of it is in doubt any more. */
export function forgetUnanswered(id: string): void {
  unanswered.delete(id);
}

/**
 * Whether the record as it is now (`stored`, one version on from `version`) holds exactly answers this
 * browser sent at `version` without an answer: then the change "made elsewhere" was this user's own save.
 */
export function wasOwnLostSave(id: string, version: number, now: { version: number; data: unknown }): boolean {
  const held = unanswered.get(id);
  return held?.version === version && now.version === version + 1 && held.sent.includes(canonical(now.data));
}

/**
 * First saves with no answer, by their createKey: the record such a save made, which the page never heard of,
 * holds what it sent. Kept apart from the saves of records, whose id the page knows.
 */
const unansweredFirst = new Map<string, string[]>();

/** A first save with `createKey` and `data` went out and no answer came back (or none was waited for). */
export function noteUnansweredCreate(createKey: string, data: FormValues): void {
  unansweredFirst.set(createKey, [...(unansweredFirst.get(createKey) ?? []), canonical(data)]);
}

/**
 * Whether the record a first save's key made (refused as made elsewhere, docs/decisions/0036) holds exactly what
 * a first save of this page sent with that key without an answer: then it is this page's own record.
 */
export function wasOwnLostCreate(createKey: string, stored: unknown): boolean {
  return unansweredFirst.get(createKey)?.includes(canonical(stored)) ?? false;
}

/** The first save with this key was answered: its record is the page's. */
export function forgetUnansweredCreate(createKey: string): void {
  unansweredFirst.delete(createKey);
}
