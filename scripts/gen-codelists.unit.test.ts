import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, NATIONALITIES, codeList, countryLabel, isInCodeList } from '#contract/codelists/index.ts';
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

  it('lists currencies by name, as people look for them, not by code', () => {
    const labels = CURRENCIES.map((c) => c.label);
    expect(labels.slice(0, 3)).toEqual(['Afghani', 'Algerian Dinar', 'Argentine Peso']);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    for (let i = 1; i < labels.length; i++)
      expect(collator.compare(labels[i - 1]!, labels[i]!), labels[i]).toBeLessThanOrEqual(0);
    // Locale-aware: 'Bolívar' sorts with the B's, before 'Boliviano'.
    expect(labels.indexOf('Bolívar Soberano (VES)')).toBeLessThan(labels.indexOf('Boliviano'));
  });

  it('leaves out funds and units of account, keeps the X-codes that are legal tender', () => {
    for (const code of ['BOV', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'CHE', 'CHW', 'XDR', 'XSU', 'XUA'])
      expect(isInCodeList('currency', code), code).toBe(false);
    for (const code of ['XAF', 'XOF', 'XCD', 'XPF', 'CHF', 'USD', 'MXN', 'UYU'])
      expect(isInCodeList('currency', code), code).toBe(true);
  });

  it('shows no name twice', () => {
    for (const list of [CURRENCIES, NATIONALITIES]) expect(new Set(list.map((c) => c.label)).size).toBe(list.length);
    expect(CURRENCIES.filter((c) => c.label.startsWith('Bolívar Soberano')).map((c) => c.label)).toEqual([
      'Bolívar Soberano (VED)',
      'Bolívar Soberano (VES)',
    ]);
  });

  it('lists nationalities by name in the same order', () => {
    const labels = NATIONALITIES.map((n) => n.label);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...labels].sort(collator.compare)).toEqual(labels);
    expect(labels.indexOf('Åland Islands')).toBeLessThan(labels.indexOf('Albanian'));
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
