import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, NATIONALITIES, codeList, countryLabel, isInCodeList } from '../contract/codelists/index.ts';
import { GENERATED } from './gen-codelists.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('generated code lists', () => {
  it.each(Object.entries(GENERATED))(
    '%s matches its npm package (run node scripts/gen-codelists.ts)',
    async (rel, render) => {
      expect(readFileSync(path.join(root, rel), 'utf8')).toBe(await render());
    },
  );

  it('holds ISO 4217 currencies with their minor units, and no placeholders', () => {
    expect(CURRENCIES.find((c) => c.code === 'SGD')).toEqual({
      code: 'SGD',
      label: 'Singapore Dollar',
      minorDigits: 2,
    });
    expect(CURRENCIES.find((c) => c.code === 'JPY')?.minorDigits).toBe(0);
    for (const code of ['XTS', 'XXX', 'XAU']) expect(isInCodeList('currency', code)).toBe(false);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
  });

  it('holds nationalities keyed by ISO 3166-1 alpha-2 codes', () => {
    expect(NATIONALITIES.find((n) => n.code === 'SG')?.label).toBe('Singaporean');
    expect(NATIONALITIES.every((n) => /^[A-Z]{2}$/.test(n.code))).toBe(true);
    expect(NATIONALITIES.length).toBeGreaterThan(240);
  });

  it('names countries from the same codes', () => {
    expect(countryLabel('SG')).toBe('Singapore');
    expect(codeList('country').length).toBe(NATIONALITIES.length);
    expect(isInCodeList('country', 'SG')).toBe(true);
  });
});
