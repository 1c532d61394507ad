import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { FIELD_MESSAGES, allFields, todayInSingapore, visibility, type FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { Database } from '../db/database.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

/**
 * Questions the forms lacked or asked wrongly (migration 179: ESA and BSA version 3, PRD version 4 after 177's;
 * 181: PC version 4; 182: PCD version 4; 196: PD version 5; 213: BSA version 5; 215: BSA version 6).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let app: FastifyInstance;
let db: Database;
let demo: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
});

const formOf = async (code: string) =>
  ((await demo.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON as EserviceDetail).form;

/** The errors of submitting a careful applicant's answers to the form, changed as given. */
async function fieldErrors(code: string, change: (answers: Record<string, unknown>) => void) {
  const answers = sampleAnswers(await formOf(code), today);
  change(answers);
  const res = await demo.post(API_PATHS.cases, { appCode: code, data: answers, draft: false });
  if (res.statusCode === 201) return {};
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { responseJSON: { fieldErrors: Record<string, string> } }).responseJSON.fieldErrors;
}

const ADDRESS = {
  blockHouseNo: '1',
  streetName: 'Raffles Place',
  floorUnit: '',
  buildingName: '',
  postalCode: '048616',
  country: 'SG',
};

describe('an estate account statement (ESA)', () => {
  it('ends with a declaration to tick, as the other forms do', async () => {
    expect((await formOf('ESA')).pages.at(-1)?.id).toBe('declaration');
    expect(await fieldErrors('ESA', (a) => (a.declaration = false))).toEqual({
      declaration: FIELD_MESSAGES.declaration(),
    });
  });

  it('asks where to post a copy: a whole address, not a postal code alone', async () => {
    const noAddress = (a: Record<string, unknown>) => {
      a.mailCopy = 'Y';
      delete a.mailingAddress;
    };
    expect(await fieldErrors('ESA', noAddress)).toEqual({
      mailingAddress: FIELD_MESSAGES.required('Address for the posted copy'),
    });
    expect(await fieldErrors('ESA', (a) => Object.assign(a, { mailCopy: 'Y', mailingAddress: ADDRESS }))).toEqual({});
    expect(
      await fieldErrors('ESA', (a) => Object.assign(a, { mailCopy: 'Y', mailingPostalCode: '048616' })),
    ).toMatchObject({ mailingPostalCode: FIELD_MESSAGES.unknownField('mailingPostalCode') });
  });
});

describe('a payment certificate (PC)', () => {
  it('names the address to post it to in its message', async () => {
    const noAddress = (a: Record<string, unknown>) => {
      a.byPost = 'Y';
      delete a.deliveryAddress;
    };
    expect(await fieldErrors('PC', noAddress)).toEqual({
      deliveryAddress: FIELD_MESSAGES.required('Address to send the certificate to'),
    });
  });
});

describe('a payment of court deposits (PCD)', () => {
  it('asks no payment method: the deposit is paid by PayNow', async () => {
    const form = await formOf('PCD');
    expect(allFields(form).map((f) => f.name)).not.toContain('paymentMethod');
    expect(allFields(form).find((f) => f.name === 'depositAmount')?.hint).toMatch(/PayNow/);
  });
});

describe('a refund of deposits (PRD)', () => {
  const payee = (entityType: string, payeeNric?: string) => (a: Record<string, unknown>) => {
    Object.assign(a, { entityType, payeeUen: '201403121W' });
    if (payeeNric === undefined) delete a.payeeNric;
    else a.payeeNric = payeeNric;
  };
  // The receipt (a paid deposit of the applicant's own) and its copy are other tests' matter.
  const payeeErrors = async (change: (a: Record<string, unknown>) => void) => {
    const errors = await fieldErrors('PRD', change);
    delete errors.receiptNumber;
    delete errors.receipts;
    return errors;
  };

  it("asks an individual payee's NRIC or FIN", async () => {
    expect(await payeeErrors(payee('I'))).toEqual({ payeeNric: FIELD_MESSAGES.required('NRIC or FIN of the payee') });
    expect(await payeeErrors(payee('I', 'S1234567A'))).toEqual({
      payeeNric: FIELD_MESSAGES.nric('NRIC or FIN of the payee'),
    });
    expect(await payeeErrors(payee('I', 's9470855i'))).toEqual({});
  });

  it('asks a business payee its UEN, not an NRIC', async () => {
    expect(await payeeErrors(payee('NI', 'S1234567A'))).toEqual({});
  });
});

