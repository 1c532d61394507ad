import { describe, expect, it } from 'vitest';
import { isApplicantsOwn } from './defaults.ts';
import type { FieldDef } from './types.ts';

describe('whose answer a question holds (docs/decisions/0119)', () => {
  it('is the applicant’s when it starts at the profile or says so, anyone else’s otherwise', () => {
    const fields: FieldDef[] = [
      { name: 'mobileNumber', label: 'Mobile number', type: 'mobile', prefill: 'profile' },
      { name: 'home', label: 'Address', type: 'address', prefill: 'profile' },
      { name: 'email', label: 'Email address', type: 'email', about: 'applicant' },
      { name: 'creditorEmail', label: 'Email address of the creditor', type: 'email' },
      { name: 'debtorAddress', label: 'Address of debtor', type: 'address' },
    ];
    expect(fields.filter(isApplicantsOwn).map((f) => f.name)).toEqual(['mobileNumber', 'home', 'email']);
  });
});
