import { createHash } from 'node:crypto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, RESPONSE_CODE } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_STATUS_LABELS, MAX_OPEN_DRAFTS } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES } from '#contract/documents.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import { FIELD_MESSAGES, FORM_TEXT, type FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { on } from '../../lib/events/bus.ts';
import { contactPhone } from '../../lib/http/index.ts';
import { parseHash } from '../../lib/router/location.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { envelope, fakeApi, unreachable, type FakeCall, type FakeRoutes } from '../../../test/fakeApi.ts';
import { forgetFlow } from './flow.ts';
import GenericScreen from './GenericScreen.tsx';
import { listUnsaved, type Owner } from './unsavedInput.ts';

/** The newest input kept for an e-service, whichever record it is of. */
const readKept = (owner: Owner, appCode: string) => listUnsaved(owner).find((i) => i.appCode === appCode) ?? null;

vi.mock('../../lib/session/index.ts', () => import('../../../test/signedInSession.ts'));

/** Two question pages (a conditional question, a repeating group of one to three rows) and a declaration. */
const FORM: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'you',
      heading: 'About you',
      sections: [
        {
          heading: 'You',
          fields: [
            { name: 'fullName', label: 'Full name', type: 'text', required: true },
            { name: 'sms', label: 'Notify me by SMS', type: 'yesNo', required: true },
            {
              name: 'mobile',
              label: 'Mobile number',
              type: 'mobile',
              required: true,
              showIf: { field: 'sms', op: 'equals', value: 'Y' },
            },
            {
              name: 'passport',
              label: 'Copy of your passport',
              type: 'attachment',
              maxSizeBytes: 1024 * 1024,
              maxFiles: 2,
              types: ['application/pdf'],
            },
          ],
        },
      ],
    },
    {
      id: 'trips',
      heading: 'Your trips',
      sections: [
        {
          heading: 'Trips',
          fields: [
            {
              name: 'trips',
              label: 'Countries visited',
              type: 'group',
              itemLabel: 'Country',
              minRows: 1,
              maxRows: 3,
              fields: [{ name: 'country', label: 'Country name', type: 'text', required: true }],
            },
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
  code: 'PAR',
  title: 'Permission to Travel Abroad',
  description: 'Ask to travel.',
  group: 'Travel',
  menu: 'Travel',
  href: '/generic?app=PAR',
  caseType: 'PA',
  formVersion: 2,
  form: FORM,
};
/** A document an officer sent with the decision on record 7 (docs/decisions/0090). */
const STATEMENT = {
  id: '5d6e7f80-9a1b-4c2d-8e3f-405162738495',
  fileName: 'statement.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 3072,
  sentAt: '2026-03-09T02:00:00.000Z',
};
/** Record 7, a draft of PAR with nothing answered. */
const DRAFT: CaseDetail = {
  id: '7',
  appCode: 'PAR',
  caseNumber: 'PA 000042 2026',
  status: 'draft',
  version: 1,
  updatedAt: '2026-03-05T06:07:00.000Z',
  data: {},
  formVersion: 2,
  createdAt: '2026-03-05T06:07:00.000Z',
  submittedAt: null,
};

let toasts: Array<{ severity: string; message: string }>;
let routes: FakeRoutes;
let calls: FakeCall[];
let stopToasts: () => void;

beforeEach(() => {
  forgetFlow();
  window.location.hash = '#/generic?app=PAR';
  document.title = 'E-service | PTIB';
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem(STORAGE_KEYS.token, 'token');
  toasts = [];
  stopToasts = on('toast', (t) => void toasts.push(t));
  routes = {
    'GET /api/config': () => ({ status: 200, body: envelope({ contactPhone: '1800', processEngineBase: '/pe' }) }),
    'GET /api/eservices/PAR': () => ({ status: 200, body: envelope(ESERVICE) }),
    'GET /api/cases': () => ({ status: 200, body: envelope({ cases: [], total: 0 }) }),
  };
  calls = fakeApi(routes);
});

afterEach(() => {
  stopToasts();
});

/** Shows the screen of the current address, as the router does on each navigation. */
async function at(heading: string) {
  cleanup();
  render(<GenericScreen location={parseHash(window.location.hash)} />);
  return screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
}

describe('question pages', () => {
  it('shows one page at a time, checks only that page on Continue, and goes on', async () => {
    const user = userEvent.setup();
    await at('About you');
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.queryByText('Country name')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert');
    // Only this page's questions; the group and the declaration wait for their pages.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Enter full name', 'Enter mobile number']);
    expect(window.location.hash).toBe('#/generic?app=PAR');

    // A conditional question hidden is not asked for, and its answer is not kept.
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    await user.type(screen.getByLabelText('Mobile number'), '91234567');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Mobile number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&page=trips');

    await at('Your trips');
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/generic?app=PAR&page=you');
    // The answers came along from the page before.
    expect(readKept({ loginName: 'ptib.demo', profileId: 'PTIB00000001' }, 'PAR')?.values.fullName).toBe('Lim Mei');
  }, 30_000);

  it('goes to check answers, and a Change link returns to its question and back', async () => {
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Your trips');
    await user.type(screen.getByLabelText('Country name'), 'Malaysia');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');

    await at('Check your answers before sending');
    const rows = [...document.querySelectorAll('.check-answers dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['Full name', 'Lim Mei'],
      ['Notify me by SMS', 'No'],
      ['Copy of your passport', 'Not provided'],
      ['Country 1: Country name', 'Malaysia'],
    ]);
    // The declaration is ticked here, above the button named for the action; it is no answer to list, so
    // its page has no heading among the answers (one with nothing under it, read alone, says nothing).
    expect(screen.getByRole('checkbox', { name: 'It is all true.' })).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Declaration' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' })).toBeVisible();

    const change = screen.getByRole('link', { name: 'Change Country 1: Country name' });
    expect(change).toHaveAttribute('href', '#/generic?app=PAR&page=trips&return=check#f-trips-0-country');
    window.location.hash = change.getAttribute('href')!;
    await at('Your trips');
    expect(screen.getByLabelText('Country name')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/generic?app=PAR&step=check');
    await user.clear(screen.getByLabelText('Country name'));
    await user.type(screen.getByLabelText('Country name'), 'Japan');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');
    await at('Check your answers before sending');
    expect(screen.getByText('Japan')).toBeVisible();
  }, 30_000);
});

describe('a Change that brings in another page', () => {
  const CONDITIONAL: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'plan',
        heading: 'The application',
        sections: [
          {
            heading: 'Application',
            fields: [
              {
                name: 'action',
                label: 'What do you want to do',
                type: 'radios',
                required: true,
                options: [
                  { value: 'amend', label: 'Amend it' },
                  { value: 'withdraw', label: 'Withdraw it' },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'trip',
        heading: 'The trip',
        sections: [
          {
            heading: 'Trip',
            showIf: { field: 'action', op: 'equals', value: 'amend' },
            fields: [{ name: 'keep', label: 'Keep the other details', type: 'yesNo', required: true }],
          },
        ],
      },
    ],
  };

  it('asks its questions before check answers, rather than taking their defaults unseen', async () => {
    routes['GET /api/eservices/PAR'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form: CONDITIONAL }) });
    const user = userEvent.setup();
    await at('The application');
    await user.click(screen.getByRole('radio', { name: 'Withdraw it' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');
    await at('Check your answers before sending');
    // The tab names the step and the e-service, as the heading and its caption do.
    expect(document.title).toBe('Check your answers before sending – Permission to Travel Abroad | PTIB e-Services');
    window.location.hash = screen.getByRole('link', { name: 'Change What do you want to do' }).getAttribute('href')!;

    await at('The application');
    expect(document.title).toBe('The application – Permission to Travel Abroad | PTIB e-Services');
    await user.click(screen.getByRole('radio', { name: 'Amend it' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&page=trip&return=check');
    await at('The trip');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/generic?app=PAR&step=check');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');

    // A page seen already is not asked again.
    await at('Check your answers before sending');
    window.location.hash = screen.getByRole('link', { name: 'Change What do you want to do' }).getAttribute('href')!;
    await at('The application');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');
  }, 30_000);

  it('shows the page an address names only while it applies, and says which it shows instead', async () => {
    routes['GET /api/eservices/PAR'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form: CONDITIONAL }) });
    // A bookmark, or Forward after an answer hid the page.
    window.location.hash = '#/generic?app=PAR&page=trip#f-keep';
    const user = userEvent.setup();
    await at('The application');
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&page=plan'));
    // The answer that brings the page in does not move the user there, past this page's Continue.
    await user.click(screen.getByRole('radio', { name: 'Amend it' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The application');
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(window.location.hash).toBe('#/generic?app=PAR&page=plan');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&page=trip');
  }, 30_000);
});

describe('the error summary', () => {
  it('says there is a problem, takes focus, links each field, and titles the page', async () => {
    const user = userEvent.setup();
    await at('About you');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Please correct the validation errors.',
    );
    expect(toasts).toEqual([{ severity: 'error', message: MESSAGES.validationSummary }]);
    expect(document.title).toBe('Error: About you – Permission to Travel Abroad | PTIB e-Services');
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAccessibleDescription('Error: Enter full name');
    await user.click(within(summary).getByRole('link', { name: 'Enter full name' }));
    expect(name).toHaveFocus();

    // Corrected, the summary and the title let go.
    await user.type(name, 'Lim Mei');
    await user.type(screen.getByLabelText('Mobile number'), '91234567');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(document.title).toBe('About you – Permission to Travel Abroad | PTIB e-Services');
  }, 30_000);

  it("lets go of a question's error when another answer hides the question", async () => {
    const user = userEvent.setup();
    await at('About you');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const links = () =>
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((l) => l.textContent);
    expect(links()).toEqual(['Enter full name', 'Enter mobile number']);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Mobile number')).toBeNull();
    // No link to a question that is not there.
    expect(links()).toEqual(['Enter full name']);
    // Shown again, it is asked for on the next Continue, not before.
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(links()).toEqual(['Enter full name']);
  }, 30_000);

  it('on check answers, links an error on another page to that page', async () => {
    window.location.hash = '#/generic?app=PAR&step=check';
    const user = userEvent.setup();
    await at('Check your answers before sending');
    await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter full name' })).toHaveAttribute(
      'href',
      '#/generic?app=PAR&page=you&return=check#f-fullName',
    );
    // The declaration is on this page: its link stays here.
    expect(within(summary).getByRole('link', { name: 'Tick the box to confirm the declaration' })).toHaveAttribute(
      'href',
      '#f-declaration',
    );
  }, 30_000);

  it('on the page an error link leads to, shows that page’s errors by their fields, as the page’s own', async () => {
    window.location.hash = '#/generic?app=PAR&step=check';
    const user = userEvent.setup();
    await at('Check your answers before sending');
    await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
    window.location.hash = within(screen.getByRole('alert'))
      .getByRole('link', { name: 'Enter full name' })
      .getAttribute('href')!;

    await at('About you');
    const name = screen.getByLabelText('Full name');
    // The link goes to the field, which says what is wrong; the summary names this page's errors only.
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Error: Enter full name');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Error: Enter mobile number');
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Enter full name', 'Enter mobile number']);
    expect(document.title).toBe('Error: About you – Permission to Travel Abroad | PTIB e-Services');

    // They go as they are corrected, and check answers, come back to, has none until it is sent again.
    await user.type(name, 'Lim Mei');
    await user.type(screen.getByLabelText('Mobile number'), '91234567');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');
    await at('Check your answers before sending');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  it('on the page the link of a Save draft’s error leads to, shows the error by its field', async () => {
    const MOBILE = FIELD_MESSAGES.mobile('Mobile number');
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', sms: 'Y', mobile: '123' } }),
    });
    window.location.hash = '#/generic?app=PAR&case=7&page=trips';
    const user = userEvent.setup();
    await at('Your trips');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const link = within(screen.getByRole('alert')).getByRole('link', { name: MOBILE });
    expect(link).toHaveAttribute('href', '#/generic?app=PAR&case=7&page=you#f-mobile');
    window.location.hash = link.getAttribute('href')!;

    await at('About you');
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription(`Error: ${MOBILE}`);
    // Checked again as a draft is: the name a submission would ask for is not in error here.
    await user.clear(mobile);
    await user.type(mobile, '91234567');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mobile).not.toHaveAttribute('aria-invalid');
  }, 30_000);

  it('shows on its page an error of an answer checked against one on another page', async () => {
    const TWO_PAGES: FormDefinition = {
      schemaVersion: 2,
      pages: [
        {
          id: 'income',
          heading: 'Your income',
          sections: [
            { heading: 'Income', fields: [{ name: 'income', label: 'Income', type: 'amount', required: true }] },
          ],
        },
        {
          id: 'spending',
          heading: 'Your spending',
          sections: [
            {
              heading: 'Spending',
              fields: [
                {
                  name: 'contribution',
                  label: 'Contribution',
                  type: 'amount',
                  required: true,
                  compare: [{ op: 'lte', field: 'income' }],
                },
              ],
            },
          ],
        },
      ],
    };
    const SAME = FIELD_MESSAGES.sameCurrency('Contribution', 'Income');
    routes['GET /api/eservices/PAR'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form: TWO_PAGES }) });
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({
        ...DRAFT,
        data: { income: { amount: '900', currency: 'USD' }, contribution: { amount: '100', currency: 'SGD' } },
      }),
    });
    window.location.hash = '#/generic?app=PAR&case=7&step=check';
    const user = userEvent.setup();
    await at('Check your answers before sending');
    await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
    window.location.hash = within(screen.getByRole('alert')).getByRole('link', { name: SAME }).getAttribute('href')!;

    await at('Your spending');
    const currency = within(screen.getByRole('group', { name: 'Contribution' })).getByLabelText('Currency');
    expect(currency).toHaveFocus();
    expect(currency).toHaveAttribute('aria-invalid', 'true');
    expect(currency).toHaveAccessibleDescription(`Error: ${SAME}`);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: SAME })).toHaveAttribute(
      'href',
      '#f-contribution-currency',
    );
    // Corrected, it goes.
    await user.selectOptions(currency, 'USD');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

