import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { demoIdentity } from '../../test/identity.ts';
import { parseHash } from '../lib/router/location.ts';
import type { Guard, RouteDef } from '../lib/router/router.ts';
import type * as HandoverModule from '../features/auth/handover.ts';
import type * as CallsModule from '../lib/session/calls.ts';
import { exchangeHandover, handoverScreen, peekHandover } from '../features/auth/handover.ts';
import { fetchProfile } from '../lib/session/calls.ts';
import { identity, session } from '../lib/session/index.ts';
import { getToken, setReturnTo, takeReturnTo } from '../lib/session/storage.ts';
import { OFFICER_ROUTES } from '#contract/officer.ts';
import { profileAnswerOf } from '../lib/session/calls.ts';
import type * as OfficerHeaderModule from '../features/officer/OfficerHeader.tsx';
import { loadMe } from '../features/officer/OfficerHeader.tsx';
import {
  ACCESS_INITIAL,
  LOGIN_REQUIRED_HREF,
  OFFICER_CASE,
  OFFICER_HOME,
  OFFICER_PAYMENTS,
  SIGNED_IN_WITH_SEMS01,
  landingAfterSignIn,
  redirectSignedIn,
  requireUnblockedProfile,
} from './guards.ts';
import { SIGNED_IN_OFFICER } from './routes.ts';

vi.mock('../lib/session/calls.ts', async (importOriginal) => ({
  profileAnswerOf: (await importOriginal<typeof CallsModule>()).profileAnswerOf,
  fetchProfile: vi.fn(),
  sessionCalls: { refresh: vi.fn(), logout: vi.fn(async () => undefined) },
}));
const profile = vi.mocked(fetchProfile);
vi.mock('../features/officer/OfficerHeader.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof OfficerHeaderModule>()),
  loadMe: vi.fn(),
}));
const me = vi.mocked(loadMe);
vi.mock('../features/auth/handover.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof HandoverModule>()),
  peekHandover: vi.fn(),
  exchangeHandover: vi.fn(),
}));
const peek = vi.mocked(peekHandover);
const exchange = vi.mocked(exchangeHandover);

const user = (over: Partial<UserIdentity> = {}): UserIdentity => demoIdentity({ header: '', ...over });

/** Runs guards in order as the router does: the first redirect wins. */
async function run(guards: readonly Guard[], hash: string): Promise<string> {
  window.history.replaceState(null, '', hash);
  const location = parseHash(hash);
  const route = { path: location.path, title: 't', load: () => Promise.reject(new Error('unused')) } as RouteDef;
  for (const guard of guards) {
    const result = await guard({ location, route, target: hash, signal: new AbortController().signal });
    if ('redirect' in result) return result.redirect;
  }
  return 'allow';
}

const signedIn = () => session.begin({ token: 'token-1', rememberMe: false });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  profile.mockReset();
  peek.mockReset();
  exchange.mockReset();
  handoverScreen.set(null);
  sessionStorage.clear();
  localStorage.clear();
  identity.invalidate();
});

afterEach(async () => {
  await session.logout('explicit');
  vi.useRealTimers();
});

