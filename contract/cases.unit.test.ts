import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCaseNumber } from './casenumber.ts';
import { CASE_STATUSES, canMove, normalizeCaseNumber } from './cases.ts';

describe('case number format', () => {
  it('is case type, space, number padded to six digits, space, year', () => {
    expect(formatCaseNumber('PD', 42, 2026)).toBe('PD 000042 2026');
    expect(formatCaseNumber('RD', 1, 2025)).toBe('RD 000001 2025');
    expect(formatCaseNumber('PC', 999999, 2026)).toBe('PC 999999 2026');
  });
  it('grows past six digits rather than cutting', () => {
    expect(formatCaseNumber('PD', 1234567, 2026)).toBe('PD 1234567 2026');
  });
  it('reads back what it writes, however the user spaced or cased it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('PD', 'RD', 'PT', 'IW'),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 2000, max: 2999 }),
        (type, n, year) => {
          const shown = formatCaseNumber(type, n, year);
          return (
            normalizeCaseNumber(shown) === shown &&
            normalizeCaseNumber(`  ${shown.toLowerCase().replace(/ /g, '   ')} `) === shown
          );
        },
      ),
    );
  });
  // As written on a letter or a bank's line, or without the zeros that nobody says aloud.
  it.each([
    'bs 42 2026',
    'BS 000042/2026',
    'BS/42/2026',
    'BS-000042-2026',
    ' bs 0000042  2026 ',
    'BS0000422026',
    'BS 42-2026',
  ])('%j is BS 000042 2026', (v) => {
    expect(normalizeCaseNumber(v)).toBe('BS 000042 2026');
  });
  it.each([
    '',
    'PD',
    'PD 2026',
    '000042 2026',
    'BS422026',
    'BS 42 26',
    'BS 000042 2026 1',
    'BS 4 2 2026',
    'BS.42.2026',
  ])('%j is not a case number', (v) => {
    expect(normalizeCaseNumber(v)).toBeNull();
  });
});

describe('case workflow', () => {
  it('moves draft → submitted → in review → (more information ↔ in review, rejection proposed) → decided, and nowhere else', () => {
    // An undecided record may also be withdrawn, as the applicant's request approved asks (docs/decisions/0091).
    const allowed = CASE_STATUSES.flatMap((from) =>
      CASE_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'draft>submitted',
      'submitted>in_review',
      'submitted>withdrawn',
      'in_review>submitted',
      'in_review>more_info_requested',
      'in_review>rejection_proposed',
      'in_review>approved',
      'in_review>withdrawn',
      'more_info_requested>in_review',
      'more_info_requested>withdrawn',
      'rejection_proposed>in_review',
      'rejection_proposed>rejected',
      'rejection_proposed>withdrawn',
    ]);
  });
});
