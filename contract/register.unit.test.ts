import { describe, expect, it } from 'vitest';
import {
  REGISTER_CASE_NUMBER,
  REGISTER_MESSAGES,
  nameQueryProblem,
  normalizeIdNumber,
  normalizeRegisterCaseNumber,
  withoutHonorifics,
} from './register.ts';

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

describe('a name to search for', () => {
  it('is searched without the words of address before it', () => {
    expect(withoutHonorifics('Mr Ong Beng Huat')).toBe('Ong Beng Huat');
    expect(withoutHonorifics('  Dr.  Mdm ONG  Beng ')).toBe('ONG Beng');
    expect(withoutHonorifics('Encik Ahmad bin Hassan')).toBe('Ahmad bin Hassan');
    expect(withoutHonorifics('Hj. Osman')).toBe('Osman');
  });

  it('keeps them after the name, and keeps a name that is nothing else', () => {
    expect(withoutHonorifics('Ong Mr Huat')).toBe('Ong Mr Huat');
    expect(withoutHonorifics('Madam')).toBe('Madam');
    expect(withoutHonorifics('Mr Madam')).toBe('Madam');
  });

  it('counts its letters without them', () => {
    expect(nameQueryProblem('Mr Ng')).toBe(REGISTER_MESSAGES.nameTooShort);
    expect(nameQueryProblem('Mr Ong')).toBeNull();
  });
});
