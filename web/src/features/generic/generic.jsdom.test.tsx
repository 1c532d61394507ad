import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MESSAGES, DEFAULTS, MESSAGES, withPhone } from '#contract/index.ts';
import {
  CASE_MESSAGES,
  CASE_STATUS_LABELS,
  MAX_OPEN_DRAFTS,
  NEXT_STEP_MESSAGES,
  RECORD_LIST_MAX,
  UNSAVED_INPUT_MAX_AGE_MS,
} from '#contract/cases.ts';
import { PAYMENT_MESSAGES, PAYMENT_TEXT, payNowPayload, type BillDetail } from '#contract/payments.ts';
import { FEES } from '#contract/fees.ts';
import {
  ADDRESS_PARTS,
  ADDRESS_PART_LABELS,
  FIELD_MESSAGES,
  FORM_TEXT,
  addDays,
  answersToKeep,
  formatMoney,
  mergeValues,
  todayInSingapore,
  type FieldDef,
  type FormDefinition,
  type Option,
} from '#contract/forms/index.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import { TRAVEL_TEXT } from '#contract/travel.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { on } from '../../lib/events/bus.ts';
import { identity } from '../../lib/session/index.ts';
import { parseHash } from '../../lib/router/location.ts';
import { recordServerDate, resetClockSkew } from '../../lib/session/clock.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { installDialogStandIn } from '../../../test/dialog.ts';
import { demoIdentity } from '../../../test/identity.ts';
import {
  envelope,
  fakeApi,
  unreachable,
  type FakeAnswer,
  type FakeCall,
  type FakeRoutes,
} from '../../../test/fakeApi.ts';
import { callsInFlight } from '../../lib/http/inflight.ts';
import { clearToasts, getToastState, subscribeToasts } from '../../components/toasts/toastStore.ts';
import { forgetFlow } from './flow.ts';
import GenericScreen from './GenericScreen.tsx';
import { entryOf, listUnsaved, readUnsaved, unsavedKey, writeUnsaved, type UnsavedInput } from './unsavedInput.ts';
import { UnsavedInputList } from './UnsavedInputList.tsx';

// The bill's QR code is drawn by a library whose canvas jsdom lacks: drawn as nothing.
vi.mock('qrcode', () => ({ toCanvas: vi.fn(async () => {}) }));

// The delete confirmation is a modal <dialog>.
installDialogStandIn();

// The real identity store over a fake profile call; a session engine whose sign-out the test triggers.
vi.mock('../../lib/session/index.ts', async () => {
  const { createIdentityStore } = await import('../../lib/session/identity.ts');
  const listeners = new Set<() => void>();
  let signedIn = true;
  const session = {
    getState: () => ({ signedIn, startedAt: signedIn ? 1 : null, deadline: null, warning: false }),
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    end: () => {
      signedIn = false;
      for (const l of listeners) l();
    },
  };
  const identity = createIdentityStore(async () => ({
    kind: 'ok',
    identity: {
      loginName: 'ptib.demo',
      ptibProfileID: 'PTIB00000001',
      authorizations: ['SEMS01'],
      PTIBName: 'Tan Ah Kow',
      idNum: 'S1234567D',
      mobileNum: '61234567',
      correspondenceAddressDetails: {
        blockHouseNo: '80',
        streetName: 'Robinson Road',
        floorUnit: '#10-01',
        buildingName: '',
        postalCode: '068898',
        country: '',
      },
    } as UserIdentity,
  }));
  return { session, identity };
});

const FORM: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'payment',
      heading: 'Payment',
      sections: [
        {
          heading: 'Payment',
          fields: [
            { name: 'idNo', label: 'ID number', type: 'text', format: 'identifier', required: true },
            { name: 'postal', label: 'Mailing postal code', type: 'postalCode', required: true },
            { name: 'fee', label: 'Fee', type: 'amount', required: true },
            { name: 'method', label: 'Payment method', type: 'select', codeList: 'paymentMethod', required: true },
            { name: 'urgent', label: 'Urgent', type: 'yesNo' },
            {
              name: 'urgentReason',
              label: 'Why it is urgent',
              type: 'text',
              showIf: { field: 'urgent', op: 'equals', value: 'Y' },
            },
            { name: 'home', label: 'Home address', type: 'address' },
            { name: 'when', label: 'Payment date', type: 'date' },
            { name: 'note', label: 'Remarks', type: 'textarea' },
          ],
        },
      ],
    },
  ],
};
const ESERVICE: EserviceDetail = {
  code: 'PD',
  title: 'Payment by Debtor',
  description: 'Make a payment.',
  group: 'Payments',
  menu: 'Payments',
  href: '/generic?app=PD',
  caseType: 'PD',
  formVersion: 1,
  form: FORM,
};
const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
/** The newest input kept for an e-service, whichever record it is of. */
const kept = (appCode = 'PD') => listUnsaved(owner).find((i) => i.appCode === appCode) ?? null;

function record(over: Partial<CaseDetail> = {}): CaseDetail {
  return {
    id: '7',
    appCode: 'PD',
    caseNumber: 'PD 000042 2026',
    status: 'draft',
    version: 1,
    updatedAt: '2026-03-05T06:07:00.000Z',
    data: {},
    formVersion: 1,
    createdAt: '2026-03-05T06:07:00.000Z',
    submittedAt: null,
    ...over,
  };
}

let routes: FakeRoutes;
let calls: FakeCall[];
let toasts: Array<{ severity: string; message: string }>;
let stopToasts: () => void;

beforeEach(() => {
  forgetFlow();
  window.location.hash = '';
  localStorage.clear();
  sessionStorage.clear();
  // Signed in: the screen loads the identity only while a token is stored.
  sessionStorage.setItem(STORAGE_KEYS.token, 'token');
  toasts = [];
  stopToasts = on('toast', (t) => void toasts.push(t));
  routes = {
    'GET /api/config': () => ({ status: 200, body: envelope({ contactPhone: '1800', processEngineBase: '/pe' }) }),
    'GET /api/eservices/PD': () => ({ status: 200, body: envelope(ESERVICE) }),
    'GET /api/cases': () => ({ status: 200, body: envelope({ cases: [], total: 0 }) }),
  };
  calls = fakeApi(routes);
});

afterEach(() => {
  vi.restoreAllMocks();
  stopToasts();
});

async function renderScreen() {
  const user = userEvent.setup();
  render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
  // The first render loads the form, its code lists and schemas: generous on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 10_000 });
  await screen.findByText('You have no records for this e-service yet.', undefined, { timeout: 10_000 });
  return user;
}

/** What the router does on a navigation: a new screen for the new address. */
async function follow(heading: string | RegExp) {
  cleanup();
  render(<GenericScreen location={parseHash(window.location.hash)} />);
  return screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
  await user.type(screen.getByLabelText('Mailing postal code'), '079903');
  await user.type(screen.getByLabelText('Amount'), '120.50');
}

describe('the form from its definition', () => {
  it('renders every field type, labelled, with the specification defaults', async () => {
    await renderScreen();
    expect(screen.getByLabelText('Currency')).toHaveValue(DEFAULTS.currency);
    expect(screen.getByLabelText('Payment method')).toHaveValue(DEFAULTS.paymentMethod);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    const address = screen.getByRole('group', { name: /Home address/ });
    expect(within(address).getByLabelText('Country')).toHaveValue(DEFAULTS.country);
    expect(within(address).getByRole('option', { name: 'Singapore' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Payment date/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/Remarks/).tagName).toBe('TEXTAREA');
  });
});

describe('an amount of one currency', () => {
  beforeEach(() => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields[2] = {
      name: 'fee',
      label: 'Fee',
      type: 'amount',
      required: true,
      currency: 'SGD',
      min: 1_500_000,
    };
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
  });

  it('shows its sign and offers no other currency, and sends it in that one', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    const fee = screen.getByRole('group', { name: 'Fee' });
    expect(within(fee).queryByRole('combobox')).toBeNull();
    expect(within(fee).getByText('S$')).toBeInTheDocument();
    const amount = within(fee).getByLabelText('Amount in Singapore dollars');
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    await user.type(screen.getByLabelText('Mailing postal code'), '079903');
    await user.type(amount, '15,000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      data: { fee: { amount: '15000', currency: 'SGD' } },
    });
  }, 30_000);

  it('shows its message beside the only input, linked from the summary, keeping what was typed', async () => {
    const user = await renderScreen();
    const amount = screen.getByLabelText('Amount in Singapore dollars');
    await user.type(amount, '1 000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = FIELD_MESSAGES.amountAtLeast('Fee', 'S$15,000.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(`Error: ${message}`);
    expect(amount).toHaveValue('1 000');
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: message }));
    expect(amount).toHaveFocus();
  }, 30_000);

  it('links an answer kept in another currency to the only input, which says why', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: null,
      caseNumber: null,
      values: { idNo: 'S1234567D001', postal: '079903', fee: { amount: '15000', currency: 'USD' } },
      savedAt: Date.now(),
    });
    const user = await renderScreen();
    await user.click(
      within(screen.getByRole('region', { name: /unsaved changes/ })).getByRole('button', { name: 'Restore' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = FIELD_MESSAGES.fixedCurrency('Fee', 'Singapore dollars');
    const amount = screen.getByLabelText('Amount in Singapore dollars');
    expect(amount).toHaveAccessibleDescription(`Error: ${message}`);
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: message }));
    expect(amount).toHaveFocus();
  }, 30_000);
});

describe('a date that must not be past', () => {
  const DAY_MS = 86_400_000;
  beforeEach(() => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields[7] = { name: 'when', label: 'Payment date', type: 'date', notInPast: true };
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
  });
  afterEach(() => resetClockSkew());

  /** The server's clock, `days` off the device's, as its `Date` header tells; and Singapore's day on it. */
  function serverOff(days: number): string {
    const server = new Date(Date.now() + days * DAY_MS);
    recordServerDate(server.toUTCString());
    return todayInSingapore(server);
  }

  it('takes the server’s today on a device a day fast', async () => {
    const today = serverOff(-1);
    const user = await renderScreen();
    await fillValid(user);
    const when = screen.getByLabelText('Payment date (optional)');
    await user.type(when, today);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(when).not.toHaveAttribute('aria-invalid');
    await follow(FORM_TEXT.checkHeading);
  }, 30_000);

  it('refuses the server’s yesterday on a device a day slow, before it reaches the server', async () => {
    const serverToday = serverOff(1);
    const yesterday = addDays(serverToday, -1);
    const user = await renderScreen();
    await fillValid(user);
    const when = screen.getByLabelText('Payment date (optional)');
    await user.type(when, yesterday);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(when).toHaveAccessibleDescription(`Error: ${FIELD_MESSAGES.notInPast('Payment date', serverToday)}`);
    expect(when).toHaveValue(yesterday);
  }, 30_000);
});

