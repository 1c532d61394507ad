import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from './messages.ts';
import { answersToKeep, normalizeAmount } from './normalize.ts';
import type { FormDefinition } from './types.ts';
import { validate } from './validate.ts';

describe('an amount as typed, in the form it is kept in', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1,234', '1234'],
    ['12,345,678.9', '12345678.9'],
    ['S$1,234.50', '1234.50'],
    ['s$1,234.50', '1234.50'],
    ['$1,234.50', '1234.50'],
    ['S$ 1,234.50', '1234.50'],
    ['  1,234.56  ', '1234.56'],
    [' $ 99 ', '99'],
    ['0.50', '0.50'],
    // Leading zeros are kept by no one: the amount is kept as it is read back.
    ['00012.50', '12.50'],
    ['000', '0'],
  ])('%j is kept as %j', (typed, kept) => expect(normalizeAmount(typed, 'SGD')).toBe(kept));

  // A fraction alone is how people write cents (GOV.UK: be liberal in what you accept).
  it.each([
    ['.50', '0.50'],
    ['.5', '0.5'],
    [' .05 ', '0.05'],
    ['S$.50', '0.50'],
    ['$ .50', '0.50'],
  ])('%j, a fraction alone, is kept as %j', (typed, kept) => expect(normalizeAmount(typed, 'SGD')).toBe(kept));

  // Spaces group thousands as commas do, in threes; a no-break space too, as pasted from a document.
  it.each([
    ['1 000', '1000'],
    ['1 234 567.89', '1234567.89'],
    ['S$1 234.50', '1234.50'],
    ['$ 1 000', '1000'],
    ['1\u00a0000', '1000'],
    ['1\u202f000.50', '1000.50'],
  ])('%j, grouped by spaces, is kept as %j', (typed, kept) => expect(normalizeAmount(typed, 'SGD')).toBe(kept));

  it('takes grouping in any currency, but a dollar sign only with Singapore dollars', () => {
    expect(normalizeAmount('1,234.50', 'USD')).toBe('1234.50');
    expect(normalizeAmount('1,234', 'JPY')).toBe('1234');
    expect(normalizeAmount('1 234', 'JPY')).toBe('1234');
    expect(normalizeAmount('$1,234.50', 'USD')).toBe('$1,234.50');
    expect(normalizeAmount('S$1,234.50', 'EUR')).toBe('S$1,234.50');
  });

  // Anything else stays as typed, so the rules refuse it with their message and the user sees their input.
  it.each([
    '1,23,4',
    '12,34.56',
    '1234,567',
    ',123',
    '123,',
    '1,,234',
    '1 23 4',
    '12 34.56',
    '1234 567',
    '1  234',
    '1,234 567',
    '1 234,567',
    '1.234,56',
    '-1,234',
    'S$',
    '$$5',
    '.',
    '..5',
    '.5.5',
    '1.',
    'S$.',
  ])('%j is left as typed', (typed) => expect(normalizeAmount(typed, 'SGD')).toBe(typed));
});