describe('guards of dashboard, profile, esvc and generic (spec §6, in order)', () => {
  it('no token: home with the login dialog, remembering the address', async () => {
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile?tab=2')).toBe(LOGIN_REQUIRED_HREF);
    expect(sessionStorage.getItem('PTIB.returnTo')).toBe('#/profile?tab=2');
    expect(profile).not.toHaveBeenCalled();
  });

  it('profile header 4100: access denied PTACC-948, before any authority check', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'blocked' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('#/common-handler/access-denied?errorCode=PTACC-948');
  });

  it('no PTIB authority: access denied PTACC-951', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user({ roles: ['OTHER'] }) });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('#/common-handler/access-denied?errorCode=PTACC-951');
  });

  it('no SEMS01 authorization: access denied PTACC-951', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user({ authorizations: [] }) });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/esvc')).toBe('#/common-handler/access-denied?errorCode=PTACC-951');
  });

  it('no identity: home with the login dialog', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'none' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/generic?app=PIS')).toBe(LOGIN_REQUIRED_HREF);
    expect(sessionStorage.getItem('PTIB.returnTo')).toBe('#/generic?app=PIS');
  });

  it('lets a PTIB user with SEMS01 in, asking the server at each navigation and caching authorizations', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe('allow');
    expect(profile).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem('PTIB.authorizations') ?? 'null')).toEqual(['SEMS01']);
  });

  it("the sign-in's own profile answer stands for its first navigation only", async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    await identity.prime();
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    expect(profile).toHaveBeenCalledTimes(1);
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe('allow');
    expect(profile).toHaveBeenCalledTimes(2);
  });

  it('a server that no longer vouches for the identity takes it out of memory', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    profile.mockResolvedValue({ kind: 'none' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe(LOGIN_REQUIRED_HREF);
    expect(identity.current()).toBeNull();
  });

  it('a server out of reach leaves the identity in memory, and the screen opens (offline)', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    profile.mockResolvedValue({ kind: 'unreachable' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe('allow');
    expect(identity.current()?.PTIBName).toBe('Tan Ah Kow');
  });

  it('a server out of reach before any identity is known: the screen fails (try again), not a sign-in again', async () => {
    // A reload while the server fails or the connection drops: the token may well be good, so the user is
    // not asked for their password; the router shows that the page could not load, with a retry.
    signedIn();
    profile.mockResolvedValue({ kind: 'unreachable' });
    await expect(run(SIGNED_IN_WITH_SEMS01, '#/profile')).rejects.toThrow();
    expect(getToken()).toBe('token-1');
    expect(sessionStorage.getItem('PTIB.returnTo')).toBeNull();
  });

  it('a proxy grant withdrawn (4110): no sign-in again, the navigation waits for the switch back to go on', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user({ ptibProfileID: 'PTIB00000011' }) });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    profile.mockResolvedValue({ kind: 'withdrawn' });
    const navigation = new AbortController();
    const location = parseHash('#/esvc');
    const route = { path: location.path, title: 't', load: () => Promise.reject(new Error('unused')) } as RouteDef;
    let settled = false;
    const waiting = requireUnblockedProfile({ location, route, target: '#/esvc', signal: navigation.signal });
    void Promise.resolve(waiting).then(() => (settled = true));
    await vi.waitFor(() => expect(profile).toHaveBeenCalledTimes(2));
    await identity.confirm();
    expect(settled).toBe(false);
    // The switch back's own navigation (to the dashboard) replaces this one.
    navigation.abort();
    await waiting;
    expect(sessionStorage.getItem('PTIB.returnTo')).toBeNull();
    expect(getToken()).toBe('token-1');
  });

  it('fetches the identity again after a proxy switch', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    await run(SIGNED_IN_WITH_SEMS01, '#/dashboard');
    session.proxySwitched('PTIB00000002');
    profile.mockResolvedValue({ kind: 'ok', identity: user({ ptibProfileID: 'PTIB00000002', authorizations: [] }) });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('#/common-handler/access-denied?errorCode=PTACC-951');
    expect(profile).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem('PTIB.proxyProfileId')).toBe('PTIB00000002');
  });
});

describe("the back office and the PTIB screens keep each other's users out (PTACC-951)", () => {
  const denied = '#/common-handler/access-denied?errorCode=PTACC-951';

  it("names the back office's addresses as the contract does", () => {
    expect([OFFICER_HOME, OFFICER_CASE, OFFICER_PAYMENTS]).toEqual([
      OFFICER_ROUTES.home,
      OFFICER_ROUTES.case,
      OFFICER_ROUTES.payments,
    ]);
  });

  it("reads the profile call's PTACC-951 refusal (an officer's token) as access denied", () => {
    expect(profileAnswerOf('PTACC-951', null)).toEqual({ kind: 'denied' });
    expect(profileAnswerOf('4100', null)).toEqual({ kind: 'blocked' });
    expect(profileAnswerOf('4110', null)).toEqual({ kind: 'withdrawn' });
    expect(profileAnswerOf('403', null)).toEqual({ kind: 'none' });
  });

  it('an officer on a PTIB screen: access denied PTACC-951, not a sign-in again', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'denied' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe(denied);
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/generic?app=PIS')).toBe(denied);
  });

  it('a PTIB user on the back office: access denied PTACC-951', async () => {
    signedIn();
    me.mockResolvedValue({ kind: 'denied' });
    expect(await run(SIGNED_IN_OFFICER, '#/officer')).toBe(denied);
    expect(await run(SIGNED_IN_OFFICER, '#/officer/case?id=1')).toBe(denied);
  });

  it('an officer on the back office: in; signed out: home with the login dialog, remembering it', async () => {
    expect(await run(SIGNED_IN_OFFICER, '#/officer?queue=mine')).toBe(LOGIN_REQUIRED_HREF);
    expect(sessionStorage.getItem('PTIB.returnTo')).toBe('#/officer?queue=mine');
    signedIn();
    me.mockResolvedValue({
      kind: 'ok',
      me: { accountId: 7, loginName: 'officer.demo', displayName: 'Officer Demo', roles: ['officer'] },
    });
    expect(await run(SIGNED_IN_OFFICER, '#/officer')).toBe('allow');
  });

  it('after signing in: an officer lands on the queues, a PTIB user on the dashboard; later, access denied', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'denied' });
    const first = landingAfterSignIn(null);
    expect(first).toBe('#/dashboard');
    expect(await run(SIGNED_IN_WITH_SEMS01, first)).toBe('#/officer');
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe(denied);
    expect(landingAfterSignIn('#/officer/case?id=4')).toBe('#/officer/case?id=4');
    identity.invalidate();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    expect(await run(SIGNED_IN_WITH_SEMS01, landingAfterSignIn(null))).toBe('allow');
  });
});