describe('a fee', () => {
  it('is shown, not asked, on the page and on check answers, and sent as the fee', async () => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields[2] = {
      name: 'fee',
      label: 'Certificate fee',
      type: 'amount',
      currency: 'SGD',
      fee: 'paymentCertificate',
    };
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const shown = formatMoney((FEES.paymentCertificate / 100).toFixed(2), 'SGD');
    const user = await renderScreen();
    expect(screen.getByText('Certificate fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent(shown);
    expect(screen.queryByRole('group', { name: 'Certificate fee' })).toBeNull();
    expect(screen.queryByLabelText(/Amount/)).toBeNull();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    await user.type(screen.getByLabelText('Mailing postal code'), '079903');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      data: { fee: { amount: (FEES.paymentCertificate / 100).toFixed(2), currency: 'SGD' } },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow('Check your answers before sending');
    const answers = screen.getByRole('region', { name: 'Payment' });
    expect(within(answers).getByText('Certificate fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      shown,
    );
    // Nothing to change: the fee is the portal's, and its page asks nothing about it.
    expect(within(answers).getAllByRole('link', { name: /^Change / }).length).toBeGreaterThan(0);
    expect(within(answers).queryByRole('link', { name: /Certificate fee/ })).toBeNull();
  }, 30_000);
});

describe('an address abroad', () => {
  it('opens the digits keypad for a Singapore postal code only', async () => {
    const user = await renderScreen();
    const address = screen.getByRole('group', { name: /Home address/ });
    const postal = within(address).getByLabelText('Postal code');
    expect(postal).toHaveAttribute('inputmode', 'numeric');
    await user.selectOptions(within(address).getByLabelText('Country'), 'GB');
    // A UK postcode has letters: a phone's keypad must offer them.
    expect(postal).not.toHaveAttribute('inputmode');
  });
});

describe('the address', () => {
  it('naming no e-service says there is no such e-service, not what the call expects', async () => {
    render(<GenericScreen location={parseHash('#/generic')} />);
    expect(await screen.findByText(CASE_MESSAGES.eserviceNotFound)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/eservices'))).toEqual([]);
    expect(screen.getByRole('link', { name: 'See all e-services' })).toHaveAttribute('href', '#/esvc');
  });

  it('of an e-service with a screen of its own goes there instead of showing it as a form', async () => {
    routes['GET /api/eservices/PIS'] = () => ({
      status: 200,
      body: envelope({ ...ESERVICE, code: 'PIS', title: 'Personal Insolvency Search', href: '/register?app=PIS' }),
    });
    window.location.hash = '#/generic?app=PIS';
    render(<GenericScreen location={parseHash(window.location.hash)} />);
    await waitFor(() => expect(window.location.hash).toBe('#/register?app=PIS'));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

/** The screen of a form that also asks "Sources of income", at least one of `options`. */
function renderWithSources(options: Option[]) {
  const form = structuredClone(FORM);
  form.pages[0]!.sections[0]!.fields.push({
    name: 'sources',
    label: 'Sources of income',
    type: 'checkboxes',
    options,
    minChoices: 1,
  });
  routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
  return renderScreen();
}

describe('a question that must be answered', () => {
  it('is not called optional when it asks for at least one choice', async () => {
    await renderWithSources([
      { value: 'salary', label: 'Salary' },
      { value: 'rent', label: 'Rent' },
    ]);
    expect(screen.getByRole('group', { name: 'Sources of income' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Home address/ })).toHaveAccessibleName(/^Home address ?\(optional\)$/);
  }, 30_000);
});

describe('checkboxes with an option that rules out the others (docs/decisions/0106)', () => {
  it('unticks the others when it is ticked, and it when another is, saying so', async () => {
    const user = await renderWithSources([
      { value: 'salary', label: 'Salary' },
      { value: 'rent', label: 'Rent' },
      { value: 'none', label: 'No income in this period', exclusive: true },
    ]);
    const group = screen.getByRole('group', { name: 'Sources of income' });
    const box = (name: string) => within(group).getByRole('checkbox', { name });
    expect(within(group).getByText(FORM_TEXT.exclusiveDivider)).toBeInTheDocument();
    await user.click(box('Salary'));
    await user.click(box('Rent'));
    await user.click(box('No income in this period'));
    expect(box('No income in this period')).toBeChecked();
    expect(box('Salary')).not.toBeChecked();
    expect(box('Rent')).not.toBeChecked();
    expect(within(group).getByRole('status')).toHaveTextContent(FORM_TEXT.choicesUnticked(['Salary', 'Rent']));
    await user.click(box('Rent'));
    expect(box('Rent')).toBeChecked();
    expect(box('No income in this period')).not.toBeChecked();
    expect(within(group).getByRole('status')).toHaveTextContent(
      FORM_TEXT.choicesUnticked(['No income in this period']),
    );
    // Unticking one by hand unticks nothing else.
    await user.click(box('Salary'));
    await user.click(box('Salary'));
    expect(box('Rent')).toBeChecked();
  }, 30_000);
});

describe('an error that holds one answer against another', () => {
  it('goes when the other answer is corrected, and typing raises none on a question not in error', async () => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields.push({
      name: 'sources',
      label: 'Sources of income',
      type: 'checkboxes',
      options: [
        { value: 'salary', label: 'Salary' },
        { value: 'none', label: 'No income in this period', exclusive: true },
      ],
      minChoices: 1,
    });
    const message = 'Select where your income came from, or enter a fee of 0';
    form.rules = [
      {
        id: 'none-but-fee',
        field: 'sources',
        when: [
          { field: 'sources', op: 'includes', value: 'none' },
          { field: 'fee', op: 'above', value: '0' },
        ],
        message,
      },
    ];
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'No income in this period' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: message })).toBeVisible();

    const fee = screen.getByLabelText('Amount');
    await user.clear(fee);
    await user.type(fee, '0');
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Salary' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

describe('a question about the profile', () => {
  it('starts at what the profile says now, and is the applicant’s to change', async () => {
    const form = structuredClone(FORM);
    const fields = form.pages[0]!.sections[0]!.fields;
    fields.push({ name: 'phone', label: 'Contact number', type: 'phone', prefill: 'profile' });
    for (const f of fields) if (f.name === 'home' && f.type === 'address') f.prefill = 'profile';
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    const user = await renderScreen();
    expect(screen.getByLabelText(/Contact number/)).toHaveValue('61234567');
    const address = screen.getByRole('group', { name: /Home address/ });
    expect(within(address).getByLabelText(/Street name/)).toHaveValue('Robinson Road');
    expect(within(address).getByLabelText(/Postal code/)).toHaveValue('068898');
    // The profile has no country: the specification's default, not an empty choice.
    expect(within(address).getByLabelText('Country')).toHaveValue(DEFAULTS.country);
    // A question that does not ask for it starts empty as before.
    expect(screen.getByLabelText('Mailing postal code')).toHaveValue('');
    await user.clear(screen.getByLabelText(/Contact number/));
    await user.type(screen.getByLabelText(/Contact number/), '69998888');
    expect(screen.getByLabelText(/Contact number/)).toHaveValue('69998888');
  });

  it('starts at the profile’s name and NRIC, which the browser may fill in as the user’s (docs/decisions/0119)', async () => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields.unshift(
      { name: 'applicantName', label: 'Name of applicant', type: 'text', prefill: 'profile' },
      { name: 'applicantId', label: 'NRIC or FIN', type: 'nric', prefill: 'profile' },
    );
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    await renderScreen();
    expect(screen.getByLabelText(/Name of applicant/)).toHaveValue('Tan Ah Kow');
    expect(screen.getByLabelText(/Name of applicant/)).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText(/NRIC or FIN/)).toHaveValue('S1234567D');
    // No token names an identity number.
    expect(screen.getByLabelText(/NRIC or FIN/)).toHaveAttribute('autocomplete', 'off');
  });
});

describe('the browser’s autofill (docs/decisions/0119)', () => {
  const CONTACT: FieldDef[] = [
    { name: 'ownEmail', label: 'Your email address', type: 'email', about: 'applicant' },
    { name: 'ownMobile', label: 'Your mobile number', type: 'mobile', prefill: 'profile' },
    { name: 'ownAddress', label: 'Your address', type: 'address', prefill: 'profile' },
    { name: 'creditorEmail', label: 'Email address of the creditor', type: 'email' },
    { name: 'creditorMobile', label: 'Mobile number of the creditor', type: 'mobile' },
    { name: 'debtorAddress', label: 'Address of debtor', type: 'address' },
  ];
  const autocomplete = (group: RegExp) =>
    Object.fromEntries(
      ADDRESS_PARTS.map((p) => [
        p,
        within(screen.getByRole('group', { name: group }))
          .getByLabelText(ADDRESS_PART_LABELS[p])
          .getAttribute('autocomplete'),
      ]),
    );

  it('fills the user’s own details only, never someone else’s with the user’s', async () => {
    const form = structuredClone(FORM);
    form.pages[0]!.sections[0]!.fields.push(...CONTACT);
    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope({ ...ESERVICE, form }) });
    await renderScreen();
    expect(screen.getByLabelText(/Your email address/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/Your mobile number/)).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText(/Email address of the creditor/)).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText(/Mobile number of the creditor/)).toHaveAttribute('autocomplete', 'off');
    // A postal code asked alone is of no one said: not the user's either.
    expect(screen.getByLabelText('Mailing postal code')).toHaveAttribute('autocomplete', 'off');
    // A browser's first line ("10 Anson Road") goes whole into the street, the second ("#12-01") into the unit;
    // nothing names a block number alone or a building.
    expect(autocomplete(/^Your address/)).toEqual({
      blockHouseNo: 'off',
      streetName: 'address-line1',
      floorUnit: 'address-line2',
      buildingName: 'off',
      postalCode: 'postal-code',
      country: 'country',
    });
    expect(Object.values(autocomplete(/^Address of debtor/))).toEqual(Array(6).fill('off'));
  });
});

describe('validation', () => {
  it('shows the summary with a link to each field in error, and each field its message', async () => {
    document.title = 'E-service | PTIB';
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Mailing postal code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading')).toHaveTextContent('Please correct the validation errors.');
    expect(toasts).toEqual([{ severity: 'error', message: MESSAGES.validationSummary }]);
    expect(document.title).toMatch(/^Error: /);
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Enter ID number', 'Invaild Postal Code', 'Enter fee']);

    const postal = screen.getByLabelText('Mailing postal code');
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(postal).toHaveAccessibleDescription('Error: Invaild Postal Code');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('Error: Enter fee');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(links[1]!);
    expect(postal).toHaveFocus();
    await user.type(postal, '79903'.slice(0, 2));
    expect(document.title).toBe('Error: Payment – Payment by Debtor | PTIB e-Services');
  });

  it('clears a message as its field is corrected', async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const id = screen.getByLabelText('ID number');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    await user.type(id, 'S1234567D00');
    expect(id).toHaveAccessibleDescription('Error: ID number must be exactly 12 characters');
    await user.type(id, '1');
    expect(id).not.toHaveAttribute('aria-invalid');
    expect(within(screen.getByRole('alert')).queryByText(/ID number/)).toBeNull();
  });

  it('lets a draft leave required fields empty but not malformed', async () => {
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['ID number must be exactly 12 characters']);
  });

  it("keeps the focused Save draft in view when the first save puts the record's panel above the form", async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    const save = screen.getByRole('button', { name: 'Save draft' });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      await user.click(save);
      await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
      expect(save).toHaveFocus();
      expect(scrolled.mock.contexts).toEqual([save]);
      expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('takes an amount written as the portal writes it, sends it without separators and shows it so', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    await user.type(screen.getByLabelText('Mailing postal code'), '079903');
    await user.type(screen.getByLabelText('Amount'), 'S$1,234.56');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Amount')).toHaveValue('S$1,234.56');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      data: { fee: { amount: '1234.56', currency: 'SGD' } },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow('Check your answers before sending');
    const answers = screen.getByRole('region', { name: 'Payment' });
    expect(within(answers).getByText('Fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent('S$1,234.56');
  }, 30_000);

  it.each([
    ['.50', '0.50'],
    ['S$1 234.50', '1234.50'],
  ])(
    'takes %j, keeps showing it and sends it as %j',
    async (typed, sent) => {
      routes['POST /api/cases'] = ({ body }) => ({
        status: 201,
        body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
      });
      const user = await renderScreen();
      await user.type(screen.getByLabelText('Amount'), typed);
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
      expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText('Amount')).toHaveValue(typed);
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ data: { fee: { amount: sent } } });
    },
    30_000,
  );

  it('refuses an amount grouped wrongly, keeping what was typed', async () => {
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Amount'), '1,23,4');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription(`Error: ${FIELD_MESSAGES.amount('Fee', 2)}`);
    expect(amount).toHaveValue('1,23,4');
    await user.type(amount, '5');
    expect(amount).toHaveValue('1,23,45');
    await user.clear(amount);
    await user.type(amount, '1,234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(amount).toHaveValue('1,234');
  });

  it('says a date the browser cannot read (31 February, no year yet) must be a real date, and does not save it as none', async () => {
    const user = await renderScreen();
    await fillValid(user);
    const when = screen.getByLabelText<HTMLInputElement>('Payment date (optional)');
    // What Chromium's date input does with 02/31/2027 or a day and a month without a year: no value, bad input.
    const real = when.validity;
    Object.defineProperty(when, 'validity', { configurable: true, get: () => ({ valid: false, badInput: true }) });
    await user.click(when);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(when).toHaveAccessibleDescription(`Error: ${FIELD_MESSAGES.date('Payment date')}`);
    expect(when).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(when).toHaveAccessibleDescription(`Error: ${FIELD_MESSAGES.date('Payment date')}`);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Corrected, it is an answer again; cleared, it is none.
    Object.defineProperty(when, 'validity', { configurable: true, get: () => real });
    await user.type(when, '2026-03-05');
    expect(when).not.toHaveAttribute('aria-invalid');
    await user.clear(when);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow('Check your answers before sending');
  }, 30_000);

  it("shows the server's field messages when it refuses the values", async () => {
    routes['POST /api/cases'] = () => ({
      status: 400,
      body: envelope(
        {
          fieldErrors: { postal: 'Invaild Postal Code' },
          errors: [{ path: 'postal', message: 'Invaild Postal Code' }],
        },
        '400',
        'Please correct the validation errors.',
      ),
    });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByLabelText('Mailing postal code')).toHaveAccessibleDescription('Error: Invaild Postal Code');
  });
});

