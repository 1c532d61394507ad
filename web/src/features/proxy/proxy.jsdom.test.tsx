import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  MESSAGES,
  MYSELF_SUFFIX,
  RESPONSE_CODE,
  ROUTES,
  TOAST_TITLES,
} from '#contract/index.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { MasterPtibEntry, UserIdentity } from '#contract/schemas/auth.ts';
import { Toasts } from '../../components/toasts/Toasts.tsx';
import { clearToasts } from '../../components/toasts/toastStore.ts';
import { createRouter, type Router } from '../../lib/router/router.ts';
import { RouterContext } from '../../lib/router/RouterView.tsx';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { envelope, fakeApi, type FakeCall, type FakeRoutes } from '../../../test/fakeApi.ts';
import { buildProxyOptions } from './options.ts';
import { ProxyPanel } from './ProxyPanel.tsx';
import { BLOCKED_REASON } from './ProxySelector.tsx';
import type { TabMessage } from '../../lib/session/channel.ts';

const fake = vi.hoisted(() => ({
  /** Messages this tab posted to the others. */
  posted: [] as unknown[],
}));

// The real session engine and identity store with their real calls (answered by fakeApi), over a
// recording tab channel.
vi.mock('../../lib/session/index.ts', async () => {
  const { createSessionEngine } = await import('../../lib/session/engine.ts');
  const { createIdentityStore } = await import('../../lib/session/identity.ts');
  const { fetchProfile, sessionCalls } = await import('../../lib/session/calls.ts');
  const { systemClock } = await import('../../lib/session/systemClock.ts');
  const bus = await import('../../lib/events/bus.ts');
  const session = createSessionEngine({
    clock: systemClock,
    calls: sessionCalls,
    on: bus.on,
    navigate: () => undefined,
    currentHash: () => window.location.hash,
    channel: { post: (m: TabMessage) => void fake.posted.push(m), subscribe: () => () => undefined, close() {} },
  });
  const identity = createIdentityStore(fetchProfile);
  session.onProxySwitch(() => identity.invalidate());
  return { session, identity };
});

const address = {
  blockHouseNo: '1',
  streetName: 'Raffles Place',
  floorUnit: '#20-01',
  buildingName: '',
  postalCode: '048616',
  country: 'SG',
};

const master: UserIdentity = {
  roles: ['PTIB'],
  authorizations: ['SEMS01'],
  header: 'PTIB e-Services',
  imageUrl: null,
  isPTIBBlocked: 'N',
  proxyInd: 'Y',
  PTIBName: 'Lim Mei Ling',
  idNum: 'S2345678H',
  mobileNum: '92345678',
  correspondenceAddressDetails: address,
  dashboardMessage: null,
  ptibProfileID: 'PTIB00000002',
  ownPtibProfileID: 'PTIB00000002',
  loginName: 'ptib.master',
};

const entry = (ptibProfileID: string, ptibNme: string, masterBlock: 'Y' | 'N' = 'N'): MasterPtibEntry => ({
  ptibProfileID,
  ptibNme,
  proxyUserName: 'Lim Mei Ling',
  proxyInd: 'N',
  masterBlock,
  correspondenceAddressDetails: address,
});

const LIST = [
  entry('PTIB00000011', 'Chua & Partners LLP'),
  entry('PTIB00000012', 'Koh Legal Services'),
  entry('PTIB00000013', 'Yeo Trustees Pte Ltd', 'Y'),
];

let router: Router;
let stopRouter: () => void;
/** What retrieveProfile answers next: this identity, or (null) a blocked profile. */
let profile: UserIdentity | null;
let routes: FakeRoutes;
let calls: FakeCall[];

const callsTo = (path: string) => calls.filter((c) => c.path === path);
const masterList = (list: MasterPtibEntry[]) => () => ({ body: envelope({ masterPTIBList: list }) });

function renderPanel(identity: UserIdentity = master) {
  return render(
    <RouterContext value={router}>
      <ProxyPanel identity={identity} />
      <Toasts />
    </RouterContext>,
  );
}

const radios = () =>
  within(screen.getByRole('group', { name: 'Choose whom to act for' })).getAllByRole<HTMLInputElement>('radio');

beforeEach(() => {
  window.sessionStorage.clear();
  window.location.hash = '#/dashboard';
  profile = master;
  fake.posted = [];
  routes = {
    [API_PATHS.retrieveMasterPTIBList]: masterList(LIST),
    [API_PATHS.retrieveProfile]: () => ({
      body: profile ? envelope(profile) : envelope(null, RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked),
    }),
  };
  calls = fakeApi(routes);
  const screenModule = () => Promise.resolve({ default: () => null });
  router = createRouter({
    routes: [
      { path: ROUTES.home, title: 'Home', load: screenModule },
      { path: ROUTES.dashboard, title: 'Dashboard', load: screenModule },
    ],
    notFound: { path: '*', title: 'Not found', load: screenModule },
    index: ROUTES.home,
  });
  stopRouter = router.start();
});

