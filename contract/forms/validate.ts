import { normalizeCaseNumber } from '../cases.ts';
import { currency, isInCodeList } from '../codelists/index.ts';
import { isDigitsOnly, isEmpty, isIdentifier, isSingaporePostalCode } from '../validation.ts';
import { emptyAddress, emptyAmount } from './defaults.ts';
import { FIELD_MESSAGES } from './messages.ts';
import {
  ADDRESS_PARTS,
  ADDRESS_PART_LABELS,
  DEFAULT_MAX_LENGTH,
  type FieldDef,
  type FieldErrors,
  type FormDefinition,
} from './types.ts';

/**
 * The one form validator, used by the web app as the user types and by the server on every save:
 * the same rules give the same messages on both sides. Values arrive as `unknown` because the server
 * checks what a client sent, so a wrong shape is an error here too, never an exception.
 *
 * mode 'draft' checks only what was filled in (a draft may be incomplete, never malformed);
 * 'final' also requires the required fields (save and submit).
 */
export type ValidationMode = 'draft' | 'final';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_DIGITS = 15;

type Check = (field: FieldDef, value: unknown, mode: ValidationMode, errors: FieldErrors) => void;

/** Empty in the specification's sense (§5), also for text that is only spaces. */
export function isBlank(value: unknown): boolean {
  return isEmpty(typeof value === 'string' ? value.trim() : value);
}

export function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readText(value: unknown, errors: FieldErrors, path: string, label: string, max: number): string | null {
  if (typeof value !== 'string') {
    errors[path] = FIELD_MESSAGES.malformed(label);
    return null;
  }
  if ([...value].length > max) {
    errors[path] = FIELD_MESSAGES.tooLong(label, max);
    return null;
  }
  return value.trim();
}