describe('save draft on a new form nobody has answered', () => {
  it('makes no empty record, and says what to do first', async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(toasts).toEqual([{ severity: 'info', message: FORM_TEXT.nothingToSave }]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('questions that apply', () => {
  it('shows a conditional question only when it applies, and never sends a hidden answer', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    await user.type(screen.getByLabelText('Why it is urgent (optional)'), 'Court date');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Why it is urgent/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    const sent = (calls.find((c) => c.method === 'POST')!.body as { data: Record<string, unknown> }).data;
    expect(sent).toMatchObject({ urgent: 'N' });
    expect(sent).not.toHaveProperty('urgentReason');
  });
});

describe('saving, with each outcome its message', () => {
  it('saves a draft, shows the case number and status, and keeps the identity for a reload', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    expect(screen.getByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    expect(screen.getByTestId('case-status')).toHaveTextContent('Draft');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ appCode: 'PD', draft: true });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)!)).toEqual({
      appCode: 'PD',
      caseId: '7',
      caseNumber: 'PD 000042 2026',
      owner: 'ptib.demo/PTIB00000001',
    });
    expect(kept()).toBeNull();
  });

  it('says a new draft is refused at the limit of open drafts, keeping what was typed', async () => {
    const refusal = CASE_MESSAGES.tooManyDrafts(MAX_OPEN_DRAFTS);
    routes['POST /api/cases'] = () => ({ status: 409, body: envelope(null, '409', refusal) });
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    await user.type(screen.getByLabelText(/^Remarks/), 'Paid 😀 in full');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'error', message: refusal }]));
    expect(screen.getByText(refusal)).toBeVisible();
    expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
    expect(screen.getByLabelText(/^Remarks/)).toHaveValue('Paid 😀 in full');
    expect(screen.queryByTestId('case-number')).toBeNull();
    // Not saved, so kept in this browser until it is.
    expect(kept()?.values).toMatchObject({ idNo: 'S1234567D001', note: 'Paid 😀 in full' });
  });

  it('saves a draft, then saves its changes over the version it opened', async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record(), '200', MESSAGES.draftSaved) });
    routes['POST /api/cases/7'] = () => ({
      status: 200,
      body: envelope(record({ version: 2 }), '200', MESSAGES.draftSaved),
    });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    // The address now names the record, so a reload comes back to it.
    expect(window.location.hash).toContain('case=7');
    await user.type(screen.getByLabelText(/Remarks/), 'more');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(calls.find((c) => c.path === '/api/cases/7')!.body).toMatchObject({
      version: 1,
      draft: true,
      data: { idNo: 'S1234567D001', note: 'more', fee: { amount: '120.50', currency: 'SGD' } },
    });
  });

  it.each([
    ['Save draft', { status: 500, body: envelope(null, '500', 'boom') }, MESSAGES.draftSaveFailed],
    ['Save draft', 'network' as const, MESSAGES.draftSaveFailed],
    ['Save draft', { status: 503, body: envelope(null, '503', 'down') }, MESSAGES.draftSaveFailed],
    [
      'Save draft',
      { status: 409, body: envelope(null, '409', CASE_MESSAGES.versionConflict) },
      CASE_MESSAGES.versionConflict,
    ],
  ])('%s answered %j says so and keeps the input', async (button, reply, message) => {
    routes['POST /api/cases'] = reply === 'network' ? unreachable : () => reply;
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: button }));
    // A server that cannot be reached: one toast, spec §8's system difficulties from the HTTP layer; the
    // screen's own message shows on the page only (docs/decisions/0032).
    const difficulties = { severity: 'error', message: withPhone(MESSAGES.systemDifficulties, '1800') };
    const expected = reply === 'network' ? [difficulties] : [{ severity: 'error', message }];
    await waitFor(() => expect(toasts).toEqual(expected));
    expect(screen.getByText(message, { selector: 'p' })).toBeVisible();
    expect(toasts).toEqual(expected);
    expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
    expect(kept()?.values.idNo).toBe('S1234567D001');
  });

  it('goes from the page to check answers, submits through the process engine, then confirms', async () => {
    routes['POST /api/cases'] = ({ body }) => ({
      status: 201,
      body: envelope(record({ data: (body as { data: Record<string, unknown> }).data })),
    });
    routes['POST /pe/cases/7/submit'] = () => ({
      status: 200,
      body: envelope(record({ status: 'submitted', version: 2, submittedAt: '2026-03-05T06:08:00.000Z' })),
    });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.hash).toBe('#/generic?app=PD&step=check');
    await follow('Check your answers before sending');
    const answers = screen.getByRole('region', { name: 'Payment' });
    expect(within(answers).getByText('ID number', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'S1234567D001',
    );
    expect(within(answers).getByText('Fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent('S$120.50');
    expect(within(answers).getByText('Remarks', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Not provided',
    );
    expect(within(answers).getByRole('link', { name: 'Change ID number' })).toHaveAttribute(
      'href',
      '#/generic?app=PD&page=payment&return=check#f-idNo',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Payment by Debtor' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&case=7&step=confirmation'));
    // Until the router mounts the confirmation's screen, this one shows it too: not the submitted record's view.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment by Debtor submitted');
    expect(calls.find((c) => c.path === '/api/cases')!.body).toMatchObject({ draft: false });
    expect(calls.find((c) => c.path === '/pe/cases/7/submit')!.body).toEqual({ version: 1 });
    expect(toasts.at(-1)).toEqual({ severity: 'success', message: CASE_MESSAGES.submitted });
    await follow('Payment by Debtor submitted');
    expect(screen.getByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    expect(screen.getByText(/call us on 1800/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download your acknowledgement (PDF)' })).toBeVisible();
  }, 30_000);

  it('ends the error toasts of the tries before when the record is submitted', async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record()) });
    routes['POST /pe/cases/7/submit'] = () => ({
      status: 200,
      body: envelope(record({ status: 'submitted', version: 2 })),
    });
    const stopStore = subscribeToasts(() => {});
    try {
      const user = await renderScreen();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const shown = () => getToastState().toasts.map((t) => ({ severity: t.severity, message: t.message }));
      expect(shown()).toEqual([{ severity: 'error', message: MESSAGES.validationSummary }]);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await follow('Check your answers before sending');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Payment by Debtor' }));
      await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&case=7&step=confirmation'));
      expect(shown()).toEqual([{ severity: 'success', message: CASE_MESSAGES.submitted }]);
    } finally {
      stopStore();
      clearToasts();
    }
  }, 30_000);

  it('says the submit failed, keeping the saved record open', async () => {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record()) });
    routes['POST /pe/cases/7/submit'] = () => ({ status: 500, body: envelope(null, '500', 'boom') });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow('Check your answers before sending');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Payment by Debtor' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'error', message: MESSAGES.submitFailed }));
    expect(window.location.hash).toBe('#/generic?app=PD&step=check&case=7');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your answers before sending');
  }, 30_000);
});

