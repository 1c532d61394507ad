import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { FIELD_MESSAGES, todayInSingapore } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

/**
 * Answers as real applicants give them, through the real server: money in currencies of small units
 * (docs/decisions/0096), and what is kept is what was checked.
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let app: FastifyInstance;
let demo: TestClient;

beforeAll(async () => {
  ({ app } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
});

const formOf = async (code: string) =>
  ((await demo.get(`${API_PATHS.eservices}/${code}`)).json().responseJSON as EserviceDetail).form;

/** A careful applicant's answers to the form, changed as given, saved (as a draft, or submitted). */
async function saved(code: string, change: (answers: Record<string, unknown>) => void, draft = true) {
  const answers = sampleAnswers(await formOf(code), today);
  change(answers);
  const res = await demo.post(API_PATHS.cases, { appCode: code, data: answers, draft: true });
  if (draft || res.statusCode !== 201) return res;
  const record = res.json().responseJSON as CaseDetail;
  return demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
    version: record.version,
  });
}

const fieldErrors = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  return (res.json() as { responseJSON: { fieldErrors: Record<string, string> } }).responseJSON.fieldErrors;
};

describe('money in a currency other than Singapore dollars (docs/decisions/0096)', () => {
  const idr = (amount: string) => ({ amount, currency: 'IDR' });

  it('takes a claim of IDR 50,000,000 (about S$4,000) in a draft, and debts of it submitted', async () => {
    const draft = await saved('PNC', (a) => {
      const [first] = a.claims as Array<Record<string, unknown>>;
      first!.amount = idr('50,000,000');
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((draft.json().responseJSON as CaseDetail).data.claims).toMatchObject([{ amount: idr('50000000') }]);
    const sent = await saved(
      'DAR',
      (a) => {
        a.monthlyIncome = idr('80000000');
        a.debts = [{ creditorName: 'PT Bank Rakyat', amount: idr('50000000') }];
        a.proposedRepayment = idr('15000000');
      },
      false,
    );
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('holds it to the largest amount the portal keeps, named in that currency', async () => {
    const res = await saved('PAR', (a) => (a.tripCost = idr('10000000000000')));
    expect(fieldErrors(res)).toEqual({
      'tripCost.amount': FIELD_MESSAGES.amountAtMost('Estimated cost of the trip', 'IDR 9,999,999,999,999.99'),
    });
  });

  it('adds up a statement of thirty of the largest expenses exactly', async () => {
    const spent = (total: string) => (a: Record<string, unknown>) =>
      Object.assign(a, {
        monthlyIncome: idr('0'),
        contribution: idr('0'),
        expenses: Array.from({ length: 30 }, (_, i) => ({
          category: 'food',
          amount: idr(i === 0 ? '9999999999999.98' : '9999999999999.99'),
        })),
        monthlyExpenditure: idr(total),
      });
    const res = await saved('BSA', spent('9999999999999.99'), false);
    expect(fieldErrors(res)).toEqual({
      'monthlyExpenditure.amount': FIELD_MESSAGES.sumOf(
        'Total expenditure for the period',
        'IDR 299,999,999,999,999.69',
        'Expenses',
      ),
    });
  });
});

describe('digits typed in full-width or Arabic-Indic characters, or pasted with a zero-width space', () => {
  it('are taken, and kept in the digits the rules read', async () => {
    const res = await saved(
      'DAR',
      (a) => {
        a.applicantId = 'Ｓ９４７０８５５Ｉ';
        a.mobileNumber = '９１２３４５６７\u200b';
        a.monthlyIncome = { amount: '٣٠٠٠', currency: 'SGD' };
        a.proposedRepayment = { amount: '５００', currency: 'SGD' };
        a.repaymentMonths = '۱۲';
      },
      true,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().responseJSON as CaseDetail).data).toMatchObject({
      applicantId: 'S9470855I',
      mobileNumber: '91234567',
      monthlyIncome: { amount: '3000', currency: 'SGD' },
      proposedRepayment: { amount: '500', currency: 'SGD' },
      repaymentMonths: '12',
    });
  });
});

describe('a one-line answer pasted with a tab or sent with line breaks', () => {
  it('is taken, each of them kept as one space', async () => {
    const res = await saved('DAR', (a) => {
      a.applicantName = 'Tan\tAh Kow';
      a.debts = [{ creditorName: 'Line one\r\nLine two', amount: { amount: '100', currency: 'SGD' } }];
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().responseJSON as CaseDetail).data).toMatchObject({
      applicantName: 'Tan Ah Kow',
      debts: [{ creditorName: 'Line one Line two' }],
    });
  });
});
