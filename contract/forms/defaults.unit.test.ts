import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../defaults.ts';
import { initialValues, isApplicantsOwn, profileAnswersOf } from './defaults.ts';
import { fieldDefSchema } from './schema.ts';
import type { FieldDef, FormDefinition } from './types.ts';

const onePage = (fields: FieldDef[]): FormDefinition => ({
  schemaVersion: 2,
  pages: [{ id: 'p', heading: 'About you', sections: [{ heading: 'About you', fields }] }],
});

const ADDRESS = {
  blockHouseNo: '10',
  streetName: 'Anson Road',
  floorUnit: '#12-01',
  buildingName: '',
  postalCode: '079903',
  country: '',
};
const PERSON = profileAnswersOf({
  PTIBName: 'Tan Ah Kow',
  idNum: 'S1234567D',
  mobileNum: '91234567',
  correspondenceAddressDetails: ADDRESS,
});

const ABOUT_YOU: FieldDef[] = [
  { name: 'applicantName', label: 'Name of applicant', type: 'text', prefill: 'profile' },
  { name: 'applicantId', label: 'NRIC or FIN', type: 'nric', prefill: 'profile' },
  { name: 'mobileNumber', label: 'Mobile number', type: 'mobile', prefill: 'profile' },
  { name: 'home', label: 'Address', type: 'address', prefill: 'profile' },
  { name: 'email', label: 'Email address', type: 'email', about: 'applicant' },
  { name: 'creditorName', label: 'Name of creditor', type: 'text' },
  { name: 'creditorNric', label: 'NRIC or FIN of the creditor', type: 'nric' },
];

describe('a question that starts at the profile (docs/decisions/0119)', () => {
  it('starts at the profile’s name, ID number, mobile number and address; another’s starts empty', () => {
    expect(initialValues(onePage(ABOUT_YOU), PERSON)).toEqual({
      applicantName: 'Tan Ah Kow',
      applicantId: 'S1234567D',
      mobileNumber: '91234567',
      home: { ...ADDRESS, country: DEFAULTS.country },
      // The profile holds no email address.
      email: '',
      creditorName: '',
      creditorNric: '',
    });
  });

  it('leaves an NRIC question empty for an entity, whose ID number is its UEN', () => {
    const entity = { ...PERSON, name: 'Chua & Partners LLP', idNumber: 'T09LL1234A' };
    expect(initialValues(onePage(ABOUT_YOU), entity)).toMatchObject({
      applicantName: 'Chua & Partners LLP',
      applicantId: '',
    });
  });

  it('is well formed on a name, an NRIC, a mobile number and an address, and not on a date', () => {
    for (const field of ABOUT_YOU) expect(fieldDefSchema.safeParse(field).success, field.name).toBe(true);
    expect(fieldDefSchema.safeParse({ name: 'd', label: 'Date', type: 'date', prefill: 'profile' }).success).toBe(
      false,
    );
    expect(fieldDefSchema.safeParse({ name: 'n', label: 'Name', type: 'text', about: 'applicant' }).success).toBe(
      false,
    );
  });
});

describe('whose answer a question holds', () => {
  it('is the applicant’s when it starts at the profile or says so, anyone else’s otherwise', () => {
    expect(ABOUT_YOU.filter(isApplicantsOwn).map((f) => f.name)).toEqual([
      'applicantName',
      'applicantId',
      'mobileNumber',
      'home',
      'email',
    ]);
    const debtor: FieldDef = { name: 'debtorAddress', label: 'Address of debtor', type: 'address' };
    expect(isApplicantsOwn(debtor)).toBe(false);
  });
});