const FORM: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'p',
      heading: 'Payment',
      sections: [
        {
          heading: 'Payment',
          fields: [
            { name: 'paymentAmount', label: 'Payment amount', type: 'amount', required: true, max: 1_000_000_000 },
            { name: 'remarks', label: 'Remarks', type: 'text' },
            {
              name: 'creditors',
              label: 'Creditors paid',
              type: 'group',
              itemLabel: 'Creditor',
              fields: [
                {
                  name: 'amount',
                  label: 'Amount paid to the creditor',
                  type: 'amount',
                  required: true,
                  compare: [{ op: 'lte', field: 'paymentAmount' }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('the answers to keep', () => {
  it('have each amount in its normal form, also in the rows of a group, and text that looks like one left be', () => {
    const typed = {
      paymentAmount: { amount: 'S$1,234.56', currency: 'SGD' },
      remarks: ' 1,234 ',
      creditors: [{ amount: { amount: '1,000', currency: 'SGD' } }],
    };
    expect(answersToKeep(FORM, typed)).toEqual({
      paymentAmount: { amount: '1234.56', currency: 'SGD' },
      remarks: '1,234',
      creditors: [{ amount: { amount: '1000', currency: 'SGD' } }],
    });
    expect(typed.paymentAmount.amount).toBe('S$1,234.56');
  });

  it('pass the rules when typed with separators, and badly grouped ones keep their message', () => {
    const check = (amount: string) =>
      validate(
        FORM,
        answersToKeep(FORM, {
          paymentAmount: { amount, currency: 'SGD' },
          creditors: [{ amount: { amount: '2,000.00', currency: 'SGD' } }],
        }),
        { mode: 'submit', today: '2026-03-10' },
      );
    expect(check('1,234.56')).toEqual({
      'creditors[0].amount.amount': FIELD_MESSAGES.inRow(
        'Creditor',
        0,
        FIELD_MESSAGES.compare.number.lte('Amount paid to the creditor', 'Payment amount'),
      ),
    });
    expect(check('2,000')).toEqual({});
    expect(check('2 000')).toEqual({});
    expect(check('1,23,4')).toMatchObject({ 'paymentAmount.amount': FIELD_MESSAGES.amount('Payment amount', 2) });
  });

  it('pass the rules when written as a fraction alone', () => {
    const kept = answersToKeep(FORM, { paymentAmount: { amount: '.50', currency: 'SGD' } });
    expect(kept).toEqual({ paymentAmount: { amount: '0.50', currency: 'SGD' } });
    expect(validate(FORM, kept, { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('drop the characters that reorder text, in every answer, and keep the marks right-to-left names use', () => {
    // Shown to an officer, "Tan\u202E0001 ot yaP" reads "Tan Pay to 1000": the override reverses the rest.
    const typed = {
      remarks: 'Tan\u202E0001 ot yaP',
      creditors: [{ amount: { amount: '\u20661,000\u2069', currency: 'SGD' }, note: '\u202Aa\u202Bb\u202C' }],
      paymentAmount: { amount: '5', currency: 'SGD' },
    };
    expect(answersToKeep(FORM, typed)).toEqual({
      remarks: 'Tan0001 ot yaP',
      creditors: [{ amount: { amount: '1000', currency: 'SGD' }, note: 'ab' }],
      paymentAmount: { amount: '5', currency: 'SGD' },
    });
    expect(answersToKeep(FORM, { remarks: '\u200Fשלום\u200E' })).toEqual({ remarks: '\u200Fשלום\u200E' });
  });

  it('name a file once, however often an answer names it', () => {
    const files: FormDefinition = {
      schemaVersion: 2,
      pages: [
        {
          id: 'p',
          heading: 'P',
          sections: [
            {
              heading: 'S',
              fields: [
                {
                  name: 'proof',
                  label: 'Proof',
                  type: 'attachment',
                  maxSizeBytes: 1000,
                  maxFiles: 2,
                  types: ['application/pdf'],
                },
              ],
            },
          ],
        },
      ],
    };
    const a = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const b = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const kept = answersToKeep(files, { proof: [a, b, a, a] });
    expect(kept).toEqual({ proof: [a, b] });
    expect(validate(files, kept, { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('leave a malformed answer for the rules to refuse', () => {
    expect(answersToKeep(FORM, { paymentAmount: { amount: 5, currency: 'SGD' }, creditors: 'x' })).toEqual({
      paymentAmount: { amount: 5, currency: 'SGD' },
      creditors: 'x',
    });
    expect(answersToKeep(FORM, null)).toEqual({});
  });
});

describe('an identifier as typed, in the form it is kept in', () => {
  const IDS: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'Parties',
        sections: [
          {
            heading: 'Parties',
            fields: [
              { name: 'nric', label: 'NRIC or FIN', type: 'nric' },
              { name: 'uen', label: 'UEN', type: 'uen' },
              { name: 'estate', label: 'Case number of the estate', type: 'caseNumber' },
              {
                name: 'debtors',
                label: 'Debtors',
                type: 'group',
                itemLabel: 'Debtor',
                fields: [{ name: 'id', label: 'NRIC or FIN of the debtor', type: 'nric' }],
              },
            ],
          },
        ],
      },
    ],
  };

  it('is kept as it is written (capitals, no spaces around), as the rules read it', () => {
    const typed = {
      nric: ' s1234567d ',
      uen: '201403121w',
      estate: ' bs  000042 2026',
      debtors: [{ id: 'm1234567k' }],
    };
    expect(answersToKeep(IDS, typed)).toEqual({
      nric: 'S1234567D',
      uen: '201403121W',
      estate: 'BS 000042 2026',
      debtors: [{ id: 'M1234567K' }],
    });
    expect(validate(IDS, answersToKeep(IDS, typed), { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('that is no identifier is left as typed, for the rules to refuse', () => {
    expect(answersToKeep(IDS, { nric: 's123', estate: 'bs 42', uen: 5 })).toEqual({
      nric: 's123',
      estate: 'bs 42',
      uen: 5,
    });
  });
});

describe('a whole number as typed, in the form it is kept in', () => {
  const COUNTS: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'Household',
        sections: [
          {
            heading: 'Household',
            fields: [
              { name: 'dependants', label: 'Number of dependants', type: 'number', min: 0, max: 20 },
              { name: 'remarks', label: 'Remarks', type: 'text' },
              {
                name: 'children',
                label: 'Children',
                type: 'group',
                itemLabel: 'Child',
                fields: [{ name: 'age', label: 'Age', type: 'number' }],
              },
            ],
          },
        ],
      },
    ],
  };

  it.each([
    ['02', '2'],
    [' 2 ', '2'],
    ['000', '0'],
    ['0', '0'],
    ['20', '20'],
    ['007', '7'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(answersToKeep(COUNTS, { dependants: typed })).toEqual({ dependants: kept });
  });

  it('is kept in its normal form in the rows of a group too, and text that looks like one is left alone', () => {
    expect(answersToKeep(COUNTS, { remarks: '02', children: [{ age: '09' }] })).toEqual({
      remarks: '02',
      children: [{ age: '9' }],
    });
  });

  it('that is no whole number is left as typed, for the rules to refuse', () => {
    expect(answersToKeep(COUNTS, { dependants: '2.0' })).toEqual({ dependants: '2.0' });
    expect(answersToKeep(COUNTS, { dependants: '-02' })).toEqual({ dependants: '-02' });
    expect(answersToKeep(COUNTS, { dependants: 2 })).toEqual({ dependants: 2 });
    expect(
      validate(COUNTS, answersToKeep(COUNTS, { dependants: '2.0' }), { mode: 'draft', today: '2026-03-10' }),
    ).toEqual({ dependants: FIELD_MESSAGES.digitsOnly('Number of dependants') });
  });
});

describe('a phone number as typed, in the form it is kept in', () => {
  const CONTACT: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'Contact',
        sections: [
          {
            heading: 'Contact',
            fields: [
              { name: 'office', label: 'Contact number', type: 'phone' },
              { name: 'abroad', label: 'Number abroad', type: 'phone' },
              { name: 'mobile', label: 'Mobile number', type: 'mobile' },
            ],
          },
        ],
      },
    ],
  };

  it('is kept in one form, whatever brackets, codes and spaces it was written with', () => {
    const typed = { office: '(65) 6234  5678', abroad: '+44 (0)20 7946 0958', mobile: '+65 9123-4567' };
    expect(answersToKeep(CONTACT, typed)).toEqual({
      office: '62345678',
      abroad: '+44 20 7946 0958',
      mobile: '91234567',
    });
    expect(validate(CONTACT, answersToKeep(CONTACT, typed), { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('that is no phone number is left as typed, for the rules to refuse', () => {
    expect(answersToKeep(CONTACT, { office: 'call me', mobile: '9123 45678' })).toEqual({
      office: 'call me',
      mobile: '9123 45678',
    });
  });
});

describe('an answer typed on one line, in the form it is kept in', () => {
  const PAYEE: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'Payee',
        sections: [
          {
            heading: 'Payee',
            fields: [
              { name: 'receipt', label: 'Original receipt number', type: 'text', format: 'digits' },
              { name: 'name', label: 'Name of payee', type: 'text' },
              { name: 'email', label: 'Email address', type: 'email' },
              { name: 'paidOn', label: 'Date paid', type: 'date' },
              { name: 'postal', label: 'Postal code', type: 'postalCode' },
              { name: 'address', label: 'Address', type: 'address' },
              { name: 'reason', label: 'Reason', type: 'textarea' },
              {
                name: 'creditors',
                label: 'Creditors',
                type: 'group',
                itemLabel: 'Creditor',
                fields: [{ name: 'name', label: 'Name of creditor', type: 'text' }],
              },
            ],
          },
        ],
      },
    ],
  };

  it('is kept without spaces around, as the rules read it, in the rows of a group too', () => {
    const typed = {
      receipt: ' 2026000002 ',
      name: '  陈大文   #1 ',
      email: ' tan@example.com\u00a0',
      paidOn: ' 2026-03-01 ',
      postal: ' 079903 ',
      address: {
        blockHouseNo: ' 10 ',
        streetName: ' Anson Road ',
        floorUnit: '',
        buildingName: ' International Plaza',
        postalCode: '079903 ',
        country: 'SG',
      },
      creditors: [{ name: ' DBS Bank ' }],
    };
    expect(answersToKeep(PAYEE, typed)).toEqual({
      receipt: '2026000002',
      name: '陈大文   #1',
      email: 'tan@example.com',
      paidOn: '2026-03-01',
      postal: '079903',
      address: {
        blockHouseNo: '10',
        streetName: 'Anson Road',
        floorUnit: '',
        buildingName: 'International Plaza',
        postalCode: '079903',
        country: 'SG',
      },
      creditors: [{ name: 'DBS Bank' }],
    });
    expect(validate(PAYEE, answersToKeep(PAYEE, typed), { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('has each tab, line break or other control character as one space, and refuses none of them', () => {
    const typed = {
      name: 'Tan\tAh Kow',
      creditors: [{ name: 'Line one\r\nLine two\nthree\u2028four\u0007' }],
      address: { streetName: 'Anson\t\tRoad\n', postalCode: '079903', country: 'SG' },
    };
    const kept = answersToKeep(PAYEE, typed);
    expect(kept).toEqual({
      name: 'Tan Ah Kow',
      creditors: [{ name: 'Line one Line two three four' }],
      address: { streetName: 'Anson  Road', postalCode: '079903', country: 'SG' },
    });
    expect(validate(PAYEE, kept, { mode: 'draft', today: '2026-03-10' })).toEqual({});
  });

  it('leaves text of many lines as it was written', () => {
    const reason = '  Paid twice:\n  once by cheque\n';
    expect(answersToKeep(PAYEE, { reason })).toEqual({ reason });
  });
});

describe('digits and codes typed in full-width or Arabic-Indic characters, or pasted with zero-width ones', () => {
  const DETAILS: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'Details',
        sections: [
          {
            heading: 'Details',
            fields: [
              { name: 'name', label: 'Name', type: 'text' },
              { name: 'income', label: 'Monthly income', type: 'amount', min: 0, max: 1_000_000_000 },
              { name: 'mobile', label: 'Mobile number', type: 'mobile' },
              { name: 'office', label: 'Contact number', type: 'phone' },
              { name: 'nric', label: 'NRIC/FIN', type: 'nric' },
              { name: 'uen', label: 'UEN', type: 'uen' },
              { name: 'months', label: 'Repayment period (months)', type: 'number', min: 1, max: 60 },
              { name: 'estate', label: 'Case number', type: 'caseNumber' },
              { name: 'postal', label: 'Postal code', type: 'postalCode' },
              { name: 'receipt', label: 'Receipt number', type: 'text', format: 'digits' },
              { name: 'reference', label: 'Reference', type: 'text', format: 'identifier' },
              { name: 'address', label: 'Address', type: 'address' },
            ],
          },
        ],
      },
    ],
  };
  const address = (postalCode: string, buildingName = '') => ({
    blockHouseNo: '10',
    streetName: 'Anson Road',
    floorUnit: '',
    buildingName,
    postalCode,
    country: 'SG',
  });

  it('are kept in the digits and letters the rules read, and pass them', () => {
    const typed = {
      income: { amount: '１２３', currency: 'SGD' },
      mobile: '９１２３４５６７',
      office: '٦٢٣٤ ٥٦٧٨',
      nric: 'Ｓ９４７０８５５Ｉ',
      uen: '５３３１２３４５Ｃ\u200b',
      months: '１２',
      estate: 'BS 004321 2023\u200b',
      postal: '１５０１２３',
      receipt: '۲۰۲۶۰۰۰۰۰۲',
      reference: '\ufeffＳ１２３４５６７Ｄ００１',
      address: address('\u2060079903'),
    };
    const kept = answersToKeep(DETAILS, typed);
    expect(kept).toEqual({
      income: { amount: '123', currency: 'SGD' },
      mobile: '91234567',
      office: '62345678',
      nric: 'S9470855I',
      uen: '53312345C',
      months: '12',
      estate: 'BS 004321 2023',
      postal: '150123',
      receipt: '2026000002',
      reference: 'S1234567D001',
      address: address('079903'),
    });
    expect(validate(DETAILS, kept, { mode: 'submit', today: '2026-03-10' })).toEqual({});
  });

  it('leave names and free text as they were written', () => {
    const name = 'Ｔａｎ ﬁona ＃１';
    expect(answersToKeep(DETAILS, { name, address: address('079903', 'Ｐｌａｚａ ２') })).toEqual({
      name,
      address: address('079903', 'Ｐｌａｚａ ２'),
    });
  });
});