describe('a save of a record that went through, its answer lost (docs/decisions/0032)', () => {
  /** Record 7 as the server holds it: version 1 as opened, then each save's answers one version on. */
  let stored: { version: number; data: Record<string, unknown> };
  /** How the server answers each save after writing it: the test says. */
  let answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;
  const saved = () => ({ status: 200, body: envelope(record(stored), '200', MESSAGES.draftSaved) });
  const conflict = () => ({ status: 409, body: envelope(null, '409', CASE_MESSAGES.versionConflict) });

  beforeEach(() => {
    stored = { version: 1, data: { idNo: 'S1234567D001' } };
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(record(stored)) });
    routes['POST /api/cases/7'] = (call) => {
      const { data, version } = call.body as { data: Record<string, unknown>; version: number };
      if (version !== stored.version) return conflict();
      stored = { version: stored.version + 1, data };
      return answer(call);
    };
    answer = saved;
  });

  async function openRecord() {
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    await screen.findByTestId('case-number');
  }

  it('is not refused as changed elsewhere when the browser sent it again and the record holds just what it sent', async () => {
    // The browser sent the save again by itself: the first went in, the second, over the same version, conflicts.
    answer = (call) => {
      answer = saved;
      return routes['POST /api/cases/7']!(call);
    };
    const user = userEvent.setup();
    await openRecord();
    await user.type(screen.getByLabelText(/Remarks/), 'Sent twice');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.draftSaved }]));
    expect(screen.queryByText(CASE_MESSAGES.versionConflict)).toBeNull();
    expect(stored.data).toMatchObject({ note: 'Sent twice' });
  }, 30_000);

  it('is not refused as changed elsewhere after the page was left while it was on its way (Back)', async () => {
    let drop: (reason: unknown) => void = () => {};
    answer = () => new Promise<FakeAnswer>((_, reject) => (drop = reject));
    const user = userEvent.setup();
    await openRecord();
    await user.type(screen.getByLabelText(/Remarks/), 'Saved as the page was left');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(stored.version).toBe(2));
    // The browser's Back: the screen goes, its call is aborted, though the server has written it.
    cleanup();
    drop(new DOMException('The user aborted a request.', 'AbortError'));
    await waitFor(() => expect(callsInFlight().count).toBe(0));

    answer = saved;
    await follow('Payment');
    await user.type(screen.getByLabelText(/Remarks/), ', then more');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'success', message: MESSAGES.draftSaved }));
    expect(screen.queryByText(CASE_MESSAGES.versionConflict)).toBeNull();
    expect(stored).toMatchObject({ version: 3, data: { note: 'Saved as the page was left, then more' } });
  }, 30_000);

  it('is still refused when the record holds answers this page never sent', async () => {
    const user = userEvent.setup();
    await openRecord();
    // Another tab saves other answers meanwhile.
    stored = { version: 2, data: { idNo: 'S1234567D001', note: 'From the other tab' } };
    await user.type(screen.getByLabelText(/Remarks/), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'error', message: CASE_MESSAGES.versionConflict }]));
    expect(stored.data).toMatchObject({ note: 'From the other tab' });
  }, 30_000);
});

describe('a save refused as another person changed the record', () => {
  const latest = record({ version: 2, data: { idNo: 'S1234567D001', postal: '123456' } });
  beforeEach(() => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(record({ data: { idNo: 'S1234567D001' } })) });
    routes['GET /api/cases'] = () => ({ status: 200, body: envelope({ cases: [record()], total: 1 }) });
    routes['POST /api/cases/7'] = () => ({ status: 409, body: envelope(null, '409', CASE_MESSAGES.versionConflict) });
  });

  /** Record 7 opened, "Mine" typed in Remarks, then another person saves it and this save is refused. */
  async function refused(user: ReturnType<typeof userEvent.setup>) {
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    await screen.findByTestId('case-number');
    await user.type(screen.getByLabelText(/Remarks/), 'Mine');
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(latest) });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(CASE_MESSAGES.versionConflict);
  }

  it.each([
    ['from the notice', CASE_MESSAGES.reopenLatest],
    ['from the list of records, not asking to discard it', 'PD 000042 2026, open this record'],
  ])(
    'is reopened at its latest version %s, with the input kept and offered',
    async (_, button) => {
      const user = userEvent.setup();
      await refused(user);
      await user.click(screen.getByRole('button', { name: button }));
      const offer = await screen.findByRole('region', { name: /unsaved changes/ });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByLabelText('Mailing postal code')).toHaveValue('123456');
      expect(readUnsaved(owner, 'PD', '7')?.values).toMatchObject({ note: 'Mine' });
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
      await user.click(within(offer).getByRole('button', { name: 'Restore' }));
      expect(screen.getByLabelText(/Remarks/)).toHaveValue('Mine');
    },
    30_000,
  );

  it('restores over the latest version only what this user changed, and saves it without undoing the other', async () => {
    const user = userEvent.setup();
    await refused(user);
    routes['POST /api/cases/7'] = ({ body }) =>
      (body as { version: number }).version === 2
        ? {
            status: 200,
            body: envelope(record({ version: 3, data: (body as { data: Record<string, unknown> }).data })),
          }
        : { status: 409, body: envelope(null, '409', CASE_MESSAGES.versionConflict) };
    await user.click(screen.getByRole('button', { name: CASE_MESSAGES.reopenLatest }));
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Mine');
    expect(screen.getByLabelText('Mailing postal code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'success', message: MESSAGES.draftSaved }));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/cases/7').at(-1)!.body).toMatchObject({
      version: 2,
      data: { idNo: 'S1234567D001', postal: '123456', note: 'Mine' },
    });
  }, 30_000);

  it('restores, of an answer both changed, this user’s, and says which', async () => {
    // Kept before a reload: typed over version 1, which had no postal code.
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: '7',
      caseNumber: 'PD 000042 2026',
      values: { idNo: 'S1234567D001', postal: '111111', note: 'Mine' },
      base: { idNo: 'S1234567D001' },
      savedAt: Date.now() - 60_000,
    });
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(latest) });
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Mailing postal code')).toHaveValue('111111');
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Mine');
    expect(screen.getByText(CASE_MESSAGES.restoredOverOthers('Mailing postal code'), { selector: 'p' })).toBeVisible();
  }, 30_000);
});

describe('a first save whose answer is lost', () => {
  it('is sent again with the same key, so the server makes one record; a new record has a new key', async () => {
    let tries = 0;
    routes['POST /api/cases'] = (request) => {
      tries += 1;
      return tries === 1 ? unreachable(request) : { status: 201, body: envelope(record(), '200', MESSAGES.draftSaved) };
    };
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(tries).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('case-number')).toHaveTextContent('PD 000042 2026'));
    const keys = () =>
      calls
        .filter((c) => c.method === 'POST' && c.path === '/api/cases')
        .map((c) => (c.body as { createKey?: string }).createKey);
    const [first, second] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);

    await user.click(screen.getByRole('button', { name: 'Start a new record' }));
    await follow('Payment');
    await fillValid(userEvent.setup());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[2]).not.toBe(first);
  }, 30_000);
});

describe('a submit whose answer is lost', () => {
  const submitted = () => record({ status: 'submitted', version: 2, submittedAt: '2026-03-05T06:08:00.000Z' });
  /** A draft filled in and submitted from check answers, the submit answered so and the record, asked for again, as given. */
  async function submitWith(answer: FakeRoutes[string], asked: ReturnType<typeof record>) {
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record()) });
    routes['POST /pe/cases/7/submit'] = answer;
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(asked) });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow('Check your answers before sending');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Payment by Debtor' }));
  }

  it.each([
    ['the connection drops after the server has submitted it', unreachable],
    [
      'the server says it is submitted already (a retry, or another tab)',
      () => ({ status: 409, body: envelope(null, '409', CASE_MESSAGES.notEditable) }),
    ],
  ])(
    'confirms the record when %s',
    async (_, answer) => {
      await submitWith(answer, submitted());
      // The record, asked for again, is submitted: the user sees so, not an error over a form to send again.
      await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&case=7&step=confirmation'));
      expect(toasts.at(-1)).toEqual({ severity: 'success', message: CASE_MESSAGES.submitted });
      await follow('Payment by Debtor submitted');
      expect(screen.getByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    },
    30_000,
  );

  it('still says the submit failed when the record, asked for again, is a draft', async () => {
    await submitWith(unreachable, record());
    await waitFor(() => expect(screen.getByText(MESSAGES.submitFailed)).toBeVisible());
    expect(window.location.hash).toBe('#/generic?app=PD&step=check&case=7');
  }, 30_000);
});

