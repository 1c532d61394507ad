import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  LOGIN_NONCE_TTL_MS,
  RESPONSE_CODE,
  XSRF_COOKIE,
  ok,
} from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { authenticate, loginNonce, signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';

const clock = new FakeClock();
let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp(
    {},
    {
      now: clock.now,
      extend: (a) => {
        a.post('/api/test-probe/sems01', { preValidation: a.requireAuthorization('SEMS01') }, async () => ok('sems01'));
        a.post('/api/test-probe/ptib', { preValidation: a.requireAuthority('PTIB') }, async () => ok('ptib'));
        a.post('/api/test-probe/admin', { preValidation: a.requireAuthority('ADMIN') }, async () => ok('admin'));
        a.post('/api/test-probe/session', { preValidation: a.requireSession }, async (r) => ok(r.principal));
      },
    },
  ));
});

const client = () => new TestClient(app);
const loginBody = (authenticityToken: string, loginName = 'ptib.demo') => ({
  loginName,
  password: DEMO_PASSWORD,
  model: 'vitest',
  authenticityToken,
  rememberMe: false,
});

describe('GET /api/login-nonce', () => {
  it('issues a nonce in the envelope, with the XSRF cookie and an httpOnly browser binding', async () => {
    const c = client();
    const res = await c.get(API_PATHS.loginNonce);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.header.responseCode).toBe('200');
    expect(body.responseJSON.authenticityToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string; path?: string }>;
    const xsrf = cookies.find((x) => x.name === XSRF_COOKIE);
    expect(xsrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(cookies.find((x) => x.name === 'PTIB_LOGIN_BINDING')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  });

  it('stores only a hash of the nonce', async () => {
    const nonce = await loginNonce(client());
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_nonces WHERE nonce_hash = $1 OR binding_hash = $1',
      [nonce],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('POST /api/authenticate', () => {
  it('signs ptib.demo in: a text body holding JSON with a three-part token', async () => {
    const res = await authenticate(client(), 'ptib.demo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const answer = JSON.parse(res.body);
    expect(Object.keys(answer)).toEqual(['token', 'identity']);
    expect(answer.token.split('.')).toHaveLength(3);
  });

  it('holds the identity the profile call answers for the new session (docs/decisions/0058)', async () => {
    for (const loginName of ['ptib.demo', 'ptib.master', 'ptib.noauth']) {
      const c = client();
      const answer = JSON.parse((await authenticate(c, loginName)).body) as { token: string; identity: unknown };
      c.token = answer.token;
      const profile = await c.post(API_PATHS.retrieveProfile);
      expect(profile.statusCode).toBe(200);
      expect(answer.identity).toEqual(profile.json().responseJSON);
    }
  });

  it('holds no identity where the profile call answers none: a blocked profile, an officer', async () => {
    const blocked = JSON.parse((await authenticate(client(), 'ptib.blocked')).body);
    expect(blocked.token).toBeTruthy();
    expect(blocked.identity).toBeUndefined();
    await db.query("UPDATE accounts SET otp_required = false WHERE login_name = 'officer.demo'");
    try {
      const officer = JSON.parse((await authenticate(client(), 'officer.demo')).body);
      expect(officer.token).toBeTruthy();
      expect(officer.identity).toBeUndefined();
    } finally {
      await db.query("UPDATE accounts SET otp_required = true WHERE login_name = 'officer.demo'");
    }
  });

  it('matches the login name without regard to case', async () => {
    const res = await authenticate(client(), 'PTIB.Demo');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).token).toBeTruthy();
  });

  it('records the session with the device model and client address', async () => {
    const c = client();
    c.remoteAddress = '10.1.2.3';
    await signIn(c, 'ptib.noauth');
    const { rows } = await db.query<{ model: string; client_address: string; acting_profile_id: string }>(
      `SELECT s.model, s.client_address, s.acting_profile_id FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE a.login_name = 'ptib.noauth' AND s.ended_at IS NULL`,
    );
    expect(rows).toEqual([{ model: 'vitest', client_address: '10.1.2.3', acting_profile_id: 'PTIB00000004' }]);
  });

  it('asks ptib.otp for a one-time password instead of giving a token, and leaves the sign-in pending', async () => {
    const c = client();
    const res = await authenticate(c, 'ptib.otp');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ otpRequired: true, maskedMobile: '****8901' });
    expect(c.cookies.get('PTIB_LOGIN_CHALLENGE')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_challenges c JOIN accounts a ON a.id = c.account_id
        WHERE a.login_name = 'ptib.otp' AND c.completed_at IS NULL`,
    );
    expect(rows[0]!.n).toBe(1);
    const sessions = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.login_name = 'ptib.otp'`,
    );
    expect(sessions.rows[0]!.n).toBe(0);
  });

  it('answers one generic 401 for a wrong password and for an unknown login name', async () => {
    const wrong = await authenticate(client(), 'ptib.master', 'not-the-password');
    const unknown = await authenticate(client(), 'nobody.here', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().header).toEqual({
        responseCode: RESPONSE_CODE.UNAUTHORIZED,
        responseDesc: AUTH_MESSAGES.invalidCredentials,
      });
    }
  });

  it('spends a password check on an unknown login name too (similar timing)', async () => {
    const time = async (loginName: string) => {
      const c = client();
      // An address of its own: the fifth failure locks these names from here only, not for other tests.
      c.remoteAddress = '10.7.7.7';
      const nonce = await loginNonce(c);
      const start = performance.now();
      await c.post(API_PATHS.authenticate, { ...loginBody(nonce, loginName), password: 'wrong-password' });
      return performance.now() - start;
    };
    const median = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
    // Warm the dummy hash first: it is made once per process.
    await time('warm.up');
    // Known and unknown take turns, so a busy machine slows both alike.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await time('ptib.blocked'));
      unknownTimes.push(await time('no.such.user'));
    }
    const known = median(knownTimes);
    const unknown = median(unknownTimes);
    // Without the dummy check an unknown name answers in a few ms, against tens for argon2.
    expect(unknown).toBeGreaterThan(known * 0.35);
  });

  it('refuses a missing authenticityToken with a 400 that names it', async () => {
    const c = client();
    await loginNonce(c);
    const { authenticityToken: _omit, ...rest } = loginBody('x');
    const res = await c.post(API_PATHS.authenticate, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toMatch(/authenticityToken/);
  });

  it('refuses an unknown authenticityToken', async () => {
    const c = client();
    await loginNonce(c);
    const res = await c.post(API_PATHS.authenticate, loginBody('A'.repeat(43)));
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
  });

  it('refuses a nonce used a second time, even after a failed attempt', async () => {
    const c = client();
    const nonce = await loginNonce(c);
    const first = await c.post(API_PATHS.authenticate, { ...loginBody(nonce), password: 'wrong' });
    expect(first.statusCode).toBe(401);
    const again = await c.post(API_PATHS.authenticate, loginBody(nonce));
    expect(again.statusCode).toBe(403);
    expect(again.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
  });

  it('refuses a nonce issued to another browser', async () => {
    const mine = client();
    const theirs = client();
    await loginNonce(mine);
    const stolen = await loginNonce(theirs);
    const res = await mine.post(API_PATHS.authenticate, loginBody(stolen));
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
    // The nonce was not used up by the refused attempt: its own browser can still sign in with it.
    const own = await theirs.post(API_PATHS.authenticate, loginBody(stolen));
    expect(own.statusCode).toBe(200);
  });

  it('refuses an expired nonce (fake clock)', async () => {
    const c = client();
    const nonce = await loginNonce(c);
    clock.advance(LOGIN_NONCE_TTL_MS + 1000);
    const res = await c.post(API_PATHS.authenticate, loginBody(nonce));
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
  });

  it('lets two tabs of one browser hold a nonce each', async () => {
    const c = client();
    const first = await loginNonce(c);
    const second = await loginNonce(c);
    expect((await c.post(API_PATHS.authenticate, loginBody(second))).statusCode).toBe(200);
    expect((await c.post(API_PATHS.authenticate, loginBody(first))).statusCode).toBe(200);
  });

  it('answers 400, not 500, for a malformed body', async () => {
    const c = client();
    const nonce = await loginNonce(c);
    for (const body of [{ ...loginBody(nonce), loginName: '' }, { ...loginBody(nonce), password: 42 }, 'plain']) {
      const res = await c.post(API_PATHS.authenticate, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().header.responseCode).toBe('400');
    }
  });
});

describe('XSRF', () => {
  it('refuses a non-GET API call whose X-XSRF-TOKEN header does not match the cookie', async () => {
    const c = client();
    const nonce = await loginNonce(c);
    const res = await c.post(API_PATHS.authenticate, loginBody(nonce), { 'x-xsrf-token': 'A'.repeat(43) });
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual({ responseCode: '403', responseDesc: AUTH_MESSAGES.invalidXsrf });
  });

  it('refuses a non-GET API call without the XSRF cookie or header', async () => {
    const c = client();
    c.primeXsrf = false;
    const res = await c.post(API_PATHS.logout);
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
    const raw = await app.inject({ method: 'POST', url: API_PATHS.refresh, payload: {} });
    expect(raw.statusCode).toBe(403);
    expect(raw.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });

  it('lets GET calls through without it, and hands out the cookie only when the browser has none', async () => {
    const c = client();
    const first = await c.get(API_PATHS.config);
    expect(first.statusCode).toBe(200);
    expect((first.cookies as Array<{ name: string }>).some((x) => x.name === XSRF_COOKIE)).toBe(true);
    const second = await c.get(API_PATHS.config);
    expect((second.cookies as Array<{ name: string }>).some((x) => x.name === XSRF_COOKIE)).toBe(false);
  });
});

describe('demo accounts', () => {
  it('ptib.demo: profile, SEMS01 and PTIB guards all pass', async () => {
    const c = client();
    await signIn(c, 'ptib.demo');
    const profile = await c.post(API_PATHS.retrieveProfile);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().header.responseCode).toBe('200');
    expect(profile.json().responseJSON).toMatchObject({
      roles: ['PTIB'],
      authorizations: ['SEMS01'],
      isPTIBBlocked: 'N',
      proxyInd: 'N',
      PTIBName: 'Tan Ah Kow',
      ptibProfileID: 'PTIB00000001',
      ownPtibProfileID: 'PTIB00000001',
      loginName: 'ptib.demo',
    });
    expect((await c.post('/api/test-probe/sems01')).json().responseJSON).toBe('sems01');
    expect((await c.post('/api/test-probe/ptib')).json().responseJSON).toBe('ptib');
  });

  it('ptib.blocked signs in, but the profile call answers header 4100', async () => {
    const c = client();
    await signIn(c, 'ptib.blocked');
    const res = await c.post(API_PATHS.retrieveProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      header: { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked },
      responseJSON: null,
    });
    const guarded = await c.post('/api/test-probe/sems01');
    expect(guarded.statusCode).toBe(403);
    expect(guarded.json().header.responseCode).toBe(RESPONSE_CODE.PROFILE_BLOCKED);
  });

  it('ptib.noauth: requireAuthorization(SEMS01) refuses with a 403 that says why, not the bare Forbidden', async () => {
    const c = client();
    await signIn(c, 'ptib.noauth');
    const res = await c.post('/api/test-probe/sems01');
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual({
      responseCode: '403',
      responseDesc: AUTH_MESSAGES.missingAuthorization('SEMS01'),
    });
    expect(res.json().header.responseDesc).not.toBe(FORBIDDEN_DESC);
    // The session itself is fine: authority PTIB passes and the profile answers.
    expect((await c.post('/api/test-probe/ptib')).statusCode).toBe(200);
    expect((await c.post(API_PATHS.retrieveProfile)).json().responseJSON.authorizations).toEqual([]);
    const { rows } = await db.query<{ detail: { needed: string } }>(
      `SELECT detail FROM audit_events WHERE event = 'authorization_refused' AND login_name = 'ptib.noauth'`,
    );
    expect(rows.map((r) => r.detail.needed)).toContain('authorization SEMS01');
  });

  it('requireAuthority refuses a role the account lacks, saying which', async () => {
    const c = client();
    await signIn(c, 'ptib.demo');
    const res = await c.post('/api/test-probe/admin');
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.missingAuthority('ADMIN'));
  });

  it('guards answer 403 Forbidden without a token, or with a bad one', async () => {
    const c = client();
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not.a.token' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const res = await c.post('/api/test-probe/session', {}, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().header).toEqual({ responseCode: '403', responseDesc: FORBIDDEN_DESC });
    }
  });
});

