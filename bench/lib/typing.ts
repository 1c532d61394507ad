/**
 * The pure part of bench/typing.ts: which e-service has the longest form, what to type into each kind of
 * input, and which typing interaction was the slowest (Event Timing entries).
 */
import type { FieldDef, FormDefinition } from '#contract/forms/types.ts';

/**
 * The questions a user answers in a form: every field but the declaration, a repeating group's questions
 * counted once (its first row) and not the group itself.
 */
export function questionCount(def: FormDefinition): number {
  const count = (fields: readonly FieldDef[]): number =>
    fields.reduce((n, f) => n + (f.type === 'group' ? count(f.fields) : f.type === 'declaration' ? 0 : 1), 0);
  return def.pages.reduce((n, p) => n + p.sections.reduce((m, s) => m + count(s.fields), 0), 0);
}

/** The e-services whose forms have the most questions: several when they tie (all are measured). */
export function longestForms(defs: Record<string, FormDefinition>): { codes: string[]; questions: number } {
  const counts = Object.entries(defs).map(([code, def]) => [code, questionCount(def)] as const);
  const questions = Math.max(...counts.map(([, n]) => n));
  return { codes: counts.filter(([, n]) => n === questions).map(([code]) => code), questions };
}

/**
 * The e-services whose forms hold the repeating group that takes the most rows (several when they tie: all
 * are measured), and that many rows: the page a user fills longest, where each key re-renders every row.
 */
export function longestGroups(defs: Record<string, FormDefinition>): { codes: string[]; rows: number } {
  const most = (def: FormDefinition) =>
    Math.max(
      0,
      ...def.pages.flatMap((p) =>
        p.sections.flatMap((s) => s.fields.map((f) => (f.type === 'group' ? (f.maxRows ?? 0) : 0))),
      ),
    );
  const counts = Object.entries(defs).map(([code, def]) => [code, most(def)] as const);
  const rows = Math.max(...counts.map(([, n]) => n));
  return { codes: rows > 0 ? counts.filter(([, n]) => n === rows).map(([code]) => code) : [], rows };
}

/**
 * The repeating group and row an input belongs to, from its id (`f-expenses-29-amount-amount`: expenses, row 29,
 * as fieldDomId writes `expenses[29].amount.amount`); null for an input outside every group. A field's name
 * starts with a letter, so an id part of digits alone is a row's index.
 */
export function rowOfInput(id: string): { group: string; row: number } | null {
  const m = /^f-([A-Za-z][A-Za-z0-9_]*)-(\d+)-/.exec(id);
  return m ? { group: m[1]!, row: Number(m[2]) } : null;
}

/**
 * What a user would type into an input, from how the form asks for it (inputmode, autocomplete): digits
 * where the keyboard is numeric, an address where it is email, words elsewhere; a textarea gets a sentence.
 */
export function textFor(input: { tag: string; inputMode: string | null; autocomplete: string | null }): string {
  if (input.tag === 'textarea')
    return 'The business stopped trading in March after the main customer failed to pay its invoices.';
  if (input.autocomplete === 'email' || input.inputMode === 'email') return 'tan.ahkow@example.com';
  if (input.inputMode === 'numeric' || input.inputMode === 'tel') return '91234567';
  if (input.inputMode === 'decimal') return '12345.67';
  return 'Tan Ah Kow Holdings Pte Ltd';
}

/** One Event Timing entry (PerformanceEventTiming), as the page hands it over. */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
  target: string;
}

/** A stretch of typing into one input: page time (performance.now()) from the first key to the last. */
export interface TypingWindow {
  form: string;
  input: string;
  start: number;
  end: number;
  keys: number;
}

export interface Slowest {
  entry: EventEntry;
  window: TypingWindow;
}

/**
 * How long the page took to handle an event: from the key's timestamp until its handlers ended (Event
 * Timing's processingEnd − startTime: the wait for the main thread, then the handlers, React's render and
 * commit included, as React handles a key synchronously). Not Event Timing's duration, which runs on to
 * the next frame presented: headless Chromium presented none while keys kept coming, so every key's
 * duration ran to the end of its input's typing, whatever the page did (see bench/RESULTS.md).
 */
export const handlingMs = (e: EventEntry): number => e.processingEnd - e.startTime;

/**
 * The slowest event that typing caused: among the entries that started inside a typing window, the one
 * the page took longest to handle. Clicks between the typing (opening an input, a Yes that reveals a
 * question) fall outside every window and are not counted. Null: no entry (none reached 16 ms).
 */
export function slowestTyping(entries: readonly EventEntry[], windows: readonly TypingWindow[]): Slowest | null {
  let worst: Slowest | null = null;
  for (const entry of entries) {
    const window = windows.find((w) => entry.startTime >= w.start && entry.startTime <= w.end);
    if (!window) continue;
    if (!worst || handlingMs(entry) > handlingMs(worst.entry)) worst = { entry, window };
  }
  return worst;
}

/** The entries inside typing windows that took at least `ms` to handle (how often typing was slow). */
export function typingEntriesOver(
  entries: readonly EventEntry[],
  windows: readonly TypingWindow[],
  ms: number,
): EventEntry[] {
  return entries.filter(
    (e) => handlingMs(e) >= ms && windows.some((w) => e.startTime >= w.start && e.startTime <= w.end),
  );
}
