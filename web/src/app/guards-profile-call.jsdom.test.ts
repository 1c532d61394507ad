import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, FORBIDDEN_CODE, FORBIDDEN_DESC, RESPONSE_CODE } from '#contract/index.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { envelope, fakeApi, payloadRefused, unreachable, type FakeCall, type FakeHandler } from '../../test/fakeApi.ts';
import { demoIdentity } from '../../test/identity.ts';
import type * as CallsModule from '../lib/session/calls.ts';
import { parseHash } from '../lib/router/location.ts';
import type { Guard, RouteDef } from '../lib/router/router.ts';
import { identity, session } from '../lib/session/index.ts';
import { getToken } from '../lib/session/storage.ts';
import { LOGIN_REQUIRED_HREF, SIGNED_IN_WITH_SEMS01, accessDeniedHref, landingAfterSignIn } from './guards.ts';

/*
 * The guards with the real profile call, through the HTTP layer against a fake server: what each answer of
 * retrieveProfile makes of a guarded navigation (docs/decisions/0050, 0032). Only the session engine's own
 * calls (refresh, logout) are stood in for, so no timer of the engine reaches the fake server.
 */
vi.mock('../lib/session/calls.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CallsModule>()),
  sessionCalls: { refresh: vi.fn(), logout: vi.fn(async () => undefined) },
}));

const PROFILE = `POST ${API_PATHS.retrieveProfile}`;

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

let profile: FakeHandler;
let calls: FakeCall[];
const profileCalls = () => calls.filter((c) => c.path === API_PATHS.retrieveProfile);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  sessionStorage.clear();
  localStorage.clear();
  identity.invalidate();
  document.cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
  profile = () => ({ body: envelope(demoIdentity()) });
  calls = fakeApi({ [PROFILE]: (call) => profile(call) });
  session.begin({ token: 'token-1', rememberMe: false });
});

afterEach(async () => {
  await session.logout('explicit');
  vi.useRealTimers();
});

const refusals: Array<[string, FakeHandler]> = [
  ['refused unread as a copy already received (Chromium sending it again)', () => payloadRefused('replay')],
  [
    'refused for another reason that ends no session',
    () => ({ status: 429, body: envelope(null, '429', 'Slow down') }),
  ],
  ['unanswered', unreachable],
];

describe('a guarded navigation whose profile call is refused or unanswered', () => {
  it.each(refusals)('%s: the screen opens on the identity in memory, still signed in', async (_, answer) => {
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    profile = answer;
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe('allow');
    expect(identity.current()?.PTIBName).toBe('Tan Ah Kow');
    expect(getToken()).toBe('token-1');
  });

  it.each(refusals)(
    '%s, no identity known yet: the screen could not load (try again), no sign-in',
    async (_, answer) => {
      profile = answer;
      await expect(run(SIGNED_IN_WITH_SEMS01, '#/profile')).rejects.toThrow();
      expect(getToken()).toBe('token-1');
      expect(sessionStorage.getItem('PTIB.returnTo')).toBeNull();
    },
  );

  it('the server saying the session ended (403 Forbidden) still means signing in again', async () => {
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/dashboard')).toBe('allow');
    profile = () => ({ status: 403, body: envelope(null, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC) });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).not.toBe('allow');
    expect(identity.current()).toBeNull();
  });
});

it('signed out: the login dialog, as before', async () => {
  await session.logout('explicit');
  expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe(LOGIN_REQUIRED_HREF);
});

/** A token as the server signs one (header, claims, signature; base64url): the browser reads only the claims. */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part('{"alg":"ES256","typ":"JWT"}')}.${part(JSON.stringify(claims))}.${part('signature')}`;
}

describe('an officer’s session (docs/decisions/0049)', () => {
  beforeEach(() => {
    // What the server answers an officer's token on the profile call: kept out of the PTIB screens.
    profile = () => ({
      status: 403,
      body: envelope(null, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib),
    });
  });

  it('signs in to the queues without asking for the PTIB profile the server would refuse', async () => {
    session.begin({ token: tokenWith({ sid: 's-1', sub: '7', gen: 0, officer: true }), rememberMe: false });
    // As the sign-in does once the one-time password is accepted, then the default start.
    await identity.prime();
    expect(await run(SIGNED_IN_WITH_SEMS01, landingAfterSignIn(null))).toBe('#/officer');
    expect(profileCalls()).toEqual([]);
  });

  it('starts again (a reload) without asking for it either: the header, and a PTIB screen opened', async () => {
    session.begin({ token: tokenWith({ sid: 's-1', sub: '7', gen: 1, officer: true }), rememberMe: false });
    expect(await identity.load()).toEqual({ kind: 'denied' });
    expect(await run(SIGNED_IN_WITH_SEMS01, '#/profile')).toBe(accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY));
    expect(identity.current()).toBeNull();
    expect(profileCalls()).toEqual([]);
  });

  it('a PTIB user’s token, which says nothing of an officer, still asks', async () => {
    profile = () => ({ body: envelope(demoIdentity()) });
    session.begin({ token: tokenWith({ sid: 's-2', sub: '8', gen: 0 }), rememberMe: false });
    expect(await identity.load()).toMatchObject({ kind: 'ok' });
    expect(profileCalls()).toHaveLength(1);
  });
});