describe('a repeating group', () => {
  it('adds rows up to its maximum, removes them, and asks for a field in each', async () => {
    window.location.hash = '#/generic?app=PAR&page=trips';
    const user = userEvent.setup();
    await at('Your trips');
    const group = screen.getByRole('group', { name: 'Countries visited' });
    // The least rows are there from the start.
    expect(within(group).getAllByRole('group', { name: /^Country \d$/ })).toHaveLength(1);
    await user.click(within(group).getByRole('button', { name: 'Add another country' }));
    await user.click(within(group).getByRole('button', { name: 'Add another country' }));
    expect(within(group).getAllByRole('group', { name: /^Country \d$/ })).toHaveLength(3);
    // At the most rows, no more can be added, and the page says so where the button was.
    expect(within(group).queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(within(group).getByText(FORM_TEXT.rowsFull(3))).toBeVisible();

    await user.type(within(screen.getByRole('group', { name: 'Country 1' })).getByLabelText('Country name'), 'Laos');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Country 2: Enter country name', 'Country 3: Enter country name']);

    await user.click(within(group).getByRole('button', { name: 'Remove country 3' }));
    await user.click(within(group).getByRole('button', { name: 'Remove country 2' }));
    expect(within(group).getAllByRole('group', { name: /^Country \d$/ })).toHaveLength(1);
    // Not fewer than the least rows.
    expect(within(group).queryByRole('button', { name: /^Remove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PAR&step=check');
  }, 30_000);

  it('keeps the keyboard focus in the group as rows come and go', async () => {
    window.location.hash = '#/generic?app=PAR&page=trips';
    const user = userEvent.setup();
    await at('Your trips');
    const group = screen.getByRole('group', { name: 'Countries visited' });
    await user.click(within(group).getByRole('button', { name: 'Add another country' }));
    // The new row's first question, ready to answer.
    expect(within(screen.getByRole('group', { name: 'Country 2' })).getByLabelText('Country name')).toHaveFocus();
    await user.click(within(group).getByRole('button', { name: 'Add another country' }));
    // The last row allowed: the Add button went, the focus did not go with it.
    expect(within(screen.getByRole('group', { name: 'Country 3' })).getByLabelText('Country name')).toHaveFocus();

    // As the add another pattern does: the focus goes to the group's heading, and the removal is said.
    const legend = within(group).getByText('Countries visited', { selector: 'legend' });
    const status = within(group).getByRole('status');
    await user.click(within(group).getByRole('button', { name: 'Remove country 3' }));
    expect(legend).toHaveFocus();
    expect(status).toHaveTextContent(FORM_TEXT.rowRemoved('Country', 3));
    await user.click(within(group).getByRole('button', { name: 'Remove country 2' }));
    // No Remove buttons are left at the least rows: the focus is still in the group.
    expect(legend).toHaveFocus();
    expect(status).toHaveTextContent('Country 2 removed.');
  }, 30_000);
});

describe('an attachment question', () => {
  const DOC = {
    id: '0b7c4a9e-6a43-4d1e-9d4f-2f1a6f1f0c11',
    fieldName: 'passport',
    fileName: 'passport.pdf',
    mediaType: 'application/pdf',
    sizeBytes: 2048,
    sha256: 'ab',
    scanStatus: 'not_scanned',
    uploadedAt: '2026-03-05T06:07:00.000Z',
  };
  const refusal = (message: string) => envelope(null, '400', message);

  it('saves a draft for the first file, uploads on choosing, lists it with its size, and removes it', async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(DOC) });
    routes[`POST /api/documents/${DOC.id}/delete`] = () => ({ status: 200, body: envelope(null) });
    const user = userEvent.setup();
    await at('About you');
    await user.upload(
      screen.getByLabelText(/Copy of your passport/),
      new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }),
    );
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(list).toHaveTextContent('passport.pdf (2 KB)');
    // Said as a removal is: a screen reader hears that the file went in, not only "Uploading…".
    expect(toasts).toContainEqual({ severity: 'success', message: DOCUMENT_MESSAGES.uploaded });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /api/cases', 'POST /api/cases/7/documents?field=passport']),
    );
    expect(calls.find((c) => c.path.startsWith('/api/cases/7/documents'))!.body).toBeInstanceOf(FormData);
    // The answer is the list of file ids, kept with the rest of the input.
    const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
    expect(readKept(owner, 'PAR')?.values.passport).toEqual([DOC.id]);

    await user.click(within(list).getByRole('button', { name: 'Remove passport.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /Files uploaded/ })).toBeNull());
    expect(readKept(owner, 'PAR')?.values.passport).toEqual([]);
  }, 30_000);

  /**
   * Record 7 waiting for the answer to an officer's request naming `fields`, with `data` as sent; answers what
   * the reply sends (null until it is sent).
   */
  function requested(fields: string[], labels: string[], data: Record<string, unknown>, documents: unknown[] = []) {
    const asked = {
      ...DRAFT,
      status: 'more_info_requested',
      version: 4,
      submittedAt: '2026-03-05T06:08:00.000Z',
      data,
      progress: {
        timeline: [{ status: 'more_info_requested', at: '2026-03-06T02:00:00.000Z', message: 'Please change it.' }],
        request: {
          message: 'Please change it.',
          requestedAt: '2026-03-06T02:00:00.000Z',
          fields,
          fieldLabels: labels,
        },
        nextStep: 'Change the answers the officer asked about, then resubmit.',
        decisionReason: null,
      },
    };
    const reply: { sent: Record<string, unknown> | null } = { sent: null };
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(asked) });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents }) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: 'more_info_requested', history: [] }),
    });
    routes['POST /api/cases/7/resubmit'] = (request) => {
      reply.sent = (request.body as { data: Record<string, unknown> }).data;
      return { status: 200, body: envelope({ ...asked, status: 'in_review', version: 5, data: reply.sent }) };
    };
    window.location.hash = '#/generic?app=PAR&case=7&step=respond';
    return reply;
  }
  const SENT = { fullName: 'Lim Mei', sms: 'N', passport: [], trips: [{ country: 'Japan' }], declaration: true };

  // The officer keeps what was sent: its file is taken out of the answer, not deleted, so the answer can go
  // without it (the server refuses to delete it, and said so as a failure).
  it('answering a request, takes a file the record was sent with out of the answer without deleting it', async () => {
    const reply = requested(['passport'], ['Copy of your passport'], { ...SENT, passport: [DOC.id] }, [DOC]);
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    await user.click(within(list).getByRole('button', { name: 'Remove passport.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /Files uploaded/ })).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(reply.sent).toMatchObject({ passport: [] }));
  }, 30_000);

  it('answering a request, lists again a file added for it before a reload, and sends it', async () => {
    // Uploaded for the answer, then the page was reloaded (or opened on another device) before it was sent.
    const added = { ...DOC, id: '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22', uploadedAt: '2026-03-06T03:00:00.000Z' };
    // Kept from the draft without being named by what was sent: not the answer's to list.
    const older = { ...DOC, fileName: 'old.pdf' };
    const reply = requested(['passport'], ['Copy of your passport'], SENT, [older, added]);
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('passport.pdf (2 KB)');
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(reply.sent).toMatchObject({ passport: [added.id] }));
  }, 30_000);

  it('answering a request, asks the question a changed answer shows, and sends it', async () => {
    const reply = requested(['sms'], ['Notify me by SMS'], SENT);
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    // Asked, and checked, on the page: not an error of a question the page did not show.
    const mobile = await screen.findByLabelText('Mobile number');
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    expect(reply.sent).toBeNull();
    await user.type(mobile, '91234567');
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(reply.sent).toMatchObject({ sms: 'Y', mobile: '91234567' }));
  }, 30_000);

  it('answering a request for a question the answers hide, asks the answer that hides it, then the question', async () => {
    const reply = requested(['mobile'], ['Mobile number'], SENT);
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    // Not asked while "Notify me by SMS" is No: typed in, it would be dropped as hidden.
    expect(screen.queryByLabelText('Mobile number')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(await screen.findByLabelText('Mobile number'), '91234567');
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(reply.sent).toMatchObject({ sms: 'Y', mobile: '91234567' }));
  }, 30_000);

  it('answering a request that asks for the declaration again, starts it unticked', async () => {
    const reply = requested(['declaration'], ['Declaration'], SENT);
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    const box = screen.getByRole('checkbox');
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(reply.sent).toMatchObject({ declaration: true }));
  }, 30_000);

  it('takes a file whose upload got no answer as in, when it is, instead of sending it twice', async () => {
    const content = '%PDF-1.4';
    const stored = { ...DOC, sha256: createHash('sha256').update(content).digest('hex') };
    const onServer: (typeof DOC)[] = [];
    let listable = false;
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    // The server keeps the file; its answer is lost on the way back (the phone went offline).
    routes['POST /api/cases/7/documents'] = (request) => {
      onServer.push(stored);
      return onServer.length === 1 ? unreachable(request) : { status: 201, body: envelope(stored) };
    };
    routes['GET /api/cases/7/documents'] = (request) =>
      listable ? { status: 200, body: envelope({ documents: onServer }) } : unreachable(request);
    routes['POST /api/cases/7/delete'] = unreachable;
    const user = userEvent.setup();
    await at('About you');
    const pick = () =>
      user.upload(
        screen.getByLabelText(/Copy of your passport/, { selector: 'input' }),
        new File([content], 'passport.pdf', { type: 'application/pdf' }),
      );
    await pick();
    expect(await screen.findByText(DOCUMENT_MESSAGES.notUploadedNoAnswer)).toBeVisible();

    // Back online, the user chooses the same file again: it is in already, and is not sent a second time.
    listable = true;
    await pick();
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(onServer).toHaveLength(1);
    const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
    expect(readKept(owner, 'PAR')?.values.passport).toEqual([stored.id]);
  }, 30_000);

  // The connection failing is nothing to correct: the error summary would take the focus (and a phone's page far
  // up from the question) and stay once the connection is back (docs/decisions/0108).
  it.each([
    ['its upload', 'POST /api/cases/7/documents'],
    ['the draft it needs', 'POST /api/cases'],
  ])(
    'notes beside the question a file not uploaded as %s got no answer, leaving the focus on the file input',
    async (_, lost) => {
      routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
      routes['POST /api/cases/7/delete'] = unreachable;
      routes['GET /api/cases/7/documents'] = unreachable;
      routes[lost] = unreachable;
      const user = userEvent.setup();
      await at('About you');
      await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
      const input = screen.getByLabelText(/Copy of your passport/, { selector: 'input' });
      await user.upload(input, new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(input).toHaveAccessibleDescription(DOCUMENT_MESSAGES.notUploadedNoAnswer));
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(MESSAGES.validationSummary)).toBeNull();
      expect(screen.queryByRole('link', { name: DOCUMENT_MESSAGES.notUploadedNoAnswer })).toBeNull();
      expect(input).toHaveFocus();
      expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');

      // Chosen again once the connection is back: the note goes with the file that goes in.
      routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
      routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(DOC) });
      await user.upload(input, new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
      await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
      expect(screen.queryByText(DOCUMENT_MESSAGES.notUploadedNoAnswer)).toBeNull();
    },
    30_000,
  );

  // Without a digest (a browser without Web Crypto) the same bytes reach the server, which answers with its file.
  it('says a file the server already holds on the question was chosen again, and lists it once', async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(DOC) });
    const user = userEvent.setup();
    await at('About you');
    const input = () => screen.getByLabelText(/Copy of your passport/, { selector: 'input' });
    await user.upload(input(), new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    await user.upload(input(), new File(['%PDF-1.4 again'], 'passport copy.pdf', { type: 'application/pdf' }));
    const message = DOCUMENT_MESSAGES.alreadyUploaded(DOC.fileName);
    expect(await screen.findByRole('link', { name: message })).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
    expect(readKept(owner, 'PAR')?.values.passport).toEqual([DOC.id]);
  }, 30_000);

  // The server answers the same bytes on one question with one file, whichever row of a group they come for.
  it('adds to a row a file the record holds for another row, and says chosen again only within a row', async () => {
    const form: FormDefinition = {
      schemaVersion: 2,
      pages: [
        {
          id: 'receipts',
          heading: 'Receipts',
          sections: [
            {
              heading: 'Receipts',
              fields: [
                {
                  name: 'receipts',
                  label: 'Receipts',
                  type: 'group',
                  itemLabel: 'Receipt',
                  minRows: 1,
                  maxRows: 3,
                  fields: [
                    {
                      name: 'proof',
                      label: 'Proof of payment',
                      type: 'attachment',
                      maxSizeBytes: 1024 * 1024,
                      maxFiles: 2,
                      types: ['application/pdf'],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    routes['GET /api/eservices/PAR'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(DOC) });
    const user = userEvent.setup();
    await at('Receipts');
    await user.click(screen.getByRole('button', { name: 'Add another receipt' }));
    const inputs = () => screen.getAllByLabelText(/Proof of payment/, { selector: 'input' });
    await user.upload(inputs()[0]!, new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    await screen.findByRole('list', { name: 'Files uploaded: Proof of payment' });
    await user.upload(inputs()[1]!, new File(['%PDF-1.4 row 2'], 'receipt.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(screen.getAllByRole('list', { name: 'Files uploaded: Proof of payment' })).toHaveLength(2),
    );
    expect(screen.queryByText(DOCUMENT_MESSAGES.alreadyUploaded(DOC.fileName))).toBeNull();

    // Chosen again in a row that lists it: said, not added.
    await user.upload(inputs()[1]!, new File(['%PDF-1.4 again'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: DOCUMENT_MESSAGES.alreadyUploaded(DOC.fileName) })).toBeVisible();
    for (const list of screen.getAllByRole('list', { name: 'Files uploaded: Proof of payment' }))
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  }, 30_000);

  // The earlier error was about the file chosen before: left beside the note, it told of a file no longer there.
  it('drops an earlier file error when the next file chosen gets no answer', async () => {
    const virus = 'The selected file contains a virus';
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(DOC) });
    routes['GET /api/cases/7/documents'] = unreachable;
    const user = userEvent.setup();
    await at('About you');
    const input = screen.getByLabelText(/Copy of your passport/, { selector: 'input' });
    await user.upload(input, new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }));
    await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    routes['POST /api/cases/7/documents'] = () => ({ status: 400, body: envelope(null, '400', virus) });
    await user.upload(input, new File(['%PDF-1.4 x'], 'visa.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: virus })).toBeVisible();

    routes['POST /api/cases/7/documents'] = unreachable;
    await user.upload(input, new File(['%PDF-1.4 clean'], 'passport-2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(DOCUMENT_MESSAGES.notUploadedNoAnswer));
    expect(screen.queryByText(virus)).toBeNull();
    expect(screen.queryByText(MESSAGES.validationSummary)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  }, 30_000);

  it('saves one draft for several files chosen at once, and keeps them with it', async () => {
    const second = { ...DOC, id: '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22', fileName: 'visa.pdf' };
    let uploads = 0;
    let drafts = 0;
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope({ ...DRAFT, id: String(7 + drafts++) }) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(uploads++ ? second : DOC) });
    const user = userEvent.setup();
    await at('About you');
    const file = (name: string) => new File([`%PDF-1.4 ${name}`], name, { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/Copy of your passport/), [file('passport.pdf'), file('visa.pdf')]);
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/cases',
      '/api/cases/7/documents?field=passport',
      '/api/cases/7/documents?field=passport',
    ]);
    // Kept in this browser as the draft's input, with both files.
    const kept = readKept({ loginName: 'ptib.demo', profileId: 'PTIB00000001' }, 'PAR');
    expect(kept).toMatchObject({ caseId: '7', values: { passport: [DOC.id, second.id] } });
  }, 30_000);

  it.each([
    ['first', ['eicar.pdf', 'visa.pdf']],
    ['last', ['visa.pdf', 'eicar.pdf']],
  ])(
    'says which of several files chosen at once did not go in, when it is the %s',
    async (_, names) => {
      const visa = { ...DOC, id: '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22', fileName: 'visa.pdf' };
      const virus = DOCUMENT_MESSAGES.virus;
      routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
      routes['POST /api/cases/7/delete'] = () => ({ status: 200, body: envelope(null) });
      routes['POST /api/cases/7/documents'] = (request) =>
        (request.body as FormData).get('file') instanceof File &&
        ((request.body as FormData).get('file') as File).name === 'eicar.pdf'
          ? { status: 400, body: refusal(virus) }
          : { status: 201, body: envelope(visa) };
      const user = userEvent.setup();
      await at('About you');
      const file = (name: string) => new File([`%PDF-1.4 ${name}`], name, { type: 'application/pdf' });
      const input = screen.getByLabelText(/Copy of your passport/, { selector: 'input' });
      await user.upload(input, names.map(file));
      const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
      // The file that went in does not wipe out why the other did not: the user would think both were in.
      const message = DOCUMENT_MESSAGES.ofFile('eicar.pdf', virus);
      await waitFor(() => expect(input).toHaveAccessibleDescription(`Error: ${message}`));
      expect(within(screen.getByRole('alert')).getByRole('link', { name: message })).toBeVisible();
    },
    30_000,
  );

  it('says beside the question that too many files are being uploaded at once, keeping the draft', async () => {
    const message = UPLOAD_MESSAGES.tooManyAtOnce;
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: [] } }),
    });
    routes['POST /api/cases/7/documents'] = () => ({
      status: 429,
      body: envelope(null, RESPONSE_CODE.TOO_MANY_REQUESTS, message),
    });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const input = await screen.findByLabelText(/Copy of your passport/, { selector: 'input' });
    await userEvent.setup().upload(input, new File(['%PDF-1.4 x'], 'passport.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(`Error: ${message}`));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Lim Mei');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/cases/7/delete')).toBe(false);
  }, 30_000);

  it('says a file chosen again is already uploaded in the question, and does not send it twice', async () => {
    const content = '%PDF-1.4 the same';
    const held = { ...DOC, sha256: createHash('sha256').update(content).digest('hex') };
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: [held.id] } }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [held] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const input = await screen.findByLabelText(/Copy of your passport/, { selector: 'input' });
    await userEvent.setup().upload(input, new File([content], 'scan-again.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(DOCUMENT_MESSAGES.alreadyUploaded('passport.pdf')),
      ),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/cases/7/documents')).toBe(false);
  }, 30_000);

  it('sends once a file chosen twice in one go, and says the second is already uploaded', async () => {
    const content = '%PDF-1.4 twice';
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({
      status: 201,
      body: envelope({ ...DOC, fileName: 'a.pdf', sha256: createHash('sha256').update(content).digest('hex') }),
    });
    const user = userEvent.setup();
    await at('About you');
    const file = (name: string) => new File([content], name, { type: 'application/pdf' });
    const input = screen.getByLabelText(/Copy of your passport/, { selector: 'input' });
    await user.upload(input, [file('a.pdf'), file('a-copy.pdf')]);
    const message = DOCUMENT_MESSAGES.ofFile('a-copy.pdf', DOCUMENT_MESSAGES.alreadyUploaded('a.pdf'));
    await waitFor(() => expect(input).toHaveAccessibleDescription(`Error: ${message}`));
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/cases/7/documents'))).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  }, 30_000);

  it('says, once the input is restored after signing in again, that a file chosen after the session ended did not go', async () => {
    // Signed in elsewhere meanwhile: the draft the file needs is refused as the session's end.
    routes['POST /api/cases'] = () => ({
      status: 403,
      body: envelope(null, RESPONSE_CODE.SESSION_INTERRUPTED, 'Signed in elsewhere'),
    });
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    await user.upload(
      screen.getByLabelText(/Copy of your passport/, { selector: 'input' }),
      new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/cases')).toBe(true));

    // Signed in again: a new screen, nothing in memory, the input offered back.
    forgetFlow();
    await at('About you');
    await user.click(
      within(screen.getByRole('region', { name: /unsaved changes/ })).getByRole('button', { name: 'Restore' }),
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
    const message = DOCUMENT_MESSAGES.notUploadedSession('passport.pdf');
    await waitFor(() =>
      expect(screen.getByLabelText(/Copy of your passport/, { selector: 'input' })).toHaveAccessibleDescription(
        `Error: ${message}`,
      ),
    );
    expect(within(screen.getByRole('alert')).getByRole('link', { name: message })).toBeVisible();
  }, 30_000);

  it('keeps the keyboard focus in the question when the file input goes and when a Remove button goes', async () => {
    const second = { ...DOC, id: '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22', fileName: 'visa.pdf' };
    let uploads = 0;
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({ status: 201, body: envelope(uploads++ ? second : DOC) });
    routes[`POST /api/documents/${DOC.id}/delete`] = () => ({ status: 200, body: envelope(null) });
    const user = userEvent.setup();
    await at('About you');
    const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/Copy of your passport/), file('passport.pdf'));
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    await user.upload(screen.getByLabelText(/Copy of your passport/, { selector: 'input' }), file('visa.pdf'));
    // The second file is the last one allowed: the file input goes, and the focus goes to the files.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByLabelText(/Copy of your passport/, { selector: 'input' })).toBeNull();
    await waitFor(() => expect(list).toHaveFocus());

    await user.click(within(list).getByRole('button', { name: 'Remove passport.pdf' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    // Its Remove button is gone: the focus is on the file input, back for another file.
    await waitFor(() => expect(screen.getByLabelText(/Copy of your passport/, { selector: 'input' })).toHaveFocus());
  }, 30_000);

  it('goes on with Continue pressed during an upload only once the file is in, with it', async () => {
    let arrive: () => void = () => {};
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () =>
      new Promise((resolve) => (arrive = () => resolve({ status: 201, body: envelope(DOC) })));
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.upload(
      screen.getByLabelText(/Copy of your passport/),
      new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText(/Uploading passport\.pdf/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Not on while the file is on its way: leaving now would drop it.
    expect(window.location.hash).not.toContain('page=trips');
    arrive();
    await waitFor(() => expect(window.location.hash).toContain('page=trips'));
    expect(readKept({ loginName: 'ptib.demo', profileId: 'PTIB00000001' }, 'PAR')?.values.passport).toEqual([DOC.id]);
  }, 30_000);

  it('lists again a file uploaded to a draft whose answers were not saved after it', async () => {
    // The tab was closed after the upload, before Save draft: the file is the record's, its answer not.
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei' } }) });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [DOC] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(list).toHaveTextContent('passport.pdf (2 KB)');
    // Kept without a scanner: its owner is told officers do not see it yet (docs/decisions/0037).
    expect(list).toHaveTextContent(DOCUMENT_MESSAGES.notScannedNote);
  }, 30_000);

  it('marks a file a scanner later found a virus in, so its owner knows which one to remove', async () => {
    const infected = { ...DOC, scanStatus: 'infected' };
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: [DOC.id] } }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [infected] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(list).toHaveTextContent(`passport.pdf (2 KB) ${DOCUMENT_MESSAGES.infectedNote}`);
    expect(list).not.toHaveTextContent(DOCUMENT_MESSAGES.notScannedNote);
    expect(within(list).getByRole('button', { name: 'Remove passport.pdf' })).toBeVisible();
  }, 30_000);

  it('lists the files sent with a submitted record, each to download again, but not one found infected', async () => {
    const infected = {
      ...DOC,
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      fileName: 'bad.pdf',
      scanStatus: 'infected',
    };
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({
        ...DRAFT,
        status: 'submitted',
        submittedAt: '2026-03-05T06:08:00.000Z',
        data: { fullName: 'Lim Mei', passport: [DOC.id] },
      }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [DOC, infected] }) });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'submitted', history: [] }) });
    routes[`GET /api/documents/${DOC.id}`] = () => ({ status: 404, body: envelope(null, '404', 'Gone') });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('Permission to Travel Abroad');
    const documents = await screen.findByRole('region', { name: FORM_TEXT.documentsHeading });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([FORM_TEXT.downloadDocument('passport.pdf')]);
    expect(documents).toHaveTextContent(`2 KB – ${DOCUMENT_MESSAGES.notScannedNote}`);
    await userEvent.setup().click(within(documents).getByRole('button'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === `/api/documents/${DOC.id}`)).toBe(true),
    );
    // A refusal is said, as the acknowledgement's is: here in the server's own words.
    await waitFor(() => expect(toasts).toContainEqual({ severity: 'error', message: 'Gone' }));
  }, 30_000);

  it("lists the officer's documents sent with the decision under their own heading, each to download", async () => {
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({
        ...DRAFT,
        status: 'approved',
        submittedAt: '2026-03-05T06:08:00.000Z',
        data: { fullName: 'Lim Mei', passport: [DOC.id] },
      }),
    });
    routes['GET /api/cases/7/documents'] = () => ({
      status: 200,
      body: envelope({ documents: [DOC], decisionDocuments: [STATEMENT] }),
    });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'approved', history: [] }) });
    routes[`GET /api/documents/${STATEMENT.id}`] = () => ({ status: 404, body: envelope(null, '404', 'Gone') });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('Permission to Travel Abroad');
    const sent = await screen.findByRole('region', { name: PROGRESS_TEXT.decisionDocumentsHeading });
    expect(sent).toHaveTextContent(PROGRESS_TEXT.decisionDocumentsHint);
    expect(within(sent).getByRole('listitem')).toHaveTextContent(`${FORM_TEXT.downloadDocument('statement.pdf')}3 KB`);
    // Apart from the applicant's own files, which do not list it.
    const own = screen.getByRole('region', { name: FORM_TEXT.documentsHeading });
    expect(within(own).queryByText(/statement\.pdf/)).toBeNull();
    await userEvent
      .setup()
      .click(within(sent).getByRole('button', { name: FORM_TEXT.downloadDocument('statement.pdf') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === `/api/documents/${STATEMENT.id}`)).toBe(true),
    );
    await waitFor(() => expect(toasts).toContainEqual({ severity: 'error', message: 'Gone' }));
  }, 30_000);

  it('shows no heading for documents from the officer when the decision sent none', async () => {
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, status: 'approved', submittedAt: '2026-03-05T06:08:00.000Z', data: {} }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [] }) });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'approved', history: [] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('Permission to Travel Abroad');
    await screen.findByText(FORM_TEXT.submittedView);
    expect(screen.queryByRole('heading', { name: PROGRESS_TEXT.decisionDocumentsHeading })).toBeNull();
  }, 30_000);

  it('says of a sent file found infected that the officer did not get it, and whom to call', async () => {
    const infected = { ...DOC, scanStatus: 'infected' };
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({
        ...DRAFT,
        status: 'submitted',
        submittedAt: '2026-03-05T06:08:00.000Z',
        data: { fullName: 'Lim Mei', passport: [DOC.id] },
      }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [infected] }) });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'submitted', history: [] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('Permission to Travel Abroad');
    // It cannot be removed from a sent record: not told to.
    await screen.findByText(`passport.pdf (2 KB) – ${DOCUMENT_MESSAGES.infectedSentNote(contactPhone())}`);
    expect(screen.queryByText(new RegExp(DOCUMENT_MESSAGES.infectedNote))).toBeNull();
  }, 30_000);

  it('lets go of a file removed from a draft whose answers were not saved after it', async () => {
    // Removed (the file is gone at once), then the tab was closed before Save draft: the answer still names it.
    const gone = '9e1f0c2a-3b4d-4e5f-8a6b-7c8d9e0f1a2b';
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: [gone, DOC.id] } }),
    });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [DOC] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    // Not a nameless "A file" that submitting would refuse as not found.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('passport.pdf (2 KB)');
    expect(list).not.toHaveTextContent('A file');
  }, 30_000);

  it('keeps the files of the draft that another account uploaded and this one may not see yet', async () => {
    // Not yet passed by a scanner, the holder's files are not in a master's list: only named as unseen there.
    const theirs = ['3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a'];
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: theirs } }),
    });
    routes['GET /api/cases/7/documents'] = () => ({
      status: 200,
      body: envelope({ documents: [], unseen: theirs.map((id) => ({ id, fieldName: 'passport' })) }),
    });
    routes['POST /api/cases/7'] = () => ({ body: envelope({ ...DRAFT, version: 2 }, '200', MESSAGES.draftSaved) });
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    // Named as what they are, not as nameless files with a Remove button that cannot remove them: removing
    // one is its uploader's alone.
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const item of items) expect(item).toHaveTextContent(`${FORM_TEXT.othersFile} (${FORM_TEXT.othersFileNote})`);
    expect(within(list).queryByRole('button')).toBeNull();
    // The question is full and nothing in its list takes the focus: its links land on the list itself.
    expect(list).toHaveAttribute('id', 'f-passport');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cases/7')).toBeDefined());
    expect(calls.find((c) => c.path === '/api/cases/7' && c.method === 'POST')!.body).toMatchObject({
      data: { passport: theirs },
    });

    // Every page of the journey is a screen of its own, made from the one before: the files stay named so there,
    // on check answers, and back on their question, not as removable files of this account's.
    window.location.hash = '#/generic?app=PAR&case=7&step=check';
    await at('Check your answers before sending');
    const answer = screen.getByText('Copy of your passport', { selector: 'dt' }).nextElementSibling;
    expect(answer).toHaveTextContent(`${FORM_TEXT.othersFile} (${FORM_TEXT.othersFileNote})`);
    window.location.hash = '#/generic?app=PAR&case=7&page=you&return=check';
    await at('About you');
    const again = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(within(again).getAllByRole('listitem')).toHaveLength(2);
    expect(within(again).queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/cases/7/documents')).toHaveLength(1);
  }, 30_000);

  it('keeps the files of a draft whose list of files could not be loaded', async () => {
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei', passport: [DOC.id] } }),
    });
    routes['GET /api/cases/7/documents'] = unreachable;
    window.location.hash = '#/generic?app=PAR&case=7';
    await at('About you');
    const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  }, 30_000);

  it('lands a Change link of a question with all its files on the first Remove button', async () => {
    const second = { ...DOC, id: '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22', fileName: 'visa.pdf' };
    const data = { fullName: 'Lim Mei', sms: 'N', passport: [DOC.id, second.id], trips: [{ country: 'Japan' }] };
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope({ ...DRAFT, data }) });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [DOC, second] }) });
    window.location.hash = '#/generic?app=PAR&case=7&step=check';
    await at('Check your answers before sending');
    const change = screen.getByRole('link', { name: 'Change Copy of your passport' });
    window.location.hash = change.getAttribute('href')!;
    await at('About you');
    // No file input (the question has its maximum): the focus is on what the user can do, not on the hint.
    expect(screen.queryByLabelText(/Copy of your passport/, { selector: 'input' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove passport.pdf' })).toHaveFocus());
  }, 30_000);

  it("shows the server's refusal inline and in the summary, in GOV.UK words", async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({
      status: 400,
      body: refusal('The selected file contains a virus'),
    });
    const user = userEvent.setup();
    await at('About you');
    const input = screen.getByLabelText(/Copy of your passport/);
    await user.upload(input, new File(['X5O!P%@AP'], 'eicar.pdf', { type: 'application/pdf' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'The selected file contains a virus' })).toBeVisible();
    expect(input).toHaveAccessibleDescription('Error: The selected file contains a virus');
    expect(screen.queryByRole('list', { name: /Files uploaded/ })).toBeNull();
  }, 30_000);

  /**
   * A file question that applies only sometimes (docs/decisions/0110): the passport asked only of one notified by
   * SMS. Its files stay with the draft while the answer hides it, as a hidden answer stays on the page, and are
   * neither shown on check answers nor sent.
   */
  describe('an attachment question that applies only sometimes', () => {
    const IF_SMS: FormDefinition = {
      ...FORM,
      pages: FORM.pages.map((p) => ({
        ...p,
        sections: p.sections.map((s) => ({
          ...s,
          fields: s.fields.map((f) =>
            f.name === 'passport' ? { ...f, showIf: { field: 'sms', op: 'equals' as const, value: 'Y' } } : f,
          ),
        })),
      })),
    };
    const PASSPORT = { ...DOC, scanStatus: 'clean' };
    /** Record 7 as the server keeps it: the answers without the hidden question's, the file still the record's. */
    const STORED = {
      ...DRAFT,
      data: { fullName: 'Lim Mei', sms: 'N', trips: [{ country: 'Japan' }], declaration: true },
    };

    beforeEach(() => {
      routes['GET /api/eservices/PAR'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form: IF_SMS }) });
      routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(STORED) });
      routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [PASSPORT] }) });
    });

    it('brings its files back when the answer asks it again, and sends none of them while it is hidden', async () => {
      routes['POST /api/cases/7'] = () => ({ body: envelope({ ...STORED, version: 2 }, '200', MESSAGES.draftSaved) });
      window.location.hash = '#/generic?app=PAR&case=7';
      const user = userEvent.setup();
      await at('About you');
      expect(screen.queryByText('Copy of your passport')).toBeNull();

      await user.click(screen.getByRole('radio', { name: 'Yes' }));
      const list = await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' });
      expect(list).toHaveTextContent('passport.pdf (2 KB)');
      await user.click(screen.getByRole('radio', { name: 'No' }));
      await waitFor(() => expect(screen.queryByText('Copy of your passport')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cases/7')).toBeDefined());
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cases/7')!.body).not.toHaveProperty(
        'data.passport',
      );

      await user.click(screen.getByRole('radio', { name: 'Yes' }));
      expect(await screen.findByRole('list', { name: 'Files uploaded: Copy of your passport' })).toHaveTextContent(
        'passport.pdf (2 KB)',
      );
    }, 30_000);

    it('leaves it and its files off check answers, and opens the draft as saved, to submit as it is', async () => {
      routes['POST /pe/cases/7/submit'] = () => ({
        body: envelope({ ...STORED, status: 'submitted', version: 2, submittedAt: '2026-03-05T06:08:00.000Z' }),
      });
      window.location.hash = '#/generic?app=PAR&case=7&step=check';
      const user = userEvent.setup();
      await at('Check your answers before sending');
      expect(screen.queryByText('Copy of your passport')).toBeNull();
      expect(screen.queryByText(/passport\.pdf/)).toBeNull();
      // Listed again for the question, the file is no change to save: a save would send the same answers.
      await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
      await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7&step=confirmation'));
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/pe/cases/7/submit']);
    }, 30_000);
  });
});

