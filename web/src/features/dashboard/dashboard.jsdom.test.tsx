import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, ROUTES } from '#contract/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import type { CaseSummary, CasesSummary, CatalogueResponse } from '#contract/schemas/eservices.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { envelope, fakeApi, type FakeCall } from '../../../test/fakeApi.ts';
import { DASHBOARD_BILLS_MAX, PAYMENT_PATHS, PAYMENT_TEXT, type ListedBill } from '#contract/payments.ts';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import { parseHash } from '../../lib/router/location.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterContext } from '../../lib/router/RouterView.tsx';
import { identity as identityStore } from '../../lib/session/index.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import DashboardScreen from './DashboardScreen.tsx';

const fake = vi.hoisted(() => ({ profile: null as unknown }));

vi.mock('../../lib/session/index.ts', async () => {
  const { createIdentityStore } = await import('../../lib/session/identity.ts');
  const identity = createIdentityStore(async () => ({ kind: 'ok', identity: fake.profile as UserIdentity }));
  return { identity, session: { proxySwitched: vi.fn() } };
});

const address = {
  blockHouseNo: '10',
  streetName: 'Anson Road',
  floorUnit: '#12-01',
  buildingName: '',
  postalCode: '079903',
  country: 'SG',
};

const ordinary: UserIdentity = demoIdentity({
  correspondenceAddressDetails: address,
  dashboardMessage: 'Welcome back. Your refund application is being processed.',
});

const catalogue: CatalogueResponse = {
  groups: [
    {
      name: 'Payments',
      menu: 'Payments',
      eservices: [
        {
          code: 'PCD',
          title: 'Payment of Court Deposits',
          description: '',
          group: 'Payments',
          menu: 'Payments',
          href: '/generic?app=PCD',
        },
      ],
    },
    {
      name: 'Refunds',
      menu: 'Payments',
      eservices: [
        {
          code: 'PRD',
          title: 'Refund of Deposits',
          description: '',
          group: 'Refunds',
          menu: 'Payments',
          href: '/generic?app=PRD',
        },
      ],
    },
    { name: 'Empty', menu: 'Filings', eservices: [] },
  ],
};

const record = (id: string, appCode: string, caseNumber: string, status: CaseSummary['status'], day: number) => ({
  id,
  appCode,
  caseNumber,
  status,
  version: 1,
  updatedAt: `2026-01-${String(day).padStart(2, '0')}T08:00:00.000Z`,
});

/** What the server answers for the acting profile: counts by status, the latest records newest first. */
const SUMMARY: CasesSummary = {
  counts: {
    draft: 1,
    submitted: 1,
    in_review: 0,
    more_info_requested: 0,
    rejection_proposed: 0,
    approved: 1,
    rejected: 0,
    withdrawn: 0,
  },
  latest: [
    record('7', 'PRD', 'RD 000007 2026', 'draft', 9),
    record('1', 'PRD', 'RD 000001 2026', 'submitted', 5),
    record('3', 'PCD', 'PC 000003 2026', 'approved', 3),
  ],
};

type Answer = { status?: number; body: unknown };
const answer = (responseJSON: unknown): Answer => ({ body: envelope(responseJSON) });
/** No answer at all: the connection failed. */
const unreachable = async (): Promise<Answer> => {
  throw new TypeError('Failed to fetch');
};

/** What each path answers, changed by the tests; the calls go through the real HTTP layer (fakeApi). */
const server = new Map<string, () => Promise<Answer>>();
const answering = (body: unknown) => async () => answer(body);
let calls: FakeCall[] = [];
/** The dashboard's own calls (not the configuration, nor the proxy panel's list). */
const requestedPaths = () =>
  calls.map((c) => c.path).filter((p) => p === API_PATHS.eservices || p === API_PATHS.casesSummary);

function deferred() {
  let resolve!: (result: Answer) => void;
  const promise = new Promise<Answer>((r) => (resolve = r));
  return { promise, resolve };
}

function renderDashboard() {
  const router = createRouter({
    routes: [],
    notFound: { path: '*', title: 'Not found', load: async () => ({ default: () => null }) },
    index: ROUTES.home,
  });
  return render(
    <RouterContext value={router}>
      <DashboardScreen location={parseHash('#/dashboard')} />
    </RouterContext>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  // Signed in: the screens load the identity only with a token.
  window.sessionStorage.setItem(STORAGE_KEYS.token, 'token-1');
  fake.profile = ordinary;
  server.clear();
  server.set(API_PATHS.eservices, answering(catalogue));
  server.set(API_PATHS.casesSummary, answering(SUMMARY));
  server.set(API_PATHS.retrieveMasterPTIBList, answering({ masterPTIBList: [] }));
  const route = (path: string) => () => (server.get(path) ?? unreachable)();
  calls = fakeApi(
    Object.fromEntries(
      [API_PATHS.eservices, API_PATHS.casesSummary, API_PATHS.retrieveMasterPTIBList, PAYMENT_PATHS.bills].map((p) => [
        p,
        route(p),
      ]),
    ),
  );
});

