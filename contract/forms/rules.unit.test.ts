import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialValues } from './defaults.ts';
import { heldAgainst, stripHidden, withDependents } from './rules.ts';
import { formDefinitionSchema, parseFormDefinition } from './schema.ts';
import type { FieldDef, FormDefinition } from './types.ts';
import { toMinorUnits } from './money.ts';
import { errorList, validate } from './validate.ts';

const TODAY = '2026-03-10';
const submit = (def: FormDefinition, answers: unknown) => validate(def, answers, { mode: 'submit', today: TODAY });
const draft = (def: FormDefinition, answers: unknown) => validate(def, answers, { mode: 'draft', today: TODAY });
const form = (fields: FieldDef[], rules?: FormDefinition['rules']): FormDefinition => ({
  schemaVersion: 2,
  pages: [{ id: 'p', heading: 'Page', sections: [{ heading: 'Section', fields }] }],
  ...(rules ? { rules } : {}),
});

describe('showIf', () => {
  const sms = form([
    { name: 'notifyBySms', label: 'Notify me by SMS', type: 'yesNo', required: true },
    {
      name: 'mobile',
      label: 'Mobile number',
      type: 'mobile',
      required: true,
      showIf: { field: 'notifyBySms', op: 'equals', value: 'Y' },
    },
  ]);
  it('equals: the mobile number is asked for only when notify by SMS is Yes', () => {
    expect(submit(sms, { notifyBySms: 'Y' })).toEqual({ mobile: 'Enter mobile number' });
    expect(submit(sms, { notifyBySms: 'N' })).toEqual({});
  });
  it('a hidden field is not checked, and its answer is stripped', () => {
    expect(submit(sms, { notifyBySms: 'N', mobile: 'not a number' })).toEqual({});
    expect(stripHidden(sms, { notifyBySms: 'N', mobile: '91234567' })).toEqual({ notifyBySms: 'N' });
    expect(stripHidden(sms, { notifyBySms: 'Y', mobile: '91234567' })).toEqual({
      notifyBySms: 'Y',
      mobile: '91234567',
    });
  });
  it('notEquals', () => {
    const def = form([
      { name: 'keep', label: 'Keep the other details', type: 'yesNo' },
      {
        name: 'newDate',
        label: 'New date',
        type: 'date',
        required: true,
        showIf: { field: 'keep', op: 'notEquals', value: 'Y' },
      },
    ]);
    expect(submit(def, { keep: 'N' })).toEqual({ newDate: 'Enter new date' });
    expect(submit(def, { keep: 'Y' })).toEqual({});
  });
  it('includes (a checkboxes answer)', () => {
    const def = form([
      {
        name: 'purposes',
        label: 'Purposes',
        type: 'checkboxes',
        options: [
          { value: 'work', label: 'Work' },
          { value: 'other', label: 'Other' },
        ],
      },
      {
        name: 'otherPurpose',
        label: 'Other purpose',
        type: 'text',
        required: true,
        showIf: { field: 'purposes', op: 'includes', value: 'other' },
      },
    ]);
    expect(submit(def, { purposes: ['work', 'other'] })).toEqual({ otherPurpose: 'Enter other purpose' });
    expect(submit(def, { purposes: ['work'] })).toEqual({});
  });
  it('oneOf', () => {
    const def = form([
      { name: 'entityType', label: 'Entity type', type: 'select', codeList: 'entityType' },
      {
        name: 'uen',
        label: 'UEN',
        type: 'uen',
        required: true,
        showIf: { field: 'entityType', op: 'oneOf', value: ['NI', 'X'] },
      },
    ]);
    expect(submit(def, { entityType: 'NI' })).toEqual({ uen: 'Enter UEN' });
    expect(submit(def, { entityType: 'I' })).toEqual({});
  });
  it('a section is shown by a condition too, and hiding cascades', () => {
    const def: FormDefinition = {
      schemaVersion: 2,
      pages: [
        {
          id: 'a',
          heading: 'A',
          sections: [{ heading: 'A', fields: [{ name: 'travel', label: 'Travel', type: 'yesNo' }] }],
        },
        {
          id: 'b',
          heading: 'B',
          sections: [
            {
              heading: 'Trip',
              showIf: { field: 'travel', op: 'equals', value: 'Y' },
              fields: [{ name: 'sponsored', label: 'Sponsored', type: 'yesNo', required: true }],
            },
            {
              heading: 'Sponsor',
              fields: [
                {
                  name: 'sponsor',
                  label: 'Sponsor',
                  type: 'text',
                  required: true,
                  showIf: { field: 'sponsored', op: 'equals', value: 'Y' },
                },
              ],
            },
          ],
        },
      ],
    };
    expect(submit(def, { travel: 'Y', sponsored: 'Y' })).toEqual({ sponsor: 'Enter sponsor' });
    // With the trip section hidden, its answer counts as none: the sponsor is hidden as well.
    expect(submit(def, { travel: 'N', sponsored: 'Y', sponsor: '' })).toEqual({});
    expect(stripHidden(def, { travel: 'N', sponsored: 'Y', sponsor: 'Tan' })).toEqual({ travel: 'N' });
  });
});

