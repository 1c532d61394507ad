import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULTS, MESSAGES } from '../index.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { FEES } from '../fees.ts';
import { initialValues, mergeValues } from './defaults.ts';
import { formatMoney } from './money.ts';
import { answersToKeep } from './normalize.ts';
import { isRealDate, validate, validateField } from './validate.ts';
import { UNREADABLE_DATE, type FieldDef, type FormDefinition } from './types.ts';

const TODAY = '2026-03-10';
const final = (field: FieldDef, value: unknown) => validateField(field, value, { mode: 'submit', today: TODAY });
const draft = (field: FieldDef, value: unknown) => validateField(field, value, { mode: 'draft', today: TODAY });
const onePage = (fields: FieldDef[]): FormDefinition => ({
  schemaVersion: 2,
  pages: [{ id: 'p', heading: 'Details', sections: [{ heading: 'Details', fields }] }],
});
const validateForm = (form: FormDefinition, values: unknown, mode: 'draft' | 'final') =>
  validate(form, values, { mode: mode === 'final' ? 'submit' : 'draft', today: TODAY });

describe('required fields', () => {
  const name: FieldDef = { name: 'applicantName', label: 'Applicant name', type: 'text', required: true };
  it.each([undefined, null, '', '   ', {}])('%j is missing on save', (v) => {
    expect(final(name, v)).toEqual({ applicantName: 'Enter applicant name' });
  });
  it('a draft may leave a required field empty', () => {
    expect(draft(name, '')).toEqual({});
  });
  // Pasted text can hold characters that show nothing: an answer of only those is as empty as ''.
  it.each(['\u200b', '\u200c\u200d', '\u2060', '\ufeff', ' \u200b\u00a0\n', '\u3000\u2800\u00ad'])(
    'invisible text %j is missing on save',
    (v) => {
      expect(final(name, v)).toEqual({ applicantName: 'Enter applicant name' });
    },
  );
  it('an invisible street or postal code of a required address is missing on save', () => {
    const addr: FieldDef = { name: 'home', label: 'Home address', type: 'address', required: true };
    const value = { streetName: '\u200b', postalCode: '\ufeff', country: 'SG' };
    expect(final(addr, value)).toEqual({
      'home.streetName': 'Enter street name of home address',
      'home.postalCode': 'Enter postal code of home address',
    });
  });
  // Hong Kong, Ireland's older addresses and others have no postcode: only a Singapore address must have one.
  it('a required address abroad may have no postal code; one in Singapore must', () => {
    const addr: FieldDef = { name: 'home', label: 'Home address', type: 'address', required: true };
    expect(final(addr, { streetName: '1 Queen’s Road Central', postalCode: '', country: 'HK' })).toEqual({});
    expect(final(addr, { streetName: 'Raffles Place', postalCode: '', country: 'SG' })).toEqual({
      'home.postalCode': 'Enter postal code of home address',
    });
  });
  it('an invisible amount of a required amount is missing on save', () => {
    const amt: FieldDef = { name: 'deposit', label: 'Deposit', type: 'amount', required: true };
    expect(final(amt, { amount: '\u200b', currency: 'SGD' })).toEqual({ 'deposit.amount': 'Enter deposit' });
  });
  it('text with something to read among invisible characters is an answer', () => {
    expect(final(name, '\u200bTan\u200d')).toEqual({});
  });
  it('a select asks to choose', () => {
    const gender: FieldDef = { name: 'gender', label: 'Gender', type: 'select', codeList: 'gender', required: true };
    expect(final(gender, '')).toEqual({ gender: FIELD_MESSAGES.choose('Gender') });
  });
  // Yes/no labels are statements or requests ('Send the certificate by post'): 'Select send the certificate
  // by post' misread, so the question is named first.
  it('a yes/no question asks for yes or no, naming the question', () => {
    const byPost: FieldDef = { name: 'byPost', label: 'Send the certificate by post', type: 'yesNo', required: true };
    expect(final(byPost, '')).toEqual({ byPost: 'Select yes or no for “Send the certificate by post”' });
    expect(final(byPost, 'maybe')).toEqual({ byPost: 'Select yes or no for “Send the certificate by post”' });
  });
  it('an optional empty field is fine', () => {
    expect(final({ ...name, required: false }, '')).toEqual({});
  });
});