afterEach(() => {
  stopRouter();
  act(() => clearToasts());
});

describe('proxy choices', () => {
  it("puts the user first as 'name (Myself)' when the master list is non-empty", () => {
    const options = buildProxyOptions(LIST, 'Lim Mei Ling');
    expect(options.map((o) => o.label)).toEqual([
      `Lim Mei Ling${MYSELF_SUFFIX}`,
      'Chua & Partners LLP',
      'Koh Legal Services',
      'Yeo Trustees Pte Ltd',
    ]);
    expect(options[0]).toMatchObject({ ptibProfileID: '', myself: true, blocked: false });
  });

  it('offers no choices at all when the master list is empty', () => {
    expect(buildProxyOptions([], 'Lim Mei Ling')).toEqual([]);
  });

  it("shows '(Myself)' as the first radio of the selector", async () => {
    renderPanel();
    await screen.findByRole('group', { name: 'Choose whom to act for' });
    const labels = radios().map((r) => r.labels?.[0]?.textContent);
    expect(labels[0]).toBe('Lim Mei Ling (Myself) (acting now)');
    expect(labels.slice(1)).toEqual(['Chua & Partners LLP', 'Koh Legal Services', 'Yeo Trustees Pte Ltd']);
    expect(radios()[0]).toBeChecked();
  });

  it("says each profile's unread messages in its choice, from one call", async () => {
    routes[NOTIFICATION_PATHS.unreadByProfile] = () => ({
      body: envelope({
        profiles: [
          { ptibProfileID: 'PTIB00000002', unread: 1 },
          { ptibProfileID: 'PTIB00000011', unread: 0 },
          { ptibProfileID: 'PTIB00000012', unread: 2 },
        ],
      }),
    });
    renderPanel();
    expect(
      await screen.findByRole('radio', { name: `Koh Legal Services, ${NOTIFICATION_MESSAGES.profileUnread(2)}` }),
    ).toBeEnabled();
    expect(radios().map((r) => r.labels?.[0]?.textContent)).toEqual([
      `Lim Mei Ling (Myself) (acting now), ${NOTIFICATION_MESSAGES.profileUnread(1)}`,
      'Chua & Partners LLP',
      'Koh Legal Services, 2 unread messages',
      // Blocked: the server names no count for a profile the user may not act for.
      'Yeo Trustees Pte Ltd',
    ]);
    expect(callsTo(NOTIFICATION_PATHS.unreadByProfile)).toHaveLength(1);
  });

  it('names the master’s own unread messages by the Myself choice while acting for another profile', async () => {
    routes[NOTIFICATION_PATHS.unreadByProfile] = () => ({
      body: envelope({
        profiles: [
          { ptibProfileID: 'PTIB00000002', unread: 3 },
          { ptibProfileID: 'PTIB00000012', unread: 1 },
        ],
      }),
    });
    renderPanel({ ...master, ptibProfileID: 'PTIB00000012', PTIBName: 'Koh Legal Services' });
    expect(
      await screen.findByRole('radio', { name: `Lim Mei Ling (Myself), ${NOTIFICATION_MESSAGES.profileUnread(3)}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Koh Legal Services (acting now), 1 unread message' })).toBeChecked();
  });

  it("shows no selector and no '(Myself)' when the master list is empty", async () => {
    routes[API_PATHS.retrieveMasterPTIBList] = masterList([]);
    renderPanel();
    expect(await screen.findByText('There are no profiles you may act for.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText(/\(Myself\)/)).not.toBeInTheDocument();
  });

  it('shows a masterBlock entry disabled, with the reason, and never selects it', async () => {
    const user = userEvent.setup();
    renderPanel();
    const blocked = await screen.findByRole('radio', { name: 'Yeo Trustees Pte Ltd' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription(BLOCKED_REASON);
    expect(screen.getByRole('radio', { name: 'Koh Legal Services' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Koh Legal Services' })).not.toHaveAccessibleDescription();

    await user.click(blocked);
    await user.click(screen.getByText('Yeo Trustees Pte Ltd'));
    expect(blocked).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Switch profile' }));
    // The submit ended without a call: the choice is still the profile acted for.
    expect(await screen.findByText(/You are already acting as/)).toBeInTheDocument();
    expect(callsTo(API_PATHS.switchProxyProfile)).toEqual([]);
  });
});

describe('switching', () => {
  it('calls the switch, keeps the choice, tells the other tabs and reloads the identity', async () => {
    const user = userEvent.setup();
    routes[API_PATHS.switchProxyProfile] = async ({ body }) => {
      // As over a network: the page renders (and fixes up its focus) while the switch is under way.
      await new Promise((rendered) => requestAnimationFrame(rendered));
      const { ptibProfileID } = body as { ptibProfileID: string };
      profile = { ...master, PTIBName: 'Koh Legal Services', proxyInd: 'Y', ptibProfileID };
      return { body: envelope({ ptibProfileID }) };
    };
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Koh Legal Services' }));
    const button = screen.getByRole('button', { name: 'Switch profile' });
    await user.click(button);

    await waitFor(() =>
      expect(callsTo(API_PATHS.switchProxyProfile).map((c) => c.body)).toEqual([{ ptibProfileID: 'PTIB00000012' }]),
    );
    await waitFor(() => expect(callsTo(API_PATHS.retrieveProfile)).toHaveLength(1));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.proxyProfileId)).toBe('PTIB00000012');
    expect(fake.posted).toContainEqual(expect.objectContaining({ type: 'proxy', ptibProfileId: 'PTIB00000012' }));
    expect(await screen.findByText('You are now acting for Koh Legal Services.')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/dashboard');
    // The form stayed in place: the focus is where the user left it.
    expect(button).toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('sends one switch however often the busy button is clicked, and keeps the focus on it', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    routes[API_PATHS.switchProxyProfile] = async () => {
      await answered;
      return { body: envelope({ ptibProfileID: 'PTIB00000012' }) };
    };
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Koh Legal Services' }));
    const button = screen.getByRole('button', { name: 'Switch profile' });
    await user.click(button);
    await waitFor(() => expect(callsTo(API_PATHS.switchProxyProfile)).toHaveLength(1));
    expect(button).toHaveAccessibleName('Switching…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    // The page renders while the switch waits: a disabled button would lose the focus here.
    await act(() => new Promise((rendered) => requestAnimationFrame(rendered)));
    expect(button).toHaveFocus();
    answer();
    expect(await screen.findByText('You are now acting for Koh Legal Services.')).toBeInTheDocument();
    expect(callsTo(API_PATHS.switchProxyProfile)).toHaveLength(1);
    expect(button).toHaveAccessibleName('Switch profile');
    expect(button).toHaveFocus();
  });

  it("keeps '' as the choice when switching back to myself", async () => {
    const user = userEvent.setup();
    routes[API_PATHS.switchProxyProfile] = () => ({ body: envelope({ ptibProfileID: '' }) });
    renderPanel({ ...master, PTIBName: 'Koh Legal Services', ptibProfileID: 'PTIB00000012' });
    expect(await screen.findByRole('radio', { name: 'Koh Legal Services (acting now)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Lim Mei Ling (Myself)' }));
    await user.click(screen.getByRole('button', { name: 'Switch profile' }));
    await waitFor(() =>
      expect(callsTo(API_PATHS.switchProxyProfile).map((c) => c.body)).toEqual([{ ptibProfileID: '' }]),
    );
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.proxyProfileId)).toBe(''));
    expect(fake.posted).toContainEqual(expect.objectContaining({ type: 'proxy', ptibProfileId: '' }));
    expect(await screen.findByText('You are now acting as yourself.')).toBeInTheDocument();
  });

  it('runs the guards again when the profile now acted for cannot be shown', async () => {
    const user = userEvent.setup();
    routes[API_PATHS.switchProxyProfile] = () => ({ body: envelope({ ptibProfileID: 'PTIB00000012' }) });
    profile = null;
    const refresh = vi.spyOn(router, 'refresh');
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Koh Legal Services' }));
    await user.click(screen.getByRole('button', { name: 'Switch profile' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/You are now acting/)).not.toBeInTheDocument();
  });

  it("sends the user home with the error toast 'Access forbidden' and the server's reason on a 403", async () => {
    const user = userEvent.setup();
    const reason = 'You may not act for profile PTIB00000012.';
    routes[API_PATHS.switchProxyProfile] = () => ({ status: 403, body: envelope(null, '403', reason) });
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Koh Legal Services' }));
    await user.click(screen.getByRole('button', { name: 'Switch profile' }));

    await waitFor(() => expect(window.location.hash).toBe(`#${ROUTES.home}`));
    const toast = (await screen.findByText(TOAST_TITLES.error, { selector: '.toast-title' })).closest('li')!;
    expect(toast).toHaveClass('toast-error');
    expect(within(toast).getByText(`${MESSAGES.accessForbidden}: ${reason}`)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${TOAST_TITLES.error}: ${MESSAGES.accessForbidden}: ${reason}`,
    );
    // Nothing was switched: no choice kept, no other tab told, the identity not fetched again.
    expect(window.sessionStorage.getItem(STORAGE_KEYS.proxyProfileId)).toBeNull();
    expect(fake.posted).toEqual([]);
    expect(callsTo(API_PATHS.retrieveProfile)).toEqual([]);
  });
});
