import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPLICATION_CODES } from '#contract/codes.ts';
import { formDefinitionSchema } from '#contract/forms/schema.ts';
import { allFields, initialValues, stripHidden, validate, type FieldDef } from '#contract/forms/index.ts';
import { FORM_DEFINITIONS } from './definitions.ts';
import { MIGRATION_FILE, formsMigrationSql } from './migration.ts';

const CODES = APPLICATION_CODES;
const everyField = (fields: FieldDef[]): FieldDef[] =>
  fields.flatMap((f) => (f.type === 'group' ? [f, ...f.fields] : [f]));

describe('the v2 definitions of the seventeen e-services', () => {
  it('cover every e-service', () => expect(Object.keys(FORM_DEFINITIONS).sort()).toEqual([...CODES].sort()));

  it.each(CODES)('%s is well formed', (code) => {
    const result = formDefinitionSchema.safeParse(FORM_DEFINITIONS[code]);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it.each(CODES)('%s: every amount is at least one cent or zero, never negative', (code) => {
    for (const f of everyField(allFields(FORM_DEFINITIONS[code]!)))
      if (f.type === 'amount') expect(f.min, `${code}.${f.name}`).toBeGreaterThanOrEqual(0);
  });

  it('payments are more than zero (PCD, PC, PD) and the travel destination has no default', () => {
    const amount = (code: string, name: string) => allFields(FORM_DEFINITIONS[code]!).find((f) => f.name === name);
    expect(amount('PCD', 'depositAmount')).toMatchObject({ min: 1 });
    expect(amount('PC', 'certificateFee')).toMatchObject({ min: 1 });
    expect(amount('PD', 'paymentAmount')).toMatchObject({ min: 1 });
    expect(initialValues(FORM_DEFINITIONS.PAR!).destinationCountry).toBe('');
    const countries = allFields(FORM_DEFINITIONS.TRA!).find((f) => f.name === 'countries');
    expect(countries?.type === 'group' && countries.fields[0]).toMatchObject({ name: 'country', noDefault: true });
    const visited = allFields(FORM_DEFINITIONS.TRT!).find((f) => f.name === 'countriesVisited');
    expect(visited?.type === 'group' && visited.fields[0]).toMatchObject({ name: 'country', noDefault: true });
  });

  it('case numbers are checked by format (TRA, TRT: of a travel application; ICAWL: any)', () => {
    const field = (code: string, name: string) => allFields(FORM_DEFINITIONS[code]!).find((f) => f.name === name);
    expect(field('TRA', 'travelCaseNumber')).toMatchObject({ type: 'caseNumber', caseType: 'PR' });
    expect(field('TRT', 'travelCaseNumber')).toMatchObject({ type: 'caseNumber', caseType: 'PR' });
    expect(field('ICAWL', 'watchedCaseNumber')).toMatchObject({ type: 'caseNumber' });
  });

  it.each(CODES)('%s: a new, empty form is a valid draft and an invalid submission', (code) => {
    const def = FORM_DEFINITIONS[code]!;
    const empty = stripHidden(def, initialValues(def));
    expect(validate(def, empty, { mode: 'draft', today: '2026-03-10' })).toEqual({});
    expect(Object.keys(validate(def, empty, { mode: 'submit', today: '2026-03-10' })).length).toBeGreaterThan(0);
  });

  it('migration 101 is generated from this source', () => {
    expect(readFileSync(MIGRATION_FILE, 'utf8')).toBe(formsMigrationSql());
  });
});
