import { z } from 'zod';
import { CODE_LIST_NAMES, isInCodeList } from '../codelists/index.ts';
import { isFeeName } from '../fees.ts';
import { upgradeLegacy } from './defaults.ts';
import { FIELD_NAME_PATTERN, type FieldDef, type FormDefinition, type LegacyFormDefinition } from './types.ts';

/**
 * The zod schema that checks a form definition (model v2) is well formed: field names unique in their
 * scope, conditions and comparisons naming fields that exist before them (or in the same row) and of
 * a kind they can compare, limits in order. Kept apart from the zod-free types so the browser's form
 * code does not carry zod; the server checks every definition with it when it reads or publishes one.
 */

const label = z.string().min(1).max(200);
const count = z.number().int().min(0).max(10_000);
const conditionSchema = z.strictObject({
  field: z.string().regex(FIELD_NAME_PATTERN),
  op: z.enum(['equals', 'notEquals', 'includes', 'oneOf', 'above']),
  value: z.union([z.string().max(200), z.array(z.string().max(200)).min(1).max(200)]),
});
const comparisonSchema = z.strictObject({
  op: z.enum(['gte', 'gt', 'lte', 'lt']),
  field: z.string().regex(FIELD_NAME_PATTERN),
  days: z.number().int().min(1).max(3660).optional(),
  message: z.string().min(1).max(300).optional(),
});
const optionSchema = z.strictObject({
  value: z.string().min(1).max(100),
  label: z.string().min(1).max(200),
  exclusive: z.literal(true).optional(),
});
const base = {
  name: z.string().regex(FIELD_NAME_PATTERN, 'must be a letter then letters, digits or _'),
  label,
  hint: z.string().max(500).optional(),
  required: z.boolean().optional(),
  showIf: conditionSchema.optional(),
};
const maxLength = z.number().int().min(1).max(100_000).optional();
const choices = {
  codeList: z.enum(CODE_LIST_NAMES).optional(),
  options: z.array(optionSchema).min(1).max(500).optional(),
};
const compare = z.array(comparisonSchema).max(10).optional();
const minor = z.number().int().min(0).max(1e15).optional();
const prefill = z.literal('profile').optional();
const about = z.literal('applicant').optional();

const childFieldSchemas = [
  z.strictObject({
    ...base,
    type: z.literal('text'),
    format: z.enum(['identifier', 'digits']).optional(),
    maxLength,
    prefill,
  }),
  z.strictObject({ ...base, type: z.literal('textarea'), maxLength }),
  z.strictObject({
    ...base,
    type: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    compare,
  }),
  z.strictObject({
    ...base,
    type: z.literal('amount'),
    currency: z
      .string()
      .refine((code) => isInCodeList('currency', code), 'must be a code of the currency list')
      .optional(),
    // isFeeName is read when a definition is checked, not when this module loads: in the web build
    // contract/fees.ts may sit in a chunk that has not run yet, and `refine(isFeeName)` read it too early (the
    // form screen then failed with "t.fn is not a function").
    fee: z
      .string()
      .refine((name) => isFeeName(name), 'must name a fee of contract/fees.ts')
      .optional(),
    min: minor,
    max: minor,
    compare,
    sumOf: z
      .strictObject({
        group: z.string().regex(FIELD_NAME_PATTERN),
        field: z.string().regex(FIELD_NAME_PATTERN),
        op: z.literal('gte').optional(),
      })
      .optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('date'),
    notInPast: z.boolean().optional(),
    notInFuture: z.boolean().optional(),
    maxDaysAhead: count.optional(),
    maxDaysAgo: count.optional(),
    compare,
  }),
  z.strictObject({ ...base, type: z.literal('select'), ...choices, noDefault: z.boolean().optional() }),
  z.strictObject({ ...base, type: z.literal('radios'), ...choices }),
  z.strictObject({
    ...base,
    type: z.literal('checkboxes'),
    ...choices,
    minChoices: count.optional(),
    maxChoices: count.optional(),
  }),
  z.strictObject({ ...base, type: z.literal('yesNo'), noDefault: z.boolean().optional() }),
  z.strictObject({ ...base, type: z.literal('nric'), prefill }),
  z.strictObject({ ...base, type: z.literal('uen') }),
  z.strictObject({ ...base, type: z.literal('mobile'), prefill, about }),
  z.strictObject({ ...base, type: z.literal('phone'), prefill, about }),
  z.strictObject({ ...base, type: z.literal('email'), about }),
  z.strictObject({ ...base, type: z.literal('postalCode') }),
  z.strictObject({
    ...base,
    type: z.literal('caseNumber'),
    caseType: z
      .string()
      .regex(/^[A-Z]{1,5}$/)
      .optional(),
    recordOf: z
      .string()
      .regex(/^[A-Z]{1,10}$/)
      .optional(),
    undecided: z.boolean().optional(),
  }),
  z.strictObject({ ...base, type: z.literal('address'), prefill, about }),
  z.strictObject({ ...base, type: z.literal('declaration'), text: z.string().min(1).max(2000) }),
  z.strictObject({
    ...base,
    type: z.literal('attachment'),
    maxSizeBytes: z
      .number()
      .int()
      .min(1)
      .max(100 * 1024 * 1024),
    maxFiles: z.number().int().min(1).max(50),
    types: z
      .array(z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/))
      .min(1)
      .max(50),
  }),
] as const;