describe("a bankrupt's statement of accounts (BSA)", () => {
  it('keeps the number of dependants as people write it', async () => {
    const answers = { ...sampleAnswers(await formOf('BSA'), today), dependants: '02' };
    const res = await demo.post(API_PATHS.cases, { appCode: 'BSA', data: answers, draft: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().responseJSON as CaseDetail).data.dependants).toBe('2');
  });

  it('takes a statement of a month at most', async () => {
    const period = (periodStart: string, periodEnd: string) => (a: Record<string, unknown>) =>
      Object.assign(a, { periodStart, periodEnd });
    expect(await fieldErrors('BSA', period('2030-04-01', '2030-04-30'))).toEqual({});
    expect(await fieldErrors('BSA', period('2030-04-15', '2030-05-15'))).toEqual({});
    expect(await fieldErrors('BSA', period('2030-01-01', '2030-05-31'))).toEqual({
      periodEnd: FIELD_MESSAGES.compare.daysAfter.lte('Statement period end', 'Statement period start', 30),
    });
  });

  it('takes a total expenditure that is the sum of the expenses', async () => {
    const spent = (total: string) => (a: Record<string, unknown>) =>
      Object.assign(a, {
        expenses: [
          { category: 'housing', amount: { amount: '1200', currency: 'SGD' } },
          { category: 'food', amount: { amount: '300.50', currency: 'SGD' } },
        ],
        monthlyExpenditure: { amount: total, currency: 'SGD' },
      });
    expect(await fieldErrors('BSA', spent('1500.50'))).toEqual({});
    expect(await fieldErrors('BSA', spent('1000'))).toEqual({
      'monthlyExpenditure.amount': FIELD_MESSAGES.sumOf('Total expenditure for the period', 'S$1,500.50', 'Expenses'),
    });
  });
});

describe("a bankrupt's statement with no income that month (BSA 5, docs/decisions/0106)", () => {
  const noIncome = (incomeSources: string[]) => (a: Record<string, unknown>) =>
    Object.assign(a, {
      employed: 'N',
      monthlyIncome: { amount: '0', currency: 'SGD' },
      incomeSources,
      contribution: { amount: '0', currency: 'SGD' },
    });

  it('is submitted with "No income in this period" alone, and refused with it beside a source', async () => {
    expect(await fieldErrors('BSA', noIncome(['none']))).toEqual({});
    expect(await fieldErrors('BSA', noIncome(['none', 'salary']))).toEqual({
      incomeSources: FIELD_MESSAGES.exclusiveChoice('Sources of income', 'No income in this period'),
    });
  });

  it('refuses "No income in this period" beside a total income above 0', async () => {
    const someIncome = (a: Record<string, unknown>) => {
      noIncome(['none'])(a);
      a.monthlyIncome = { amount: '0.01', currency: 'SGD' };
    };
    expect(await fieldErrors('BSA', someIncome)).toEqual({
      incomeSources:
        'Select where your income came from, or enter a total income of 0 if you had no income in this period',
    });
  });

  it('keeps a draft of version 4 on version 4, which has no such option', async () => {
    const answers = sampleAnswers(await formOf('BSA'), today);
    const res = await demo.post(API_PATHS.cases, { appCode: 'BSA', data: answers, draft: true });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json().responseJSON as CaseDetail;
    expect(draft.formVersion).toBe(6);
    await db.query('UPDATE cases SET form_version = 4 WHERE id = $1::bigint', [draft.id]);
    const save = (incomeSources: string[]) =>
      demo.post(fillPath(CASE_PATHS.one, { id: draft.id }), {
        data: { ...answers, incomeSources },
        version: draft.version,
        draft: true,
      });
    const refused = await save(['none']);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().responseJSON.fieldErrors).toEqual({
      incomeSources: FIELD_MESSAGES.notInList('Sources of income'),
    });
    const saved = await save(['salary']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().responseJSON).toMatchObject({ formVersion: 4, data: { incomeSources: ['salary'] } });
  });
});

describe("a bankrupt's statement asks payslips only of one employed (BSA 6, docs/decisions/0110)", () => {
  const payslipsShown = (form: FormDefinition, employed: string) =>
    visibility(form, { employed }).shown.has('payslips');

  it('asks them of one employed, not of one who was not; version 5 asked everyone', async () => {
    const form = await formOf('BSA');
    expect([payslipsShown(form, 'Y'), payslipsShown(form, 'N')]).toEqual([true, false]);
    const five = await demo.get(`${API_PATHS.eservices}/BSA?version=5`);
    expect(five.statusCode, five.body).toBe(200);
    const fiveForm = (five.json().responseJSON as EserviceDetail).form;
    expect([payslipsShown(fiveForm, 'Y'), payslipsShown(fiveForm, 'N')]).toEqual([true, true]);
  });

  it('takes a statement of one not employed with no payslips', async () => {
    expect(
      await fieldErrors('BSA', (a) => {
        a.employed = 'N';
        delete a.payslips;
      }),
    ).toEqual({});
  });
});

describe('a payment by a debtor (PD)', () => {
  it('takes creditors paid out of it that add up to no more than the payment', async () => {
    const paid =
      (...amounts: string[]) =>
      (a: Record<string, unknown>) =>
        Object.assign(a, {
          paymentAmount: { amount: '1000', currency: 'SGD' },
          creditors: amounts.map((amount, i) => ({
            creditorName: `Bank ${i + 1}`,
            amount: { amount, currency: 'SGD' },
          })),
        });
    expect(await fieldErrors('PD', paid('600', '400'))).toEqual({});
    expect(await fieldErrors('PD', paid('800', '800'))).toEqual({
      creditors: FIELD_MESSAGES.sumAtMost('Creditors paid', 'S$1,600.00', 'Payment amount', 'S$1,000.00'),
    });
  });
});