describe('a file chosen for a draft another person deleted or submitted meanwhile', () => {
  beforeEach(() => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei' } }) });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [] }) });
    window.location.hash = '#/generic?app=PAR&case=7';
  });
  const choose = async (user: ReturnType<typeof userEvent.setup>) =>
    user.upload(
      screen.getByLabelText(/Copy of your passport/),
      new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' }),
    );

  it('says the draft was deleted elsewhere, not that something is to be corrected, and keeps the answers', async () => {
    routes['POST /api/cases/7/documents'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.deleted) });
    const user = userEvent.setup();
    await at('About you');
    await screen.findByTestId('case-number');
    await choose(user);
    expect(await screen.findByText(FORM_TEXT.deletedWhileOpen, { selector: 'p', exact: false })).toBeVisible();
    expect(screen.queryByText(MESSAGES.validationSummary)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
  }, 30_000);

  it('shows the record as it now is, read-only, when it was submitted meanwhile', async () => {
    const user = userEvent.setup();
    await at('About you');
    await screen.findByTestId('case-number');
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope({ ...DRAFT, status: 'submitted', version: 2, data: { fullName: 'Lim Mei' } }),
    });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'submitted', history: [] }) });
    routes['POST /api/cases/7/documents'] = () => ({
      status: 409,
      body: envelope(null, '409', DOCUMENT_MESSAGES.notEditable),
    });
    await choose(user);
    await waitFor(() => expect(screen.getByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.submitted));
    expect(screen.getByText(DOCUMENT_MESSAGES.notEditable, { selector: 'p' })).toBeVisible();
    // The file's question has gone with the form: the focus is on the heading, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.queryByText(MESSAGES.validationSummary)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  }, 30_000);
});

