import { isSingaporePostalCode } from '../validation.ts';

/**
 * Singapore identifiers and contact numbers, as pure functions shared by the browser and the server.
 * The checksums are the published ones (NRIC/FIN incl. the M-series FIN of 2022, the three UEN
 * formats of ACRA); each takes `unknown` so a wrong shape is simply "not valid".
 */

const NRIC_WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;
const ST_LETTERS = 'JZIHGFEDCBA';
const FG_LETTERS = 'XWUTRQPNMLK';
const M_LETTERS = 'KLJNPQRTUWX';

const weighted = (digits: string, weights: readonly number[]) =>
  weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0);

/** The check letter an NRIC/FIN with this prefix and these seven digits must end with. */
export function nricCheckLetter(prefix: string, digits: string): string | null {
  if (!/^\d{7}$/.test(digits)) return null;
  const sum = weighted(digits, NRIC_WEIGHTS);
  switch (prefix) {
    case 'S':
      return ST_LETTERS[sum % 11]!;
    case 'T':
      return ST_LETTERS[(sum + 4) % 11]!;
    case 'F':
      return FG_LETTERS[sum % 11]!;
    case 'G':
      return FG_LETTERS[(sum + 4) % 11]!;
    case 'M': {
      const p = 11 - ((3 + sum) % 11);
      return M_LETTERS[p - 1]!;
    }
    default:
      return null;
  }
}

/** NRIC (S, T) or FIN (F, G, M) with a correct check letter; upper case only, no spaces. */
export function isNricFin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^([STFGM])(\d{7})([A-Z])$/.exec(value);
  return m !== null && nricCheckLetter(m[1]!, m[2]!) === m[3];
}

const BUSINESS_WEIGHTS = [10, 4, 9, 3, 8, 2, 7, 1] as const;
const BUSINESS_LETTERS = 'XMKECAWLJDB';
const LOCAL_WEIGHTS = [10, 8, 6, 4, 9, 7, 5, 3, 1] as const;
const LOCAL_LETTERS = 'ZKCMDNERGWH';
const OTHER_WEIGHTS = [4, 3, 5, 3, 10, 2, 2, 5, 7] as const;
const OTHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWX0123456789';

/** The entity-type codes of UENs issued from 2009 (the 4th and 5th characters of a T/S/R UEN). */
export const UEN_ENTITY_TYPES = [
  'LP', 'LL', 'FC', 'PF', 'RF', 'MQ', 'MM', 'NB', 'CC', 'CS', 'MB', 'FM', 'GS', 'DP', 'CP', 'NR', 'CM',
  'CD', 'MD', 'HS', 'VH', 'CH', 'MH', 'CL', 'XL', 'CX', 'RP', 'TU', 'TC', 'FB', 'FN', 'PA', 'PB', 'SS',
  'MC', 'SM', 'GA', 'GB',
] as const; // prettier-ignore

/** Check character of a T/S/R-format UEN from its first nine characters, or null when they cannot be one. */
export function otherUenCheck(first9: string): string | null {
  if (!/^[RST]\d{2}[A-Z]{2}\d{4}$/.test(first9)) return null;
  const sum = OTHER_WEIGHTS.reduce((s, w, i) => s + w * OTHER_ALPHABET.indexOf(first9[i]!), 0);
  return OTHER_ALPHABET[(((sum - 5) % 11) + 11) % 11]!;
}

/**
 * Unique Entity Number in any of its three formats: a business (8 digits + check letter), a local
 * company (year + 5 digits + check letter), or another entity (T/S/R + year + entity type + 4 digits +
 * check letter; T is 20yy and may not be in the future, S 19yy, R 18yy).
 */