describe('an open record', () => {
  beforeEach(() => {
    sessionStorage.setItem(
      STORAGE_KEYS.caseIdentity,
      JSON.stringify({ appCode: 'PD', caseId: '7', caseNumber: 'PD 000042 2026', owner: 'ptib.demo/PTIB00000001' }),
    );
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(record({ data: { idNo: 'S1234567D001' } })) });
  });

  it('is reopened from the session identity', async () => {
    await renderScreen();
    expect(await screen.findByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
  });

  it('of the profile acted for before a proxy switch is not reopened: the form opens empty', async () => {
    sessionStorage.setItem(
      STORAGE_KEYS.caseIdentity,
      JSON.stringify({ appCode: 'PD', caseId: '7', caseNumber: 'PD 000042 2026', owner: 'ptib.demo/PTIB00000012' }),
    );
    await renderScreen();
    expect(await screen.findByLabelText('ID number')).toHaveValue('');
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/cases/7'))).toEqual([]);
    expect(screen.queryByText(CASE_MESSAGES.notFound, { exact: false })).toBeNull();
  });

  it('is deleted after the confirmation', async () => {
    routes['POST /api/cases/7/delete'] = () => ({ status: 200, body: envelope(null, '200', MESSAGES.recordDeleted) });
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete record' });
    expect(dialog).toHaveTextContent(CASE_MESSAGES.deleteConfirm('PD 000042 2026'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'success', message: MESSAGES.recordDeleted }]));
    expect(calls.find((c) => c.path === '/api/cases/7/delete')!.body).toEqual({ version: 1 });
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)).toBeNull();
  });

  it('says a draft deleted since was deleted, not that the wrong profile is acted for, with a way on', async () => {
    // The browser's Back after deleting the draft, or an old link to it: the server says it was deleted.
    routes['GET /api/cases/7'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.deleted) });
    await renderScreen();
    const notice = await screen.findByText(CASE_MESSAGES.deleted, { selector: 'p', exact: false });
    expect(notice).not.toHaveClass('notice-error');
    expect(within(notice).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '#/dashboard');
    expect(toasts).toEqual([{ severity: 'info', message: CASE_MESSAGES.deleted }]);
    expect(screen.queryByText(CASE_MESSAGES.notFound, { exact: false })).toBeNull();
    // What is left is a new record of the e-service: nothing of the deleted one, nothing to delete again.
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByLabelText('ID number')).toHaveValue('');
    expect(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)).toBeNull();
  });

  it('keeps the answers when the draft was deleted elsewhere, and saves them in a new draft', async () => {
    routes['POST /api/cases/7'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.deleted) });
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    await user.type(screen.getByLabelText(/Remarks/), 'Typed before the save');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const notice = await screen.findByText(FORM_TEXT.deletedWhileOpen, { selector: 'p', exact: false });
    expect(notice).not.toHaveClass('notice-error');
    expect(toasts).toEqual([{ severity: 'info', message: CASE_MESSAGES.deleted }]);
    // Nothing is lost, and the page no longer stands on the deleted record.
    expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Typed before the save');
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)).toBeNull();

    routes['POST /api/cases'] = () => ({
      status: 201,
      body: envelope(record({ id: '8', caseNumber: 'PD 000043 2026' })),
    });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('case-number')).toHaveTextContent('PD 000043 2026');
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/cases')!;
    expect(created.body).toMatchObject({
      appCode: 'PD',
      draft: true,
      data: { idNo: 'S1234567D001', note: 'Typed before the save' },
    });
  });

  it("says another profile's record, or one that never was, is no such record, as an error", async () => {
    routes['GET /api/cases/7'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.notFound) });
    await renderScreen();
    const notice = await screen.findByText(CASE_MESSAGES.notFound, { selector: 'p' });
    expect(notice).toHaveClass('notice-error');
    expect(toasts).toEqual([{ severity: 'error', message: CASE_MESSAGES.notFound }]);
  });

  describe('named by the address but not the acting profile’s', () => {
    const demo = demoIdentity();
    afterEach(() => identity.invalidate());

    /** The screen of a link to record 9 (from the inbox, an email), which the server says is no such record. */
    async function openLink(who: UserIdentity) {
      await identity.prime(who);
      routes['GET /api/cases/9'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.notFound) });
      render(<GenericScreen location={parseHash('#/generic?app=PD&case=9')} />);
      return screen.findByRole('heading', { level: 1, name: CASE_MESSAGES.notFoundHeading }, { timeout: 10_000 });
    }

    it('shows the error alone, never a new form under it, and the way to the user’s records', async () => {
      await openLink(demo);
      expect(screen.getByText(CASE_MESSAGES.notFound, { selector: 'p' })).toHaveClass('notice-error');
      expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
      expect(screen.getByRole('link', { name: CASE_MESSAGES.notFoundRecords })).toHaveAttribute('href', '#/dashboard');
      // Nobody else's profile to switch to.
      expect(screen.queryByRole('link', { name: CASE_MESSAGES.notFoundSwitch })).toBeNull();
      expect(screen.queryByText(CASE_MESSAGES.notFoundOtherProfile)).toBeNull();
    });

    it.each(['abc', '0', '7x', '1234567890123456789'])(
      'says a link whose record id %s is no id names no such record, without asking the server',
      async (id) => {
        await identity.prime(demo);
        render(<GenericScreen location={parseHash(`#/generic?app=PD&case=${id}`)} />);
        await screen.findByRole('heading', { level: 1, name: CASE_MESSAGES.notFoundHeading }, { timeout: 10_000 });
        expect(screen.getByText(CASE_MESSAGES.notFound, { selector: 'p' })).toHaveClass('notice-error');
        expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
        expect(calls.filter((c) => c.path.startsWith('/api/cases/'))).toEqual([]);
      },
    );

    it('offers a master user the switch to another profile they act for', async () => {
      await openLink({ ...demo, proxyInd: 'Y', loginName: 'ptib.master' });
      expect(screen.getByText(CASE_MESSAGES.notFoundOtherProfile)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: CASE_MESSAGES.notFoundSwitch })).toHaveAttribute(
        'href',
        '#/dashboard#proxy-heading',
      );
      expect(screen.getByRole('link', { name: CASE_MESSAGES.notFoundRecords })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    });
  });

  it('says the delete failed and keeps the record', async () => {
    routes['POST /api/cases/7/delete'] = unreachable;
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ severity: 'error', message: withPhone(MESSAGES.systemDifficulties, '1800') }]),
    );
    expect(await screen.findByText(MESSAGES.deleteFailed, { selector: 'p' })).toBeVisible();
    expect(toasts).toHaveLength(1);
    expect(screen.getByTestId('case-number')).toHaveTextContent('PD 000042 2026');
  });

  it.each([
    ['the connection drops after the server has deleted it', 'lost'],
    ['the server says it is gone already (a retry, or another tab)', 'gone'],
  ])('is taken as deleted when %s', async (_, how) => {
    const gone = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.notFound) });
    routes['POST /api/cases/7/delete'] = how === 'lost' ? unreachable : gone;
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    routes['GET /api/cases/7'] = gone;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'success', message: MESSAGES.recordDeleted }));
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(screen.queryByText(MESSAGES.deleteFailed, { selector: 'p' })).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.caseIdentity)).toBeNull();
  });

  it('refused as changed elsewhere, says it was not deleted and shows the record as it now is', async () => {
    let deletes = 0;
    routes['POST /api/cases/7/delete'] = () =>
      ++deletes === 1
        ? { status: 409, body: envelope(null, '409', CASE_MESSAGES.deleteConflict) }
        : { status: 200, body: envelope(null, '200', MESSAGES.recordDeleted) };
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    // Another person saves the draft meanwhile.
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope(record({ version: 2, data: { idNo: 'S1234567D001', note: 'From the other person' } })),
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CASE_MESSAGES.deleteConflict, { selector: 'p' })).toBeVisible();
    // Read from the page's heading, the notice under it: not from the document's start.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    // The page shows the record as it now is already: the notice asks for no reopening nothing offers.
    expect(CASE_MESSAGES.deleteConflict).toContain('shown as it now is');
    expect(CASE_MESSAGES.deleteConflict).not.toMatch(/reopen/i);
    expect(toasts).toEqual([{ severity: 'error', message: CASE_MESSAGES.deleteConflict }]);
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('From the other person');
    // Deleted if the user still wants to: over the version now shown.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'success', message: MESSAGES.recordDeleted }));
    expect(calls.filter((c) => c.path === '/api/cases/7/delete').map((c) => c.body)).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
  });

  it('is not deleted when the confirmation is cancelled', async () => {
    const user = await renderScreen();
    await screen.findByTestId('case-number');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/delete'))).toBe(false);
  });
});

describe('a record or a form that got no answer (docs/decisions/0108)', () => {
  const identityOf7 = { appCode: 'PD', caseId: '7', caseNumber: 'PD 000042 2026', owner: 'ptib.demo/PTIB00000001' };
  const heldIdentity = () => JSON.parse(sessionStorage.getItem(STORAGE_KEYS.caseIdentity) ?? 'null') as unknown;
  const theRecord = () => ({ status: 200, body: envelope(record({ data: { idNo: 'S1234567D001' } })) });
  beforeEach(() => sessionStorage.setItem(STORAGE_KEYS.caseIdentity, JSON.stringify(identityOf7)));

  /** What is said in the page's place: no form to fill in as a new record, no "Record not found". */
  function expectCouldNotLoad(message: string) {
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: CASE_MESSAGES.notFoundHeading })).toBeNull();
    expect(screen.queryByText(CASE_MESSAGES.notFoundOtherProfile)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  }

  it.each([
    ['gets no answer', unreachable],
    ['gets a server error', () => ({ status: 500, body: envelope(null, '500', 'Internal error') })],
  ])(
    'named by a link, that %s, is not said to be no record, and is shown once the connection is back',
    async (_, answer) => {
      routes['GET /api/cases/7'] = answer;
      render(<GenericScreen location={parseHash('#/generic?app=PD&case=7')} />);
      await screen.findByRole('heading', { level: 1, name: ESERVICE.title }, { timeout: 10_000 });
      expectCouldNotLoad(FORM_TEXT.recordFailed);
      expect(heldIdentity()).toEqual(identityOf7);

      routes['GET /api/cases/7'] = theRecord;
      act(() => void window.dispatchEvent(new Event('online')));
      expect(await screen.findByTestId('case-number', undefined, { timeout: 10_000 })).toHaveTextContent(
        'PD 000042 2026',
      );
      expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
    },
  );

  it('reopened from the session after a reload, is not replaced by a new form, and is shown on Try again', async () => {
    routes['GET /api/cases/7'] = unreachable;
    const user = userEvent.setup();
    render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
    await screen.findByRole('heading', { level: 1, name: ESERVICE.title }, { timeout: 10_000 });
    expectCouldNotLoad(FORM_TEXT.recordFailed);
    // Still the record this tab is on: a save here must not make a second one.
    expect(heldIdentity()).toEqual(identityOf7);

    routes['GET /api/cases/7'] = theRecord;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('case-number', undefined, { timeout: 10_000 })).toHaveTextContent(
      'PD 000042 2026',
    );
    // Try again has gone with its page: the focus is on the heading of the one in its place.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus());
  });

  it('whose form gets no answer, offers Try again and loads once the connection is back', async () => {
    routes['GET /api/eservices/PD'] = unreachable;
    sessionStorage.removeItem(STORAGE_KEYS.caseIdentity);
    render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
    await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    expectCouldNotLoad(FORM_TEXT.eserviceFailed);

    routes['GET /api/eservices/PD'] = () => ({ status: 200, body: envelope(ESERVICE) });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByLabelText('ID number')).toHaveValue('');
  });
});

describe('a submitted record seen before', () => {
  it('shows where it stands now when the user comes back to it, not where it stood', async () => {
    let status: CaseDetail['status'] = 'in_review';
    const submitted = () =>
      record({
        status,
        version: status === 'in_review' ? 3 : 4,
        submittedAt: '2026-03-05T06:08:00.000Z',
        data: { idNo: 'S1234567D001', postal: '079903', fee: { currency: 'SGD', amount: '120.50' } },
      });
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(submitted()) });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status, history: [] }) });
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment by Debtor');
    expect(await screen.findByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.in_review);

    // An officer approves it while the user is on the dashboard; they open the record again from there.
    status = 'approved';
    await follow('Payment by Debtor');
    await waitFor(() => expect(screen.getByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.approved));
  }, 30_000);
});

describe('a record an approved request acted on', () => {
  const open = (over: Partial<CaseDetail>) => {
    const submitted = record({ version: 4, submittedAt: '2026-03-05T06:08:00.000Z', ...over });
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(submitted) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: submitted.status, history: [] }),
    });
    window.location.hash = '#/generic?app=PD&case=7';
    return follow('Payment by Debtor');
  };

  it('shows the trip as the amendment left it above the answers as submitted', async () => {
    await open({
      status: 'in_review',
      travelAmendment: {
        caseNumber: 'TA 000018 2026',
        approvedAt: '2026-03-06T02:00:00.000Z',
        trip: [
          { path: 'newDepartureDate', label: 'New departure date', value: '10 Jan 2027' },
          { path: 'countries[0].country', label: 'Country 1: Country', value: 'Malaysia' },
        ],
      },
    });
    const section = await screen.findByRole('region', { name: TRAVEL_TEXT.amendedHeading });
    expect(section).toHaveTextContent(TRAVEL_TEXT.amendedBy('TA 000018 2026', '6 Mar 2026'));
    expect(within(section).getByText('New departure date').nextElementSibling).toHaveTextContent('10 Jan 2027');
    expect(within(section).getByText('Country 1: Country').nextElementSibling).toHaveTextContent('Malaysia');
  }, 30_000);

  it('reads as withdrawn, with nothing amended', async () => {
    await open({ status: 'withdrawn' });
    expect(await screen.findByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.withdrawn);
    expect(screen.queryByRole('region', { name: TRAVEL_TEXT.amendedHeading })).toBeNull();
  }, 30_000);
});

describe('a bill paid from the record page', () => {
  it('changes what the record says to do next, without a reload', async () => {
    const pay = PAYMENT_MESSAGES.nextStepPay('S$120.50', '29 Jan 2030');
    let paid = false;
    const bill = (): BillDetail => ({
      caseId: '7',
      caseNumber: 'PD 000042 2026',
      appCode: 'PD',
      reference: 'PD0000422026',
      amountCents: 12050,
      receivedCents: paid ? 12050 : 0,
      refundedCents: 0,
      refunds: { paidCents: 0, heldCents: 0 },
      state: paid ? 'paid' : 'awaiting',
      issuedAt: '2030-01-15T02:00:00.000Z',
      dueOn: '2030-01-29',
      expiresOn: '2030-02-14',
      receiptNumber: paid ? '2030000001' : null,
      uen: '00000000X',
      merchantName: 'PTIB',
      payNow: paid
        ? null
        : payNowPayload({
            uen: '00000000X',
            amountCents: 12050,
            reference: 'PD0000422026',
            expiresOn: '2030-02-14',
            merchantName: 'PTIB',
          }),
      canSimulate: true,
      certificate: false,
      canRenew: false,
      history: [],
    });
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope(
        record({
          status: 'in_review',
          version: 3,
          submittedAt: '2030-01-15T02:00:00.000Z',
          data: { idNo: 'S1234567D001', postal: '079903', fee: { currency: 'SGD', amount: '120.50' } },
          progress: {
            timeline: [{ status: 'submitted', at: '2030-01-15T02:00:00.000Z', message: null }],
            request: null,
            nextStep: paid ? NEXT_STEP_MESSAGES.in_review : pay,
            decisionReason: null,
          },
        }),
      ),
    });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'in_review', history: [] }) });
    routes['GET /api/cases/7/bill'] = () => ({ status: 200, body: envelope(bill()) });
    routes['POST /api/cases/7/bill/simulate'] = () => {
      paid = true;
      return { status: 200, body: envelope(bill(), '200', PAYMENT_MESSAGES.simulated) };
    };
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment by Debtor');
    expect(await screen.findByTestId('next-step')).toHaveTextContent(pay);
    await user.click(await screen.findByRole('button', { name: PAYMENT_TEXT.simulate }));
    await waitFor(() => expect(screen.getByTestId('next-step')).toHaveTextContent(NEXT_STEP_MESSAGES.in_review));
  }, 30_000);
});