describe('withDependents: the questions a request for more information opens', () => {
  const yes = (field: string) => ({ field, op: 'equals' as const, value: 'Y' });
  // A section shown by one answer, holding a question that shows another: a chain of two conditions.
  const def: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'a',
        heading: 'A',
        sections: [
          {
            heading: 'A',
            fields: [
              { name: 'travel', label: 'Travel', type: 'yesNo' },
              { name: 'purpose', label: 'Purpose', type: 'text' },
            ],
          },
          {
            heading: 'Cost',
            showIf: yes('travel'),
            fields: [
              { name: 'sponsored', label: 'Sponsored', type: 'yesNo' },
              { name: 'sponsor', label: 'Sponsor', type: 'text', showIf: yes('sponsored') },
              { name: 'cost', label: 'Cost', type: 'text', showIf: { field: 'sponsored', op: 'equals', value: 'N' } },
            ],
          },
        ],
      },
    ],
  };
  it('opens what a named question shows', () => {
    expect(withDependents(def, ['travel'])).toEqual(['travel', 'sponsored', 'sponsor', 'cost']);
    expect(withDependents(def, ['purpose'])).toEqual(['purpose']);
  });
  it("opens what shows a named question, its section's condition too, at any remove, in the form's order", () => {
    // Asked who pays while nobody does, or while there is no trip: the answers that hide it may change.
    expect(withDependents(def, ['sponsor'])).toEqual(['travel', 'sponsored', 'sponsor', 'cost']);
    expect(withDependents(def, ['sponsored'])).toEqual(['travel', 'sponsored', 'sponsor', 'cost']);
  });
});

describe('repeating group', () => {
  const def = form([
    {
      name: 'creditors',
      label: 'Creditors',
      type: 'group',
      itemLabel: 'Creditor',
      minRows: 1,
      maxRows: 3,
      fields: [
        { name: 'name', label: 'Name of creditor', type: 'text', required: true },
        { name: 'amount', label: 'Amount owed', type: 'amount', required: true, min: 1 },
        { name: 'secured', label: 'Secured', type: 'yesNo' },
        {
          name: 'security',
          label: 'Security held',
          type: 'text',
          required: true,
          showIf: { field: 'secured', op: 'equals', value: 'Y' },
        },
      ],
    },
  ]);
  const row = (name: string, amount: string, secured = 'N') => ({ name, amount: { amount, currency: 'SGD' }, secured });
  it('paths name the row and the field, messages name the row', () => {
    const errors = submit(def, { creditors: [row('A', '1'), row('B', '2'), row('', 'x')] });
    expect(errors).toEqual({
      'creditors[2].name': 'Creditor 3: Enter name of creditor',
      'creditors[2].amount.amount': 'Creditor 3: Amount owed must be an amount in numbers, with up to 2 decimal places',
    });
  });
  it('min rows on submit only; max rows always', () => {
    expect(submit(def, { creditors: [] })).toEqual({ creditors: 'Creditors must have at least 1 creditor' });
    expect(draft(def, { creditors: [] })).toEqual({});
    const four = [row('A', '1'), row('B', '1'), row('C', '1'), row('D', '1')];
    expect(draft(def, { creditors: four })).toEqual({ creditors: 'Creditors must have 3 creditors or fewer' });
  });
  it('a row field shown by another field of the same row; its hidden answer stripped', () => {
    expect(submit(def, { creditors: [row('A', '5', 'Y')] })).toEqual({
      'creditors[0].security': 'Creditor 1: Enter security held',
    });
    expect(stripHidden(def, { creditors: [{ ...row('A', '5', 'N'), security: 'House' }] })).toEqual({
      creditors: [row('A', '5', 'N')],
    });
  });
  it('amount at least one cent', () => {
    expect(submit(def, { creditors: [row('A', '0.00')] })).toEqual({
      'creditors[0].amount.amount': 'Creditor 1: Amount owed must be S$0.01 or more',
    });
  });
  it('refuses unknown row fields and a wrong shape without throwing', () => {
    expect(draft(def, { creditors: [{ ...row('A', '1'), x: '1' }] })).toEqual({
      'creditors[0].x': 'There is no field named x in this form',
    });
    expect(draft(def, { creditors: 'A' })).toEqual({ creditors: 'Creditors is not in the expected form' });
  });
});