export function isUen(value: unknown, today?: string): boolean {
  if (typeof value !== 'string') return false;
  if (/^\d{8}[A-Z]$/.test(value)) return BUSINESS_LETTERS[weighted(value, BUSINESS_WEIGHTS) % 11] === value[8];
  if (/^\d{9}[A-Z]$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year < 1800 || (today !== undefined && year > Number(today.slice(0, 4)))) return false;
    return LOCAL_LETTERS[weighted(value, LOCAL_WEIGHTS) % 11] === value[9];
  }
  if (/^[RST]\d{2}[A-Z]{2}\d{4}[A-Z]$/.test(value)) {
    if (!(UEN_ENTITY_TYPES as readonly string[]).includes(value.slice(3, 5))) return false;
    if (value[0] === 'T' && today !== undefined && 2000 + Number(value.slice(1, 3)) > Number(today.slice(0, 4)))
      return false;
    return otherUenCheck(value.slice(0, 9)) === value[9];
  }
  return false;
}

/**
 * A phone number as people write it, in the one form kept, or null if it is none. A Singapore number is its 8
 * digits, starting 3, 6, 8 or 9 ("91234567", as the profile holds its mobile number), whether it came with
 * "+65", "(65)" or neither. Another country's is "+", its code and 7 to 15 digits in all, in the groups they
 * were typed in, one space apart ("+44 20 7946 0958"): how its digits group is that country's, which the
 * portal cannot tell. People group digits with spaces (any number of them), hyphens, dots or brackets
 * ("+1 (555) 123-4567"), and after a country code some write the trunk nought that is not dialled from abroad
 * ("+44 (0)20 7946 0958"): all are read, none kept (GOV.UK: let people type numbers as they know them).
 */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const typed = value
    .trim()
    .replace(/^\(\+?65\)/, '+65 ')
    .replace(/^(\+[0-9]{1,3})[\s.-]*\(0\)/, '$1 ');
  // Brackets around a group of digits only: none left open, none around anything else.
  const groups = typed.replace(/\(([0-9]+)\)/g, ' $1 ');
  if (!/^\+?[\s.-]*[0-9]+(?:[\s.-]+[0-9]+)*$/.test(groups)) return null;
  const digits = groups.replace(/[^0-9]/g, '');
  if (!groups.startsWith('+')) return /^[3689][0-9]{7}$/.test(digits) ? digits : null;
  // Country codes are prefix-free: after "+65" comes a Singapore number or nothing that is one.
  if (digits.startsWith('65')) return /^65[3689][0-9]{7}$/.test(digits) ? digits.slice(2) : null;
  if (!/^[1-9][0-9]{6,14}$/.test(digits)) return null;
  return `+${groups
    .slice(1)
    .trim()
    .split(/[\s.-]+/)
    .join(' ')}`;
}

/** A Singapore mobile number's 8 digits, as the profile keeps them ("+65 9123-4567" → "91234567"); else null. */
export function sgMobileDigits(value: unknown): string | null {
  const kept = normalizePhone(value);
  return kept !== null && /^[89][0-9]{7}$/.test(kept) ? kept : null;
}

/** A Singapore mobile number: one of 8 digits starting with 8 or 9, however written (normalizePhone). */
export function isSgMobile(value: unknown): boolean {
  return sgMobileDigits(value) !== null;
}

/** A phone number: a Singapore one, or another country's after its code (normalizePhone). */
export function isPhone(value: unknown): boolean {
  return normalizePhone(value) !== null;
}

/**
 * An email address as people type them: one @, a local part without spaces, a domain of dot-separated
 * labels with a top-level domain of letters. Deliberately not the full RFC 5322 grammar (GOV.UK's rule).
 */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  const m = /^([^\s@]+)@([^\s@]+)$/.exec(value);
  if (!m || m[1]!.length > 64 || m[1]!.startsWith('.') || m[1]!.endsWith('.') || m[1]!.includes('..')) return false;
  const labels = m[2]!.split('.');
  return (
    labels.length >= 2 &&
    labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)) &&
    /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1]!)
  );
}

/** Six digits (spec §5); re-exported here so every Singapore check has one home. */
export const isPostalCode = isSingaporePostalCode;
