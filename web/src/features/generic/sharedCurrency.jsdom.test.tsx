import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS, MESSAGES } from '#contract/index.ts';
import { codeList } from '#contract/codelists/index.ts';
import { FIELD_MESSAGES, FORM_TEXT, type FormDefinition, type FormValues } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { parseHash } from '../../lib/router/location.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { envelope, fakeApi, type FakeCall, type FakeRoutes } from '../../../test/fakeApi.ts';
import { forgetFlow } from './flow.ts';
import GenericScreen from './GenericScreen.tsx';

vi.mock('../../lib/session/index.ts', () => import('../../../test/signedInSession.ts'));

/**
 * A statement as BSA's: expenses whose amounts a total adds up (its currency asked once, docs/decisions/0094),
 * and refunds with no total (each row's currency its own).
 */
const FORM: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'expenditure',
      heading: 'Expenditure',
      sections: [
        {
          heading: 'Expenditure',
          fields: [
            {
              name: 'expenses',
              label: 'Expenses',
              type: 'group',
              itemLabel: 'Expense',
              minRows: 1,
              maxRows: 5,
              fields: [
                { name: 'description', label: 'What it was for', type: 'text', required: true },
                { name: 'amount', label: 'Amount', type: 'amount', required: true, min: 1 },
              ],
            },
            {
              name: 'total',
              label: 'Total expenditure for the period',
              type: 'amount',
              required: true,
              sumOf: { group: 'expenses', field: 'amount' },
            },
            {
              name: 'refunds',
              label: 'Refunds',
              type: 'group',
              itemLabel: 'Refund',
              maxRows: 5,
              fields: [{ name: 'amount', label: 'Amount refunded', type: 'amount', required: true }],
            },
            { name: 'remarks', label: 'Remarks', type: 'textarea' },
          ],
        },
      ],
    },
    {
      id: 'declaration',
      heading: 'Declaration',
      sections: [
        {
          heading: 'Declaration',
          fields: [{ name: 'declaration', label: 'Declaration', type: 'declaration', text: 'It is all true.' }],
        },
      ],
    },
  ],
};
const ESERVICE: EserviceDetail = {
  code: 'BSA',
  title: 'Bankrupt Statement of Accounts',
  description: 'Your income and expenditure.',
  group: 'Bankruptcy',
  menu: 'Bankruptcy',
  href: '/generic?app=BSA',
  caseType: 'SA',
  formVersion: 3,
  form: FORM,
};
const draft = (data: FormValues): CaseDetail => ({
  id: '7',
  appCode: 'BSA',
  caseNumber: 'SA 000042 2026',
  status: 'draft',
  version: 1,
  updatedAt: '2026-03-05T06:07:00.000Z',
  data,
  formVersion: 3,
  createdAt: '2026-03-05T06:07:00.000Z',
  submittedAt: null,
});
/** A draft saved before the currency was asked once: an expense in US dollars beside others in S$. */
const MIXED = {
  expenses: [
    { description: 'Rent', amount: { amount: '1000', currency: 'SGD' } },
    { description: 'Flight', amount: { amount: '300', currency: 'USD' } },
  ],
  total: { amount: '1300', currency: 'SGD' },
};

let routes: FakeRoutes;
let calls: FakeCall[];

beforeEach(() => {
  forgetFlow();
  window.location.hash = '#/generic?app=BSA&page=expenditure';
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem(STORAGE_KEYS.token, 'token');
  routes = {
    'GET /api/config': () => ({ status: 200, body: envelope({ contactPhone: '1800', processEngineBase: '/pe' }) }),
    'GET /api/eservices/BSA': () => ({ status: 200, body: envelope(ESERVICE) }),
    'GET /api/cases': () => ({ status: 200, body: envelope({ cases: [], total: 0 }) }),
    'GET /pe/cases/7/status': () => ({ status: 200, body: envelope({ status: 'draft', history: [] }) }),
    'GET /api/cases/7/documents': () => ({ status: 200, body: envelope({ documents: [] }) }),
  };
  calls = fakeApi(routes);
});

/** Shows the screen of the current address, as the router does on each navigation. */
async function at(heading: string) {
  cleanup();
  render(<GenericScreen location={parseHash(window.location.hash)} />);
  return screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
}