afterEach(() => {
  // Unmount first: a mounted dashboard would load the identity again as soon as it is forgotten.
  cleanup();
  identityStore.invalidate();
});

const table = (caption: string) => screen.getByRole('table', { name: caption });
const rowsOf = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('dashboard', () => {
  it('greets the acting profile by name and shows its dashboard message', async () => {
    renderDashboard();
    expect(await screen.findByText('Welcome, Tan Ah Kow')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Message' })).toHaveTextContent(ordinary.dashboardMessage!);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it("summarises the profile's records: counts by status and the latest with links to them", async () => {
    renderDashboard();
    await screen.findByRole('table', { name: 'Records by status' });
    expect(rowsOf(table('Records by status'))).toEqual([
      ['Draft', '1'],
      ['Submitted', '1'],
      ['In review', '0'],
      ['More information requested', '0'],
      ['Approved', '1'],
      ['Rejected', '0'],
      ['Withdrawn', '0'],
    ]);
    const latest = rowsOf(table('Latest records'));
    expect(latest.map((r) => r.slice(0, 3))).toEqual([
      ['RD 000007 2026', 'Refund of Deposits', 'Draft'],
      ['RD 000001 2026', 'Refund of Deposits', 'Submitted'],
      ['PC 000003 2026', 'Payment of Court Deposits', 'Approved'],
    ]);
    expect(screen.getByRole('link', { name: 'RD 000007 2026' })).toHaveAttribute('href', '#/generic?app=PRD&case=7');
    // One call for the records, whatever the number of e-services: not one per e-service.
    expect(requestedPaths().sort()).toEqual([API_PATHS.casesSummary, API_PATHS.eservices].sort());
  });

  it('names the roles of the latest records’ table outright, as a phone stacks its cells', async () => {
    // WebKit has dropped a table's roles once CSS shows its parts as blocks (dashboard.css): said outright,
    // VoiceOver on an iPhone still reads each cell with its column.
    renderDashboard();
    const latest = await screen.findByRole('table', { name: 'Latest records' });
    expect(latest).toHaveAttribute('role', 'table');
    for (const group of latest.querySelectorAll('thead, tbody')) expect(group).toHaveAttribute('role', 'rowgroup');
    for (const row of latest.querySelectorAll('tr')) expect(row).toHaveAttribute('role', 'row');
    for (const heading of latest.querySelectorAll('th[scope="col"]'))
      expect(heading).toHaveAttribute('role', 'columnheader');
    for (const heading of latest.querySelectorAll('th[scope="row"]'))
      expect(heading).toHaveAttribute('role', 'rowheader');
    for (const cell of latest.querySelectorAll('td')) expect(cell).toHaveAttribute('role', 'cell');
  });

  it('writes dates as every other screen does (d MMM yyyy: Sep, not Sept)', async () => {
    server.set(
      API_PATHS.casesSummary,
      answering({
        ...SUMMARY,
        latest: [{ ...record('9', 'PRD', 'RD 000009 2026', 'draft', 1), updatedAt: '2026-09-12T04:00:00.000Z' }],
      }),
    );
    renderDashboard();
    const latest = await screen.findByRole('table', { name: 'Latest records' });
    expect(within(latest).getByText('12 Sep 2026')).toHaveAttribute('datetime', '2026-09-12T04:00:00.000Z');
  });

  it('asks for the records without waiting for the catalogue', async () => {
    const slow = deferred();
    server.set(API_PATHS.eservices, () => slow.promise);
    renderDashboard();
    await waitFor(() => expect(requestedPaths()).toContain(API_PATHS.casesSummary));
    expect(requestedPaths()).toContain(API_PATHS.eservices);
    // The records wait for the catalogue, which names their e-services.
    expect(screen.getByRole('status')).toHaveTextContent('Loading your e-service records…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    act(() => slow.resolve(answer(catalogue)));
    expect(await screen.findByRole('table', { name: 'Latest records' })).toHaveTextContent('Refund of Deposits');
    expect(requestedPaths()).toHaveLength(2);
  });

  it('links to each e-service under its menu group, leaving out empty groups', async () => {
    renderDashboard();
    const shortcuts = await screen.findByRole('region', { name: 'E-services' });
    expect(
      within(shortcuts)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Payments', 'Refunds']);
    expect(within(shortcuts).getByRole('link', { name: 'Refund of Deposits' })).toHaveAttribute(
      'href',
      '#/generic?app=PRD',
    );
  });

  it('says so when the profile has no records', async () => {
    server.set(
      API_PATHS.casesSummary,
      answering({
        counts: {
          draft: 0,
          submitted: 0,
          in_review: 0,
          more_info_requested: 0,
          rejection_proposed: 0,
          approved: 0,
          rejected: 0,
          withdrawn: 0,
        },
        latest: [],
      }),
    );
    renderDashboard();
    expect(await screen.findByText('There are no e-service records for this profile yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the records cannot be loaded', async () => {
    server.set(API_PATHS.casesSummary, unreachable);
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your e-service records could not be loaded.');
    // The e-services came: their shortcuts are there.
    expect(await screen.findByRole('region', { name: 'E-services' })).toBeInTheDocument();
    server.set(API_PATHS.casesSummary, answering(SUMMARY));
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('table', { name: 'Records by status' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no records without the catalogue, and offers to try again', async () => {
    server.set(API_PATHS.eservices, unreachable);
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your e-services and records could not be loaded.');
    await waitFor(() => expect(requestedPaths()).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    server.set(API_PATHS.eservices, answering(catalogue));
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('table', { name: 'Latest records' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'E-services' })).toBeInTheDocument();
  });

  it('shows the proxy selector to a master user only', async () => {
    renderDashboard();
    await screen.findByText('Welcome, Tan Ah Kow');
    expect(screen.queryByRole('region', { name: 'Act for another profile' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain(API_PATHS.retrieveMasterPTIBList);
  });

  it('shows the acting profile and reloads its records after a proxy switch', async () => {
    fake.profile = {
      ...ordinary,
      proxyInd: 'Y',
      PTIBName: 'Lim Mei Ling',
      ptibProfileID: 'PTIB00000002',
      ownPtibProfileID: 'PTIB00000002',
    };
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Act for another profile' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Latest records' });

    server.set(
      API_PATHS.casesSummary,
      answering({
        ...SUMMARY,
        counts: { ...SUMMARY.counts, draft: 0, submitted: 0, approved: 0, in_review: 1 },
        latest: [record('11', 'PCD', 'PC 000011 2026', 'in_review', 10)],
      }),
    );
    fake.profile = { ...(fake.profile as UserIdentity), PTIBName: 'Koh Legal Services', ptibProfileID: 'PTIB00000012' };
    const panel = screen.getByRole('region', { name: 'Act for another profile' });
    act(() => identityStore.invalidate());
    // While the new identity loads, the dashboard stays (the focus in the proxy panel is kept).
    expect(screen.getByRole('region', { name: 'Act for another profile' })).toBe(panel);

    expect(await screen.findByText('Welcome, Koh Legal Services')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'PC 000011 2026' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'RD 000007 2026' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Act for another profile' })).toBe(panel);
    expect(rowsOf(table('Records by status'))).toContainEqual(['In review', '1']);
    expect(requestedPaths().filter((p) => p === API_PATHS.casesSummary)).toHaveLength(2);
  });

  it('drops a late answer for the profile acted for before a switch', async () => {
    const master = {
      ...ordinary,
      proxyInd: 'Y' as const,
      ptibProfileID: 'PTIB00000002',
      ownPtibProfileID: 'PTIB00000002',
    };
    fake.profile = master;
    const late = deferred();
    server.set(API_PATHS.casesSummary, () => late.promise);
    renderDashboard();
    await waitFor(() => expect(requestedPaths()).toContain(API_PATHS.casesSummary));

    const theirs = { ...SUMMARY, latest: [record('11', 'PCD', 'PC 000011 2026', 'in_review', 10)] };
    server.set(API_PATHS.casesSummary, answering(theirs));
    fake.profile = { ...master, PTIBName: 'Koh Legal Services', ptibProfileID: 'PTIB00000012' };
    act(() => identityStore.invalidate());
    expect(await screen.findByText('Welcome, Koh Legal Services')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'PC 000011 2026' })).toBeInTheDocument();

    await act(async () => late.resolve(answer(SUMMARY)));
    expect(screen.getByRole('link', { name: 'PC 000011 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'RD 000007 2026' })).not.toBeInTheDocument();
  });
  /** A bill issued on 1 Mar 2026, due on the 15th. */
  const billOf = (
    bill: Pick<ListedBill, 'caseId' | 'caseNumber' | 'appCode' | 'amountCents'> & Partial<ListedBill>,
  ): ListedBill => ({
    reference: bill.caseNumber.replaceAll(' ', ''),
    receivedCents: 0,
    refundedCents: 0,
    state: 'awaiting',
    issuedAt: '2026-03-01T02:00:00.000Z',
    dueOn: '2026-03-15',
    expiresOn: '2026-03-31',
    receiptNumber: null,
    lapsed: false,
    ...bill,
  });

  it('lists the profile’s bills with amount and state, each linking to its record', async () => {
    const bill = billOf({ caseId: '3', caseNumber: 'PC 000003 2026', appCode: 'PCD', amountCents: 123450 });
    server.set(PAYMENT_PATHS.bills, answering({ bills: [bill], total: 1 }));
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your bills' });
    expect(within(section).getByTestId('dashboard-bill')).toHaveTextContent(
      'PC 000003 2026: S$1,234.50, Awaiting payment, pay by 15 Mar 2026',
    );
    expect(within(section).getByRole('link', { name: 'PC 000003 2026' })).toHaveAttribute(
      'href',
      '#/generic?app=PCD&case=3',
    );
  });
  it('says what is left to pay of a part-paid bill, not only its whole amount', async () => {
    const bill = billOf({
      caseId: '4',
      caseNumber: 'PD 000004 2026',
      appCode: 'PD',
      amountCents: 10000,
      receivedCents: 4000,
      state: 'part_paid',
    });
    server.set(PAYMENT_PATHS.bills, answering({ bills: [bill], total: 1 }));
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your bills' });
    // "S$100.00, Part-paid, pay by …" read as S$100.00 still to pay: a payer would pay the whole again.
    expect(within(section).getByTestId('dashboard-bill')).toHaveTextContent(
      `PD 000004 2026: S$100.00, Part-paid, ${PAYMENT_TEXT.leftToPay('S$60.00', '15 Mar 2026')}`,
    );
  });
  it('asks for a new QR code on the record once a bill’s code expired, never to pay by a day gone', async () => {
    const partPaid = billOf({
      caseId: '6',
      caseNumber: 'PC 000006 2026',
      appCode: 'PCD',
      amountCents: 100000,
      receivedCents: 40000,
      state: 'part_paid',
      lapsed: true,
    });
    const unpaid = billOf({
      caseId: '8',
      caseNumber: 'PC 000008 2026',
      appCode: 'PCD',
      amountCents: 100,
      state: 'expired',
      lapsed: true,
    });
    server.set(PAYMENT_PATHS.bills, answering({ bills: [partPaid, unpaid], total: 2 }));
    renderDashboard();
    const [first, second] = within(await screen.findByRole('region', { name: 'Your bills' })).getAllByTestId(
      'dashboard-bill',
    );
    expect(first).toHaveTextContent(`PC 000006 2026: S$1,000.00, Part-paid, ${PAYMENT_TEXT.lapsedOwed('S$600.00')}`);
    expect(second).toHaveTextContent(`PC 000008 2026: S$1.00, Expired, ${PAYMENT_TEXT.lapsedOwed('S$1.00')}`);
    expect(first).not.toHaveTextContent('15 Mar 2026');
  });
  it('says when it lists only some of the bills, and where the others are', async () => {
    const bills = Array.from({ length: DASHBOARD_BILLS_MAX }, (_, i) =>
      billOf({
        caseId: String(i + 1),
        caseNumber: `PD ${String(i + 1).padStart(6, '0')} 2026`,
        appCode: 'PD',
        amountCents: 100,
      }),
    );
    server.set(PAYMENT_PATHS.bills, answering({ bills, total: DASHBOARD_BILLS_MAX + 1 }));
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your bills' });
    expect(within(section).getAllByTestId('dashboard-bill')).toHaveLength(DASHBOARD_BILLS_MAX);
    expect(section).toHaveTextContent(
      `Showing ${DASHBOARD_BILLS_MAX} of your ${DASHBOARD_BILLS_MAX + 1} bills: those still to pay, then the newest. Every bill is also on its application’s page.`,
    );

    cleanup();
    server.set(PAYMENT_PATHS.bills, answering({ bills, total: LIST_COUNT_CAP }));
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Your bills' })).toHaveTextContent(
      `Showing ${DASHBOARD_BILLS_MAX} of your 1,000 or more bills`,
    );
  });
  it('says nothing more when it lists every bill', async () => {
    const bill = billOf({ caseId: '5', caseNumber: 'PD 000005 2026', appCode: 'PD', amountCents: 100 });
    server.set(PAYMENT_PATHS.bills, answering({ bills: [bill], total: 1 }));
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Your bills' })).not.toHaveTextContent('Showing');
  });
});
