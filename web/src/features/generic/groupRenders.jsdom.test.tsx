import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Codelists from '#contract/codelists/index.ts';
import type { FormDefinition } from '#contract/forms/index.ts';
import type { EserviceDetail } from '#contract/schemas/eservices.ts';
import { parseHash } from '../../lib/router/location.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { forgetFlow } from './flow.ts';
import type * as Format from './format.ts';
import GenericScreen from './GenericScreen.tsx';

/*
 * What a key renders again on a page of many rows (a phone took 135–223 ms a key under 30 rows): counted by the
 * calls a question's render makes, the ids of its inputs (fieldDomId) and a select's code list (codeList).
 */
const ids = vi.hoisted(() => [] as string[]);
const lists = vi.hoisted(() => [] as string[]);
vi.mock('./format.ts', async (original) => {
  const real = await original<typeof Format>();
  return {
    ...real,
    fieldDomId: (path: string) => {
      ids.push(path);
      return real.fieldDomId(path);
    },
  };
});
vi.mock('#contract/codelists/index.ts', async (original) => {
  const real = await original<typeof Codelists>();
  return {
    ...real,
    codeList: ((name) => {
      lists.push(name);
      return real.codeList(name);
    }) as typeof real.codeList,
  };
});

vi.mock('../../lib/session/index.ts', () => import('../../../test/signedInSession.ts'));

/** Debts as DAR's, each row with its own currency, and remarks under them. */
const FORM: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'debts',
      heading: 'Your debts',
      sections: [
        {
          heading: 'Debts',
          fields: [
            {
              name: 'debts',
              label: 'Debts',
              type: 'group',
              itemLabel: 'Debt',
              minRows: 1,
              maxRows: 30,
              fields: [
                { name: 'creditorName', label: 'Name of creditor', type: 'text', required: true },
                { name: 'amount', label: 'Amount owed', type: 'amount', required: true },
              ],
            },
            { name: 'remarks', label: 'Remarks', type: 'textarea' },
          ],
        },
      ],
    },
  ],
};
const ESERVICE: EserviceDetail = {
  code: 'DAR',
  title: 'Debt Repayment Scheme',
  description: 'Apply to repay your debts.',
  group: 'Debts',
  menu: 'Debts',
  href: '/generic?app=DAR',
  caseType: 'DR',
  formVersion: 4,
  form: FORM,
};

beforeEach(() => {
  forgetFlow();
  window.location.hash = '#/generic?app=DAR';
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem(STORAGE_KEYS.token, 'token');
  fakeApi({
    'GET /api/config': () => ({ status: 200, body: envelope({ contactPhone: '1800', processEngineBase: '/pe' }) }),
    'GET /api/eservices/DAR': () => ({ status: 200, body: envelope(ESERVICE) }),
    'GET /api/cases': () => ({ status: 200, body: envelope({ cases: [], total: 0 }) }),
  });
});

/** The page with three debts. */
async function threeDebts() {
  cleanup();
  const user = userEvent.setup();
  render(<GenericScreen location={parseHash(window.location.hash)} />);
  await screen.findByRole('heading', { level: 1, name: 'Your debts' }, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: 'Add another debt' }));
  await user.click(screen.getByRole('button', { name: 'Add another debt' }));
  expect(screen.getAllByRole('group', { name: /^Debt \d$/ })).toHaveLength(3);
  return user;
}

/** What `typing` rendered again: the rows whose questions were, and the code lists of the selects whose options were. */
async function renderedBy(typing: () => Promise<void>) {
  ids.length = 0;
  lists.length = 0;
  await typing();
  const rows = new Set(ids.flatMap((path) => /^debts\[(\d+)\]/.exec(path)?.[1] ?? []));
  return { rows: [...rows].map(Number).sort(), lists: [...lists] };
}

describe('a key typed on a page of many rows', () => {
  it('renders no row, and no select’s options, again when typed outside the group', async () => {
    const user = await threeDebts();
    const remarks = screen.getByLabelText(/Remarks/);
    expect(await renderedBy(() => user.type(remarks, 'Paid'))).toEqual({ rows: [], lists: [] });
    expect(remarks).toHaveValue('Paid');
  }, 30_000);

  it('renders again only the row typed into, and no select’s options', async () => {
    const user = await threeDebts();
    const second = within(screen.getByRole('group', { name: 'Debt 2' }));
    expect(await renderedBy(() => user.type(second.getByLabelText('Amount'), '75.50'))).toEqual({
      rows: [1],
      lists: [],
    });
    expect(second.getByLabelText('Amount')).toHaveValue('75.50');
    // A currency chosen renders that select's options, with no blank any more: still that row alone.
    expect(await renderedBy(() => user.selectOptions(second.getByLabelText('Currency'), 'USD'))).toEqual({
      rows: [1],
      lists: [],
    });
    expect(second.getByLabelText('Currency')).toHaveValue('USD');
  }, 30_000);
});