describe('identifier rule (12 characters)', () => {
  const id: FieldDef = { name: 'idNo', label: 'ID number', type: 'text', format: 'identifier' };
  it('accepts exactly 12 characters', () => expect(final(id, 'S1234567D001')).toEqual({}));
  it.each(['S1234567D00', 'S1234567D0012'])('refuses %s', (v) => {
    expect(final(id, v)).toEqual({ idNo: 'ID number must be exactly 12 characters' });
  });
  it('applies to drafts too: a draft is never malformed', () => {
    expect(draft(id, 'short')).toEqual({ idNo: FIELD_MESSAGES.identifier('ID number') });
  });
});

describe('digits only', () => {
  const acct: FieldDef = { name: 'acct', label: 'Account number', type: 'text', format: 'digits' };
  const months: FieldDef = { name: 'months', label: 'Months', type: 'number', min: 1, max: 60 };
  it.each(['0', '123', '000123'])('%s passes', (v) => expect(final(acct, v)).toEqual({}));
  it.each(['-1', '+1', '1.5', '1e3', '12a', '١٢'])('%j fails', (v) => {
    expect(final(acct, v)).toEqual({ acct: 'Account number must contain digits only' });
    expect(final(months, v)).toEqual({ months: 'Months must contain digits only' });
  });
  it('a number keeps to its range', () => {
    expect(final(months, '61')).toEqual({ months: 'Months must be between 1 and 60' });
    expect(final(months, '0')).toEqual({ months: 'Months must be between 1 and 60' });
    expect(final(months, '60')).toEqual({});
  });
  // A long number is still a number: it is told the most it may be, not a count of characters.
  it('a number too long to hold is told its range, and leading zeros do not count', () => {
    expect(final(months, '1'.padEnd(16, '0'))).toEqual({ months: 'Months must be between 1 and 60' });
    const count: FieldDef = { name: 'count', label: 'Count', type: 'number' };
    expect(final(count, '1'.padEnd(16, '0'))).toEqual({ count: 'Count must be 999,999,999,999,999 or less' });
    expect(final(count, '0'.repeat(20) + '7')).toEqual({});
    const some: FieldDef = { name: 'some', label: 'Some', type: 'number', min: 1 };
    expect(final(some, '0')).toEqual({ some: 'Some must be 1 or more' });
  });
  it('agrees with a plain digit check for any string', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        const ok = /^[0-9]+$/.test(s.trim());
        return (Object.keys(final(acct, s)).length === 0) === ok || s.trim() === '';
      }),
    );
  });
});

describe('postal code', () => {
  const postal: FieldDef = { name: 'postal', label: 'Postal code', type: 'postalCode', required: true };
  it('accepts six digits', () => expect(final(postal, '079903')).toEqual({}));
  it.each(['79903', '0799031', 'ABCDEF', '07990 3'])('refuses %j with the specification message', (v) => {
    expect(final(postal, v)).toEqual({ postal: 'Invaild Postal Code' });
    expect(MESSAGES.invalidPostalCode).toBe('Invaild Postal Code');
  });
});