describe('comparisons between fields', () => {
  const trip = form([
    { name: 'departureDate', label: 'Departure date', type: 'date', required: true },
    {
      name: 'returnDate',
      label: 'Return date',
      type: 'date',
      required: true,
      compare: [{ op: 'gte', field: 'departureDate' }],
    },
  ]);
  it('date on or after another date', () => {
    expect(submit(trip, { departureDate: '2026-04-02', returnDate: '2026-04-01' })).toEqual({
      returnDate: 'Return date must be the same as or after departure date',
    });
    expect(submit(trip, { departureDate: '2026-04-02', returnDate: '2026-04-02' })).toEqual({});
  });
  it('date after another date', () => {
    const period = form([
      { name: 'periodStart', label: 'Period start', type: 'date' },
      { name: 'periodEnd', label: 'Period end', type: 'date', compare: [{ op: 'gt', field: 'periodStart' }] },
    ]);
    expect(submit(period, { periodStart: '2026-01-31', periodEnd: '2026-01-31' })).toEqual({
      periodEnd: 'Period end must be after period start',
    });
    expect(submit(period, { periodStart: '2026-01-01', periodEnd: '2026-01-31' })).toEqual({});
  });
  it('date within some days after another date', () => {
    const month = form([
      { name: 'periodStart', label: 'Period start', type: 'date' },
      {
        name: 'periodEnd',
        label: 'Period end',
        type: 'date',
        compare: [
          { op: 'gt', field: 'periodStart' },
          { op: 'lte', field: 'periodStart', days: 30 },
        ],
      },
    ]);
    expect(submit(month, { periodStart: '2026-01-01', periodEnd: '2026-01-31' })).toEqual({});
    expect(submit(month, { periodStart: '2026-01-15', periodEnd: '2026-02-14' })).toEqual({});
    expect(submit(month, { periodStart: '2026-01-01', periodEnd: '2026-02-01' })).toEqual({
      periodEnd: 'Period end must be no more than 30 days after period start',
    });
    expect(submit(month, { periodStart: '2026-01-31', periodEnd: '2026-01-31' })).toEqual({
      periodEnd: 'Period end must be after period start',
    });
  });
  it('amount not above another amount', () => {
    const plan = form([
      { name: 'monthlyIncome', label: 'Monthly income', type: 'amount' },
      {
        name: 'repayment',
        label: 'Proposed monthly repayment',
        type: 'amount',
        compare: [{ op: 'lte', field: 'monthlyIncome' }],
      },
    ]);
    const sgd = (amount: string) => ({ amount, currency: 'SGD' });
    expect(submit(plan, { monthlyIncome: sgd('2000'), repayment: sgd('2000.01') })).toEqual({
      'repayment.amount': 'Proposed monthly repayment must be the same as or less than monthly income',
    });
    expect(submit(plan, { monthlyIncome: sgd('2000'), repayment: sgd('2000.00') })).toEqual({});
    // In another currency the two cannot be compared: said, not let through unchecked.
    expect(submit(plan, { monthlyIncome: sgd('1000.50'), repayment: { amount: '50000', currency: 'USD' } })).toEqual({
      'repayment.currency': 'Proposed monthly repayment must be in the same currency as monthly income',
    });
  });
  it("amount the sum of a group's amounts", () => {
    const spending = form([
      {
        name: 'expenses',
        label: 'Expenses',
        type: 'group',
        itemLabel: 'Expense',
        fields: [{ name: 'amount', label: 'Amount', type: 'amount', required: true }],
      },
      { name: 'total', label: 'Total expenditure', type: 'amount', sumOf: { group: 'expenses', field: 'amount' } },
    ]);
    const sgd = (amount: string) => ({ amount, currency: 'SGD' });
    const rows = [{ amount: sgd('1200') }, { amount: sgd('300.50') }];
    expect(submit(spending, { expenses: rows, total: sgd('1500.50') })).toEqual({});
    expect(submit(spending, { expenses: rows, total: sgd('1500') })).toEqual({
      'total.amount': 'Total expenditure must be S$1,500.50, the sum of the expenses',
    });
    expect(submit(spending, { expenses: [], total: sgd('0') })).toEqual({});
    expect(
      submit(spending, { expenses: [{ amount: { amount: '1500.50', currency: 'USD' } }], total: sgd('1500.50') }),
    ).toEqual({
      'total.currency': 'Total expenditure must be in the same currency as the expenses',
    });
    // A row still wrong has its own message; the total is checked once the rows can be added up.
    expect(submit(spending, { expenses: [{ amount: sgd('x') }], total: sgd('5') })).toEqual({
      'expenses[0].amount.amount': 'Expense 1: Amount must be an amount in numbers, with up to 2 decimal places',
    });
    expect(draft(spending, { expenses: rows, total: sgd('1') })).toEqual({});
  });
  it('number not above another number', () => {
    const def = form([
      { name: 'total', label: 'Total dependants', type: 'number' },
      { name: 'children', label: 'Children', type: 'number', compare: [{ op: 'lte', field: 'total' }] },
    ]);
    expect(submit(def, { total: '2', children: '3' })).toEqual({
      children: 'Children must be the same as or less than total dependants',
    });
  });
  it('is skipped while the other answer is missing or malformed, and in a draft', () => {
    expect(submit(trip, { departureDate: '', returnDate: '2026-04-01' })).toEqual({
      departureDate: 'Enter departure date',
    });
    expect(draft(trip, { departureDate: '2026-04-02', returnDate: '2026-04-01' })).toEqual({});
  });
});