describe('search by case number', () => {
  it('finds a record', async () => {
    routes['GET /api/cases/search'] = () => ({
      status: 200,
      body: envelope({ cases: [record({ data: undefined })] }),
    });
    const user = await renderScreen();
    await user.type(screen.getByRole('searchbox', { name: 'Case number' }), 'pd 000042 2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('table', { name: 'Search result' })).toHaveTextContent('PD 000042 2026');
    expect(calls.find((c) => c.path.startsWith('/api/cases/search'))!.path).toContain('caseNumber=PD+000042+2026');
  });

  it('says when the search call fails', async () => {
    routes['GET /api/cases/search'] = () => ({ status: 500, body: envelope(null, '500', 'boom') });
    const user = await renderScreen();
    await user.type(screen.getByRole('searchbox', { name: 'Case number' }), 'PD 000042 2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(toasts).toEqual([{ severity: 'error', message: MESSAGES.searchFailed }]));
    expect(screen.getByText(MESSAGES.searchFailed)).toBeVisible();
  });

  it('asks for a case number in its form before calling', async () => {
    const user = await renderScreen();
    const box = screen.getByRole('searchbox', { name: 'Case number' });
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const year = new Date().getFullYear();
    expect(box).toHaveAccessibleDescription(
      `${CASE_MESSAGES.caseNumberExample('PD', year)} Error: ${CASE_MESSAGES.badCaseNumberOf('PD', year)}`,
    );
    expect(calls.some((c) => c.path.startsWith('/api/cases/search'))).toBe(false);
  });

  it("names a record of another e-service and links to it there, instead of 'no such record'", async () => {
    routes['GET /api/cases/search'] = () => ({
      status: 200,
      body: envelope({ cases: [record({ id: '9', appCode: 'PCD', caseNumber: 'PC 000009 2026', data: undefined })] }),
    });
    routes['GET /api/eservices/PCD'] = () => ({
      status: 200,
      body: envelope({ ...ESERVICE, code: 'PCD', title: 'Payment of Court Deposits', caseType: 'PC' }),
    });
    const user = await renderScreen();
    await user.type(screen.getByRole('searchbox', { name: 'Case number' }), 'PC 000009 2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const link = await screen.findByRole('link', { name: CASE_MESSAGES.openIn('Payment of Court Deposits') });
    expect(link).toHaveAttribute('href', '#/generic?app=PCD&case=9');
    expect(screen.getByText(CASE_MESSAGES.belongsTo('PC 000009 2026', 'Payment of Court Deposits'))).toBeVisible();
    expect(screen.queryByText(CASE_MESSAGES.caseNumberNotFound)).toBeNull();
    // The profile's records of every e-service are searched, not only this one's.
    expect(calls.find((c) => c.path.startsWith('/api/cases/search'))!.path).not.toContain('app=');
  });
});

describe('the list of records', () => {
  it('says it could not be loaded, with a retry, and loads when the connection is back', async () => {
    let reachable = false;
    routes['GET /api/cases'] = (request) =>
      reachable
        ? { status: 200, body: envelope({ cases: [record({ status: 'draft' })], total: 1 }) }
        : unreachable(request);
    render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
    await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 10_000 });
    const records = screen.getByRole('region', { name: 'Your records' });
    // Not "Loading your records…" for ever: nothing is on its way.
    expect(await within(records).findByText(FORM_TEXT.recordsFailed)).toBeVisible();
    expect(within(records).queryByText(/Loading your records/)).toBeNull();
    await userEvent.setup().click(within(records).getByRole('button', { name: CONNECTION_MESSAGES.retry }));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/cases?')).length).toBe(2));
    expect(await within(records).findByText(FORM_TEXT.recordsFailed)).toBeVisible();

    reachable = true;
    window.dispatchEvent(new Event('online'));
    expect(await within(records).findByRole('table')).toBeVisible();
    expect(within(records).queryByText(FORM_TEXT.recordsFailed)).toBeNull();
  }, 30_000);

  it('says when it lists only the latest records, and how to find an older one', async () => {
    const latest = Array.from({ length: RECORD_LIST_MAX }, (_, i) =>
      record({ id: String(i + 1), caseNumber: `PD ${String(i + 1).padStart(6, '0')} 2026`, data: undefined }),
    );
    routes['GET /api/cases'] = () => ({
      status: 200,
      body: envelope({ cases: latest, total: RECORD_LIST_MAX + 1 }),
    });
    render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
    await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 10_000 });
    const records = screen.getByRole('region', { name: 'Your records' });
    await within(records).findByRole('table');
    expect(records).toHaveTextContent(
      `Showing the ${RECORD_LIST_MAX} most recently changed of your ${RECORD_LIST_MAX + 1} records. Find an older one by its case number, below.`,
    );
  }, 30_000);

  it('says nothing more when it lists every record', async () => {
    routes['GET /api/cases'] = () => ({ status: 200, body: envelope({ cases: [record()], total: 1 }) });
    render(<GenericScreen location={parseHash('#/generic?app=PD')} />);
    await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 10_000 });
    const records = screen.getByRole('region', { name: 'Your records' });
    await within(records).findByRole('table');
    expect(records).not.toHaveTextContent('Showing');
  }, 30_000);
});

describe('an answer to a request for more information', () => {
  const asked = () =>
    record({
      status: 'more_info_requested',
      version: 4,
      submittedAt: '2026-03-05T06:08:00.000Z',
      data: { idNo: 'S1234567D001', postal: '079903', fee: { currency: 'SGD', amount: '120.50' }, note: 'Old' },
      progress: {
        timeline: [{ status: 'more_info_requested', at: '2026-03-06T02:00:00.000Z', message: 'Say more.' }],
        request: {
          message: 'Say more.',
          requestedAt: '2026-03-06T02:00:00.000Z',
          fields: ['note'],
          fieldLabels: ['Remarks'],
        },
        nextStep: 'Change the answers the officer asked about, then resubmit.',
        decisionReason: null,
      },
    });

  it('typed and not yet sent, is offered back after a reload', async () => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(asked()) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: 'more_info_requested', history: [] }),
    });
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7&step=respond';
    await follow('Change the answers the officer asked about');
    const note = screen.getByLabelText(/Remarks/);
    await user.clear(note);
    await user.type(note, 'The full story');

    // A reload: a new screen, nothing in memory.
    forgetFlow();
    await follow('Change the answers the officer asked about');
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Old');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('The full story');
    // The offer is gone with its button: focus goes to the page's heading, not to the page's start.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  }, 30_000);

  it('is asked for on the record, which does not say its answers can no longer be changed', async () => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(asked()) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: 'more_info_requested', history: [] }),
    });
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment by Debtor');
    expect(await screen.findByRole('link', { name: PROGRESS_TEXT.answer })).toBeVisible();
    expect(screen.queryByText(FORM_TEXT.submittedView)).toBeNull();
  }, 30_000);

  it.each([
    ['the connection drops after the server has taken the answers', unreachable],
    [
      'the server says nothing is asked any more (a retry after a lost answer)',
      () => ({ status: 409, body: envelope(null, '409', CASE_MESSAGES.notAwaitingInfo) }),
    ],
  ])(
    'says the answers were sent when %s and the record holds them',
    async (_, answer) => {
      let sent: Record<string, unknown> | null = null;
      routes['GET /api/cases/7'] = () => ({
        status: 200,
        body: envelope(sent === null ? asked() : record({ ...asked(), status: 'in_review', version: 5, data: sent })),
      });
      routes['GET /pe/cases/7/status'] = () => ({
        status: 200,
        body: envelope({ status: 'more_info_requested', history: [] }),
      });
      routes['POST /api/cases/7/resubmit'] = (request) => {
        sent = (request.body as { data: Record<string, unknown> }).data;
        return answer(request);
      };
      const user = userEvent.setup();
      window.location.hash = '#/generic?app=PD&case=7&step=respond';
      await follow('Change the answers the officer asked about');
      const note = screen.getByLabelText(/Remarks/);
      await user.clear(note);
      await user.type(note, 'The full story');
      await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
      // The record, asked for again, is in review with these answers: they went, whatever the answer said.
      await waitFor(() => expect(toasts.at(-1)).toEqual({ severity: 'success', message: CASE_MESSAGES.resubmitted }));
      await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&case=7'));
      expect(screen.queryByText(CASE_MESSAGES.notAwaitingInfo)).toBeNull();
      expect(
        toasts.filter((t) => t.severity === 'error' && t.message !== withPhone(MESSAGES.systemDifficulties, '1800')),
      ).toEqual([]);
    },
    30_000,
  );

  /**
   * Answers the request with "My answer" and presses Resubmit once the record has moved on elsewhere to `then`:
   * the server refuses the resubmission as no longer awaited.
   */
  async function resubmitAfter(then: CaseDetail) {
    let movedOn = false;
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(movedOn ? then : asked()) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: movedOn ? then.status : 'more_info_requested', history: [] }),
    });
    routes['POST /api/cases/7/resubmit'] = () => ({
      status: 409,
      body: envelope(null, '409', CASE_MESSAGES.notAwaitingInfo),
    });
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7&step=respond';
    await follow('Change the answers the officer asked about');
    const note = screen.getByLabelText(/Remarks/);
    await user.clear(note);
    await user.type(note, 'My answer');
    movedOn = true;
    await user.click(screen.getByRole('button', { name: PROGRESS_TEXT.resubmit }));
    return user;
  }

  it('refused as another person answered it first, shows the record as it now is and keeps what was typed', async () => {
    const user = await resubmitAfter(
      record({ ...asked(), status: 'in_review', version: 5, data: { ...asked().data, note: 'Their answer' } }),
    );
    expect(await screen.findByText(CASE_MESSAGES.requestAnswered, { selector: 'p' })).toBeVisible();
    // The Resubmit button pressed has gone: reading starts again at the heading, not the document's start.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.queryByText(CASE_MESSAGES.notAwaitingInfo)).toBeNull();
    expect(toasts).toEqual([{ severity: 'error', message: CASE_MESSAGES.requestAnswered }]);
    expect(screen.getByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.in_review);
    expect(screen.queryByRole('button', { name: PROGRESS_TEXT.resubmit })).toBeNull();
    expect(screen.queryByRole('link', { name: PROGRESS_TEXT.answer })).toBeNull();
    expect(screen.getByText('Remarks', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Their answer');
    // Not sent, kept, and offered to discard.
    expect(readUnsaved(owner, 'PD', '7')?.values).toMatchObject({ note: 'My answer' });
    const offer = screen.getByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    expect(readUnsaved(owner, 'PD', '7')).toBeNull();
  }, 30_000);

  it('refused as the record was withdrawn meanwhile, says so, not that someone answered', async () => {
    // An officer approves the withdrawal the applicant asked for (docs/decisions/0091).
    await resubmitAfter(record({ ...asked(), status: 'withdrawn', version: 5 }));
    expect(await screen.findByText(CASE_MESSAGES.withdrawnMeanwhile, { selector: 'p' })).toBeVisible();
    expect(screen.queryByText(CASE_MESSAGES.requestAnswered)).toBeNull();
    expect(screen.getByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.withdrawn);
    expect(readUnsaved(owner, 'PD', '7')?.values).toMatchObject({ note: 'My answer' });
  }, 30_000);

  it('typed and not yet sent, is offered back on the record, and restored on the page that sends it', async () => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(asked()) });
    routes['GET /pe/cases/7/status'] = () => ({
      status: 200,
      body: envelope({ status: 'more_info_requested', history: [] }),
    });
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7&step=respond';
    await follow('Change the answers the officer asked about');
    await user.type(screen.getByLabelText(/Remarks/), ' and more');

    // Come back later to the record itself (from the dashboard), nothing in memory.
    forgetFlow();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment by Debtor');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&case=7&step=respond'));
    await follow('Change the answers the officer asked about');
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Old and more');
  }, 30_000);
});

