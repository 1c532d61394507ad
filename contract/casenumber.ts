import { CASE_NUMBER_PAD } from './constants.ts';

/** Case number display (§3): case type, a space, the number padded to 6 digits, a space, the year. */
export function formatCaseNumber(caseType: string, searchNumber: number | string, year: number | string): string {
  return `${caseType} ${String(searchNumber).padStart(CASE_NUMBER_PAD, '0')} ${year}`;
}