describe('date limits relative to today', () => {
  const d = (extra: Partial<FieldDef & { type: 'date' }>) =>
    form([{ name: 'd', label: 'Date', type: 'date', ...extra } as FieldDef]);
  it('not in the past', () => {
    expect(submit(d({ notInPast: true }), { d: '2026-03-09' })).toEqual({
      d: 'Date must be today or in the future (today in Singapore is 10 Mar 2026)',
    });
    expect(submit(d({ notInPast: true }), { d: TODAY })).toEqual({});
  });
  it('not in the future', () => {
    expect(submit(d({ notInFuture: true }), { d: '2026-03-11' })).toEqual({
      d: 'Date must be today or in the past (today in Singapore is 10 Mar 2026)',
    });
    expect(submit(d({ notInFuture: true }), { d: TODAY })).toEqual({});
  });
  it('within N days ahead', () => {
    expect(submit(d({ maxDaysAhead: 30 }), { d: '2026-04-09' })).toEqual({});
    expect(submit(d({ maxDaysAhead: 30 }), { d: '2026-04-10' })).toEqual({
      d: 'Date must be within 30 days from today (today in Singapore is 10 Mar 2026)',
    });
  });
  it('within the last N days', () => {
    expect(submit(d({ maxDaysAgo: 7 }), { d: '2026-03-03' })).toEqual({});
    expect(submit(d({ maxDaysAgo: 7 }), { d: '2026-03-02' })).toEqual({
      d: 'Date must be within the last 7 days (today in Singapore is 10 Mar 2026)',
    });
  });
  it('a draft keeps a date that has since passed', () => {
    expect(draft(d({ notInPast: true }), { d: '2026-01-01' })).toEqual({});
  });
});