describe('dates', () => {
  const d: FieldDef = { name: 'departure', label: 'Departure date', type: 'date' };
  it.each(['2026-02-28', '2024-02-29', '2026-12-31'])('%s is real', (v) => expect(final(d, v)).toEqual({}));
  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '26-01-01', '2026/01/01', 'tomorrow'])('%s is not', (v) => {
    expect(final(d, v)).toEqual({ departure: 'Departure date must be a real date' });
  });
  it('says a year of more than four digits (a date input takes up to six) is no real date, not that it is too long', () => {
    expect(final(d, '22027-03-10')).toEqual({ departure: 'Departure date must be a real date' });
    expect(draft(d, '022027-03-10')).toEqual({ departure: 'Departure date must be a real date' });
  });
  it('isRealDate round-trips any calendar day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (date) =>
        isRealDate(date.toISOString().slice(0, 10)),
      ),
    );
  });
});

describe('selects and yes/no', () => {
  const cur: FieldDef = { name: 'cur', label: 'Currency', type: 'select', codeList: 'currency' };
  const nat: FieldDef = { name: 'nat', label: 'Nationality', type: 'select', codeList: 'nationality' };
  const flag: FieldDef = { name: 'flag', label: 'Urgent', type: 'yesNo' };
  it('accepts codes of the list', () => {
    expect(final(cur, 'SGD')).toEqual({});
    expect(final(nat, 'SG')).toEqual({});
    expect(final(flag, 'N')).toEqual({});
  });
  it('refuses anything else', () => {
    expect(final(cur, 'sgd')).toEqual({ cur: 'Select currency from the list' });
    expect(final(cur, 'XTS')).toEqual({ cur: 'Select currency from the list' });
    expect(final(nat, 'XX')).toEqual({ nat: 'Select nationality from the list' });
    expect(final(flag, 'yes')).toEqual({ flag: 'Select yes or no for “Urgent”' });
  });
});

describe('checkboxes with an option that rules out the others (docs/decisions/0106)', () => {
  const sources: FieldDef = {
    name: 'sources',
    label: 'Sources of income',
    type: 'checkboxes',
    minChoices: 1,
    options: [
      { value: 'salary', label: 'Salary' },
      { value: 'other', label: 'Other' },
      { value: 'none', label: 'No income in this period', exclusive: true },
    ],
  };
  it('accepts the exclusive option alone, and the others without it', () => {
    expect(final(sources, ['none'])).toEqual({});
    expect(final(sources, ['salary', 'other'])).toEqual({});
  });
  it('refuses it beside another, in a draft too', () => {
    const both = { sources: 'Select sources of income or “No income in this period”, not both' };
    expect(final(sources, ['salary', 'none'])).toEqual(both);
    expect(draft(sources, ['none', 'other'])).toEqual(both);
  });
});