/** Opens draft 7 holding `data`, on its expenditure page. */
function openDraft(data: FormValues) {
  routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(draft(data)) });
  window.location.hash = '#/generic?app=BSA&case=7&page=expenditure';
  return at('Expenditure');
}

const question = () => screen.getByRole('combobox', { name: FORM_TEXT.groupCurrency('Expenses') });
const row = (n: number) => screen.getByRole('group', { name: `Expense ${n}` });
const totalGroup = () => screen.getByRole('group', { name: 'Total expenditure for the period' });
/** The data of the last save sent. */
const saved = () => (calls.filter((c) => c.method === 'POST').at(-1)!.body as { data: FormValues }).data;

describe('a group whose total adds up its rows', () => {
  it('asks the currency once, and each row and the total show it beside their amount', async () => {
    const user = userEvent.setup();
    await at('Expenditure');
    const expenses = screen.getByRole('group', { name: 'Expenses' });
    await user.click(within(expenses).getByRole('button', { name: 'Add another expense' }));
    await user.click(within(expenses).getByRole('button', { name: 'Add another expense' }));

    expect(question()).toHaveValue(DEFAULTS.currency);
    expect(question()).toHaveAccessibleDescription(
      FORM_TEXT.groupCurrencyHint('Expenses', 'Total expenditure for the period'),
    );
    // One list of currencies for the group, whatever its rows: no row and not the total has its own.
    expect(within(expenses).getAllByRole('combobox')).toEqual([question()]);
    expect(within(totalGroup()).queryByRole('combobox')).toBeNull();
    for (const n of [1, 2, 3]) {
      expect(within(row(n)).getByLabelText('Amount in Singapore dollars')).toBeInTheDocument();
      expect(within(row(n)).getByText('S$')).toBeInTheDocument();
    }
    expect(within(totalGroup()).getByLabelText('Amount in Singapore dollars')).toBeInTheDocument();
    expect(document.querySelectorAll('#f-expenses-currency option')).toHaveLength(codeList('currency').length);

    // A group with no total goes on asking each row's currency: its rows may differ.
    await user.click(screen.getByRole('button', { name: 'Add a refund' }));
    const refund = screen.getByRole('group', { name: 'Refund 1' });
    expect(within(refund).getByRole('combobox', { name: 'Currency' })).toHaveValue(DEFAULTS.currency);
    expect(within(refund).getByLabelText('Amount')).toBeInTheDocument();
  }, 30_000);

  it('changes every row and the total with it, gives new rows its currency, and saves each in it', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(draft((body as { data: FormValues }).data), '200', MESSAGES.draftSaved),
    });
    const user = userEvent.setup();
    await at('Expenditure');
    await user.click(screen.getByRole('button', { name: 'Add another expense' }));
    await user.type(within(row(1)).getByLabelText('Amount in Singapore dollars'), '1000');

    await user.selectOptions(question(), 'USD');
    expect(question()).toHaveValue('USD');
    expect(within(row(1)).getByLabelText('Amount in USD')).toHaveValue('1000');
    expect(within(row(2)).getByLabelText('Amount in USD')).toHaveValue('');
    expect(within(totalGroup()).getByLabelText('Amount in USD')).toBeInTheDocument();
    expect(within(row(1)).getByText('USD')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add another expense' }));
    const third = within(row(3)).getByLabelText('Amount in USD');
    // The add another pattern still takes the focus to the new row's first question.
    expect(within(row(3)).getByLabelText('What it was for')).toHaveFocus();
    await user.type(third, '25.50');
    await user.type(within(totalGroup()).getByLabelText('Amount in USD'), '1025.50');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(saved()).toMatchObject({
      expenses: [
        { amount: { amount: '1000', currency: 'USD' } },
        { amount: { amount: '', currency: 'USD' } },
        { amount: { amount: '25.50', currency: 'USD' } },
      ],
      total: { amount: '1025.50', currency: 'USD' },
    });
  }, 30_000);

  it('shows a draft saved in mixed currencies as it is, each row in its own, until one is chosen for all', async () => {
    routes['POST /api/cases/7'] = ({ body }) => ({
      status: 200,
      body: envelope(draft((body as { data: FormValues }).data), '200', MESSAGES.draftSaved),
    });
    const user = userEvent.setup();
    await openDraft(MIXED);

    // No currency is picked for the rows on their behalf: the question says they differ.
    expect(question()).toHaveValue('');
    expect(within(question()).getByRole('option', { selected: true })).toHaveTextContent('Select an option');
    expect(question()).toHaveAccessibleDescription(
      FORM_TEXT.groupCurrencyMixed('Expenses', 'Total expenditure for the period'),
    );
    expect(within(row(1)).getByLabelText('Amount in Singapore dollars')).toHaveValue('1000');
    expect(within(row(2)).getByLabelText('Amount in USD')).toHaveValue('300');
    expect(within(totalGroup()).getByLabelText('Amount in Singapore dollars')).toHaveValue('1300');

    await user.selectOptions(question(), 'SGD');
    expect(question()).toHaveAccessibleDescription(
      FORM_TEXT.groupCurrencyHint('Expenses', 'Total expenditure for the period'),
    );
    // The amounts are kept as typed: only their currency changes.
    expect(within(row(2)).getByLabelText('Amount in Singapore dollars')).toHaveValue('300');
    expect(within(question()).queryByRole('option', { name: 'Select an option' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(saved()).toMatchObject({
      expenses: [{ amount: { amount: '1000', currency: 'SGD' } }, { amount: { amount: '300', currency: 'SGD' } }],
      total: { amount: '1300', currency: 'SGD' },
    });
  }, 30_000);

  it('links the errors of a row’s or the total’s currency to the one question, and shows them there', async () => {
    const sameCurrency = FIELD_MESSAGES.sameCurrency('Total expenditure for the period', 'the expenses');
    const notInList = FIELD_MESSAGES.inRow('Expense', 1, FIELD_MESSAGES.notInList('Currency of Amount'));
    routes['POST /api/cases/7'] = () => ({
      status: 400,
      body: envelope(
        {
          fieldErrors: { 'total.currency': sameCurrency, 'expenses[1].amount.currency': notInList },
          errors: [
            { path: 'total.currency', message: sameCurrency },
            { path: 'expenses[1].amount.currency', message: notInList },
          ],
        },
        '400',
        MESSAGES.validationSummary,
      ),
    });
    const user = userEvent.setup();
    await openDraft(MIXED);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert');
    for (const message of [sameCurrency, notInList]) {
      const link = within(summary).getByRole('link', { name: message });
      expect(link).toHaveAttribute('href', '#f-expenses-currency');
      await user.click(link);
      expect(question()).toHaveFocus();
    }
    expect(question()).toHaveAttribute('aria-invalid', 'true');
    expect(question()).toHaveAccessibleDescription(
      `${FORM_TEXT.groupCurrencyMixed('Expenses', 'Total expenditure for the period')} Error: ${sameCurrency} Error: ${notInList}`,
    );
    // Not said again beside the rows' amounts, where no link leads.
    expect(within(row(2)).getByLabelText('Amount in USD')).not.toHaveAttribute('aria-invalid');

    // One currency chosen for them all answers both.
    await user.selectOptions(question(), 'USD');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(question()).not.toHaveAttribute('aria-invalid');
  }, 30_000);

  it('on check answers, refuses a draft in mixed currencies and links to the question on its page', async () => {
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope(
        draft({
          ...MIXED,
          expenses: MIXED.expenses.map((e) => ({ ...e, amount: { ...e.amount, amount: '650' } })),
          declaration: true,
        }),
      ),
    });
    window.location.hash = '#/generic?app=BSA&case=7&step=check';
    const user = userEvent.setup();
    await at(FORM_TEXT.checkHeading);
    await user.click(screen.getByRole('button', { name: FORM_TEXT.submit(ESERVICE.title) }));
    const link = within(await screen.findByRole('alert')).getByRole('link', {
      name: FIELD_MESSAGES.sameCurrency('Total expenditure for the period', 'the expenses'),
    });
    expect(link).toHaveAttribute('href', '#/generic?app=BSA&case=7&page=expenditure&return=check#f-expenses-currency');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // There, the one question says it too, as the page's own error.
    window.location.hash = link.getAttribute('href')!;
    await at('Expenditure');
    expect(question()).toHaveFocus();
    expect(question()).toHaveAttribute('aria-invalid', 'true');
    expect(question()).toHaveAccessibleDescription(
      `${FORM_TEXT.groupCurrencyMixed('Expenses', 'Total expenditure for the period')} Error: ${FIELD_MESSAGES.sameCurrency('Total expenditure for the period', 'the expenses')}`,
    );
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveAttribute('href', '#f-expenses-currency');
  }, 30_000);
});
