import { currency, codeList, isInCodeList } from '../codelists/index.ts';
import { normalizeCaseNumber } from '../cases.ts';
import { formatCaseNumber } from '../casenumber.ts';
import { SINGAPORE_OFFSET_MS } from '../singapore.ts';
import { isDigitsOnly, isEmpty, isIdentifier, showsNothing } from '../validation.ts';
import { FIELD_MESSAGES, inSentence } from './messages.ts';
import { FEES, feeAnswer } from '../fees.ts';
import {
  LARGEST_AMOUNT,
  currencyInWords,
  formatMinorUnits,
  formatMoney,
  isTooLargeAmount,
  toMinorUnits,
} from './money.ts';
import { allFields, holds, isRecord, rowVisibility, visibility, lookup, type Scope } from './rules.ts';
import { isEmail, isNricFin, isPhone, isPostalCode, isSgMobile, isUen } from './sg.ts';
import {
  ADDRESS_PARTS,
  ADDRESS_PART_LABELS,
  DEFAULT_MAX_LENGTH,
  FORM_PATH,
  type Comparison,
  type FieldDef,
  type FieldErrors,
  type FormDefinition,
  type Option,
} from './types.ts';

/**
 * The one form validator of model v2 (docs/decisions/0035-form-model-v2.md), used by the web app as the
 * user types and by the server on every save and submit: the same rules give the same messages on
 * both sides. Answers arrive as `unknown` because the server checks what a client sent, so a wrong
 * shape is an error here too, never an exception.
 *
 * mode 'draft' checks formats only (a draft may be incomplete, never malformed); 'submit' also
 * requires the required fields, the declaration, the least rows and choices, date limits and
 * comparisons, and applies the blocking rules. Date limits are relative to `today` (YYYY-MM-DD), which
 * the caller gives: Singapore's date on the server, a fixed date in tests.
 */
