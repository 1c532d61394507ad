import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APPLICATION_CODES } from './codes.ts';
import { ERROR_CODES, INVALID_CODE, displayErrorCode, isErrorCode } from './errorCodes.ts';

describe('error code whitelist', () => {
  it('holds exactly the 42 codes of the specification, each once', () => {
    expect(ERROR_CODES).toHaveLength(42);
    expect(new Set(ERROR_CODES).size).toBe(42);
  });

  it.each(ERROR_CODES)('accepts %s as listed', (code) => {
    expect(isErrorCode(code)).toBe(true);
    expect(displayErrorCode(code)).toBe(code);
  });

  it.each(['ptacc-948', 'PTACC-948 ', ' d-994', 'D-994', 'PTACC948', 'SAP-959', '', 'd-99', 'ee-9888'])(
    'refuses the near miss %j',
    (code) => {
      expect(isErrorCode(code)).toBe(false);
      expect(displayErrorCode(code)).toBe(INVALID_CODE);
    },
  );

  it('shows InvalidCode when the code is missing', () => {
    expect(displayErrorCode(null)).toBe(INVALID_CODE);
    expect(displayErrorCode(undefined)).toBe(INVALID_CODE);
  });

  it('accepts no string outside the list', () => {
    const listed = new Set<string>(ERROR_CODES);
    fc.assert(fc.property(fc.string(), (s) => isErrorCode(s) === listed.has(s)));
  });
});

describe('application codes', () => {
  it('are the seventeen of decisions.md §6', () => {
    expect(APPLICATION_CODES).toEqual([
      'PTIB',
      'PIS',
      'PCD',
      'PRD',
      'BIS',
      'FIR',
      'BSA',
      'PNC',
      'SDNE',
      'PC',
      'ICAWL',
      'DAR',
      'PAR',
      'ESA',
      'TRA',
      'TRT',
      'PD',
    ]);
  });
});