describe('a first file that does not go in', () => {
  const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
  const passport = () => new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' });

  it.each([
    ['refused (a virus)', () => ({ status: 400, body: envelope(null, '400', 'The selected file contains a virus') })],
    ['lost on the way', unreachable],
  ])(
    '%s takes back the draft it made, keeping what was typed',
    async (_, answer) => {
      routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
      routes['POST /api/cases/7/documents'] = answer;
      routes['POST /api/cases/7/delete'] = () => ({ status: 200, body: envelope(null, '200', MESSAGES.recordDeleted) });
      const user = userEvent.setup();
      await at('About you');
      await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
      await user.upload(screen.getByLabelText(/Copy of your passport/), passport());
      // The user saved nothing: the draft made only for the file goes again, and nothing says it was deleted.
      await waitFor(() => expect(calls.find((c) => c.path === '/api/cases/7/delete')?.body).toEqual({ version: 1 }));
      await waitFor(() => expect(window.location.hash).not.toContain('case='));
      expect(toasts.map((t) => t.message)).not.toContain(MESSAGES.recordDeleted);
      expect(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
      expect(readKept(owner, 'PAR')?.values.fullName).toBe('Lim Mei');
      expect(readKept(owner, 'PAR')?.caseId).toBeNull();
      // Save draft then makes a new record, with what was typed.
      routes['POST /api/cases'] = () => ({ status: 201, body: envelope({ ...DRAFT, id: '8' }) });
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/cases')).toHaveLength(2));
      expect(calls.filter((c) => c.path === '/api/cases').at(-1)!.body).toMatchObject({
        data: { fullName: 'Lim Mei' },
      });
    },
    30_000,
  );

  it('says beside the question why the file was not uploaded when the draft it needs cannot be saved', async () => {
    const MOBILE = FIELD_MESSAGES.mobile('Mobile number');
    routes['POST /api/cases'] = () => ({
      status: 400,
      body: envelope(
        { fieldErrors: { mobile: MOBILE }, errors: [{ path: 'mobile', message: MOBILE }] },
        '400',
        MESSAGES.validationSummary,
      ),
    });
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Mobile number'), '123');
    const input = screen.getByLabelText(/Copy of your passport/);
    await user.upload(input, passport());
    // The file did not go in: the question says so and why, in the form's error pattern, beside the
    // answer that stops the draft; the summary lists both.
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(input).toHaveAccessibleDescription(`Error: ${DOCUMENT_MESSAGES.notUploadedErrors}`));
    expect(within(summary).getByRole('link', { name: DOCUMENT_MESSAGES.notUploadedErrors })).toBeVisible();
    expect(within(summary).getByRole('link', { name: MOBILE })).toBeVisible();
    expect(calls.some((c) => c.path.includes('/documents'))).toBe(false);
    expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('123');
  }, 30_000);

  it('says beside the question why the file was not uploaded when the draft could not be saved', async () => {
    routes['POST /api/cases'] = () => ({ status: 500, body: envelope(null, '500', MESSAGES.draftSaveFailed) });
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    const input = screen.getByLabelText(/Copy of your passport/);
    await user.upload(input, passport());
    await screen.findByRole('alert');
    await waitFor(() => expect(input).toHaveAccessibleDescription(`Error: ${DOCUMENT_MESSAGES.notUploadedNoDraft}`));
    expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
  }, 30_000);

  it('says beside the question why the draft was refused, rather than to try again', async () => {
    const full = CASE_MESSAGES.tooManyDrafts(MAX_OPEN_DRAFTS);
    routes['POST /api/cases'] = () => ({ status: 409, body: envelope(null, RESPONSE_CODE.CONFLICT, full) });
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    const input = screen.getByLabelText(/Copy of your passport/);
    await user.upload(input, passport());
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(`Error: ${DOCUMENT_MESSAGES.notUploadedDraftRefused(full)}`),
    );
    expect(calls.some((c) => c.path.includes('/documents'))).toBe(false);
    expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei');
  }, 30_000);

  /** On the page with the file question, the name typed; a draft saves, and the scanner refuses a file. */
  async function aboutYouWithAVirus() {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(DRAFT) });
    routes['POST /api/cases/7/documents'] = () => ({
      status: 400,
      body: envelope(null, '400', 'The selected file contains a virus'),
    });
    const user = userEvent.setup();
    await at('About you');
    await user.type(screen.getByLabelText('Full name'), 'Lim Mei');
    return user;
  }

  it('says a refused file once, in the error summary and beside its question, not again in a toast', async () => {
    const user = await aboutYouWithAVirus();
    const input = screen.getByLabelText(/Copy of your passport/);
    await user.upload(input, passport());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The selected file contains a virus');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Error: The selected file contains a virus'));
    expect(toasts.filter((t) => t.severity === 'error')).toEqual([]);
  }, 30_000);

  it('leaves a draft the user saved', async () => {
    const user = await aboutYouWithAVirus();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(window.location.hash).toContain('case=7'));
    await user.upload(screen.getByLabelText(/Copy of your passport/), passport());
    await screen.findByRole('alert');
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);
    expect(window.location.hash).toContain('case=7');
  }, 30_000);
});