describe('amount with currency', () => {
  const amt: FieldDef = { name: 'deposit', label: 'Deposit', type: 'amount', required: true, max: 100_000_000 };
  it('accepts up to the currency minor digits', () => {
    expect(final(amt, { amount: '120.50', currency: 'SGD' })).toEqual({});
    expect(final(amt, { amount: '120', currency: 'JPY' })).toEqual({});
  });
  it('refuses more decimals than the currency has', () => {
    expect(final(amt, { amount: '1.234', currency: 'SGD' })).toEqual({
      'deposit.amount': 'Deposit must be an amount in numbers, with up to 2 decimal places',
    });
    expect(final(amt, { amount: '1.5', currency: 'JPY' })).toEqual({
      'deposit.amount': 'Deposit must be a whole amount in numbers',
    });
  });
  it('refuses signs, letters and too much', () => {
    expect(Object.keys(final(amt, { amount: '-5', currency: 'SGD' }))).toEqual(['deposit.amount']);
    expect(Object.keys(final(amt, { amount: '5abc', currency: 'SGD' }))).toEqual(['deposit.amount']);
    expect(final(amt, { amount: '1000000.01', currency: 'SGD' })).toEqual({
      'deposit.amount': 'Deposit must be S$1,000,000.00 or less',
    });
  });
  // A number too large is still an amount: it is told the most it may be, not to write it in numbers.
  it('gives the most an amount may be to one too large to hold, in the currency chosen', () => {
    const any: FieldDef = { name: 'claim', label: 'Claim', type: 'amount' };
    expect(final(any, { amount: '9999999999999.99', currency: 'SGD' })).toEqual({});
    expect(final(any, { amount: '00000000000001.00', currency: 'SGD' })).toEqual({});
    for (const amount of ['10000000000000', '10000000000000.00', '1'.padEnd(25, '0')])
      expect(final(any, { amount, currency: 'SGD' })).toEqual({
        'claim.amount': 'Claim must be S$9,999,999,999,999.99 or less',
      });
    expect(final(any, { amount: '1'.padEnd(16, '0'), currency: 'JPY' })).toEqual({
      'claim.amount': 'Claim must be JPY 999,999,999,999,999 or less',
    });
    expect(final(any, { amount: '1'.padEnd(13, '0'), currency: 'BHD' })).toEqual({
      'claim.amount': 'Claim must be BHD 999,999,999,999.999 or less',
    });
    expect(final(amt, { amount: '10000000000000', currency: 'SGD' })).toEqual({
      'deposit.amount': 'Deposit must be S$1,000,000.00 or less',
    });
  });
  it('writes a limit as the portal writes money, in the currency chosen', () => {
    const fee: FieldDef = { name: 'fee', label: 'Fee', type: 'amount', min: 1, max: 123_456_789 };
    expect(final(fee, { amount: '0', currency: 'SGD' })).toEqual({ 'fee.amount': 'Fee must be S$0.01 or more' });
    expect(final(fee, { amount: '2000000', currency: 'SGD' })).toEqual({
      'fee.amount': 'Fee must be S$1,234,567.89 or less',
    });
    expect(final(fee, { amount: '0', currency: 'JPY' })).toEqual({ 'fee.amount': 'Fee must be JPY 1 or more' });
  });
  it('requires the amount on save, not in a draft', () => {
    expect(final(amt, { amount: '', currency: 'SGD' })).toEqual({ 'deposit.amount': 'Enter deposit' });
    expect(draft(amt, { amount: '', currency: 'SGD' })).toEqual({});
  });
  it('requires a real currency', () => {
    expect(final(amt, { amount: '1', currency: 'ZZZ' })).toEqual({
      'deposit.currency': 'Select currency of Deposit from the list',
    });
  });
  it('refuses a wrong shape without throwing', () => {
    expect(final(amt, '12')).toEqual({ deposit: 'Deposit is not in the expected form' });
  });
});