describe('blocking rule', () => {
  const def = form(
    [
      { name: 'courtOrder', label: 'A court order forbids you to travel', type: 'yesNo', required: true },
      { name: 'purpose', label: 'Purpose', type: 'text' },
    ],
    [
      {
        id: 'no-travel',
        when: [{ field: 'courtOrder', op: 'equals', value: 'Y' }],
        message: 'You cannot apply while a court order forbids travel',
        field: 'courtOrder',
      },
    ],
  );
  it('blocks submission with its message', () => {
    expect(submit(def, { courtOrder: 'Y' })).toEqual({
      courtOrder: 'You cannot apply while a court order forbids travel',
    });
    expect(submit(def, { courtOrder: 'N' })).toEqual({});
  });
  it('does not block a draft', () => expect(draft(def, { courtOrder: 'Y' })).toEqual({}));
  it('without a field it belongs to the form', () => {
    const whole: FormDefinition = { ...def, rules: [{ ...def.rules![0]!, field: undefined } as never] };
    expect(submit(whole, { courtOrder: 'Y' })).toEqual({ form: 'You cannot apply while a court order forbids travel' });
  });
});

describe('a condition on a figure above a value (docs/decisions/0106)', () => {
  const def = form(
    [
      { name: 'income', label: 'Total income', type: 'amount', min: 0 },
      { name: 'dependants', label: 'Dependants', type: 'number' },
      {
        name: 'sources',
        label: 'Sources of income',
        type: 'checkboxes',
        options: [
          { value: 'salary', label: 'Salary' },
          { value: 'none', label: 'No income', exclusive: true },
        ],
      },
      {
        name: 'whose',
        label: 'Whose dependants',
        type: 'text',
        showIf: { field: 'dependants', op: 'above', value: '0' },
      },
    ],
    [
      {
        id: 'no-income-but-income',
        when: [
          { field: 'sources', op: 'includes', value: 'none' },
          { field: 'income', op: 'above', value: '0' },
        ],
        message: 'Select where your income came from',
        field: 'sources',
      },
    ],
  );
  const income = (amount: string, currency = 'SGD') => ({ sources: ['none'], income: { amount, currency } });
  it('holds for an amount more than the value, in any currency', () => {
    expect(submit(def, income('0.01'))).toEqual({ sources: 'Select where your income came from' });
    expect(submit(def, income('5', 'JPY'))).toEqual({ sources: 'Select where your income came from' });
    expect(submit(def, income('0'))).toEqual({});
    expect(submit(def, income('0.00'))).toEqual({});
  });
  it('does not hold for an amount that reads as none (its own message says why)', () => {
    expect(submit(def, income('ten'))).toEqual({ 'income.amount': expect.any(String) });
    expect(submit(def, { sources: ['none'] })).toEqual({});
  });
  it('holds for a number more than the value', () => {
    expect(stripHidden(def, { dependants: '2', whose: 'mine' })).toEqual({ dependants: '2', whose: 'mine' });
    expect(stripHidden(def, { dependants: '0', whose: 'mine' })).toEqual({ dependants: '0' });
  });
});

