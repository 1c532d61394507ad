import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../../contract/index.ts';
import type { UserIdentity } from '../../../../contract/schemas/auth.ts';
import type { CaseSummary, CatalogueResponse } from '../../../../contract/schemas/eservices.ts';
import { parseHash } from '../../lib/router/location.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterContext } from '../../lib/router/RouterView.tsx';
import { identity as identityStore } from '../../lib/session/index.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { fetchMasterList } from '../proxy/api.ts';
import { fetchCases, fetchCatalogue } from './api.ts';
import DashboardScreen from './DashboardScreen.tsx';

const fake = vi.hoisted(() => ({ profile: null as unknown }));

vi.mock('../../lib/session/index.ts', async () => {
  const { createIdentityStore } = await import('../../lib/session/identity.ts');
  const identity = createIdentityStore(async () => ({ kind: 'ok', identity: fake.profile as UserIdentity }));
  return { identity, session: { proxySwitched: vi.fn() } };
});
vi.mock('./api.ts', () => ({ fetchCatalogue: vi.fn(), fetchCases: vi.fn() }));
vi.mock(import('../proxy/api.ts'), async (original) => ({
  ...(await original()),
  fetchMasterList: vi.fn(),
  switchProxyProfile: vi.fn(),
}));

const address = {
  blockHouseNo: '10',
  streetName: 'Anson Road',
  floorUnit: '#12-01',
  buildingName: '',
  postalCode: '079903',
  country: 'SG',
};

const ordinary: UserIdentity = {
  roles: ['PTIB'],
  authorizations: ['SEMS01'],
  header: 'PTIB e-Services',
  imageUrl: null,
  isPTIBBlocked: 'N',
  proxyInd: 'N',
  PTIBName: 'Tan Ah Kow',
  idNum: 'S1234567D',
  mobileNum: '91234567',
  correspondenceAddressDetails: address,
  dashboardMessage: 'Welcome back. Your refund application is being processed.',
  ptibProfileID: 'PTIB00000001',
  ownPtibProfileID: 'PTIB00000001',
  loginName: 'ptib.demo',
};

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

const CASES: Record<string, CaseSummary[]> = {
  PCD: [record('3', 'PCD', 'PC 000003 2026', 'approved', 3)],
  PRD: [record('1', 'PRD', 'RD 000001 2026', 'submitted', 5), record('7', 'PRD', 'RD 000007 2026', 'draft', 9)],
};

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
  vi.mocked(fetchCatalogue).mockResolvedValue(catalogue);
  vi.mocked(fetchCases).mockImplementation(async (code) => CASES[code] ?? []);
  vi.mocked(fetchMasterList).mockResolvedValue([]);
});

afterEach(() => {
  // Unmount first: a mounted dashboard would load the identity again as soon as it is forgotten.
  cleanup();
  identityStore.invalidate();
  vi.mocked(fetchCatalogue).mockReset();
  vi.mocked(fetchCases).mockReset();
  vi.mocked(fetchMasterList).mockReset();
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
      ['Approved', '1'],
      ['Rejected', '0'],
    ]);
    const latest = rowsOf(table('Latest records'));
    expect(latest.map((r) => r.slice(0, 3))).toEqual([
      ['RD 000007 2026', 'Refund of Deposits', 'Draft'],
      ['RD 000001 2026', 'Refund of Deposits', 'Submitted'],
      ['PC 000003 2026', 'Payment of Court Deposits', 'Approved'],
    ]);
    expect(screen.getByRole('link', { name: 'RD 000007 2026' })).toHaveAttribute('href', '#/generic?app=PRD&case=7');
    expect(fetchCases).toHaveBeenCalledTimes(2);
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
    vi.mocked(fetchCases).mockResolvedValue([]);
    renderDashboard();
    expect(await screen.findByText('There are no e-service records for this profile yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the records cannot be loaded', async () => {
    vi.mocked(fetchCases).mockRejectedValueOnce(new Error('down'));
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your e-service records could not be loaded.');
    act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('table', { name: 'Records by status' })).toBeInTheDocument();
  });

  it('shows the proxy selector to a master user only', async () => {
    renderDashboard();
    await screen.findByText('Welcome, Tan Ah Kow');
    expect(screen.queryByRole('region', { name: 'Act for another profile' })).not.toBeInTheDocument();
    expect(fetchMasterList).not.toHaveBeenCalled();
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

    vi.mocked(fetchCases).mockImplementation(async (code) =>
      code === 'PCD' ? [record('11', 'PCD', 'PC 000011 2026', 'in_review', 10)] : [],
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
  });
});