describe('amount in another currency than its limits are written in (docs/decisions/0096)', () => {
  // A question of any currency writes its limits in Singapore cents (S$10,000,000.00: MONEY of the definitions).
  const claim: FieldDef = { name: 'claim', label: 'Amount claimed', type: 'amount', required: true, min: 1, max: 1e9 };
  it('takes IDR 50,000,000 (about S$4,000), in a draft too: S$10,000,000.00 is no IDR 10,000,000.00', () => {
    expect(final(claim, { amount: '50000000', currency: 'IDR' })).toEqual({});
    expect(draft(claim, { amount: '50000000', currency: 'IDR' })).toEqual({});
    expect(final(claim, { amount: '2000000000', currency: 'VND' })).toEqual({});
    expect(final(claim, { amount: '10000000.01', currency: 'SGD' })).toEqual({
      'claim.amount': 'Amount claimed must be S$10,000,000.00 or less',
    });
  });
  it('holds it to the largest amount the portal keeps, named in the currency chosen', () => {
    expect(final(claim, { amount: '9999999999999.99', currency: 'IDR' })).toEqual({});
    expect(final(claim, { amount: '10000000000000', currency: 'IDR' })).toEqual({
      'claim.amount': 'Amount claimed must be IDR 9,999,999,999,999.99 or less',
    });
    expect(final(claim, { amount: '1'.padEnd(16, '0'), currency: 'VND' })).toEqual({
      'claim.amount': 'Amount claimed must be VND 999,999,999,999,999 or less',
    });
  });
  it('still asks more than nothing, in the currency chosen', () => {
    expect(final(claim, { amount: '0', currency: 'IDR' })).toEqual({
      'claim.amount': 'Amount claimed must be IDR 0.01 or more',
    });
    const atLeast: FieldDef = { ...claim, min: 1_500_000 };
    expect(final(atLeast, { amount: '1', currency: 'IDR' })).toEqual({});
    expect(final({ ...claim, min: 0 }, { amount: '0', currency: 'IDR' })).toEqual({});
  });
  it('adds up thirty of the largest rows exactly, beyond the integers a double holds', () => {
    const idr = (amount: string) => ({ amount, currency: 'IDR' });
    const form = onePage([
      {
        name: 'expenses',
        label: 'Expenses',
        type: 'group',
        itemLabel: 'Expense',
        maxRows: 30,
        fields: [{ name: 'amount', label: 'Amount', type: 'amount', required: true, min: 1, max: 1e9 }],
      },
      {
        name: 'total',
        label: 'Total',
        type: 'amount',
        min: 0,
        max: 1e9,
        sumOf: { group: 'expenses', field: 'amount' },
      },
    ]);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      amount: idr(i === 0 ? '9999999999999.98' : '9999999999999.99'),
    }));
    // 30 × 999,999,999,999,999 minor units, less one: a double would round it to the sum without that one.
    expect(validateForm(form, { expenses: rows, total: idr('9999999999999.99') }, 'final')).toEqual({
      'total.amount': 'Total must be IDR 299,999,999,999,999.69, the sum of the expenses',
    });
    const small = rows.map(() => ({ amount: idr('50000000') }));
    expect(validateForm(form, { expenses: small, total: idr('1500000000') }, 'final')).toEqual({});
  });
});

describe('amount of one currency', () => {
  const demanded: FieldDef = {
    name: 'demanded',
    label: 'Amount demanded',
    type: 'amount',
    required: true,
    currency: 'SGD',
    min: 1_500_000,
  };
  it('keeps its limit in that currency: IDR 15,000 is no S$15,000', () => {
    expect(final(demanded, { amount: '15000', currency: 'IDR' })).toEqual({
      'demanded.currency': FIELD_MESSAGES.fixedCurrency('Amount demanded', 'Singapore dollars'),
    });
    expect(final(demanded, { amount: '15000', currency: 'SGD' })).toEqual({});
    expect(final(demanded, { amount: '14999.99', currency: 'SGD' })).toEqual({
      'demanded.amount': 'Amount demanded must be S$15,000.00 or more',
    });
  });
  it('refuses another currency in a draft too, and a malformed amount beside it', () => {
    expect(draft(demanded, { amount: '1.234', currency: 'USD' })).toEqual({
      'demanded.currency': 'Amount demanded must be in Singapore dollars',
      'demanded.amount': FIELD_MESSAGES.amount('Amount demanded', 2),
    });
  });

  it('a yes/no question starts at Yes, unless it is a question of fact that starts unanswered', () => {
    const flag: FieldDef = { name: 'sms', label: 'Notify me by SMS', type: 'yesNo', required: true };
    const fact: FieldDef = {
      name: 'banned',
      label: 'A court order forbids you to leave Singapore',
      type: 'yesNo',
      required: true,
      noDefault: true,
    };
    const values = initialValues(onePage([flag, fact]));
    expect(values).toMatchObject({ sms: 'Y', banned: '' });
    expect(validateForm(onePage([flag, fact]), values, 'final')).toEqual({
      banned: 'Select yes or no for “A court order forbids you to leave Singapore”',
    });
  });
  it('starts in its currency', () => {
    const yen: FieldDef = { name: 'fee', label: 'Fee', type: 'amount', currency: 'JPY' };
    expect(initialValues(onePage([yen])).fee).toEqual({ amount: '', currency: 'JPY' });
  });
});