describe('field types', () => {
  const one = (f: FieldDef, v: unknown) => submit(form([f]), { [f.name]: v });
  it('checkboxes: min and max choices, known values only', () => {
    const f: FieldDef = {
      name: 'c',
      label: 'Countries',
      type: 'checkboxes',
      codeList: 'country',
      minChoices: 1,
      maxChoices: 2,
    };
    expect(one(f, [])).toEqual({ c: 'Select at least 1 option for countries' });
    expect(one(f, ['MY', 'TH', 'JP'])).toEqual({ c: 'Select no more than 2 options for countries' });
    expect(one(f, ['MY', 'XX'])).toEqual({ c: 'Select countries from the list' });
    expect(one(f, ['MY', 'TH'])).toEqual({});
  });
  it('radios: one of the options', () => {
    const f: FieldDef = {
      name: 'r',
      label: 'Reason',
      type: 'radios',
      required: true,
      options: [{ value: 'a', label: 'A' }],
    };
    expect(one(f, '')).toEqual({ r: 'Select reason' });
    expect(one(f, 'b')).toEqual({ r: 'Select reason from the list' });
    expect(one(f, 'a')).toEqual({});
  });
  it('declaration must be ticked to submit, not to save a draft', () => {
    const def = form([
      { name: 'declare', label: 'Declaration', type: 'declaration', text: 'I declare that the information is true.' },
    ]);
    expect(submit(def, { declare: false })).toEqual({ declare: 'Tick the box to confirm the declaration' });
    expect(submit(def, {})).toEqual({ declare: 'Tick the box to confirm the declaration' });
    expect(draft(def, { declare: false })).toEqual({});
    expect(submit(def, { declare: true })).toEqual({});
    expect(draft(def, { declare: 'yes' })).toEqual({ declare: 'Declaration is not in the expected form' });
  });
  it('attachment: a list of file ids within the count', () => {
    const f: FieldDef = {
      name: 'docs',
      label: 'Documents',
      type: 'attachment',
      maxFiles: 2,
      maxSizeBytes: 1e6,
      types: ['application/pdf'],
      required: true,
    };
    // A file is uploaded, not entered (GOV.UK file upload).
    expect(one(f, [])).toEqual({ docs: 'Upload documents' });
    expect(one(f, ['a', 'b', 'c'])).toEqual({ docs: 'Documents must have 2 files or fewer' });
    expect(one(f, ['../etc'])).toEqual({ docs: 'Documents is not in the expected form' });
    expect(one(f, ['f1'])).toEqual({});
  });
  it('NRIC/FIN, UEN, mobile, phone, email', () => {
    expect(one({ name: 'n', label: 'NRIC or FIN', type: 'nric' }, 'S9470855J')).toEqual({
      n: 'NRIC or FIN must be a real NRIC or FIN, like S1234567D',
    });
    expect(one({ name: 'n', label: 'NRIC or FIN', type: 'nric' }, 'M1234567K')).toEqual({});
    expect(one({ name: 'u', label: 'UEN', type: 'uen' }, '201403121X')).toEqual({
      u: 'UEN must be a real UEN, like 201403121W',
    });
    expect(one({ name: 'm', label: 'Mobile number', type: 'mobile' }, '61234567')).toEqual({
      m: 'Mobile number must be a Singapore mobile number: 8 digits starting with 8 or 9',
    });
    expect(one({ name: 'p', label: 'Phone', type: 'phone' }, '12')).toEqual({
      p: 'Phone must be a phone number, like 61234567 or +44 20 7946 0958',
    });
    expect(one({ name: 'e', label: 'Email address', type: 'email' }, 'a@b')).toEqual({
      e: 'Enter email address in the correct format, like name@example.com',
    });
    expect(one({ name: 'e', label: 'Your email address', type: 'email' }, 'name@example')).toEqual({
      e: 'Enter your email address in the correct format, like name@example.com',
    });
  });
  it('postal code keeps the specification message', () => {
    expect(one({ name: 'pc', label: 'Postal code', type: 'postalCode' }, '12345')).toEqual({
      pc: 'Invaild Postal Code',
    });
  });
  it('case number of the given case type', () => {
    const f: FieldDef = { name: 'cn', label: 'Case number', type: 'caseNumber', caseType: 'TA' };
    expect(one(f, 'TA 000042 2026')).toEqual({});
    expect(one(f, 'ta0000422026')).toEqual({});
    expect(one(f, 'PD 000042 2026')).toEqual({ cn: 'Case number must be a case number, like TA 000042 2026' });
    expect(one(f, 'ta 42/2026')).toEqual({});
    expect(one(f, 'TA 2026')).toEqual({ cn: 'Case number must be a case number, like TA 000042 2026' });
  });
  it("case number of any type (an estate's, the court's) is shown like one, as its hint is", () => {
    const f: FieldDef = { name: 'cn', label: 'Case number of the estate', type: 'caseNumber' };
    expect(one(f, 'BS 000042 2026')).toEqual({});
    expect(one(f, 'BS 42 2026')).toEqual({});
    expect(one(f, 'BS422026')).toEqual({
      cn: 'Case number of the estate must be a case number, like BS 000042 2026',
    });
  });
});