describe('audit trail', () => {
  it('records sign-in success and failure with account, profile and address, and never a secret', async () => {
    const c = client();
    c.remoteAddress = '10.9.9.9';
    const nonce = await loginNonce(c);
    await c.post(API_PATHS.authenticate, { ...loginBody(nonce, 'ptib.master'), password: 'Secret-Wrong-1' });
    const token = await signIn(c, 'ptib.master');
    const { rows } = await db.query<{
      event: string;
      outcome: string;
      account_id: string | null;
      login_name: string;
      acting_profile_id: string | null;
      client_address: string;
      detail: unknown;
    }>(
      `SELECT event, outcome, account_id::text, login_name, acting_profile_id, client_address, detail
         FROM audit_events WHERE client_address = '10.9.9.9' ORDER BY id`,
    );
    expect(rows.map((r) => [r.event, r.outcome, r.login_name, r.acting_profile_id])).toEqual([
      ['sign_in', 'failure', 'ptib.master', null],
      ['sign_in', 'success', 'ptib.master', 'PTIB00000002'],
    ]);
    expect(rows[1]!.account_id).toBeTruthy();
    const all = JSON.stringify((await db.query('SELECT * FROM audit_events')).rows);
    for (const secret of ['Secret-Wrong-1', DEMO_PASSWORD, token, nonce]) expect(all).not.toContain(secret);
  });
});