describe('nothing typed is lost', () => {
  it('keeps every change in this browser, per user, profile, e-service and record', async () => {
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S123');
    const input = kept()!;
    expect(input).toMatchObject({ appCode: 'PD', title: 'Payment by Debtor', caseId: null, values: { idNo: 'S123' } });
    expect(JSON.parse(localStorage.getItem(unsavedKey(owner, 'PD', input.createKey!))!)).toMatchObject({
      values: { idNo: 'S123' },
    });
  });

  it('keeps a new record’s key with its input, so a first save sent again after a reload makes one record', async () => {
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1234567D001');
    const { createKey } = kept()!;
    expect(createKey).toMatch(/^[0-9a-f-]{36}$/);

    // The first save was made, its answer lost; the page is reloaded and the input restored.
    cleanup();
    forgetFlow();
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record()) });
    await renderScreen();
    await user.click(
      within(screen.getByRole('region', { name: /unsaved changes/ })).getByRole('button', { name: 'Restore' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByTestId('case-number');
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/cases');
    expect(sent.map((c) => (c.body as { createKey?: string }).createKey)).toEqual([createKey]);
  });

  it('offers kept input back, and restores it', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: null,
      caseNumber: null,
      values: { idNo: 'S9999999X001', fee: { amount: '9', currency: 'USD' } },
      savedAt: Date.parse('2026-03-05T14:07:00+08:00'),
    });
    vi.spyOn(Date, 'now').mockReturnValue(new Date(2026, 2, 6).getTime());
    const user = await renderScreen();
    const offer = screen.getByRole('region', { name: /unsaved changes/ });
    expect(offer).toHaveTextContent('You have unsaved changes from 5 Mar 2026, 14:07.');
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('ID number')).toHaveValue('S9999999X001');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
  });

  it('restores kept input whose draft was deleted since onto a new draft, and keeps it so', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: '7',
      caseNumber: 'PD 000042 2026',
      values: { idNo: 'S9999999X001', note: 'Typed before the session ended' },
      savedAt: Date.parse('2026-03-05T14:07:00+08:00'),
    });
    vi.spyOn(Date, 'now').mockReturnValue(new Date(2026, 2, 6).getTime());
    routes['GET /api/cases/7'] = () => ({ status: 404, body: envelope(null, '404', CASE_MESSAGES.deleted) });
    const user = userEvent.setup();
    // The record's own page offers it (from the list of kept input, or a link to the record).
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(FORM_TEXT.deletedWhileOpen, { selector: 'p', exact: false })).toBeVisible();
    expect(screen.getByLabelText('ID number')).toHaveValue('S9999999X001');
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Typed before the session ended');
    expect(screen.queryByTestId('case-number')).toBeNull();
    // Kept for a new draft, so it is not offered again over a record that cannot be opened.
    expect(listUnsaved(owner)).toMatchObject([
      { caseId: null, values: { idNo: 'S9999999X001', note: 'Typed before the session ended' } },
    ]);
  });

  it("says input kept for this user's other profile is kept, and whose, but neither offers nor shows it", async () => {
    const input = { appCode: 'PD', title: 'x', caseId: null, caseNumber: null, savedAt: 1 };
    writeUnsaved(
      { ...owner, profileId: 'PTIB00000012' },
      { ...input, values: { idNo: 'KOH1' }, profileName: 'Koh Legal Services' },
    );
    // Another user's input, and this user's for another e-service: not this form's to mention.
    writeUnsaved(
      { loginName: 'ptib.other', profileId: 'PTIB00000013' },
      { ...input, values: {}, profileName: 'Other' },
    );
    writeUnsaved(
      { ...owner, profileId: 'PTIB00000014' },
      { ...input, appCode: 'PX', values: {}, profileName: 'Elsewhere' },
    );
    vi.spyOn(Date, 'now').mockReturnValue(2);
    await renderScreen();
    expect(screen.getByText(CASE_MESSAGES.unsavedForProfile('Koh Legal Services'))).toBeVisible();
    expect(screen.queryByText(/Other|Elsewhere/)).toBeNull();
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
    expect(screen.getByLabelText('ID number')).toHaveValue('');
    expect(document.body).not.toHaveTextContent('KOH1');
  });

  it('says on check answers too whose input a switch of profile kept', async () => {
    writeUnsaved(
      { ...owner, profileId: 'PTIB00000012' },
      {
        appCode: 'PD',
        title: 'x',
        caseId: null,
        caseNumber: null,
        savedAt: 1,
        values: { idNo: 'KOH1' },
        profileName: 'Koh Legal Services',
      },
    );
    vi.spyOn(Date, 'now').mockReturnValue(2);
    // A check-answers link opened straight (a bookmark, the browser's history) shows no first page.
    window.location.hash = '#/generic?app=PD&step=check';
    await follow('Check your answers before sending');
    expect(screen.getByText(CASE_MESSAGES.unsavedForProfile('Koh Legal Services'))).toBeVisible();
    expect(document.body).not.toHaveTextContent('KOH1');
  });

  it('keeps the offered input while the user types without restoring it, and offers it on the next step', async () => {
    // A reload on a later page (a phone drops a background tab): the page opens empty, with the offer.
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: null,
      caseNumber: null,
      values: { urgent: 'Y', urgentReason: 'A court date', note: 'Kept before' },
      savedAt: Date.now() - 60_000,
    });
    const user = await renderScreen();
    await fillValid(user);
    // Typing here changed those answers in the kept input; the answers of before are still there.
    expect(kept()!.values).toMatchObject({
      idNo: 'S1234567D001',
      urgent: 'Y',
      urgentReason: 'A court date',
      note: 'Kept before',
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await follow(FORM_TEXT.checkHeading);
    const offer = screen.getByRole('region', { name: /unsaved changes/ });
    expect(screen.queryByText('A court date')).toBeNull();
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    // Check answers shows them all now: those typed after the reload and those kept from before.
    for (const answer of ['S1234567D001', 'A court date', 'Kept before'])
      expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
  }, 30_000);

  it('keeps offering input not answered yet after a save, as input of the record the save made', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: null,
      caseNumber: null,
      values: { note: 'Kept before' },
      savedAt: Date.now() - 60_000,
    });
    routes['POST /api/cases'] = () => ({ status: 201, body: envelope(record()) });
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByTestId('case-number');
    expect(kept()).toMatchObject({
      caseId: '7',
      values: { note: 'Kept before', idNo: 'S1234567D001' },
    });
    const offer = screen.getByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Kept before');
    expect(screen.getByLabelText('ID number')).toHaveValue('S1234567D001');
  }, 30_000);

  it('forgets kept input when the user discards it', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'x',
      caseId: null,
      caseNumber: null,
      values: { idNo: 'A' },
      savedAt: 1,
    });
    vi.spyOn(Date, 'now').mockReturnValue(2);
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(kept()).toBeNull();
    expect(screen.getByLabelText('ID number')).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
  });

  it('drops input older than the limit', () => {
    const input = { appCode: 'PD', title: 'x', caseId: null, caseNumber: null, values: {}, savedAt: 0 };
    writeUnsaved(owner, input);
    expect(readUnsaved(owner, 'PD', entryOf(input), UNSAVED_INPUT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(unsavedKey(owner, 'PD', entryOf(input)))).toBeNull();
  });

  it('remembers this screen for the next sign-in when the session ends with unsaved input', async () => {
    const { session } = (await import('../../lib/session/index.ts')) as unknown as { session: { end: () => void } };
    window.location.hash = '#/generic?app=PD';
    const user = await renderScreen();
    await user.type(screen.getByLabelText('ID number'), 'S1');
    act(() => session.end());
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('#/generic?app=PD');
    // For this login only (docs/decisions/0010).
    expect(sessionStorage.getItem(STORAGE_KEYS.returnToLogin)).toBe(owner.loginName);
    expect(kept()?.values.idNo).toBe('S1');
  });
});

