import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDigitsOnly, isEmpty, isIdentifier, isSingaporePostalCode, withoutDirectionOverrides } from './validation.ts';
import { formatCaseNumber } from './casenumber.ts';
import { MESSAGES } from './catalogue.ts';
import { withPhone } from './messages.ts';

describe('withoutDirectionOverrides', () => {
  const OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;

  it('drops them from every string and key of JSON, and nothing else', () => {
    // The overrides and the marks that stay, among letters, in the values and keys of any JSON.
    const stringUnit = fc.constantFrom('a', 'b', '\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f');
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit }), (generated) => {
        const value: unknown = JSON.parse(JSON.stringify(generated));
        // JSON writes these characters as they are, so dropping them from its text drops them everywhere.
        expect(withoutDirectionOverrides(value)).toEqual(JSON.parse(JSON.stringify(value).replace(OVERRIDES, '')));
      }),
    );
  });

  it('keeps a key named __proto__ a key, and leaves what is not JSON as it is', () => {
    const cleaned = withoutDirectionOverrides(JSON.parse('{"__proto__":{"x":"\u202e1"}}')) as object;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(cleaned, '__proto__')?.value).toEqual({ x: '1' });
    const date = new Date(0);
    const bytes = Buffer.from('\u202e');
    expect(withoutDirectionOverrides({ date, bytes })).toEqual({ date, bytes });
    expect((withoutDirectionOverrides({ date }) as { date: Date }).date).toBe(date);
  });

  it('takes any depth: it does not recurse', () => {
    let deep: unknown = 'a\u202eb';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { ['k\u2066']: deep };
    let cleaned = withoutDirectionOverrides(deep);
    for (let i = 100_000 - 1; i >= 0; i--)
      cleaned = i % 2 ? (cleaned as unknown[])[0] : (cleaned as Record<string, unknown>).k;
    expect(cleaned).toBe('ab');
  });
});

describe('isEmpty', () => {
  it.each([undefined, null, '', {}])('%j is empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([0, false, ' ', 'a', { a: 1 }, [], [1]])('%j is not empty', (v) => expect(isEmpty(v)).toBe(false));
  it('counts an object without a prototype and no keys as empty', () => {
    expect(isEmpty(Object.create(null))).toBe(true);
  });
  it.each([new Date(0), new Map(), new Set(), /x/])('%s holds a value though it has no own keys', (v) =>
    expect(isEmpty(v)).toBe(false),
  );
  it('agrees with the rule for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const expected =
          v === null ||
          v === '' ||
          (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);
        expect(isEmpty(v)).toBe(expected);
      }),
    );
  });
});

describe('identifier rule', () => {
  it('accepts exactly 12 characters', () => {
    expect(isIdentifier('S1234567D001')).toBe(true);
    expect(isIdentifier('S1234567D00')).toBe(false);
    expect(isIdentifier('S1234567D0012')).toBe(false);
    expect(isIdentifier(123456789012)).toBe(false);
  });
  it('holds for any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii' }), (s) => isIdentifier(s) === (s.length === 12)));
  });
});

describe('digits only', () => {
  it.each(['0', '123', '000123'])('%s passes', (v) => expect(isDigitsOnly(v)).toBe(true));
  it.each(['', '-1', '+1', '1.5', '1e3', ' 1', '١٢'])('%j fails', (v) => expect(isDigitsOnly(v)).toBe(false));
});

describe('postal code', () => {
  it('is six digits', () => {
    expect(isSingaporePostalCode('079903')).toBe(true);
    expect(isSingaporePostalCode('79903')).toBe(false);
    expect(isSingaporePostalCode('0799031')).toBe(false);
  });
  it('keeps the specification spelling of its message', () => {
    expect(MESSAGES.invalidPostalCode).toBe('Invaild Postal Code');
  });
});

describe('case number', () => {
  it('pads the number to six digits between type and year', () => {
    expect(formatCaseNumber('PD', 42, 2026)).toBe('PD 000042 2026');
    expect(formatCaseNumber('RD', 1234567, 2026)).toBe('RD 1234567 2026');
  });
});

describe('withPhone', () => {
  it('fills the phone number', () => {
    expect(withPhone(MESSAGES.systemDifficulties, '1800-000-0000')).toContain('please contact 1800-000-0000 to report');
  });
});