const checks: Record<FieldDef['type'], Check> = {
  text(field, value, _mode, errors) {
    if (field.type !== 'text') return;
    const v = readText(value, errors, field.name, field.label, field.maxLength ?? DEFAULT_MAX_LENGTH.text);
    if (v === null) return;
    if (field.format === 'identifier' && !isIdentifier(v)) errors[field.name] = FIELD_MESSAGES.identifier(field.label);
    if (field.format === 'digits' && !isDigitsOnly(v)) errors[field.name] = FIELD_MESSAGES.digitsOnly(field.label);
    // Its existence is the server's to check (server/cases/service.ts): only it sees the records.
    if (field.format === 'caseNumber' && !normalizeCaseNumber(v))
      errors[field.name] = FIELD_MESSAGES.caseNumber(field.label);
  },
  textarea(field, value, _mode, errors) {
    if (field.type !== 'textarea') return;
    readText(value, errors, field.name, field.label, field.maxLength ?? DEFAULT_MAX_LENGTH.textarea);
  },
  number(field, value, _mode, errors) {
    if (field.type !== 'number') return;
    const v = readText(value, errors, field.name, field.label, MAX_DIGITS);
    if (v === null) return;
    if (!isDigitsOnly(v)) {
      errors[field.name] = FIELD_MESSAGES.digitsOnly(field.label);
      return;
    }
    const n = Number(v);
    if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
      errors[field.name] = FIELD_MESSAGES.range(field.label, field.min, field.max);
  },
  date(field, value, _mode, errors) {
    const v = readText(value, errors, field.name, field.label, 10);
    if (v !== null && !isRealDate(v)) errors[field.name] = FIELD_MESSAGES.date(field.label);
  },
  select(field, value, _mode, errors) {
    if (field.type !== 'select') return;
    if (!isInCodeList(field.codeList, value)) errors[field.name] = FIELD_MESSAGES.notInList(field.label);
  },
  yesNo(field, value, _mode, errors) {
    if (!isInCodeList('yesNo', value)) errors[field.name] = FIELD_MESSAGES.notInList(field.label);
  },
  postalCode(field, value, _mode, errors) {
    const v = readText(value, errors, field.name, field.label, DEFAULT_MAX_LENGTH.addressPart);
    if (v !== null && !isSingaporePostalCode(v)) errors[field.name] = FIELD_MESSAGES.postalCode();
  },
  amount(field, value, mode, errors) {
    if (field.type !== 'amount') return;
    if (!isRecord(value)) {
      errors[field.name] = FIELD_MESSAGES.malformed(field.label);
      return;
    }
    const amountPath = `${field.name}.amount`;
    const currencyPath = `${field.name}.currency`;
    const cur = typeof value.currency === 'string' ? currency(value.currency) : undefined;
    if (!cur) errors[currencyPath] = FIELD_MESSAGES.notInList(`Currency of ${field.label}`);
    if (isBlank(value.amount)) {
      if (mode === 'final' && field.required) errors[amountPath] = FIELD_MESSAGES.required(field.label);
      return;
    }
    const amount = readText(value.amount, errors, amountPath, field.label, MAX_DIGITS + 4);
    if (amount === null) return;
    const digits = cur?.minorDigits ?? 2;
    const pattern = digits > 0 ? new RegExp(`^[0-9]+(\\.[0-9]{1,${digits}})?$`) : /^[0-9]+$/;
    if (!pattern.test(amount) || amount.split('.')[0]!.length > MAX_DIGITS) {
      errors[amountPath] = FIELD_MESSAGES.amount(field.label, digits);
      return;
    }
    if (field.min !== undefined && Number(amount) < field.min)
      errors[amountPath] = FIELD_MESSAGES.amountTooSmall(field.label, field.min);
    else if (field.max !== undefined && Number(amount) > field.max)
      errors[amountPath] = FIELD_MESSAGES.amountTooLarge(field.label, field.max);
  },
  address(field, value, mode, errors) {
    if (!isRecord(value)) {
      errors[field.name] = FIELD_MESSAGES.malformed(field.label);
      return;
    }
    for (const part of ADDRESS_PARTS) {
      const path = `${field.name}.${part}`;
      const label = `${ADDRESS_PART_LABELS[part]} of ${field.label}`;
      const raw = value[part] ?? '';
      if (part === 'country') {
        if (!isInCodeList('country', raw)) errors[path] = FIELD_MESSAGES.notInList(label);
        continue;
      }
      const v = readText(raw, errors, path, label, DEFAULT_MAX_LENGTH.addressPart);
      if (v === null) continue;
      const needed = field.required && mode === 'final' && (part === 'streetName' || part === 'postalCode');
      if (v === '') {
        if (needed) errors[path] = FIELD_MESSAGES.required(label);
        continue;
      }
      // Only a Singapore address has a Singapore postal code.
      if (part === 'postalCode' && value.country === 'SG' && !isSingaporePostalCode(v))
        errors[path] = FIELD_MESSAGES.postalCode();
    }
  },
};

/** Composite fields (amount, address) are checked part by part; a missing one counts as all parts blank. */
const isComposite = (field: FieldDef) => field.type === 'amount' || field.type === 'address';

/** Errors of one field, keyed by field path; empty when the value is fine. */
export function validateField(field: FieldDef, value: unknown, mode: ValidationMode): FieldErrors {
  const errors: FieldErrors = {};
  if (isComposite(field) && (value === undefined || value === null)) {
    return validateField(field, field.type === 'amount' ? emptyAmount() : emptyAddress(), mode);
  }
  if (!isComposite(field) && isBlank(value)) {
    if (mode === 'final' && field.required) {
      const choose = field.type === 'select' || field.type === 'yesNo';
      errors[field.name] = choose ? FIELD_MESSAGES.choose(field.label) : FIELD_MESSAGES.required(field.label);
    }
    return errors;
  }
  checks[field.type](field, value, mode, errors);
  return errors;
}

/**
 * Errors of a whole form, in the order of its fields (the error summary lists them so). Values for
 * names the form does not have are errors too: the server stores nothing it cannot show.
 */
export function validateForm(form: FormDefinition, values: unknown, mode: ValidationMode): FieldErrors {
  const errors: FieldErrors = {};
  const record = isRecord(values) ? values : {};
  for (const field of form.fields) Object.assign(errors, validateField(field, record[field.name], mode));
  const known = new Set(form.fields.map((f) => f.name));
  for (const name of Object.keys(record)) if (!known.has(name)) errors[name] = FIELD_MESSAGES.unknownField(name);
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
