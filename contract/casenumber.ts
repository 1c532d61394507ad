import { CASE_NUMBER_PAD } from './constants.ts';
import { inPlainCharacters } from './validation.ts';

/** Case number display (§3): case type, a space, the number padded to 6 digits, a space, the year. */
export function formatCaseNumber(caseType: string, searchNumber: number | string, year: number | string): string {
  return `${caseType} ${String(searchNumber).padStart(CASE_NUMBER_PAD, '0')} ${year}`;
}

/**
 * Without a separator before the year the number must have its six digits, else `BS422026` could be number
 * 42 or 4220 of any year; with one, the leading zeros may be left out (`bs 42 2026`).
 */
const TYPED_CASE_NUMBER = /^([A-Z]{1,5}) ?(?:([0-9]{6,}) ?|([0-9]{1,5}) )([0-9]{4})$/;

/**
 * A case number as people type it or copy it from a letter (`bs 42 2026`, `BS 000042/2026`, `BS-000042-2026`,
 * `bs0000422026`, in full-width or Arabic-Indic digits: inPlainCharacters) in the one form shown and stored
 * (`BS 000042 2026`), or null if it is not one. The portal's records and the register's cases are written alike
 * (docs/decisions/0080), so both read typed ones here.
 */
export function normalizeCaseNumber(input: string): string | null {
  const typed = inPlainCharacters(input)
    .toUpperCase()
    .replace(/[\s/-]+/g, ' ')
    .trim();
  const m = TYPED_CASE_NUMBER.exec(typed);
  return m ? formatCaseNumber(m[1]!, (m[2] ?? m[3]!).replace(/^0+(?=[0-9])/, ''), m[4]!) : null;
}
