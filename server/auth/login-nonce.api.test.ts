import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, AUTH_MESSAGES, LOGIN_NONCE_TTL_MS } from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { loginNonce } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';

const clock = new FakeClock('2030-02-01T09:00:00Z');
let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});

const rows = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_nonces')).rows[0]!.n;
const login = (c: TestClient, authenticityToken: string) =>
  c.post(API_PATHS.authenticate, {
    loginName: 'ptib.demo',
    password: DEMO_PASSWORD,
    model: 'vitest',
    authenticityToken,
    rememberMe: false,
  });

describe('stateless login nonces', () => {
  it('asking for nonces, however often, writes nothing', async () => {
    const before = await rows();
    const c = new TestClient(app);
    for (let i = 0; i < 50; i++) await loginNonce(c);
    for (let i = 0; i < 50; i++) await loginNonce(new TestClient(app));
    expect(await rows()).toBe(before);
  });

  it('a made-up or altered nonce is refused and writes nothing', async () => {
    const c = new TestClient(app);
    const nonce = await loginNonce(c);
    const before = await rows();
    const altered = (nonce[0] === 'A' ? 'B' : 'A') + nonce.slice(1);
    for (const bad of ['A'.repeat(43), altered, `${nonce}x`]) {
      const res = await login(c, bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
    }
    expect(await rows()).toBe(before);
  });

  it('is single use: the first sign-in writes one row, a second use of it is refused', async () => {
    const c = new TestClient(app);
    const nonce = await loginNonce(c);
    const before = await rows();
    expect((await login(c, nonce)).statusCode).toBe(200);
    expect(await rows()).toBe(before + 1);
    const again = await login(c, nonce);
    expect(again.statusCode).toBe(403);
    expect(again.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidNonce);
  });

  it('expires, and the rows of used nonces go once they would have expired', async () => {
    const c = new TestClient(app);
    const late = await loginNonce(c);
    clock.advance(LOGIN_NONCE_TTL_MS + 1_000);
    expect((await login(c, late)).statusCode).toBe(403);
    expect((await login(c, await loginNonce(c))).statusCode).toBe(200);
    expect(await rows()).toBe(1);
  });
});