describe('the whole form', () => {
  const def: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'one',
        heading: 'One',
        sections: [{ heading: 'A', fields: [{ name: 'a', label: 'A', type: 'text', required: true }] }],
      },
      {
        id: 'two',
        heading: 'Two',
        sections: [
          {
            heading: 'B',
            fields: [
              {
                name: 'rows',
                label: 'Rows',
                type: 'group',
                itemLabel: 'Row',
                fields: [{ name: 'x', label: 'X', type: 'nric', required: true }],
              },
              { name: 'b', label: 'B', type: 'email', required: true },
            ],
          },
        ],
      },
    ],
  };
  it('lists errors in page order, rows in place', () => {
    const errors = submit(def, { b: 'x', rows: [{ x: '' }, { x: 'S9470855I' }, { x: 'bad' }], a: '' });
    expect(errorList(errors).map((e) => e.path)).toEqual(['a', 'rows[0].x', 'rows[2].x', 'b']);
  });
  it('draft mode checks formats only', () => {
    expect(draft(def, { a: '', rows: [{ x: '' }, { x: 'bad' }], b: '' })).toEqual({
      'rows[1].x': 'Row 2: X must be a real NRIC or FIN, like S1234567D',
    });
  });
  it('starts with defaults and never throws, whatever it is given', () => {
    expect(initialValues(def)).toEqual({ a: '', rows: [], b: '' });
    fc.assert(
      fc.property(fc.anything(), (answers) => {
        submit(def, answers);
        draft(def, answers);
        stripHidden(def, answers);
        return true;
      }),
    );
  });
  it('amounts in minor units', () => {
    expect(toMinorUnits('120.5', 2)).toBe(12050);
    expect(toMinorUnits('0.01', 2)).toBe(1);
    expect(toMinorUnits('1.234', 2)).toBeNull();
  });
});

