import { currency } from '../codelists/index.ts';
import { isDigitsOnly } from '../validation.ts';
import { toMinorUnits } from './money.ts';
import type { Condition, FieldDef, FormDefinition, FormValues, Page, Section } from './types.ts';

/**
 * Show/hide logic of form model v2 (docs/decisions/0035-form-model-v2.md). A field is shown when its
 * section's and its own condition hold; a condition reads answers of fields shown before it, so a
 * hidden answer counts as none and hiding cascades in one pass over the form in page order.
 */

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Answers a condition may read: a row's own first, then the form's (for a repeating group's fields). */
export interface Scope {
  values: Record<string, unknown>;
  /** The fields defined at this level (the form's, or one group's children). */
  names: ReadonlySet<string>;
  shown: Set<string>;
  /** The form's sections that are shown (the form's scope only). */
  sections: Set<Section>;
  parent?: Scope;
}

/** The answer of a shown field in this scope (or its parent), else undefined. */
export function lookup(scope: Scope | undefined, name: string): unknown {
  for (let s = scope; s; s = s.parent) if (s.names.has(name)) return s.shown.has(name) ? s.values[name] : undefined;
  return undefined;
}

export function holds(condition: Condition | undefined, scope: Scope): boolean {
  if (!condition) return true;
  const answer = lookup(scope, condition.field);
  const { op, value } = condition;
  switch (op) {
    case 'equals':
      return answer === value;
    case 'notEquals':
      return answer !== value;
    case 'includes':
      return Array.isArray(answer) && typeof value === 'string' && answer.includes(value);
    case 'oneOf':
      return Array.isArray(value) && typeof answer === 'string' && value.includes(answer);
    case 'above':
      return typeof value === 'string' && isAbove(answer, value);
  }
}

/** A number answer, or an amount answer in its currency's minor units, more than `than` (a decimal). */
function isAbove(answer: unknown, than: string): boolean {
  if (typeof answer === 'string') return isDigitsOnly(answer.trim()) && Number(answer.trim()) > Number(than);
  if (!isRecord(answer) || typeof answer.amount !== 'string' || typeof answer.currency !== 'string') return false;
  const digits = currency(answer.currency)?.minorDigits;
  const mine = digits === undefined ? null : toMinorUnits(answer.amount, digits);
  const limit = digits === undefined ? null : toMinorUnits(than, digits);
  return mine !== null && limit !== null && mine > limit;
}

/** Every field of the form at its top level (not a group's children), in page order, with where it is. */
export function* fieldsOf(def: FormDefinition): Generator<{ field: FieldDef; section: Section; page: Page }> {
  for (const page of def.pages)
    for (const section of page.sections) for (const field of section.fields) yield { field, section, page };
}

/**
 * Questions held against each other, either way: comparisons (a row's with the form's too), totals, and a
 * blocking rule's question with those its conditions read.
 */
function ties(def: FormDefinition): Array<[string, string]> {
  const tied: Array<[string, string]> = [];
  for (const { field } of fieldsOf(def)) {
    for (const c of 'compare' in field ? (field.compare ?? []) : []) tied.push([field.name, c.field]);
    if (field.type === 'amount' && field.sumOf) tied.push([field.name, field.sumOf.group]);
    if (field.type === 'group')
      for (const child of field.fields)
        for (const c of 'compare' in child ? (child.compare ?? []) : []) tied.push([field.name, c.field]);
  }
  for (const rule of def.rules ?? []) if (rule.field) for (const w of rule.when) tied.push([rule.field, w.field]);
  return tied;
}

/** The questions held against any of these (not these themselves, unless held against one another). */
export function heldAgainst(def: FormDefinition, names: readonly string[]): string[] {
  const found = new Set<string>();
  for (const [a, b] of ties(def)) {
    if (names.includes(a) && a !== b) found.add(b);
    if (names.includes(b) && a !== b) found.add(a);
  }
  return [...found];
}

/**
 * The questions a request for more information lets the applicant answer again, in the form's order: those
 * it names, those that show a named one (its own condition's and its section's, at any remove), those their
 * answers show or hide (by their own condition or their section's), and those they are held against, at any
 * remove. A named question the answers hide can only be answered by changing the answer that hides it (who
 * pays, asked while "paid by someone else" is No). A changed answer may ask a question that was hidden
 * ("paid by someone else: No" asks the trip's cost), or break a rule that ties it to another (a repayment at
 * most the income, a return after the departure, a total that adds up, a blocking rule's question): the
 * reply must be able to answer those too, or no true answer would be accepted and the case would wait for
 * ever (docs/decisions/0040).
 */
export function withDependents(def: FormDefinition, names: readonly string[]): string[] {
  const fields = [...fieldsOf(def)];
  const tied = ties(def);
  const open = new Set(names);
  // First the questions that show a named one, upwards from the named only: a dependant is shown by an
  // answer already open, and a tied question that the answers hide counts in no rule.
  for (let grew = true; grew;) {
    const before = open.size;
    for (const { field, section } of fields)
      if (open.has(field.name)) for (const c of [section.showIf, field.showIf]) if (c) open.add(c.field);
    grew = open.size > before;
  }
  for (let grew = true; grew;) {
    const before = open.size;
    for (const { field, section } of fields)
      if ([section.showIf, field.showIf].some((c) => c !== undefined && open.has(c.field))) open.add(field.name);
    for (const [a, b] of tied) {
      if (open.has(a)) open.add(b);
      if (open.has(b)) open.add(a);
    }
    grew = open.size > before;
  }
  // A row's comparison with a sibling names no question of the form's: only the form's own are kept, in the
  // form's order (the answer's page asks a condition before the question it shows).
  const known = fields.map((f) => f.field.name);
  return [
    ...known.filter((name) => open.has(name)),
    ...[...open].filter((n) => !known.includes(n) && names.includes(n)),
  ];
}

export function allFields(def: FormDefinition): FieldDef[] {
  return [...fieldsOf(def)].map((f) => f.field);
}

export function findField(def: FormDefinition, name: string): FieldDef | undefined {
  return allFields(def).find((f) => f.name === name);
}

/**
 * Which fields are shown for these answers, walking the form in page order (so a condition sees only
 * fields shown before it). The scope it returns is the form's, for rows and comparisons to read.
 */
export function visibility(def: FormDefinition, answers: Record<string, unknown>): Scope {
  const scope: Scope = {
    values: answers,
    names: new Set(allFields(def).map((f) => f.name)),
    shown: new Set(),
    sections: new Set(),
  };
  for (const page of def.pages)
    for (const section of page.sections) {
      if (!holds(section.showIf, scope)) continue;
      scope.sections.add(section);
      for (const field of section.fields) if (holds(field.showIf, scope)) scope.shown.add(field.name);
    }
  return scope;
}

/** Which fields of one row are shown; the row's conditions may read the form's answers too. */
export function rowVisibility(fields: readonly FieldDef[], row: Record<string, unknown>, parent: Scope): Scope {
  const scope: Scope = {
    values: row,
    names: new Set(fields.map((f) => f.name)),
    shown: new Set(),
    sections: new Set(),
    parent,
  };
  for (const field of fields) if (holds(field.showIf, scope)) scope.shown.add(field.name);
  return scope;
}

/**
 * The answers without those of hidden fields (also inside each row of a repeating group). The server
 * strips before it validates and saves; the browser before it sends: a hidden answer is never kept.
 * Names the form does not know are left in, for the validator to refuse rather than silently drop.
 */
export function stripHidden(def: FormDefinition, answers: unknown): FormValues {
  if (!isRecord(answers)) return {};
  const scope = visibility(def, answers);
  const out: Record<string, unknown> = {};
  const known = new Set(allFields(def).map((f) => f.name));
  for (const [name, value] of Object.entries(answers)) if (!known.has(name)) out[name] = value;
  for (const field of allFields(def)) {
    if (!scope.shown.has(field.name) || !Object.hasOwn(answers, field.name)) continue;
    const value = answers[field.name];
    if (field.type === 'group' && Array.isArray(value)) {
      const childNames = new Set(field.fields.map((f) => f.name));
      out[field.name] = value.map((row) => {
        if (!isRecord(row)) return row;
        const rowScope = rowVisibility(field.fields, row, scope);
        return Object.fromEntries(
          Object.entries(row).filter(([name]) => !childNames.has(name) || rowScope.shown.has(name)),
        );
      });
    } else out[field.name] = value;
  }
  // Keep the order of the form's fields: a stored record reads like the form.
  return out as FormValues;
}
