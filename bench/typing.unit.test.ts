import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '#contract/forms/types.ts';
import { FORM_DEFINITIONS } from '../server/db/forms/definitions.ts';
import {
  handlingMs,
  longestForms,
  longestGroups,
  questionCount,
  rowOfInput,
  slowestTyping,
  textFor,
  typingEntriesOver,
  type EventEntry,
  type TypingWindow,
} from './lib/typing.ts';

const form = (fields: FormDefinition['pages'][number]['sections'][number]['fields']): FormDefinition => ({
  schemaVersion: 2,
  pages: [{ id: 'one', heading: 'One', sections: [{ heading: 'S', fields }] }],
});

describe('the typing bench: which form', () => {
  it('counts a repeating group’s questions once, and neither the group nor the declaration', () => {
    const def = form([
      { name: 'name', label: 'Name', type: 'text', required: true },
      {
        name: 'debts',
        label: 'Debts',
        type: 'group',
        itemLabel: 'Debt',
        fields: [
          { name: 'creditor', label: 'Creditor', type: 'text', required: true },
          { name: 'amount', label: 'Amount', type: 'amount', required: true },
        ],
      },
      { name: 'declaration', label: 'Declaration', type: 'declaration', text: 'True.' },
    ] as FormDefinition['pages'][number]['sections'][number]['fields']);
    expect(questionCount(def)).toBe(3);
  });

  it('measures every form that ties for the most questions', () => {
    const short = form([{ name: 'a', label: 'A', type: 'text' }] as never);
    const long = form([
      { name: 'a', label: 'A', type: 'text' },
      { name: 'b', label: 'B', type: 'text' },
    ] as never);
    expect(longestForms({ S: short, L1: long, L2: long })).toEqual({ codes: ['L1', 'L2'], questions: 2 });
  });

  it('finds the seeded forms with the most questions', () => {
    const { codes, questions } = longestForms(FORM_DEFINITIONS);
    for (const [code, def] of Object.entries(FORM_DEFINITIONS))
      expect(questionCount(def), code).toBeLessThanOrEqual(questions);
    expect(codes.length).toBeGreaterThan(0);
  });

  it('fills the forms whose repeating group takes the most rows, all of them when they tie', () => {
    const group = (maxRows?: number) =>
      form([
        { name: 'a', label: 'A', type: 'text' },
        { name: 'rows', label: 'Rows', type: 'group', itemLabel: 'Row', maxRows, fields: [] },
      ] as never);
    expect(longestGroups({ S: group(10), L1: group(30), L2: group(30), N: group() })).toEqual({
      codes: ['L1', 'L2'],
      rows: 30,
    });
    expect(longestGroups({ F: form([{ name: 'a', label: 'A', type: 'text' }] as never) })).toEqual({
      codes: [],
      rows: 0,
    });
    // BSA's expenses and DAR's debts, 30 each.
    expect(longestGroups(FORM_DEFINITIONS)).toEqual({ codes: ['BSA', 'DAR'], rows: 30 });
  });

  it('tells a row’s input from the form’s by its id', () => {
    expect(rowOfInput('f-expenses-29-amount-amount')).toEqual({ group: 'expenses', row: 29 });
    expect(rowOfInput('f-claims-0-description')).toEqual({ group: 'claims', row: 0 });
    expect(rowOfInput('f-monthlyIncome-amount')).toBeNull();
    expect(rowOfInput('f-remarks')).toBeNull();
  });

  it('types what the keyboard the form asks for would type', () => {
    expect(textFor({ tag: 'input', inputMode: 'numeric', autocomplete: null })).toMatch(/^\d+$/);
    expect(textFor({ tag: 'input', inputMode: 'email', autocomplete: 'email' })).toContain('@');
    expect(textFor({ tag: 'input', inputMode: 'decimal', autocomplete: null })).toMatch(/^[\d.]+$/);
    expect(textFor({ tag: 'textarea', inputMode: null, autocomplete: null }).length).toBeGreaterThan(50);
  });
});

describe('the typing bench: the slowest interaction', () => {
  // An entry handled in `handling` ms whose Event Timing duration, to the next frame, is `duration`.
  const entry = (name: string, startTime: number, handling: number, duration = 400): EventEntry => ({
    name,
    startTime,
    duration,
    processingStart: startTime + 2,
    processingEnd: startTime + handling,
    interactionId: 1,
    target: 'input#f-name[name=name]',
  });
  const windows: TypingWindow[] = [
    { form: 'X', input: 'one/name', start: 100, end: 200, keys: 5 },
    { form: 'X', input: 'one/email', start: 300, end: 400, keys: 5 },
  ];

  it('takes the event handled slowest inside a typing window, and leaves out the clicks between them', () => {
    const entries = [entry('keydown', 150, 40, 3000), entry('click', 250, 300), entry('input', 390, 72, 24)];
    const worst = slowestTyping(entries, windows)!;
    expect(worst.entry.name).toBe('input');
    expect(handlingMs(worst.entry)).toBe(72);
    expect(worst.window.input).toBe('one/email');
    expect(typingEntriesOver(entries, windows, 50)).toHaveLength(1);
  });

  it('says so when no key has an entry', () => {
    expect(slowestTyping([entry('click', 250, 300)], windows)).toBeNull();
  });
});