export type ValidationMode = 'draft' | 'submit';
export interface ValidateOptions {
  mode: ValidationMode;
  today: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_DIGITS = 15;
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * The case type of the example in the message of a case number of no given type: such a question asks for
 * the estate's (the court's or the register's) case, a bankruptcy's in the forms' hints (BS 000042 2026).
 */
const ANY_CASE_EXAMPLE_TYPE = 'BS';
/** The currency an amount question's limits are written in when the question names none: the portal's own. */
const LIMITS_CURRENCY = 'SGD';

/**
 * Empty in the specification's sense (§5), also for text that shows nothing (spaces, zero-width characters:
 * contract/validation.ts showsNothing) and an empty list.
 */
export function isBlank(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' ? showsNothing(value) : isEmpty(value);
}

/** Days since 1970-01-01 of a real YYYY-MM-DD date, else null. */
export function dayNumber(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real ? date.getTime() / 86_400_000 : null;
}

export const isRealDate = (value: string) => dayNumber(value) !== null;

/** The date in Singapore at that moment (YYYY-MM-DD): the `today` of a form's date limits. */
export function todayInSingapore(now: Date = new Date()): string {
  return new Date(now.getTime() + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The YYYY-MM-DD date `days` after (or, negative, before) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const minorDigitsOf = (code: unknown) => (typeof code === 'string' ? currency(code)?.minorDigits : undefined);

/** The options of a choice field: its own, or its code list's. */
export function optionsOf(field: { codeList?: string; options?: Option[] }): Option[] {
  if (field.options) return field.options;
  if (field.codeList) return codeList(field.codeList as never).map((i) => ({ value: i.code, label: i.label }));
  return [];
}

const inOptions = (field: { codeList?: string; options?: Option[] }, v: unknown) =>
  typeof v === 'string' &&
  (field.options ? field.options.some((o) => o.value === v) : isInCodeList(field.codeList as never, v));

/** A comparable reading of an answer (day number, number, or minor units with the currency). */
function comparable(field: FieldDef, value: unknown): { n: number; currency?: string } | null {
  if (field.type === 'date') {
    const n = typeof value === 'string' ? dayNumber(value.trim()) : null;
    return n === null ? null : { n };
  }
  if (field.type === 'number')
    return typeof value === 'string' && isDigitsOnly(value.trim()) ? { n: Number(value.trim()) } : null;
  if (field.type === 'amount' && isRecord(value) && typeof value.amount === 'string') {
    const digits = minorDigitsOf(value.currency);
    const n = digits === undefined ? null : toMinorUnits(value.amount, digits);
    return n === null ? null : { n, currency: String(value.currency) };
  }
  return null;
}

interface Ctx {
  mode: ValidationMode;
  today: number;
  /** The same day as YYYY-MM-DD, for the messages that name it. */
  todayDate: string;
  errors: FieldErrors;
  /** Wraps a message of a row's field ("Creditor 2: …"). */
  wrap: (message: string) => string;
  scope: Scope;
  /** Definitions a comparison may name: the row's, then the form's. */
  defs: ReadonlyMap<string, FieldDef>;
}

function readText(value: unknown, ctx: Ctx, path: string, label: string, max: number): string | null {
  if (typeof value !== 'string') {
    ctx.errors[path] = ctx.wrap(FIELD_MESSAGES.malformed(label));
    return null;
  }
  if ([...value].length > max) {
    ctx.errors[path] = ctx.wrap(FIELD_MESSAGES.tooLong(label, max));
    return null;
  }
  // Text that shows nothing is no answer (an address's street, say): read as '' like spaces alone.
  return showsNothing(value) ? '' : value.trim();
}

function set(ctx: Ctx, path: string, message: string) {
  ctx.errors[path] ??= ctx.wrap(message);
}

/** A single-line answer checked by a predicate, with its message. */
function pattern(ok: (v: string) => boolean, message: (label: string) => string, max = 100) {
  return (field: FieldDef, value: unknown, path: string, ctx: Ctx) => {
    const v = readText(value, ctx, path, field.label, max);
    if (v !== null && !ok(v)) set(ctx, path, message(field.label));
  };
}

type Check = (field: FieldDef, value: unknown, path: string, ctx: Ctx) => void;

const checks: Record<Exclude<FieldDef['type'], 'group'>, Check> = {
  text(field, value, path, ctx) {
    if (field.type !== 'text') return;
    const v = readText(value, ctx, path, field.label, field.maxLength ?? DEFAULT_MAX_LENGTH.text);
    if (v === null) return;
    if (field.format === 'identifier' && !isIdentifier(v)) set(ctx, path, FIELD_MESSAGES.identifier(field.label));
    if (field.format === 'digits' && !isDigitsOnly(v)) set(ctx, path, FIELD_MESSAGES.digitsOnly(field.label));
  },
  textarea(field, value, path, ctx) {
    if (field.type !== 'textarea') return;
    readText(value, ctx, path, field.label, field.maxLength ?? DEFAULT_MAX_LENGTH.textarea);
  },
  number(field, value, path, ctx) {
    if (field.type !== 'number') return;
    // Long enough for any number typed, so one too large is told its range rather than a length.
    const v = readText(value, ctx, path, field.label, DEFAULT_MAX_LENGTH.text);
    if (v === null) return;
    if (!isDigitsOnly(v)) return set(ctx, path, FIELD_MESSAGES.digitsOnly(field.label));
    const digits = v.replace(/^0+(?=[0-9])/, '');
    const tooLarge = digits.length > MAX_DIGITS;
    const n = Number(digits);
    if (tooLarge || (field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
      set(
        ctx,
        path,
        FIELD_MESSAGES.range(field.label, field.min, field.max ?? (tooLarge ? 10 ** MAX_DIGITS - 1 : undefined)),
      );
  },
  date(field, value, path, ctx) {
    if (field.type !== 'date') return;
    if (typeof value !== 'string') return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
    // Any text that is no date is told as such, whatever its length: a date input takes a year of up to six
    // digits, which "must be 10 characters or fewer" would not explain.
    const day = dayNumber(value.trim());
    if (day === null) return set(ctx, path, FIELD_MESSAGES.date(field.label));
    if (ctx.mode !== 'submit') return;
    if (field.notInPast && day < ctx.today) set(ctx, path, FIELD_MESSAGES.notInPast(field.label, ctx.todayDate));
    if (field.notInFuture && day > ctx.today) set(ctx, path, FIELD_MESSAGES.notInFuture(field.label, ctx.todayDate));
    if (field.maxDaysAhead !== undefined && day - ctx.today > field.maxDaysAhead)
      set(ctx, path, FIELD_MESSAGES.maxDaysAhead(field.label, field.maxDaysAhead, ctx.todayDate));
    if (field.maxDaysAgo !== undefined && ctx.today - day > field.maxDaysAgo)
      set(ctx, path, FIELD_MESSAGES.maxDaysAgo(field.label, field.maxDaysAgo, ctx.todayDate));
  },
  select(field, value, path, ctx) {
    if ((field.type === 'select' || field.type === 'radios') && !inOptions(field, value))
      set(ctx, path, FIELD_MESSAGES.notInList(field.label));
  },
  radios(field, value, path, ctx) {
    checks.select(field, value, path, ctx);
  },
  checkboxes(field, value, path, ctx) {
    if (field.type !== 'checkboxes') return;
    if (!Array.isArray(value) || !value.every((v) => inOptions(field, v)) || new Set(value).size !== value.length)
      return set(ctx, path, FIELD_MESSAGES.notInList(field.label));
    // Contradictory answers are malformed, not incomplete: refused in a draft too (docs/decisions/0106).
    const exclusive = field.options?.find((o) => o.exclusive && value.includes(o.value));
    if (exclusive && value.length > 1) set(ctx, path, FIELD_MESSAGES.exclusiveChoice(field.label, exclusive.label));
    if (field.maxChoices !== undefined && value.length > field.maxChoices)
      set(ctx, path, FIELD_MESSAGES.maxChoices(field.label, field.maxChoices));
    if (ctx.mode === 'submit' && field.minChoices !== undefined && value.length < field.minChoices)
      set(ctx, path, FIELD_MESSAGES.minChoices(field.label, field.minChoices));
  },
  yesNo(field, value, path, ctx) {
    if (value !== 'Y' && value !== 'N') set(ctx, path, FIELD_MESSAGES.yesNo(field.label));
  },
  nric: pattern((v) => isNricFin(v.toUpperCase()), FIELD_MESSAGES.nric),
  uen: pattern((v) => isUen(v.toUpperCase()), FIELD_MESSAGES.uen),
  mobile: pattern(isSgMobile, FIELD_MESSAGES.mobile),
  phone: pattern(isPhone, FIELD_MESSAGES.phone, 30),
  email: pattern(isEmail, FIELD_MESSAGES.email, 254),
  postalCode: pattern(isPostalCode, FIELD_MESSAGES.postalCode, DEFAULT_MAX_LENGTH.addressPart),
  caseNumber(field, value, path, ctx) {
    if (field.type !== 'caseNumber') return;
    const v = readText(value, ctx, path, field.label, 40);
    if (v === null) return;
    const n = normalizeCaseNumber(v);
    if (!n || (field.caseType !== undefined && !n.startsWith(`${field.caseType} `)))
      set(
        ctx,
        path,
        FIELD_MESSAGES.caseNumber(field.label, formatCaseNumber(field.caseType ?? ANY_CASE_EXAMPLE_TYPE, 42, 2026)),
      );
  },
  amount(field, value, path, ctx) {
    if (field.type !== 'amount') return;
    if (!isRecord(value)) return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
    const amountPath = `${path}.amount`;
    if (field.fee) {
      const fee = feeAnswer(field.fee);
      const sent =
        value.currency === fee.currency && typeof value.amount === 'string' ? toMinorUnits(value.amount, 2) : null;
      if (sent !== FEES[field.fee])
        set(ctx, amountPath, FIELD_MESSAGES.fixedFee(field.label, formatMoney(fee.amount, fee.currency)));
      return;
    }
    const digits = minorDigitsOf(value.currency);
    // A limit of a one-currency question is meant in that currency: in another it would pass IDR 15,000 as 15,000.
    const otherCurrency = field.currency !== undefined && value.currency !== field.currency;
    // The portal keeps no exchange rates: the limits are meant in the currency they are written for, and in any
    // other one only more than nothing and the largest amount apply, or S$10,000,000.00 would be IDR 10,000,000.00
    // (docs/decisions/0096).
    const inItsCurrency = value.currency === (field.currency ?? LIMITS_CURRENCY);
    const least = field.min === undefined || inItsCurrency ? field.min : Math.min(field.min, 1);
    const most = inItsCurrency ? Math.min(field.max ?? LARGEST_AMOUNT, LARGEST_AMOUNT) : LARGEST_AMOUNT;
    if (otherCurrency)
      set(ctx, `${path}.currency`, FIELD_MESSAGES.fixedCurrency(field.label, currencyInWords(field.currency!)));
    else if (digits === undefined) set(ctx, `${path}.currency`, FIELD_MESSAGES.notInList(`Currency of ${field.label}`));
    if (isBlank(value.amount)) {
      if (ctx.mode === 'submit' && field.required) set(ctx, amountPath, FIELD_MESSAGES.required(field.label));
      return;
    }
    // Long enough for any number typed, so one too large is told the most it may be rather than a length.
    const amount = readText(value.amount, ctx, amountPath, field.label, DEFAULT_MAX_LENGTH.text);
    if (amount === null) return;
    const minor = toMinorUnits(amount, digits ?? 2);
    const tooLarge = minor === null && isTooLargeAmount(amount, digits ?? 2);
    if (minor === null && !tooLarge) return set(ctx, amountPath, FIELD_MESSAGES.amount(field.label, digits ?? 2));
    // A limit is written as the portal writes money (S$10,000,000.00), in the currency chosen.
    const limit = (minorUnits: number) =>
      formatMoney(formatMinorUnits(minorUnits, digits ?? 2), String(value.currency));
    if (minor === null) return set(ctx, amountPath, FIELD_MESSAGES.amountAtMost(field.label, limit(most)));
    if (otherCurrency) return;
    if (least !== undefined && minor < least)
      set(ctx, amountPath, FIELD_MESSAGES.amountAtLeast(field.label, limit(least)));
    if (minor > most) set(ctx, amountPath, FIELD_MESSAGES.amountAtMost(field.label, limit(most)));
  },
  address(field, value, path, ctx) {
    if (!isRecord(value)) return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
    for (const part of ADDRESS_PARTS) {
      const partPath = `${path}.${part}`;
      const label = `${ADDRESS_PART_LABELS[part]} of ${inSentence(field.label)}`;
      const raw = value[part] ?? '';
      if (part === 'country') {
        if (!isInCodeList('country', raw)) set(ctx, partPath, FIELD_MESSAGES.notInList(label));
        continue;
      }
      const v = readText(raw, ctx, partPath, label, DEFAULT_MAX_LENGTH.addressPart);
      if (v === null) continue;
      // Many places abroad have no postcode: only a Singapore address must have one.
      const needed =
        field.required &&
        ctx.mode === 'submit' &&
        (part === 'streetName' || (part === 'postalCode' && value.country === 'SG'));
      if (v === '') {
        if (needed) set(ctx, partPath, FIELD_MESSAGES.required(label));
        continue;
      }
      // Only a Singapore address has a Singapore postal code.
      if (part === 'postalCode' && value.country === 'SG' && !isPostalCode(v))
        set(ctx, partPath, FIELD_MESSAGES.postalCode());
    }
  },
  declaration(field, value, path, ctx) {
    if (typeof value !== 'boolean') return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
    if (ctx.mode === 'submit' && !value) set(ctx, path, FIELD_MESSAGES.declaration());
  },
  attachment(field, value, path, ctx) {
    if (field.type !== 'attachment') return;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && FILE_ID.test(v)))
      return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
    if (value.length > field.maxFiles) set(ctx, path, FIELD_MESSAGES.maxFiles(field.label, field.maxFiles));
  },
};

function compare(field: FieldDef, comparisons: Comparison[] | undefined, value: unknown, path: string, ctx: Ctx) {
  if (!comparisons || ctx.mode !== 'submit') return;
  const mine = comparable(field, value);
  if (!mine) return;
  for (const c of comparisons) {
    const otherDef = ctx.defs.get(c.field);
    const other = otherDef && comparable(otherDef, lookup(ctx.scope, c.field));
    if (!otherDef || !other) continue;
    if (other.currency !== mine.currency) {
      set(ctx, `${path}.currency`, FIELD_MESSAGES.sameCurrency(field.label, otherDef.label));
      continue;
    }
    const than = other.n + (c.days ?? 0);
    const fine =
      c.op === 'gte' ? mine.n >= than : c.op === 'gt' ? mine.n > than : c.op === 'lte' ? mine.n <= than : mine.n < than;
    if (fine) continue;
    const kind = field.type === 'date' ? 'date' : 'number';
    const message =
      c.days === undefined
        ? FIELD_MESSAGES.compare[kind][c.op](field.label, otherDef.label)
        : FIELD_MESSAGES.compare.daysAfter[c.op](field.label, otherDef.label, c.days);
    set(ctx, field.type === 'amount' ? `${path}.amount` : path, c.message ?? message);
  }
}

/**
 * A total (sumOf) against the sum of its group's amounts, once each of them reads as an amount: equal to it, or
 * with `op: 'gte'` at least it.
 */
function checkSum(field: FieldDef, value: unknown, path: string, ctx: Ctx) {
  if (field.type !== 'amount' || !field.sumOf || ctx.mode !== 'submit') return;
  const mine = comparable(field, value);
  const group = ctx.defs.get(field.sumOf.group);
  const item = group?.type === 'group' ? group.fields.find((c) => c.name === field.sumOf!.field) : undefined;
  const rows = lookup(ctx.scope, field.sumOf.group);
  if (!mine || !group || !item || !Array.isArray(rows)) return;
  // Added up exactly: rows in a currency other than Singapore dollars may each be up to LARGEST_AMOUNT, and thirty
  // of them are beyond the integers a double holds (docs/decisions/0096).
  let sum = 0n;
  for (const row of rows) {
    const amount = isRecord(row) ? comparable(item, row[item.name]) : null;
    if (!amount) return;
    if (amount.currency !== mine.currency)
      return set(ctx, `${path}.currency`, FIELD_MESSAGES.sameCurrency(field.label, `the ${inSentence(group.label)}`));
    sum += BigInt(amount.n);
  }
  const total = BigInt(mine.n);
  const digits = minorDigitsOf(mine.currency) ?? 2;
  const money = (n: bigint) => formatMoney(formatMinorUnits(n, digits), mine.currency!);
  // Shared out: the rows are what went wrong (one more than was paid), so the message stands by them.
  if (field.sumOf.op === 'gte') {
    if (sum > total)
      set(ctx, field.sumOf.group, FIELD_MESSAGES.sumAtMost(group.label, money(sum), field.label, money(total)));
  } else if (sum !== total) set(ctx, `${path}.amount`, FIELD_MESSAGES.sumOf(field.label, money(sum), group.label));
}

const isComposite = (field: FieldDef) => field.type === 'amount' || field.type === 'address';

function validateOne(field: FieldDef, value: unknown, path: string, ctx: Ctx): void {
  if (field.type === 'group') return validateGroup(field, value, path, ctx);
  if (isComposite(field) && (value === undefined || value === null)) {
    if (ctx.mode === 'submit' && field.required)
      set(ctx, field.type === 'amount' ? `${path}.amount` : path, FIELD_MESSAGES.required(field.label));
    return;
  }
  if (!isComposite(field) && isBlank(value)) {
    if (ctx.mode !== 'submit') return;
    if (field.type === 'declaration') set(ctx, path, FIELD_MESSAGES.declaration());
    else if (field.required) {
      const choose = ['select', 'radios', 'checkboxes'].includes(field.type);
      const message = choose
        ? FIELD_MESSAGES.choose
        : field.type === 'yesNo'
          ? FIELD_MESSAGES.yesNo
          : field.type === 'attachment'
            ? FIELD_MESSAGES.upload
            : field.type === 'date'
              ? FIELD_MESSAGES.dateRequired
              : FIELD_MESSAGES.required;
      set(ctx, path, message(field.label));
    } else if (field.type === 'checkboxes' && field.minChoices) checks.checkboxes(field, [], path, ctx);
    return;
  }
  checks[field.type](field, value, path, ctx);
  // An answer with a message of its own is compared with nothing: one message at a time.
  const clean = () => !Object.keys(ctx.errors).some((p) => p === path || p.startsWith(`${path}.`));
  if (clean()) compare(field, 'compare' in field ? field.compare : undefined, value, path, ctx);
  if (clean()) checkSum(field, value, path, ctx);
}

function validateGroup(field: FieldDef & { type: 'group' }, value: unknown, path: string, ctx: Ctx): void {
  const rows = value === undefined || value === null || value === '' ? [] : value;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return set(ctx, path, FIELD_MESSAGES.malformed(field.label));
  if (field.maxRows !== undefined && rows.length > field.maxRows)
    set(ctx, path, FIELD_MESSAGES.maxRows(field.label, field.maxRows, field.itemLabel));
  if (ctx.mode === 'submit') {
    const min = Math.max(field.minRows ?? 0, field.required ? 1 : 0);
    if (rows.length < min) set(ctx, path, FIELD_MESSAGES.minRows(field.label, min, field.itemLabel));
  }
  const defs = new Map(ctx.defs);
  for (const child of field.fields) defs.set(child.name, child);
  rows.forEach((row, i) => {
    const scope = rowVisibility(field.fields, row, ctx.scope);
    const rowCtx: Ctx = { ...ctx, scope, defs, wrap: (m) => FIELD_MESSAGES.inRow(field.itemLabel, i, m) };
    for (const child of field.fields)
      if (scope.shown.has(child.name)) validateOne(child, row[child.name], `${path}[${i}].${child.name}`, rowCtx);
    const known = new Set(field.fields.map((f) => f.name));
    for (const name of Object.keys(row))
      if (!known.has(name)) set(ctx, `${path}[${i}].${name}`, FIELD_MESSAGES.unknownField(name));
  });
}

/** Errors of one field on its own (no comparisons with other answers), keyed by path. */
export function validateField(field: FieldDef, value: unknown, options: ValidateOptions): FieldErrors {
  const errors: FieldErrors = {};
  const scope: Scope = { values: {}, names: new Set(), shown: new Set(), sections: new Set() };
  validateOne(field, value, field.name, {
    mode: options.mode,
    today: dayNumber(options.today) ?? 0,
    todayDate: options.today,
    errors,
    wrap: (m) => m,
    scope,
    defs: new Map(),
  });
  return errors;
}

/**
 * Errors of a whole form, keyed by path in the order of the form's pages (an error summary lists them
 * so), then the blocking rules. Answers of hidden fields are not checked (the server strips them
 * first); answers for names the form does not have are errors: the server stores nothing it cannot show.
 */
export function validate(def: FormDefinition, answers: unknown, options: ValidateOptions): FieldErrors {
  const errors: FieldErrors = {};
  const record = isRecord(answers) ? answers : {};
  const scope = visibility(def, record);
  const fields = allFields(def);
  const ctx: Ctx = {
    mode: options.mode,
    today: dayNumber(options.today) ?? 0,
    todayDate: options.today,
    errors,
    wrap: (m) => m,
    scope,
    defs: new Map(fields.map((f) => [f.name, f])),
  };
  for (const field of fields) if (scope.shown.has(field.name)) validateOne(field, record[field.name], field.name, ctx);
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(record)) if (!known.has(name)) errors[name] = FIELD_MESSAGES.unknownField(name);
  if (options.mode === 'submit')
    for (const rule of def.rules ?? [])
      if (rule.when.every((c) => holds(c, scope))) errors[rule.field ?? FORM_PATH] ??= rule.message;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The errors as a list in their order, as the API answers them. */
export function errorList(errors: FieldErrors): Array<{ path: string; message: string }> {
  return Object.entries(errors).map(([path, message]) => ({ path, message }));
}
