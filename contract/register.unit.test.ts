import { describe, expect, it } from 'vitest';
import { REGISTER_CASE_NUMBER, normalizeIdNumber, normalizeRegisterCaseNumber } from './register.ts';

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

  it('is read in full-width or Arabic-Indic digits, and pasted with a zero-width space', () => {
    for (const typed of [
      'ＢＳ ００４３２１ ２０２３',
      'BS ٠٠٤٣٢١ ۲۰۲۳',
      'BS 004321 2023\u200b',
      '\u2060BS\u200c004321 2023',
    ])
      expect(normalizeRegisterCaseNumber(typed), typed).toBe('BS 004321 2023');
  });

  it('is refused when it is not one', () => {
    for (const typed of ['not a case', 'BS 1004321 2023', 'B 004321 2023', 'BS0043212023X', 'BS 004321 23', ''])
      expect(REGISTER_CASE_NUMBER.test(normalizeRegisterCaseNumber(typed)), typed).toBe(false);
  });
});

describe('an identification number as typed', () => {
  it('is read in upper case without spaces, from full-width characters and without zero-width ones', () => {
    for (const typed of [' s7654321f ', 'Ｓ７６５４３２１Ｆ', 'S7654321F\u200b', '\ufeffs 7654321 f', 'S٧٦٥٤٣٢١F'])
      expect(normalizeIdNumber(typed), typed).toBe('S7654321F');
  });
});