describe('the confirmation address', () => {
  it('of a record that is still a draft goes back to its form', async () => {
    routes['GET /api/cases/7'] = () => ({ body: envelope({ ...DRAFT, data: { fullName: 'Lim Mei' } }) });
    routes['GET /api/cases/7/documents'] = () => ({ status: 200, body: envelope({ documents: [] }) });
    window.location.hash = '#/generic?app=PAR&case=7&step=confirmation';
    await at('About you');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Lim Mei'));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7'));
    expect(screen.queryByText('Your case number')).toBeNull();
  }, 30_000);
});

describe('the calls of a journey', () => {
  // Answered in full, as far as the questions go (the declaration is ticked on check answers).
  const ANSWERED: CaseDetail = { ...DRAFT, data: { fullName: 'Lim Mei', sms: 'N', trips: [{ country: 'Malaysia' }] } };
  const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
  const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/cases?')).length;
  const records = () => screen.getByRole('region', { name: 'Your records' });

  it('opening a record from the list asks once for the record, its files and its history', async () => {
    const approved = { ...ANSWERED, status: 'approved', version: 3, submittedAt: '2026-03-05T06:08:00.000Z' };
    routes['GET /api/cases'] = () => ({ body: envelope({ cases: [approved], total: 1 }) });
    routes['GET /api/cases/7'] = () => ({ body: envelope(approved) });
    routes['GET /api/cases/7/documents'] = () => ({
      body: envelope({ documents: [], decisionDocuments: [STATEMENT] }),
    });
    routes['GET /pe/cases/7/status'] = () => ({
      body: envelope({
        id: '7',
        caseNumber: approved.caseNumber,
        status: 'approved',
        version: 3,
        history: [
          { from: 'draft', to: 'submitted', at: '2026-03-05T06:08:00.000Z' },
          { from: 'submitted', to: 'approved', at: '2026-03-09T02:00:00.000Z' },
        ],
      }),
    });
    const user = userEvent.setup();
    await at('About you');
    await user.click(await within(records()).findByRole('button', { name: 'PA 000042 2026, open this record' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7'));

    await at('Permission to Travel Abroad');
    // The record as the list opened it, with the officer's documents and, once in, its history.
    expect(await screen.findByText('History')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: PROGRESS_TEXT.decisionDocumentsHeading })).toHaveTextContent(
      'statement.pdf',
    );
    await within(records()).findByRole('table');
    expect([gets('/api/cases/7'), gets('/api/cases/7/documents'), gets('/pe/cases/7/status')]).toEqual([1, 1, 1]);
  }, 30_000);

  it('asks for no list on the Continues between question pages, where it is not shown', async () => {
    const form = structuredClone(FORM);
    form.pages.splice(2, 0, {
      id: 'more',
      heading: 'Anything else',
      sections: [{ heading: 'More', fields: [{ name: 'remarks', label: 'Remarks', type: 'textarea' }] }],
    });
    routes['GET /api/eservices/PAR'] = () => ({ body: envelope({ ...ESERVICE, form }) });
    routes['GET /api/cases/7'] = () => ({ body: envelope(ANSWERED) });
    routes['GET /api/cases/7/documents'] = () => ({ body: envelope({ documents: [] }) });
    routes['GET /api/cases'] = () => ({ body: envelope({ cases: [ANSWERED], total: 1 }) });
    window.location.hash = '#/generic?app=PAR&case=7';
    const user = userEvent.setup();
    await at('About you');
    await within(records()).findByRole('table');
    expect(listCalls()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Your trips');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Anything else');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Check your answers before sending');
    expect(screen.getByText('Malaysia')).toBeVisible();
    expect(listCalls()).toBe(1);
  }, 30_000);

  it('shows the list as it is now when the user comes back to it after submitting, never as it was', async () => {
    let current = ANSWERED;
    const submitted: CaseDetail = {
      ...ANSWERED,
      status: 'submitted',
      version: 2,
      submittedAt: '2026-03-05T06:08:00.000Z',
    };
    let answerList: () => void = () => {};
    let held = false;
    routes['GET /api/cases'] = () => {
      const answer = { body: envelope({ cases: [current], total: 1 }) };
      if (!held) return answer;
      return new Promise((resolve) => (answerList = () => resolve(answer)));
    };
    routes['GET /api/cases/7'] = () => ({ body: envelope(current) });
    routes['GET /api/cases/7/documents'] = () => ({ body: envelope({ documents: [] }) });
    routes['GET /pe/cases/7/status'] = () => ({
      body: envelope({ id: '7', caseNumber: ANSWERED.caseNumber, status: current.status, version: 2, history: [] }),
    });
    // Ticking the declaration is a change: saved before the submission.
    routes['POST /api/cases/7'] = () => ({ body: envelope({ ...ANSWERED, version: 2 }, '200', MESSAGES.recordSaved) });
    routes['POST /pe/cases/7/submit'] = () => {
      current = submitted;
      return { body: envelope(submitted) };
    };
    window.location.hash = '#/generic?app=PAR&case=7';
    const user = userEvent.setup();
    await at('About you');
    expect(await within(records()).findByRole('table')).toHaveTextContent(CASE_STATUS_LABELS.draft);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Your trips');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await at('Check your answers before sending');
    await user.click(screen.getByRole('checkbox', { name: 'It is all true.' }));
    await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7&step=confirmation'));
    await at(FORM_TEXT.confirmationTitle('Permission to Travel Abroad'));

    // Back to the e-service (its menu, the dashboard): the list is not shown as it stood before the submission.
    held = true;
    const asked = listCalls();
    window.location.hash = '#/generic?app=PAR';
    await at('Permission to Travel Abroad');
    await waitFor(() => expect(listCalls()).toBe(asked + 1));
    expect(records()).not.toHaveTextContent(CASE_STATUS_LABELS.draft);
    answerList();
    expect(await within(records()).findByRole('table')).toHaveTextContent(CASE_STATUS_LABELS.submitted);
  }, 30_000);

  it('asks for the record no more once it is submitted: the confirmation shows it as the submission answered', async () => {
    let current = ANSWERED;
    routes['GET /api/cases/7'] = () => ({ body: envelope(current) });
    routes['GET /api/cases/7/documents'] = () => ({ body: envelope({ documents: [] }) });
    routes['GET /api/cases/7/acknowledgement.pdf'] = () => ({ status: 404, body: envelope(null, '404', 'Not yet') });
    routes['POST /api/cases/7'] = () => ({ body: envelope({ ...ANSWERED, version: 2 }, '200', MESSAGES.recordSaved) });
    routes['POST /pe/cases/7/submit'] = () => {
      current = { ...ANSWERED, status: 'submitted', version: 3, submittedAt: '2026-03-05T06:08:00.000Z' };
      return { body: envelope(current) };
    };
    window.location.hash = '#/generic?app=PAR&case=7&step=check';
    const user = userEvent.setup();
    await at('Check your answers before sending');
    await user.click(screen.getByRole('checkbox', { name: 'It is all true.' }));
    await user.click(screen.getByRole('button', { name: 'Submit Permission to Travel Abroad' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7&step=confirmation'));

    await at(FORM_TEXT.confirmationTitle('Permission to Travel Abroad'));
    expect(screen.getByTestId('case-number')).toHaveTextContent('PA 000042 2026');
    // Anything the confirmation asked for as it opened has been asked for by the time the user acts on it.
    await user.click(screen.getByRole('button', { name: FORM_TEXT.download }));
    await waitFor(() => expect(gets('/api/cases/7/acknowledgement.pdf')).toBe(1));
    expect([gets('/api/cases/7'), gets('/api/cases/7/documents'), gets('/pe/cases/7/status')]).toEqual([1, 1, 0]);
  }, 30_000);

  it('asks for no history on a confirmation opened by its address (a reload), which does not show it', async () => {
    const submitted = { ...ANSWERED, status: 'submitted', version: 3, submittedAt: '2026-03-05T06:08:00.000Z' };
    routes['GET /api/cases/7'] = () => ({ body: envelope(submitted) });
    routes['GET /api/cases/7/documents'] = () => ({ body: envelope({ documents: [] }) });
    routes['GET /api/cases/7/acknowledgement.pdf'] = () => ({ status: 404, body: envelope(null, '404', 'Not yet') });
    routes['GET /pe/cases/7/status'] = () => ({
      body: envelope({ id: '7', caseNumber: ANSWERED.caseNumber, status: 'submitted', version: 3, history: [] }),
    });
    window.location.hash = '#/generic?app=PAR&case=7&step=confirmation';
    const user = userEvent.setup();
    await at(FORM_TEXT.confirmationTitle('Permission to Travel Abroad'));
    // Anything the confirmation asked for as it opened has been asked for by the time the user acts on it.
    await user.click(screen.getByRole('button', { name: FORM_TEXT.download }));
    await waitFor(() => expect(gets('/api/cases/7/acknowledgement.pdf')).toBe(1));
    expect([gets('/api/cases/7'), gets('/api/cases/7/documents'), gets('/pe/cases/7/status')]).toEqual([1, 1, 0]);
  }, 30_000);

  it('answering a request opened by its address, asks for the history and the list once: on the record it goes back to', async () => {
    const asked: CaseDetail = {
      ...ANSWERED,
      status: 'more_info_requested',
      version: 4,
      submittedAt: '2026-03-05T06:08:00.000Z',
      data: { ...ANSWERED.data, passport: [], declaration: true },
      progress: {
        timeline: [{ status: 'more_info_requested', at: '2026-03-06T02:00:00.000Z', message: 'Please change it.' }],
        request: {
          message: 'Please change it.',
          requestedAt: '2026-03-06T02:00:00.000Z',
          fields: ['trips'],
          fieldLabels: ['Countries visited'],
        },
        nextStep: 'Change the answers the officer asked about, then resubmit.',
        decisionReason: null,
      },
    };
    let current = asked;
    routes['GET /api/cases/7'] = () => ({ body: envelope(current) });
    routes['GET /api/cases/7/documents'] = () => ({ body: envelope({ documents: [] }) });
    routes['GET /pe/cases/7/status'] = () => ({
      body: envelope({
        id: '7',
        caseNumber: ANSWERED.caseNumber,
        status: current.status,
        version: current.version,
        history: [{ from: 'draft', to: 'submitted', at: '2026-03-05T06:08:00.000Z' }],
      }),
    });
    routes['POST /api/cases/7/resubmit'] = (request) => {
      const data = (request.body as { data: Record<string, unknown> }).data;
      current = { ...asked, status: 'in_review', version: 5, data, progress: undefined };
      return { body: envelope(current) };
    };
    window.location.hash = '#/generic?app=PAR&case=7&step=respond';
    const user = userEvent.setup();
    await at('Change the answers the officer asked about');
    await user.clear(screen.getByLabelText('Country name'));
    await user.type(screen.getByLabelText('Country name'), 'Japan');
    const listed = listCalls();
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PAR&case=7'));

    await at('Permission to Travel Abroad');
    expect(await screen.findByText('History')).toBeInTheDocument();
    expect(await within(records()).findByText('You have no records for this e-service yet.')).toBeVisible();
    // The page answering the request shows no history: the record's view it goes back to is the one to ask.
    expect(gets('/pe/cases/7/status')).toBe(1);
    expect(listCalls()).toBe(listed + 1);
  }, 30_000);
});
