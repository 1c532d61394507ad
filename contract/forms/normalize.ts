import { normalizeCaseNumber } from '../cases.ts';
import { DIGITS_ONLY, inPlainCharacters, withoutDirectionOverrides } from '../validation.ts';
import { allFields, isRecord, stripHidden } from './rules.ts';
import { feeAnswer } from '../fees.ts';
import { isNricFin, isUen, normalizePhone } from './sg.ts';
import { ADDRESS_PARTS, type FieldDef, type FormDefinition, type FormValues } from './types.ts';

/**
 * Answers typed the way people write them, turned into the one form that is checked, stored and billed
 * (GOV.UK: let people type what comes naturally). The browser and the server both call answersToKeep
 * before the rules run, so they agree on what is an error, and the server keeps what they agreed on.
 */

/**
 * Digits grouped in threes by commas or by spaces (a no-break one too, as documents write it), or not
 * grouped at all; a fraction after a point, if any.
 */
const GROUPED = /^(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:\.\d+)?$/;
const SEPARATORS = /[, \u00a0\u202f]/g;
/** The Singapore dollar written as the portal writes it (`S$1,234.50`), or as people do (`$1,234.50`). */
const SGD_SIGN = /^(?:S\$|\$)\s*/i;
/** A fraction without its whole units (".50"). */
const FRACTION_ALONE = /^\.\d/;

/**
 * An amount in major units as typed ("S$1,234.50", "1 234.5", ".50", "00012.50") as kept ("1234.50",
 * "1234.5", "0.50", "12.50"): spaces around, commas or spaces between groups of three digits, leading
 * zeros, and with SGD a leading `S$` or `$`, dropped, and a nought put before a fraction alone. Anything
 * else ("1,23,4", "1 23 4", "1,234 567") stays exactly as typed, for the rules to refuse with their message.
 */
export function normalizeAmount(typed: string, currency: unknown): string {
  let text = inPlainCharacters(typed).trim();
  if (currency === 'SGD') text = text.replace(SGD_SIGN, '');
  // Cents alone are often written without the nought before the point.
  if (FRACTION_ALONE.test(text)) text = `0${text}`;
  return GROUPED.test(text) ? text.replace(SEPARATORS, '').replace(/^0+(?=[0-9])/, '') : typed;
}

/**
 * A whole number as typed ("02", " 2 ") as kept ("2"): spaces around and leading zeros dropped, so the
 * record, the officer and the acknowledgement read the count as people write it. Anything else ("2.0",
 * "-2") stays as typed, for the rules to refuse.
 */
function normalizeWholeNumber(typed: string): string {
  const text = inPlainCharacters(typed).trim();
  return DIGITS_ONLY.test(text) ? text.replace(/^0+(?=[0-9])/, '') : typed;
}

/**
 * An NRIC/FIN, a UEN or a case number as it is written (`s1234567d ` → `S1234567D`, `bs 42…` spaced once):
 * the rules take any case and spaces around, and the record, its acknowledgement and the officer show what
 * is kept. Anything that is no such identifier stays as typed, for the rules to refuse.
 */
function normalizeIdentifier(type: 'nric' | 'uen' | 'caseNumber', typed: string): string {
  if (type === 'caseNumber') return normalizeCaseNumber(typed) ?? typed;
  const written = inPlainCharacters(typed).trim().toUpperCase();
  return (type === 'nric' ? isNricFin(written) : isUen(written)) ? written : typed;
}

/**
 * Answers typed on one line, read trimmed by the rules: kept trimmed too, so what is checked is what is kept (a
 * receipt number pasted with a space is looked up as checked), each tab or line break a space. A textarea's
 * answer is kept as written.
 */
const ONE_LINE_TYPES: ReadonlySet<FieldDef['type']> = new Set(['text', 'email', 'postalCode', 'date']);
const ADDRESS_TEXT_PARTS = ADDRESS_PARTS.filter((part) => part !== 'country');
/** One-line answers that must be digits or a code, read in plain characters (inPlainCharacters); names are not. */
const isCode = (field: FieldDef) =>
  field.type === 'postalCode' || (field.type === 'text' && field.format !== undefined);

/**
 * A line break (CRLF as one), a tab or another control character: a spreadsheet's cell pastes a tab into a
 * one-line input, and a client of the API may send line breaks. No font prints them, so the acknowledgement
 * showed "?", and a one-line answer printed on two lines.
 */
const BREAKS_AND_CONTROLS = /\r\n|[\p{Cc}\u2028\u2029]/gu;

function normalizeOneLine(typed: string): string {
  return typed.replace(BREAKS_AND_CONTROLS, ' ').trim();
}

function normalizeValue(field: FieldDef, value: unknown): unknown {
  if (ONE_LINE_TYPES.has(field.type) && typeof value === 'string')
    return normalizeOneLine(isCode(field) ? inPlainCharacters(value) : value);
  if (field.type === 'address' && isRecord(value)) {
    const out = { ...value };
    for (const part of ADDRESS_TEXT_PARTS) {
      const typed = value[part];
      if (typeof typed === 'string')
        out[part] = normalizeOneLine(part === 'postalCode' ? inPlainCharacters(typed) : typed);
    }
    return out;
  }
  if ((field.type === 'nric' || field.type === 'uen' || field.type === 'caseNumber') && typeof value === 'string')
    return normalizeIdentifier(field.type, value);
  if (field.type === 'number' && typeof value === 'string') return normalizeWholeNumber(value);
  if ((field.type === 'phone' || field.type === 'mobile') && typeof value === 'string')
    return normalizePhone(inPlainCharacters(value)) ?? value;
  if (field.type === 'amount' && isRecord(value) && typeof value.amount === 'string') {
    const amount = normalizeAmount(value.amount, value.currency);
    return amount === value.amount ? value : { ...value, amount };
  }
  // The server answers the same bytes sent again on a question with the file it holds: named twice, it is one
  // file (else the acknowledgement lists it twice and its limit counts it twice).
  if (field.type === 'attachment' && Array.isArray(value)) return [...new Set(value)];
  if (field.type === 'group' && Array.isArray(value))
    return value.map((row: unknown) => {
      if (!isRecord(row)) return row;
      const out = { ...row };
      for (const child of field.fields)
        if (Object.hasOwn(row, child.name)) out[child.name] = normalizeValue(child, row[child.name]);
      return out;
    });
  return value;
}

/**
 * The answers the browser checks and sends and the server checks and stores: those of hidden fields
 * stripped (stripHidden), without direction overrides, each amount, whole number, identifier and phone number
 * in its normal form, and each answer typed on one line without spaces around. The answers given are not
 * changed, so the screen keeps showing what the user typed.
 */
export function answersToKeep(def: FormDefinition, answers: unknown): FormValues {
  // A fee is the portal's, not an answer: kept as the fee whatever was sent (nothing, or another figure).
  const withFees: Record<string, unknown> = isRecord(answers) ? { ...answers } : {};
  for (const field of allFields(def))
    if (field.type === 'amount' && field.fee) withFees[field.name] = feeAnswer(field.fee);
  const kept: Record<string, unknown> = stripHidden(def, withFees);
  for (const field of allFields(def))
    if (Object.hasOwn(kept, field.name))
      kept[field.name] = normalizeValue(field, withoutDirectionOverrides(kept[field.name]));
  return kept as FormValues;
}