const childFieldSchema = z.discriminatedUnion('type', [...childFieldSchemas]);
const groupSchema = z.strictObject({
  ...base,
  type: z.literal('group'),
  itemLabel: label,
  fields: z.array(childFieldSchema).min(1).max(50),
  minRows: count.optional(),
  maxRows: z.number().int().min(1).max(500).optional(),
});
export const fieldDefSchema = z.discriminatedUnion('type', [...childFieldSchemas, groupSchema]);

const sectionSchema = z.strictObject({
  heading: label,
  description: z.string().max(2000).optional(),
  showIf: conditionSchema.optional(),
  fields: z.array(fieldDefSchema).min(1).max(100),
});
const pageSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits or -'),
  heading: label,
  sections: z.array(sectionSchema).min(1).max(20),
});
const ruleSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  when: z.array(conditionSchema).min(1).max(10),
  message: z.string().min(1).max(300),
  field: z.string().regex(FIELD_NAME_PATTERN).optional(),
});

const COMPARABLE = new Set(['date', 'number', 'amount']);

/** The problems of a definition beyond its shape, each as a sentence naming where. */
function crossCheck(def: FormDefinition): string[] {
  const problems: string[] = [];
  const seen = new Map<string, FieldDef>();
  const pageIds = new Set<string>();
  const condition = (c: { field: string; op: string; value: unknown }, where: string, scope: Map<string, FieldDef>) => {
    const target = scope.get(c.field);
    if (!target) problems.push(`${where}: showIf names ${c.field}, which is not a field before it`);
    else if (c.op === 'includes' && target.type !== 'checkboxes') problems.push(`${where}: includes needs checkboxes`);
    else if (c.op === 'above' && target.type !== 'number' && target.type !== 'amount')
      problems.push(`${where}: above needs a number or an amount`);
    else if (c.op === 'above' && (typeof c.value !== 'string' || !/^\d{1,15}(\.\d{1,4})?$/.test(c.value)))
      problems.push(`${where}: above takes a number, like 0 or 120.50`);
    // The portal keeps no exchange rates: a figure other than 0 is meant in one currency (docs/decisions/0096).
    else if (c.op === 'above' && target.type === 'amount' && !target.currency && Number(c.value) !== 0)
      problems.push(`${where}: above takes only 0 on an amount of no fixed currency`);
    if ((c.op === 'oneOf') !== Array.isArray(c.value))
      problems.push(`${where}: oneOf takes a list, the others one value`);
  };
  const field = (f: FieldDef, where: string, scope: Map<string, FieldDef>) => {
    if (f.showIf) condition(f.showIf, where, scope);
    if ('min' in f && 'max' in f && f.min !== undefined && f.max !== undefined && f.min > f.max)
      problems.push(`${where}: min is above max`);
    if (f.type === 'select' || f.type === 'radios' || f.type === 'checkboxes') {
      if (!f.codeList === !f.options) problems.push(`${where}: give either codeList or options`);
      if (f.options && new Set(f.options.map((o) => o.value)).size !== f.options.length)
        problems.push(`${where}: option values must be unique`);
      // One answer that rules out the others, among several to choose from (docs/decisions/0106).
      const exclusive = (f.options ?? []).filter((o) => o.exclusive).length;
      if (exclusive > 0 && f.type !== 'checkboxes') problems.push(`${where}: only checkboxes have an exclusive option`);
      if (exclusive > 1) problems.push(`${where}: at most one exclusive option`);
    }
    if (f.type === 'checkboxes' && (f.minChoices ?? 0) > (f.maxChoices ?? Infinity))
      problems.push(`${where}: minChoices is above maxChoices`);
    if (f.type === 'group' && (f.minRows ?? 0) > (f.maxRows ?? Infinity))
      problems.push(`${where}: minRows is above maxRows`);
    if (f.type === 'amount' && f.fee && f.currency !== 'SGD')
      problems.push(`${where}: a fee is in Singapore dollars (currency SGD)`);
    if (f.type === 'date' && f.notInPast && f.notInFuture)
      problems.push(`${where}: notInPast and notInFuture together`);
  };
  // Comparisons may name a field anywhere in the form (or the row): checked once all names are known.
  const comparisons: Array<{ f: FieldDef; where: string; scope: Map<string, FieldDef> }> = [];
  for (const page of def.pages) {
    if (pageIds.has(page.id)) problems.push(`page ${page.id}: page ids must be unique`);
    pageIds.add(page.id);
    for (const section of page.sections) {
      if (section.showIf) condition(section.showIf, `section "${section.heading}"`, seen);
      for (const f of section.fields) {
        const where = `field ${f.name}`;
        if (seen.has(f.name)) problems.push(`${where}: field names must be unique`);
        field(f, where, seen);
        comparisons.push({ f, where, scope: seen });
        if (f.type === 'group') {
          const row = new Map(seen);
          const childNames = new Set<string>();
          for (const c of f.fields) {
            const cw = `${where}.${c.name}`;
            if (childNames.has(c.name)) problems.push(`${cw}: field names must be unique in a group`);
            childNames.add(c.name);
            field(c, cw, row);
            if (c.type === 'amount' && c.fee) problems.push(`${cw}: a fee is the form's, not a row's`);
            row.set(c.name, c);
            comparisons.push({ f: c, where: cw, scope: row });
          }
        }
        seen.set(f.name, f);
      }
    }
  }
  for (const { f, where, scope } of comparisons) {
    if (!('compare' in f) || !f.compare) continue;
    const all = new Map([...seen, ...scope]);
    for (const c of f.compare) {
      const other = all.get(c.field);
      if (!other || other === f) problems.push(`${where}: compare names ${c.field}, which is not another field`);
      else if (other.type !== f.type || !COMPARABLE.has(f.type))
        problems.push(`${where}: compare needs two fields of one kind`);
      else if (c.days !== undefined && f.type !== 'date')
        problems.push(`${where}: compare takes days only between dates`);
    }
  }
  for (const { f, where } of comparisons) {
    if (f.type !== 'amount' || !f.sumOf) continue;
    const group = seen.get(f.sumOf.group);
    const item = group?.type === 'group' ? group.fields.find((c) => c.name === f.sumOf!.field) : undefined;
    if (item?.type !== 'amount')
      problems.push(`${where}: sumOf names ${f.sumOf.group}.${f.sumOf.field}, which is not an amount of a group`);
  }
  for (const rule of def.rules ?? []) {
    for (const c of rule.when) condition(c, `rule ${rule.id}`, seen);
    if (rule.field && !seen.has(rule.field)) problems.push(`rule ${rule.id}: field ${rule.field} is not in the form`);
  }
  return problems;
}

export const formDefinitionSchema = z
  .strictObject({
    schemaVersion: z.literal(2),
    pages: z.array(pageSchema).min(1).max(30),
    rules: z.array(ruleSchema).max(30).optional(),
  })
  .superRefine((def, ctx) => {
    for (const message of crossCheck(def as FormDefinition)) ctx.addIssue({ code: 'custom', message });
  });

const legacySchema = z.object({
  fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string() }).passthrough()).min(1),
});

/**
 * Checks a definition read from the database; the result is the contract's zod-free FormDefinition.
 * A definition of before model v2 (version 1 of every e-service) is read as its v2 equivalent.
 */
export function parseFormDefinition(value: unknown, heading = 'Details'): FormDefinition {
  const legacy = legacySchema.safeParse(value);
  const v2 = legacy.success ? upgradeLegacy(legacy.data as LegacyFormDefinition, heading) : value;
  return formDefinitionSchema.parse(v2) as FormDefinition;
}