describe('a payment shared out among rows', () => {
  // PD: the creditors are paid out of the payment, so together they cannot have been paid more than it.
  const sgd = (amount: string) => ({ amount, currency: 'SGD' });
  const payment = onePage([
    {
      name: 'paymentAmount',
      label: 'Payment amount',
      type: 'amount',
      required: true,
      sumOf: { group: 'creditors', field: 'amount', op: 'gte' },
    },
    {
      name: 'creditors',
      label: 'Creditors paid',
      type: 'group',
      itemLabel: 'Creditor',
      fields: [{ name: 'amount', label: 'Amount paid to the creditor', type: 'amount', required: true }],
    },
  ]);
  const paid = (total: string, ...rows: string[]) => ({
    paymentAmount: sgd(total),
    creditors: rows.map((amount) => ({ amount: sgd(amount) })),
  });
  it('refuses creditors that add up to more than the payment, by the creditors, naming both sums', () => {
    expect(validateForm(payment, paid('1000', '800', '800'), 'final')).toEqual({
      creditors: 'The creditors paid add up to S$1,600.00, more than the payment amount of S$1,000.00',
    });
    expect(validateForm(payment, paid('1000', '1000.01'), 'final')).toEqual({
      creditors: 'The creditors paid add up to S$1,000.01, more than the payment amount of S$1,000.00',
    });
  });
  it('takes creditors that add up to the payment or less, or none, and any sum in a draft', () => {
    expect(validateForm(payment, paid('1000', '600', '400'), 'final')).toEqual({});
    expect(validateForm(payment, paid('1000', '300'), 'final')).toEqual({});
    expect(validateForm(payment, paid('1000'), 'final')).toEqual({});
    expect(validateForm(payment, paid('1000', '800', '800'), 'draft')).toEqual({});
  });
});

describe('a fee', () => {
  const fee: FieldDef = {
    name: 'fee',
    label: 'Certificate fee',
    type: 'amount',
    currency: 'SGD',
    fee: 'paymentCertificate',
  };
  const form = onePage([fee]);
  const theFee = { amount: (FEES.paymentCertificate / 100).toFixed(2), currency: 'SGD' };
  it('is the portal’s: kept as the fee whatever was sent, and starts at it', () => {
    expect(answersToKeep(form, { fee: { amount: '0.01', currency: 'SGD' } })).toEqual({ fee: theFee });
    expect(answersToKeep(form, {})).toEqual({ fee: theFee });
    expect(initialValues(form).fee).toEqual(theFee);
    expect(validateForm(form, answersToKeep(form, {}), 'final')).toEqual({});
  });
  it('refuses another figure sent past the normaliser', () => {
    expect(final(fee, { amount: '0.01', currency: 'SGD' })).toEqual({
      'fee.amount': FIELD_MESSAGES.fixedFee('Certificate fee', formatMoney(theFee.amount, 'SGD')),
    });
    expect(Object.keys(final(fee, { ...theFee, currency: 'USD' }))).toEqual(['fee.amount']);
  });
});

describe('address', () => {
  const addr: FieldDef = { name: 'home', label: 'Home address', type: 'address', required: true };
  const sg = {
    blockHouseNo: '10',
    streetName: 'Anson Road',
    floorUnit: '#12-01',
    buildingName: '',
    postalCode: '079903',
    country: 'SG',
  };
  it('accepts a Singapore address', () => expect(final(addr, sg)).toEqual({}));
  it('checks a Singapore postal code with the specification message', () => {
    expect(final(addr, { ...sg, postalCode: '7999' })).toEqual({ 'home.postalCode': 'Invaild Postal Code' });
  });
  it('does not apply the Singapore rule abroad', () => {
    expect(final(addr, { ...sg, postalCode: 'SW1A 1AA', country: 'GB' })).toEqual({});
  });
  it('requires street and postal code on save', () => {
    expect(final(addr, { ...sg, streetName: '', postalCode: '' })).toEqual({
      'home.streetName': 'Enter street name of home address',
      'home.postalCode': 'Enter postal code of home address',
    });
    expect(draft(addr, { ...sg, streetName: '', postalCode: '' })).toEqual({});
  });
  it('refuses an unknown country', () => {
    expect(Object.keys(final(addr, { ...sg, country: 'QQ' }))).toEqual(['home.country']);
  });
});

