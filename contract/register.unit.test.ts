import { describe, expect, it } from 'vitest';
import { REGISTER_CASE_NUMBER, normalizeRegisterCaseNumber } from './register.ts';

describe('a register case number as typed', () => {
  it('is read however it was spaced, hyphenated or cased', () => {
    for (const typed of [
      'BS 004321 2023',
      'bs0043212023',
      ' BS-004321-2023 ',
      'bs 004321  2023',
      'BS004321 2023',
      'bs 4321 2023',
      'BS 04321/2023',
    ])
      expect(normalizeRegisterCaseNumber(typed), typed).toBe('BS 004321 2023');
  });

  it('is refused when it is not one', () => {
    for (const typed of ['not a case', 'BS 1004321 2023', 'B 004321 2023', 'BS0043212023X', 'BS 004321 23', ''])
      expect(REGISTER_CASE_NUMBER.test(normalizeRegisterCaseNumber(typed)), typed).toBe(false);
  });
});