describe('the definition schema', () => {
  const ok = form([
    { name: 'sms', label: 'SMS', type: 'yesNo' },
    { name: 'mobile', label: 'Mobile', type: 'mobile', showIf: { field: 'sms', op: 'equals', value: 'Y' } },
  ]);
  it('accepts a well-formed definition', () => expect(formDefinitionSchema.safeParse(ok).success).toBe(true));
  const problems = (def: unknown) => {
    const r = formDefinitionSchema.safeParse(def);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('refuses a condition on a field that is not before it', () => {
    const bad = form([
      { name: 'mobile', label: 'Mobile', type: 'mobile', showIf: { field: 'sms', op: 'equals', value: 'Y' } },
      { name: 'sms', label: 'SMS', type: 'yesNo' },
    ]);
    expect(problems(bad)).toEqual(['field mobile: showIf names sms, which is not a field before it']);
  });
  it('refuses duplicate names, comparisons of unlike fields, unknown types and limits out of order', () => {
    expect(
      problems(
        form([
          { name: 'a', label: 'A', type: 'text' },
          { name: 'a', label: 'A', type: 'text' },
        ]),
      ),
    ).toEqual(['field a: field names must be unique']);
    expect(
      problems(
        form([
          { name: 'a', label: 'A', type: 'text' },
          { name: 'd', label: 'D', type: 'date', compare: [{ op: 'gt', field: 'a' }] },
        ]),
      ),
    ).toEqual(['field d: compare needs two fields of one kind']);
    expect(
      problems(
        form([
          { name: 'a', label: 'A', type: 'number' },
          { name: 'b', label: 'B', type: 'number', compare: [{ op: 'lte', field: 'a', days: 3 }] },
        ]),
      ),
    ).toEqual(['field b: compare takes days only between dates']);
    expect(
      problems(
        form([
          {
            name: 'rows',
            label: 'Rows',
            type: 'group',
            itemLabel: 'Row',
            fields: [{ name: 'n', label: 'N', type: 'number' }],
          },
          { name: 't', label: 'T', type: 'amount', sumOf: { group: 'rows', field: 'n' } },
          { name: 'u', label: 'U', type: 'amount', sumOf: { group: 't', field: 'n' } },
        ]),
      ),
    ).toEqual([
      'field t: sumOf names rows.n, which is not an amount of a group',
      'field u: sumOf names t.n, which is not an amount of a group',
    ]);
    expect(problems(form([{ name: 'a', label: 'A', type: 'colour' } as never])).length).toBeGreaterThan(0);
    expect(problems(form([{ name: 'n', label: 'N', type: 'number', min: 5, max: 1 }]))).toEqual([
      'field n: min is above max',
    ]);
    expect(problems(form([{ name: 's', label: 'S', type: 'select' }]))).toEqual([
      'field s: give either codeList or options',
    ]);
  });
  it('takes one exclusive option, and on checkboxes only (docs/decisions/0106)', () => {
    const none = { value: 'none', label: 'None', exclusive: true } as const;
    const boxes = (...options: Array<{ value: string; label: string; exclusive?: true }>) =>
      form([{ name: 'c', label: 'C', type: 'checkboxes', options }]);
    expect(problems(boxes({ value: 'a', label: 'A' }, none))).toEqual([]);
    expect(problems(boxes(none, { ...none, value: 'nil' }))).toEqual(['field c: at most one exclusive option']);
    expect(
      problems(form([{ name: 'r', label: 'R', type: 'radios', options: [{ value: 'a', label: 'A' }, none] }])),
    ).toEqual(['field r: only checkboxes have an exclusive option']);
  });
  it('takes above on a number or an amount, with a figure, only 0 on an amount of no fixed currency', () => {
    const above = (value: string, target: FieldDef) =>
      problems(form([target, { name: 'x', label: 'X', type: 'text', showIf: { field: 't', op: 'above', value } }]));
    expect(above('0', { name: 't', label: 'T', type: 'amount' })).toEqual([]);
    expect(above('120.50', { name: 't', label: 'T', type: 'amount', currency: 'SGD' })).toEqual([]);
    expect(above('3', { name: 't', label: 'T', type: 'number' })).toEqual([]);
    expect(above('3', { name: 't', label: 'T', type: 'amount' })).toEqual([
      'field x: above takes only 0 on an amount of no fixed currency',
    ]);
    expect(above('three', { name: 't', label: 'T', type: 'number' })).toEqual([
      'field x: above takes a number, like 0 or 120.50',
    ]);
    expect(above('0', { name: 't', label: 'T', type: 'text' })).toEqual(['field x: above needs a number or an amount']);
  });
  it('reads a definition of before v2 as one page', () => {
    const def = parseFormDefinition({ fields: [{ name: 'fee', label: 'Fee', type: 'amount', max: 100 }] }, 'Fees');
    expect(def.pages[0]!.sections[0]!.fields[0]).toEqual({ name: 'fee', label: 'Fee', type: 'amount', max: 10_000 });
    expect(def.pages[0]!.heading).toBe('Fees');
  });
});

describe('heldAgainst: the questions an answer is held against', () => {
  const def: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'p',
        heading: 'P',
        sections: [
          {
            heading: 'S',
            fields: [
              { name: 'income', label: 'Income', type: 'amount' },
              { name: 'repay', label: 'Repayment', type: 'amount', compare: [{ op: 'lte', field: 'income' }] },
              { name: 'sources', label: 'Sources', type: 'checkboxes', options: [{ value: 'none', label: 'None' }] },
              { name: 'remarks', label: 'Remarks', type: 'textarea' },
            ],
          },
        ],
      },
    ],
    rules: [
      {
        id: 'r',
        field: 'sources',
        when: [
          { field: 'sources', op: 'includes', value: 'none' },
          { field: 'income', op: 'above', value: '0' },
        ],
        message: 'm',
      },
    ],
  };

  it('names comparisons and rules either way, never the answer itself or an unrelated one', () => {
    expect(heldAgainst(def, ['income']).sort()).toEqual(['repay', 'sources']);
    expect(heldAgainst(def, ['sources'])).toEqual(['income']);
    expect(heldAgainst(def, ['repay'])).toEqual(['income']);
    expect(heldAgainst(def, ['remarks'])).toEqual([]);
  });
});