describe('text limits', () => {
  it('refuses text over the limit', () => {
    const f: FieldDef = { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 5 };
    expect(final(f, '123456')).toEqual({ remarks: 'Remarks must be 5 characters or fewer' });
    expect(final(f, '12345')).toEqual({});
  });
  it('refuses a non-string where text belongs', () => {
    const f: FieldDef = { name: 'n', label: 'Name', type: 'text' };
    expect(final(f, 42)).toEqual({ n: 'Name is not in the expected form' });
  });
});

describe('whole forms', () => {
  const form: FormDefinition = onePage([
    { name: 'applicantName', label: 'Applicant name', type: 'text', required: true },
    { name: 'postal', label: 'Postal code', type: 'postalCode', required: true },
    { name: 'fee', label: 'Fee', type: 'amount' },
    { name: 'entityType', label: 'Entity type', type: 'select', codeList: 'entityType' },
    { name: 'urgent', label: 'Urgent', type: 'yesNo' },
    { name: 'home', label: 'Address', type: 'address' },
  ]);
  it('lists errors in the order of the fields', () => {
    const errors = validateForm(form, { ...initialValues(form), postal: '12' }, 'final');
    expect(Object.keys(errors)).toEqual(['applicantName', 'postal']);
  });
  it('refuses fields the form does not have', () => {
    expect(
      validateForm(form, { ...initialValues(form), applicantName: 'A', postal: '079903', x: '1' }, 'final'),
    ).toEqual({ x: 'There is no field named x in this form' });
  });
  it('starts from the specification defaults', () => {
    expect(initialValues(form)).toEqual({
      applicantName: '',
      postal: '',
      fee: { amount: '', currency: DEFAULTS.currency },
      entityType: DEFAULTS.entityType,
      urgent: DEFAULTS.flag,
      home: {
        blockHouseNo: '',
        streetName: '',
        floorUnit: '',
        buildingName: '',
        postalCode: '',
        country: DEFAULTS.country,
      },
    });
    expect(DEFAULTS).toMatchObject({
      currency: 'SGD',
      country: 'SG',
      flag: 'Y',
      entityType: 'I',
      paymentMethod: 'GIRO',
    });
  });
  it('merges stored values over the defaults and drops unknown ones', () => {
    const merged = mergeValues(form, { applicantName: 'Tan', fee: { amount: '5' }, gone: 'x' });
    expect(merged.applicantName).toBe('Tan');
    expect(merged.fee).toEqual({ amount: '5', currency: 'SGD' });
    expect(merged).not.toHaveProperty('gone');
  });
  it('leaves out a date kept unreadable (kept input restored): the browser cannot show what was typed', () => {
    const dated = onePage([
      { name: 'when', label: 'Payment date', type: 'date' },
      {
        name: 'trips',
        label: 'Trips',
        type: 'group',
        itemLabel: 'Trip',
        fields: [{ name: 'on', label: 'Departure date', type: 'date' }],
      },
    ]);
    const merged = mergeValues(dated, {
      when: UNREADABLE_DATE,
      trips: [{ on: UNREADABLE_DATE }, { on: '2026-03-05' }],
    });
    expect(merged).toEqual({ when: '', trips: [{ on: '' }, { on: '2026-03-05' }] });
  });
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (values) => {
        validateForm(form, values, 'final');
        validateForm(form, values, 'draft');
        return true;
      }),
    );
  });
});