describe('input kept per record, with two tabs open (docs/decisions/0010)', () => {
  const NEW_KEY = '2b7c0a4e-6f1d-4c3a-9e8b-0d5f7a1c3e92';
  /** Input another tab (another page load) keeps, written into the browser's storage as it writes it. */
  const fromAnotherTab = (input: UnsavedInput) =>
    localStorage.setItem(unsavedKey(owner, 'PD', entryOf(input)), JSON.stringify({ ...input, tab: 'another' }));
  const kept = (over: Partial<UnsavedInput>): UnsavedInput => ({
    appCode: 'PD',
    title: 'Payment by Debtor',
    caseId: null,
    caseNumber: null,
    values: {},
    savedAt: Date.now() - 60_000,
    ...over,
  });
  const tabA = kept({ createKey: NEW_KEY, values: { idNo: 'S1111111A001', note: 'Long name typed in tab A' } });
  const record8 = kept({ caseId: '8', caseNumber: 'PD 000043 2026', values: { note: 'Typed into record 8' } });

  beforeEach(() => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(record({ data: { idNo: 'S1234567D001' } })) });
    routes['POST /api/cases/7'] = ({ body }) => ({
      status: 200,
      body: envelope(
        record({ version: 2, data: (body as { data: Record<string, unknown> }).data }),
        '200',
        MESSAGES.draftSaved,
      ),
    });
  });

  it("saving one record leaves the other tabs' input, and each is offered where it belongs", async () => {
    fromAnotherTab(tabA);
    fromAnotherTab(record8);
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    await screen.findByTestId('case-number');
    // The record's page offers neither a new record's input nor another record's.
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
    await user.type(screen.getByLabelText(/Remarks/), 'Payer typed in B');
    expect(listUnsaved(owner).map(entryOf).sort()).toEqual([NEW_KEY, '7', '8'].sort());
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toContainEqual({ severity: 'success', message: MESSAGES.draftSaved }));
    expect(listUnsaved(owner)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ createKey: NEW_KEY, values: tabA.values }),
        expect.objectContaining({ caseId: '8', values: record8.values }),
      ]),
    );
    expect(listUnsaved(owner)).toHaveLength(2);

    // The list of kept input names each, linked to where it is offered.
    cleanup();
    render(<UnsavedInputList />);
    expect(screen.getByRole('link', { name: 'Payment by Debtor, record PD 000043 2026' })).toHaveAttribute(
      'href',
      '#/generic?app=PD&case=8',
    );
    const link = screen.getByRole('link', { name: 'Payment by Debtor, a new record' });
    expect(link).toHaveAttribute('href', `#/generic?app=PD&kept=${NEW_KEY}`);

    // The new form it opens offers tab A's input, though this tab last held record 7.
    window.location.hash = link.getAttribute('href')!;
    await follow('Payment');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Long name typed in tab A');
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/cases/8')).toBe(false);
  }, 30_000);

  it('offers on the record its own input only, and on the new form only a new record’s', async () => {
    fromAnotherTab(record8);
    routes['GET /api/cases/8'] = () => ({
      status: 200,
      body: envelope(record({ id: '8', caseNumber: 'PD 000043 2026' })),
    });
    await renderScreen();
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
    window.location.hash = '#/generic?app=PD&case=8';
    await follow('Payment');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    expect(offer).toHaveTextContent('They belong to record PD 000043 2026.');
    // Left for a new record without an answer, it stays kept for the record's page.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start a new record' }));
    await waitFor(() => expect(window.location.hash).toBe('#/generic?app=PD&page=payment'));
    expect(listUnsaved(owner)).toEqual([expect.objectContaining({ caseId: '8', values: record8.values })]);
  }, 30_000);

  it('saving a record leaves what another tab typed into the same record since, offered there again', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    await screen.findByTestId('case-number');
    await user.type(screen.getByLabelText(/Remarks/), 'Typed here');
    // The other tab types into the same record after this one.
    fromAnotherTab(kept({ caseId: '7', caseNumber: 'PD 000042 2026', values: { note: 'Typed in the other tab' } }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(toasts).toContainEqual({ severity: 'success', message: MESSAGES.draftSaved }));
    expect(listUnsaved(owner)).toEqual([expect.objectContaining({ values: { note: 'Typed in the other tab' } })]);

    // A reload of the record: its input is offered.
    forgetFlow();
    await follow('Payment');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Typed in the other tab');
  }, 30_000);
});

describe('a draft submitted in another tab', () => {
  it('is shown as it now is when a save here is refused, read-only, with the list up to date', async () => {
    let submitted = false;
    const now = () =>
      record({
        data: { idNo: 'S1234567D001' },
        ...(submitted && { status: 'submitted', version: 2, submittedAt: '2026-03-05T06:08:00.000Z' }),
      });
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(now()) });
    routes['GET /api/cases'] = () => ({ status: 200, body: envelope({ cases: [now()], total: 1 }) });
    routes['POST /api/cases/7'] = () => ({ status: 409, body: envelope(null, '409', CASE_MESSAGES.notEditable) });
    const user = userEvent.setup();
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment');
    expect(await screen.findByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.draft);
    const records = screen.getByRole('region', { name: 'Your records' });
    expect(await within(records).findByRole('table')).toHaveTextContent(CASE_STATUS_LABELS.draft);
    await user.type(screen.getByLabelText(/Remarks/), 'Typed in tab B');

    // Tab A submits it; tab B saves.
    submitted = true;
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('case-status')).toHaveTextContent(CASE_STATUS_LABELS.submitted));
    expect(screen.getByText(CASE_MESSAGES.notEditable, { selector: 'p' })).toBeVisible();
    expect(toasts).toEqual([{ severity: 'error', message: CASE_MESSAGES.notEditable }]);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    // The Save draft button pressed has gone with the form: the focus is on the heading, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const list = screen.getByRole('region', { name: 'Your records' });
    await waitFor(() => expect(within(list).getByRole('table')).toHaveTextContent(CASE_STATUS_LABELS.submitted));
    // What was typed stays kept in this browser (docs/decisions/0010).
    expect(kept()?.values).toMatchObject({ note: 'Typed in tab B' });
  }, 30_000);
});

describe('input kept for a record that can no longer take it', () => {
  it('is offered to discard on the record, and is then no longer listed', async () => {
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: '7',
      caseNumber: 'PD 000042 2026',
      values: { idNo: 'S1234567D001', note: 'Typed before another person sent it' },
      savedAt: Date.now() - 60_000,
    });
    routes['GET /api/cases/7'] = () => ({
      status: 200,
      body: envelope(record({ status: 'in_review', version: 3, submittedAt: '2026-03-05T06:08:00.000Z' })),
    });
    routes['GET /pe/cases/7/status'] = () => ({ status: 200, body: envelope({ status: 'in_review', history: [] }) });
    const user = userEvent.setup();
    // The link of the list of unsaved changes.
    window.location.hash = '#/generic?app=PD&case=7';
    await follow('Payment by Debtor');
    const offer = await screen.findByRole('region', { name: /unsaved changes/ });
    expect(offer).toHaveTextContent(CASE_MESSAGES.unsavedNotUsable);
    expect(within(offer).queryByRole('button', { name: 'Restore' })).toBeNull();
    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: /unsaved changes/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(listUnsaved(owner)).toEqual([]);
    cleanup();
    render(<UnsavedInputList />);
    expect(screen.queryByRole('heading', { name: 'Unsaved changes' })).toBeNull();
  }, 30_000);
});

describe('a first save whose key made a record elsewhere (docs/decisions/0036)', () => {
  const NEW_KEY = '2b7c0a4e-6f1d-4c3a-9e8b-0d5f7a1c3e92';
  /** Record 7, made by the key's first save: what it holds is the test's. */
  let made: Record<string, unknown>;
  const refusal = () => ({
    status: 409,
    body: envelope(
      { madeElsewhere: { id: '7', caseNumber: 'PD 000042 2026' } },
      '409',
      CASE_MESSAGES.madeElsewhere('PD 000042 2026'),
    ),
  });
  const firstSaves = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/cases');
  const keyOf = (c: FakeCall) => (c.body as { createKey: string }).createKey;

  beforeEach(() => {
    routes['GET /api/cases/7'] = () => ({ status: 200, body: envelope(record({ data: made })) });
    routes['POST /api/cases/7'] = ({ body }) => ({
      status: 200,
      body: envelope(
        record({ version: 2, data: (body as { data: Record<string, unknown> }).data }),
        '200',
        MESSAGES.draftSaved,
      ),
    });
  });

  it('by another tab that restored the same input: says so, keeps what was typed, and saves it as a record of its own', async () => {
    // Tab A made record 7 with the key and its own answers; this tab restored the same kept input before.
    made = { idNo: 'S1234567D001', note: 'A final name' };
    writeUnsaved(owner, {
      appCode: 'PD',
      title: 'Payment by Debtor',
      caseId: null,
      caseNumber: null,
      createKey: NEW_KEY,
      values: { idNo: 'S1234567D001', note: 'Typed first' },
      savedAt: Date.now() - 60_000,
    });
    routes['POST /api/cases'] = ({ body }) =>
      keyOf({ body } as FakeCall) === NEW_KEY
        ? refusal()
        : {
            status: 201,
            body: envelope(record({ id: '8', caseNumber: 'PD 000043 2026' }), '200', MESSAGES.draftSaved),
          };
    const user = await renderScreen();
    await user.click(
      within(screen.getByRole('region', { name: /unsaved changes/ })).getByRole('button', { name: 'Restore' }),
    );
    await user.type(screen.getByLabelText(/Remarks/), ', changed in tab B');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const message = CASE_MESSAGES.madeElsewhere('PD 000042 2026');
    await waitFor(() => expect(toasts).toEqual([{ severity: 'error', message }]));
    expect(screen.getByText(message, { selector: 'p' })).toBeVisible();
    // Record 7 is left as tab A saved it; what was typed here stays, on the page and in this browser.
    expect(calls.some((c) => c.path === '/api/cases/7' && c.method === 'POST')).toBe(false);
    expect(screen.getByLabelText(/Remarks/)).toHaveValue('Typed first, changed in tab B');
    expect(screen.queryByTestId('case-number')).toBeNull();
    expect(listUnsaved(owner)).toEqual([
      expect.objectContaining({
        caseId: null,
        values: expect.objectContaining({ note: 'Typed first, changed in tab B' }),
      }),
    ]);
    expect(kept()!.createKey).not.toBe(NEW_KEY);

    // Saved again, they make a record of their own.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('case-number')).toHaveTextContent('PD 000043 2026');
    const [, second] = firstSaves();
    expect(keyOf(second!)).not.toBe(NEW_KEY);
    expect(second!.body).toMatchObject({ data: { note: 'Typed first, changed in tab B' } });
  }, 30_000);

  it('by this page, whose first save went in with its answer lost: saves the answers changed since into it', async () => {
    routes['POST /api/cases'] = (call) => {
      if (firstSaves().length > 1) return refusal();
      made = (call.body as { data: Record<string, unknown> }).data;
      return unreachable(call);
    };
    const user = await renderScreen();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByText(MESSAGES.draftSaveFailed, { selector: 'p' })).toBeVisible());
    await user.type(screen.getByLabelText(/Remarks/), 'Typed after the lost answer');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    expect(toasts.at(-1)).toEqual({ severity: 'success', message: MESSAGES.draftSaved });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cases/7')!.body).toMatchObject({
      version: 1,
      data: { idNo: 'S1234567D001', note: 'Typed after the lost answer' },
    });
    expect(kept()).toBeNull();
  }, 30_000);

  it('by this browser before a reload, its answer lost: saves the restored answers changed since into it', async () => {
    // The first save went in and its answer was lost; then the page was reloaded (the session ended, the tab
    // was closed) and its kept input is restored.
    const key = '9d4e2f1a-7b3c-4e5d-8f6a-1c2b3d4e5f60';
    const before = { idNo: 'S1234567D001', postal: '079903', fee: { amount: '120.50', currency: 'SGD' } };
    made = answersToKeep(FORM, mergeValues(FORM, before));
    localStorage.setItem(
      unsavedKey(owner, 'PD', key),
      JSON.stringify({
        appCode: 'PD',
        title: 'Payment by Debtor',
        caseId: null,
        caseNumber: null,
        createKey: key,
        values: before,
        savedAt: Date.now() - 60_000,
        tab: 'the page before the reload',
      }),
    );
    routes['POST /api/cases'] = refusal;
    const user = await renderScreen();
    await user.click(
      within(screen.getByRole('region', { name: /unsaved changes/ })).getByRole('button', { name: 'Restore' }),
    );
    await user.type(screen.getByLabelText(/Remarks/), 'Typed after the reload');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('case-number')).toHaveTextContent('PD 000042 2026');
    expect(keyOf(firstSaves()[0]!)).toBe(key);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cases/7')!.body).toMatchObject({
      version: 1,
      data: { idNo: 'S1234567D001', note: 'Typed after the reload' },
    });
  }, 30_000);
});
