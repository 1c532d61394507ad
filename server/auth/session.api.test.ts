import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import {
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  RESPONSE_CODE,
  SESSION,
  parseTokenExpirationDate,
} from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { ensureSigningKey } from './keys.ts';
import { blockProfile, retireKey, rotateSigningKey } from './operator.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens.ts';

const MAX_HOURS = 3;
const clock = new FakeClock('2030-03-10T01:00:00Z');
let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp({ SESSION_MAX_HOURS: String(MAX_HOURS) }, { now: clock.now }));
});

const MINUTE = 60_000;
const FORBIDDEN = { responseCode: RESPONSE_CODE.FORBIDDEN, responseDesc: FORBIDDEN_DESC };

const signedIn = (loginName = 'ptib.demo') => signedInClient(app, loginName);

const profileHeader = async (c: TestClient) => (await c.post(API_PATHS.retrieveProfile)).json().header;

async function refresh(c: TestClient) {
  const res = await c.post(API_PATHS.refresh);
  if (res.json().header.responseCode === '200') c.token = res.json().responseJSON.token;
  return res;
}

describe('tokens', () => {
  it('are ES256 JWTs with kid, issuer, audience, subject, session id and a 15-minute expiry', async () => {
    const c = await signedIn();
    const header = decodeProtectedHeader(c.token!);
    const claims = decodeJwt(c.token!);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(header.kid).toBeTruthy();
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect(claims.sub).toMatch(/^\d+$/);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! * 1000 - clock.now().getTime()).toBe(SESSION.FALLBACK_EXPIRY_MS);
  });

  async function ourKey(): Promise<{ kid: string; key: CryptoKey }> {
    const { rows } = await db.query<{ kid: string; private_jwk: JWK }>(
      'SELECT kid, private_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY seq DESC LIMIT 1',
    );
    return { kid: rows[0]!.kid, key: (await importJWK(rows[0]!.private_jwk, 'ES256')) as CryptoKey };
  }

  async function forged(
    c: TestClient,
    change: { kid?: string; key?: CryptoKey; aud?: string; iss?: string; exp?: number; nbf?: number; typ?: string },
  ): Promise<string> {
    const real = decodeJwt(c.token!);
    const own = await ourKey();
    return new SignJWT({ sid: real.sid })
      .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? own.kid, typ: change.typ ?? 'JWT' })
      .setIssuer(change.iss ?? TOKEN_ISSUER)
      .setAudience(change.aud ?? TOKEN_AUDIENCE)
      .setSubject(real.sub!)
      .setIssuedAt(real.iat!)
      .setNotBefore(change.nbf ?? real.iat!)
      .setExpirationTime(change.exp ?? real.exp!)
      .sign(change.key ?? own.key);
  }

  /** A token put together by hand: any header and claims, signed by `sign` over the JWS signing input. */
  function handMade(header: object, claims: object, sign: (input: string) => string): string {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${part(header)}.${part(claims)}`;
    return `${input}.${sign(input)}`;
  }

  it('tokens made by jose, as before fast-jwt (docs/decisions/0021), still verify: same ES256 JWS', async () => {
    const c = await signedIn();
    const real = decodeJwt(c.token!);
    const own = await ourKey();
    // Exactly how the server made tokens before (server/auth/tokens.ts with jose's SignJWT).
    c.token = await new SignJWT({ sid: real.sid })
      .setProtectedHeader({ alg: 'ES256', kid: own.kid, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(real.sub!)
      .setJti(crypto.randomUUID())
      .setIssuedAt(clock.now())
      .setNotBefore(clock.now())
      .setExpirationTime(new Date(clock.now().getTime() + 5 * MINUTE))
      .sign(own.key);
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    expect((await refresh(c)).json().header).toMatchObject({ responseCode: '200' });
  });

  it('tokens the server makes now verify with jose, with the checks it made before (other processes of a rolling deploy)', async () => {
    const c = await signedIn();
    const kid = decodeProtectedHeader(c.token!).kid!;
    const { rows } = await db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE kid = $1', [kid]);
    const options = {
      algorithms: ['ES256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: clock.now(),
      clockTolerance: 5,
      requiredClaims: ['sid', 'sub', 'exp', 'iat', 'nbf'],
      typ: 'JWT',
    };
    for (const token of [c.token!, (await refresh(c)).json().responseJSON.token as string]) {
      const { payload, protectedHeader } = await jwtVerify(
        token,
        await importJWK(rows[0]!.public_jwk, 'ES256'),
        options,
      );
      expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'JWT', kid });
      expect(payload).toMatchObject<JWTPayload>({
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat: Math.floor(clock.now().getTime() / 1000),
      });
      expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(payload.nbf).toBe(payload.iat);
    }
  });

  it('refuses HS256 made with our public key as the secret (algorithm confusion)', async () => {
    const c = await signedIn();
    const { kid } = decodeProtectedHeader(c.token!);
    const { rows } = await db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE kid = $1', [kid]);
    const publicKey = createPublicKey({ key: rows[0]!.public_jwk, format: 'jwk' });
    const secrets = [
      publicKey.export({ type: 'spki', format: 'pem' }),
      publicKey.export({ type: 'spki', format: 'der' }),
      JSON.stringify(rows[0]!.public_jwk),
    ];
    const claims = decodeJwt(c.token!);
    for (const secret of secrets) {
      c.token = handMade({ alg: 'HS256', typ: 'JWT', kid }, claims, (input) =>
        createHmac('sha256', secret).update(input).digest('base64url'),
      );
      expect(await profileHeader(c)).toEqual(FORBIDDEN);
    }
  });

  it('refuses a tampered token: claims changed under the signature', async () => {
    const c = await signedIn();
    const other = await signedIn('ptib.master');
    const [header, , signature] = c.token!.split('.');
    const claims = { ...decodeJwt(c.token!), sub: decodeJwt(other.token!).sub, sid: decodeJwt(other.token!).sid };
    c.token = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    // One bit of the signature flipped.
    const [h, p, s] = other.token!.split('.');
    const bytes = Buffer.from(s!, 'base64url');
    bytes.writeUInt8(bytes.readUInt8(10) ^ 1, 10);
    other.token = `${h}.${p}.${bytes.toString('base64url')}`;
    expect(await profileHeader(other)).toEqual(FORBIDDEN);
  });

  it('refuses a token not valid yet (nbf beyond the 5 s tolerance), and accepts one within it', async () => {
    const c = await signedIn();
    const now = Math.floor(clock.now().getTime() / 1000);
    c.token = await forged(c, { nbf: now + 5 });
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    c.token = await forged(c, { nbf: now + 6 });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });

  it('refuses a typ other than JWT, and a token without any one of the claims it must carry', async () => {
    const c = await signedIn();
    const good = c.token!;
    c.token = await forged(c, { typ: 'at+jwt' });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    const { rows } = await db.query<{ kid: string; private_jwk: JWK }>(
      'SELECT kid, private_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY seq DESC LIMIT 1',
    );
    const key = createPrivateKey({ key: rows[0]!.private_jwk, format: 'jwk' });
    const es256 = (input: string) =>
      sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    const header = { alg: 'ES256', typ: 'JWT', kid: rows[0]!.kid };
    c.token = handMade(header, decodeJwt(good), es256); // the control: all claims there
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    for (const missing of ['iss', 'aud', 'sid', 'sub', 'iat', 'nbf', 'exp']) {
      const claims: Record<string, unknown> = { ...decodeJwt(good) };
      delete claims[missing];
      c.token = handMade(header, claims, es256);
      expect(await profileHeader(c), missing).toEqual(FORBIDDEN);
    }
    c.token = handMade(header, { ...decodeJwt(good), exp: String(decodeJwt(good).exp) }, es256);
    expect(await profileHeader(c), 'exp as a string').toEqual(FORBIDDEN);
  });

  it('a token re-signed with our own key as a control passes, so the refusals below are about one thing each', async () => {
    const c = await signedIn();
    c.token = await forged(c, {});
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
  });

  it('refuses alg none', async () => {
    const c = await signedIn();
    const [, payload] = c.token!.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: decodeProtectedHeader(c.token!).kid }));
    c.token = `${header.toString('base64url')}.${payload}.`;
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });

  it('refuses a key that is not ours (foreign kid), and our kid with a foreign key', async () => {
    const c = await signedIn();
    const { privateKey } = await generateKeyPair('ES256');
    c.token = await forged(c, { kid: 'attacker-key', key: privateKey });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    c.token = await forged(c, { key: privateKey });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });

  it('refuses a wrong audience or issuer', async () => {
    const c = await signedIn();
    const good = c.token!;
    c.token = await forged(c, { aud: 'some-other-app' });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    c.token = good;
    c.token = await forged(c, { iss: 'someone-else' });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });

  it('refuses an expired token, even while its session is live', async () => {
    const c = await signedIn();
    c.token = await forged(c, { exp: Math.floor(clock.now().getTime() / 1000) - 60 });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });

  it('refuses a token once it expires, although this process verified it before (and its session is live)', async () => {
    const c = await signedIn();
    c.token = await forged(c, { exp: Math.floor(clock.now().getTime() / 1000) + 2 * 60 });
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    expect(app.verifiedTokens.get(c.token)).toBeDefined();
    clock.advance(2 * MINUTE + 5_000);
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
  });

  it('key rotation keeps tokens of the older key valid; retiring that key ends them', async () => {
    const c = await signedIn();
    const oldKid = decodeProtectedHeader(c.token!).kid!;
    const newKid = await rotateSigningKey(app);
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });

    const other = await signedIn('ptib.master');
    expect(decodeProtectedHeader(other.token!).kid).toBe(newKid);

    // A refresh moves the first browser onto the new key without signing it out.
    const keep = await signedIn('ptib.noauth');
    await refresh(keep);
    expect(decodeProtectedHeader(keep.token!).kid).toBe(newKid);

    await retireKey(app, oldKid);
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    expect(await profileHeader(other)).toMatchObject({ responseCode: '200' });
    expect(await profileHeader(keep)).toMatchObject({ responseCode: '200' });
  });
});

describe('signing keys', () => {
  it('the first key is made once, even when several processes start at once', async () => {
    const { buildApp } = await import('../app.ts');
    const { testConfig } = await import('../test/helper.ts');
    const { freshDatabase } = await import('../test/database.ts');
    const fresh = await freshDatabase();
    try {
      await fresh.db.query('DELETE FROM signing_keys');
      await Promise.all([1, 2, 3].map(() => ensureSigningKey(fresh.db, clock.now())));
      const second = await buildApp({ config: testConfig(), db: fresh.db, now: clock.now });
      await second.ready();
      const { rows } = await fresh.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_keys');
      expect(rows[0]!.n).toBe(1);
      await second.close();
    } finally {
      await fresh.drop();
    }
  });
});

describe('POST /01-01-01/refreshJWT', () => {
  it('gives a new token and its expiry as yyyyMMddTHHmmss in Singapore time', async () => {
    clock.set('2030-03-10T15:50:00Z'); // 23:50 in Singapore: the expiry falls on the next day there
    const c = await signedIn();
    clock.advance(5 * MINUTE + 30_000);
    const old = c.token;
    const res = await refresh(c);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.header.responseCode).toBe('200');
    expect(body.responseJSON.token).not.toBe(old);
    expect(body.responseJSON.tokenExpirationDate).toBe('20300311T001030');
    const expiry = parseTokenExpirationDate(body.responseJSON.tokenExpirationDate)!;
    expect(expiry.getTime()).toBe(clock.now().getTime() + SESSION.FALLBACK_EXPIRY_MS);
    expect(decodeJwt(body.responseJSON.token).exp! * 1000).toBe(expiry.getTime());
    const { rows } = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [
      decodeJwt(c.token!).sid,
    ]);
    expect(new Date(rows[0]!.expires_at).getTime()).toBe(expiry.getTime());
    const audit = await db.query("SELECT 1 FROM audit_events WHERE event = 'refresh' AND login_name = 'ptib.demo'");
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('without a valid token answers header 403 Forbidden', async () => {
    const c = new TestClient(app);
    const res = await c.post(API_PATHS.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual(FORBIDDEN);
  });
});

describe('refresh rotates the token (docs/decisions/0029, fake clock)', () => {
  const GRACE = SESSION.ROTATION_GRACE_MS;
  const withToken = (token: string) => {
    const c = new TestClient(app);
    c.token = token;
    return c;
  };
  const sessionRow = async (token: string) =>
    (
      await db.query<{ ended_at: Date | null; end_reason: string | null; token_generation: number }>(
        'SELECT ended_at, end_reason, token_generation FROM sessions WHERE id = $1',
        [decodeJwt(token).sid],
      )
    ).rows[0]!;
  const reuseAudits = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events
          WHERE event = 'token_reuse' AND outcome = 'failure' AND login_name = 'ptib.demo'`,
      )
    ).rows[0]!.n;

  it('the replaced token works within the grace, is refused after it, and that use ends the whole session', async () => {
    const c = await signedIn();
    const audits = await reuseAudits();
    const old = c.token!;
    expect(decodeJwt(old).gen).toBe(0);
    expect((await refresh(c)).statusCode).toBe(200);
    const current = c.token!;
    expect(decodeJwt(current).gen).toBe(1);
    // A call already on its way with the old token, just inside the grace.
    clock.advance(GRACE - 1_000);
    expect(await profileHeader(withToken(old))).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    expect(await profileHeader(c)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    // Past the grace: refused, and the session is over, for the new token too.
    clock.advance(1_000);
    expect(await profileHeader(withToken(old))).toEqual(FORBIDDEN);
    expect(await sessionRow(current)).toMatchObject({ end_reason: 'token_reused', token_generation: 1 });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    expect((await c.post(API_PATHS.refresh)).json().header).toEqual(FORBIDDEN);
    expect(await reuseAudits()).toBe(audits + 1);
  });

  it('two refreshes at once with one token: one rotates, the other is given the same new token (0060)', async () => {
    const c = await signedIn();
    const [first, second] = await Promise.all([c.post(API_PATHS.refresh), c.post(API_PATHS.refresh)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const gens = [first, second].map((r) => decodeJwt(r.json().responseJSON.token as string).gen);
    expect(gens).toEqual([1, 1]);
    expect(await sessionRow(c.token!)).toMatchObject({ ended_at: null, token_generation: 1 });
  });

  it('a refresh answer lost on its way is given again to the old token, until the new one is used (0060)', async () => {
    const c = await signedIn();
    const audits = await reuseAudits();
    const old = c.token!;
    // The server rotated, and the answer never reached the browser: it still holds the old token.
    const lost = await withToken(old).post(API_PATHS.refresh);
    expect(lost.statusCode, lost.body).toBe(200);
    clock.advance(GRACE - 1_000);
    const retried = withToken(old);
    expect((await refresh(retried)).statusCode).toBe(200);
    // The same generation again, not a new one: the lost answer's token is as good.
    expect(decodeJwt(retried.token!).gen).toBe(1);
    expect(await sessionRow(retried.token!)).toMatchObject({ ended_at: null, token_generation: 1 });
    expect(await profileHeader(retried)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    expect(await profileHeader(withToken(lost.json().responseJSON.token as string))).toMatchObject({
      responseCode: RESPONSE_CODE.OK,
    });
    expect(await reuseAudits()).toBe(audits);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events
        WHERE event = 'refresh' AND detail->>'replayed' = 'true' AND login_name = 'ptib.demo' AND occurred_at = $1`,
      [clock.now()],
    );
    expect(rows[0]!.n).toBe(1);
    // The chain goes on from the token it was given.
    clock.advance(5 * MINUTE);
    expect((await refresh(retried)).statusCode).toBe(200);
    expect(decodeJwt(retried.token!).gen).toBe(2);
  });

  it('the old token refreshing again once the new one was used ends the session, even within the grace', async () => {
    const c = await signedIn();
    const audits = await reuseAudits();
    const old = c.token!;
    expect((await refresh(c)).statusCode).toBe(200);
    // The holder has the new token and uses it: a refresh with the old one now comes from someone else.
    expect(await profileHeader(c)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    clock.advance(1_000);
    const again = await withToken(old).post(API_PATHS.refresh);
    expect(again.statusCode).toBe(403);
    expect(again.json().header).toEqual(FORBIDDEN);
    expect(await sessionRow(c.token!)).toMatchObject({ end_reason: 'token_reused' });
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    expect(await reuseAudits()).toBe(audits + 1);
  });

  it('the old token refreshing again after the grace ends the session, though the new one was never used', async () => {
    const c = await signedIn();
    const old = c.token!;
    expect((await withToken(old).post(API_PATHS.refresh)).statusCode).toBe(200);
    clock.advance(GRACE);
    expect((await withToken(old).post(API_PATHS.refresh)).statusCode).toBe(403);
    expect(await sessionRow(old)).toMatchObject({ end_reason: 'token_reused' });
  });

  it('a chain of refreshes, each with the token the last one gave, keeps the session (only the newest token counts)', async () => {
    const c = await signedIn();
    const tokens = [c.token!];
    for (let i = 0; i < 4; i++) {
      clock.advance(5 * MINUTE);
      expect((await refresh(c)).statusCode).toBe(200);
      tokens.push(c.token!);
    }
    expect(tokens.map((t) => decodeJwt(t).gen)).toEqual([0, 1, 2, 3, 4]);
    expect(await profileHeader(c)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    // Two generations back, however recent: retired.
    expect(await profileHeader(withToken(tokens[2]!))).toEqual(FORBIDDEN);
    expect(await sessionRow(c.token!)).toMatchObject({ end_reason: 'token_reused' });
  });
});

describe('server-side session limits (fake clock)', () => {
  it('a token not refreshed within 15 minutes is dead', async () => {
    const c = await signedIn();
    clock.advance(SESSION.FALLBACK_EXPIRY_MS - 1000);
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    clock.advance(1000);
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    // Dead for good: the session is ended, a later refresh cannot revive it.
    expect((await refresh(c)).json().header).toEqual(FORBIDDEN);
  });

  it('a refresh keeps the session going past 15 minutes', async () => {
    const c = await signedIn();
    for (let i = 0; i < 4; i++) {
      clock.advance(SESSION.IDLE_REFRESH_MS);
      expect((await refresh(c)).json().header.responseCode).toBe('200');
    }
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
  });

  it('a session ends SESSION_MAX_HOURS after sign-in however often it is refreshed', async () => {
    const c = await signedIn();
    const start = clock.now().getTime();
    const end = start + MAX_HOURS * 3_600_000;
    while (clock.now().getTime() + SESSION.IDLE_REFRESH_MS < end) {
      clock.advance(SESSION.IDLE_REFRESH_MS);
      const res = await refresh(c);
      expect(res.json().header.responseCode).toBe('200');
      // The last refreshes are capped at the absolute limit.
      expect(parseTokenExpirationDate(res.json().responseJSON.tokenExpirationDate)!.getTime()).toBeLessThanOrEqual(end);
    }
    clock.set(new Date(end - 1000));
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    clock.set(new Date(end));
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
  });
});

describe('POST /01-01-01/LogoutFromApp', () => {
  it('revokes the session at once: the next call with that token is 403 Forbidden', async () => {
    const c = await signedIn();
    const res = await c.post(API_PATHS.logout);
    expect(res.statusCode).toBe(200);
    expect(res.json().header).toEqual({ responseCode: '200', responseDesc: AUTH_MESSAGES.signedOut });
    // Only the cache (docs/decisions/0004, Logout): storage and cookies would reach other tabs and services.
    expect(res.headers['clear-site-data']).toBe('"cache"');
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    expect((await refresh(c)).json().header).toEqual(FORBIDDEN);
    const { rows } = await db.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE id = $1', [
      decodeJwt(c.token!).sid,
    ]);
    expect(rows[0]!.end_reason).toBe('logout');
    const audit = await db.query("SELECT 1 FROM audit_events WHERE event = 'logout' AND login_name = 'ptib.demo'");
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('answers 200 even with a dead token or none, so the app can always clear', async () => {
    const c = await signedIn();
    expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
    expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
    c.token = 'garbage';
    expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
    c.token = null;
    expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
  });
});

describe('one live session per login', () => {
  it('a second sign-in ends the first: its next call answers header 4200', async () => {
    const first = await signedIn('ptib.master');
    const second = await signedIn('ptib.master');
    const res = await first.post(API_PATHS.retrieveProfile);
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual({
      responseCode: RESPONSE_CODE.SESSION_INTERRUPTED,
      responseDesc: AUTH_MESSAGES.sessionInterrupted,
    });
    expect((await refresh(first)).json().header.responseCode).toBe(RESPONSE_CODE.SESSION_INTERRUPTED);
    expect(await profileHeader(second)).toMatchObject({ responseCode: '200' });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE a.login_name = 'ptib.master' AND s.ended_at IS NULL`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('blocking a profile', () => {
  it('ends its live sessions at once, and the profile call of a new sign-in answers 4100', async () => {
    const c = await signedIn('ptib.noauth');
    expect(await profileHeader(c)).toMatchObject({ responseCode: '200' });
    expect(await blockProfile(app, 'PTIB00000004')).toBe(1);
    expect(await profileHeader(c)).toEqual(FORBIDDEN);
    const again = await signedIn('ptib.noauth');
    expect(await profileHeader(again)).toMatchObject({ responseCode: RESPONSE_CODE.PROFILE_BLOCKED });
  });

  it('a session whose profile is blocked refreshes no more: 4100, and the session ends (spec §6)', async () => {
    clock.set('2030-03-12T01:00:00Z');
    const blocked = await signedIn('ptib.blocked');
    const res = await blocked.post(API_PATHS.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      header: { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked },
      responseJSON: null,
    });
    expect(await profileHeader(blocked)).toEqual(FORBIDDEN);
    // Blocked in the database while the session lives (not through blockProfile, which ends it at once).
    const c = await signedIn('ptib.demo');
    expect((await refresh(c)).json().header.responseCode).toBe(RESPONSE_CODE.OK);
    await db.query('UPDATE ptib_profiles SET is_blocked = true WHERE id = $1', ['PTIB00000001']);
    try {
      clock.advance(10 * MINUTE);
      expect((await c.post(API_PATHS.refresh)).json().header.responseCode).toBe(RESPONSE_CODE.PROFILE_BLOCKED);
      const { rows } = await db.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE id = $1', [
        decodeJwt(c.token!).sid,
      ]);
      expect(rows[0]!.end_reason).toBe('blocked');
    } finally {
      await db.query('UPDATE ptib_profiles SET is_blocked = false WHERE id = $1', ['PTIB00000001']);
    }
  });

  it('also ends the sessions of a master acting for that profile', async () => {
    const master = await signedIn('ptib.master');
    await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000012' });
    expect((await master.post(API_PATHS.retrieveProfile)).json().responseJSON.ptibProfileID).toBe('PTIB00000012');
    await blockProfile(app, 'PTIB00000012');
    expect(await profileHeader(master)).toEqual(FORBIDDEN);
  });
});