describe('the address to reopen after signing in', () => {
  it("a form left unsaved reopens for its own login only, another login's start is its own", () => {
    setReturnTo('#/generic?app=PD&case=3', 'ptib.demo');
    expect(takeReturnTo('ptib.master')).toBeNull();
    expect(takeReturnTo('ptib.demo')).toBeNull();
    setReturnTo('#/generic?app=PD&case=3', 'ptib.demo');
    expect(takeReturnTo('PTIB.Demo')).toBe('#/generic?app=PD&case=3');
    setReturnTo('#/generic?app=PD&case=3', 'ptib.demo');
    expect(takeReturnTo(null)).toBeNull();
    // A guard's, asked for by whoever is about to sign in.
    setReturnTo('#/profile');
    expect(takeReturnTo('ptib.master')).toBe('#/profile');
  });

  it('an explicit Log out leaves no address to reopen', async () => {
    signedIn();
    await session.whenReady();
    const unsubscribe = session.subscribe(() => {
      if (!session.getState().signedIn) setReturnTo('#/generic?app=PD', 'ptib.demo');
    });
    await session.logout('explicit');
    unsubscribe();
    expect(takeReturnTo('ptib.demo')).toBeNull();
  });
});

describe('login and access-initial', () => {
  it('sends a signed-in user from the login screen to the dashboard', async () => {
    expect(await run([redirectSignedIn], '#/login')).toBe('allow');
    signedIn();
    expect(await run([redirectSignedIn], '#/login')).toBe('#/dashboard');
  });

  it("sends a signed-in officer from the login screen on to the queues, not the dashboard's access denied", async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'denied' });
    const next = await run([redirectSignedIn], '#/login');
    expect(await run(SIGNED_IN_WITH_SEMS01, next)).toBe('#/officer');
  });

  it('access-initial exchanges the code for a session, drops the code from the address, and goes on', async () => {
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    exchange.mockResolvedValue({ kind: 'ok', value: 'new-token' });
    setReturnTo('#/profile');
    const replace = vi.spyOn(window.history, 'replaceState');
    const result = await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code');
    expect(result).toBe('#/profile');
    expect(exchange).toHaveBeenCalledWith('handed-code');
    // Nobody was signed in here, so there is nobody to ask about.
    expect(peek).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('PTIB.token')).toBe('new-token');
    expect(localStorage.getItem('PTIB.token')).toBeNull();
    expect(replace).toHaveBeenLastCalledWith(null, '', '#/access-initial');
    expect(window.location.href).not.toContain('handed-code');
  });

  it('access-initial needs the PTIB authority', async () => {
    profile.mockResolvedValue({ kind: 'ok', identity: user({ roles: [] }) });
    exchange.mockResolvedValue({ kind: 'ok', value: 'new-token' });
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code')).toBe(
      '#/common-handler/access-denied?errorCode=PTACC-951',
    );
  });

  it('access-initial with an empty code, or a token that cannot be stored, goes to the logout screen', async () => {
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=')).toBe('#/home?step=logout');
    exchange.mockResolvedValue({ kind: 'ok', value: 'new-token' });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code')).toBe('#/home?step=logout');
    setItem.mockRestore();
    expect(getToken()).toBeNull();
  });

  it('access-initial stays on its screen with the reason when the server refuses the code', async () => {
    exchange.mockResolvedValue({ kind: 'failed', message: 'expired' });
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code')).toBe('allow');
    expect(handoverScreen.get()).toEqual({ kind: 'failed', message: 'expired', signedIn: false });
    expect(getToken()).toBeNull();
  });

  it('asks before another user replaces the one signed in here, naming both, and keeps the session meanwhile', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    peek.mockResolvedValue({ kind: 'ok', value: { loginName: 'ptib.master', name: 'Master Pte Ltd' } });
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code')).toBe('allow');
    expect(handoverScreen.get()).toEqual({
      kind: 'question',
      code: 'handed-code',
      current: { loginName: 'ptib.demo', name: 'Tan Ah Kow' },
      next: { loginName: 'ptib.master', name: 'Master Pte Ltd' },
    });
    expect(exchange).not.toHaveBeenCalled();
    expect(getToken()).toBe('token-1');
    expect(window.location.href).not.toContain('handed-code');
  });

  it('does not ask when the code is for the user already signed in here', async () => {
    signedIn();
    profile.mockResolvedValue({ kind: 'ok', identity: user() });
    peek.mockResolvedValue({ kind: 'ok', value: { loginName: 'PTIB.Demo', name: 'Tan Ah Kow' } });
    exchange.mockResolvedValue({ kind: 'ok', value: 'new-token' });
    expect(await run(ACCESS_INITIAL, '#/access-initial?auth=handed-code')).toBe('#/dashboard');
    expect(getToken()).toBe('new-token');
  });
});
