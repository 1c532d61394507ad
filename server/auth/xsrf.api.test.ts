import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, AUTH_MESSAGES, XSRF_COOKIE } from '#contract/index.ts';
import { signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});

const cookieOf = (res: { cookies: unknown }) =>
  (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === XSRF_COOKIE);

describe('XSRF decided by the matched route', () => {
  it.each([
    ['/%30%31-01-01/LogoutFromApp', API_PATHS.logout],
    ['/%61pi/cases', API_PATHS.cases],
    ['/api/%61uthenticate', API_PATHS.authenticate],
    ['/%6Ftp/verifyOtp', API_PATHS.verifyOtp],
  ])('refuses %s (the router reads %s) without the token', async (encoded, _decoded) => {
    const c = new TestClient(app);
    await signIn(c, 'ptib.demo');
    c.cookies.delete(XSRF_COOKIE);
    c.primeXsrf = false;
    const res = await c.post(encoded, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });

  it('a percent-encoded API answer is not stored by caches either', async () => {
    const res = await app.inject({ method: 'GET', url: '/%61pi/login-nonce' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('XSRF token signed by the server', () => {
  it('issues a signed value', async () => {
    const res = await app.inject({ method: 'GET', url: API_PATHS.config });
    expect(cookieOf(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a made-up value', 'A'.repeat(43)],
    ['a random part with a forged signature', `${'B'.repeat(43)}.${'C'.repeat(43)}`],
  ])('refuses %s planted as cookie and echoed as header', async (_what, planted) => {
    const res = await app.inject({
      method: 'POST',
      url: API_PATHS.logout,
      headers: { cookie: `${XSRF_COOKIE}=${planted}`, 'x-xsrf-token': planted, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });

  it('replaces a planted cookie with a signed one on the next GET', async () => {
    const res = await app.inject({
      method: 'GET',
      url: API_PATHS.config,
      headers: { cookie: `${XSRF_COOKIE}=${'A'.repeat(43)}` },
    });
    expect(cookieOf(res)?.value).toMatch(/\./);
  });

  it('accepts the value it issued, echoed in the header', async () => {
    const c = new TestClient(app);
    const res = await c.post(API_PATHS.logout, {});
    expect(res.statusCode).not.toBe(403);
  });
});
