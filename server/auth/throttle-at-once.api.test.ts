import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, LOGIN_THROTTLE } from '#contract/index.ts';
import type { LoginRequest } from '#contract/schemas/index.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { loginNonce } from '../test/auth.ts';
import { TestClient, type TestResponse } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';

/**
 * Password guesses sent at the same moment, to two server processes on one database (on PGlite one engine;
 * with TEST_DATABASE_URL two pools): each spends its try before its password is compared, so the limits of
 * docs/decisions/0028 hold however many arrive at once.
 */

const clock = new FakeClock('2030-05-06T01:00:00Z');
let a: FastifyInstance;
let b: FastifyInstance;
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
  const processView = (): Database => (fresh.url ? openPostgres(fresh.url, 3) : { ...db, close: async () => {} });
  a = await buildApp({ config: testConfig(), db: processView(), now: clock.now });
  b = await buildApp({ config: testConfig(), db: processView(), now: clock.now });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  await drop?.();
});

let accounts = 0;
/** A fresh account like ptib.demo (password DEMO_PASSWORD), so each test has counts of its own. */
async function account(): Promise<string> {
  const loginName = `burst.${++accounts}`;
  await db.query(
    `INSERT INTO accounts (login_name, password_hash, profile_id)
     SELECT $1, password_hash, profile_id FROM accounts WHERE login_name = 'ptib.demo'`,
    [loginName],
  );
  return loginName;
}

/**
 * Sign-ins of `loginName` with these passwords, all from one address, taking turns between the two
 * processes: nonces and keys are fetched first, then every attempt is sent at once.
 */
async function atOnce(loginName: string, address: string, passwords: string[]): Promise<TestResponse[]> {
  const prepared = await Promise.all(
    passwords.map(async (password, i) => {
      const c = new TestClient(i % 2 === 0 ? a : b);
      c.remoteAddress = address;
      const authenticityToken = await loginNonce(c);
      await c.get(API_PATHS.health);
      await c.requestKey(clock.now().getTime());
      const body: LoginRequest = { loginName, password, model: 'vitest', authenticityToken, rememberMe: false };
      return { c, body };
    }),
  );
  return Promise.all(prepared.map(({ c, body }) => c.post(API_PATHS.authenticate, body)));
}

/** The sign-in audit rows of a login name from an address, oldest first. */
async function auditRows(loginName: string, address: string) {
  const { rows } = await db.query<{ id: number | string; outcome: string; reason: string | null }>(
    `SELECT id, outcome, detail->>'reason' AS reason FROM audit_events
      WHERE event IN ('sign_in', 'sign_in_otp_pending') AND login_name = $1 AND client_address = $2
      ORDER BY id`,
    [loginName, address],
  );
  return rows;
}

const wrong = (i: number) => `Guess${i}!xyz`;
const LIMIT = LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES;

describe('password guesses sent at the same moment', () => {
  it(`compares at most ${LIMIT} passwords from one address, across processes, and refuses the right one after them`, async () => {
    const loginName = await account();
    const address = '10.20.0.1';
    const right = Math.floor(Math.random() * 30);
    const passwords = Array.from({ length: 30 }, (_, i) => (i === right ? DEMO_PASSWORD : wrong(i)));

    const answers = await atOnce(loginName, address, passwords);

    for (const res of answers) expect([200, 401, 429]).toContain(res.statusCode);
    const rows = await auditRows(loginName, address);
    const compared = rows.filter((r) => r.reason === 'credentials');
    const success = rows.findIndex((r) => r.outcome === 'success');
    if (answers[right]!.statusCode === 200) {
      // The right one was among the first tries spent: the guesses compared before it were fewer than the
      // limit, and its success started the count again (as a sign-in one after the other does).
      expect(rows.slice(0, success).filter((r) => r.reason === 'credentials').length).toBeLessThan(LIMIT);
      expect(compared.length).toBeLessThan(2 * LIMIT);
    } else {
      // It came after the limit: refused like every guess after the limit, without being compared.
      expect(answers[right]!.statusCode, `the right password, sent ${right + 1}th`).toBe(429);
      expect(answers[right]!.json()).not.toHaveProperty('token');
      expect(compared).toHaveLength(LIMIT);
      expect(success).toBe(-1);
    }
  });

  it('refuses the right password sent after the limit, whichever process compares it', async () => {
    const loginName = await account();
    const address = '10.20.0.2';
    const passwords = [...Array.from({ length: 29 }, (_, i) => wrong(i)), DEMO_PASSWORD];

    const answers = await atOnce(loginName, address, passwords);

    const rows = await auditRows(loginName, address);
    expect(rows.filter((r) => r.reason === 'credentials').length).toBeLessThanOrEqual(LIMIT);
    if (answers.at(-1)!.statusCode === 200) {
      // Sent last, it may still have spent its try among the first: then no more than the limit was spent.
      expect(rows.findIndex((r) => r.outcome === 'success')).toBeLessThanOrEqual(LIMIT);
    } else {
      expect(answers.at(-1)!.statusCode).toBe(429);
      // The guesses refused on this name were not counted on the address, which other names share.
      const { rows: counts } = await db.query<{ failures: number }>(
        'SELECT failures FROM login_throttle WHERE throttle_key = $1',
        [`address:${address}`],
      );
      expect(counts[0]!.failures).toBe(LIMIT);
    }
    // The owner, at another address, still signs in: one address's guesses lock only that address.
    const owner = new TestClient(b);
    owner.remoteAddress = '10.20.9.9';
    const res = await atOnce(loginName, owner.remoteAddress, [DEMO_PASSWORD]);
    expect(res[0]!.statusCode).toBe(200);
  });

  it(`compares at most ${LOGIN_THROTTLE.ADDRESS_MAX_FAILURES} passwords from one address across many names at once`, async () => {
    const address = '10.20.0.3';
    const names = Array.from({ length: 30 }, (_, i) => `sprayed.${i}`);
    const answers = await Promise.all(names.map((name) => atOnce(name, address, ['Spring2030!'])));

    for (const [res] of answers) expect([401, 429]).toContain(res!.statusCode);
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM audit_events
        WHERE event = 'sign_in' AND client_address = $1 AND detail->>'reason' IN ('credentials', 'unknown login')`,
      [address],
    );
    expect(Number(rows[0]!.n)).toBe(LOGIN_THROTTLE.ADDRESS_MAX_FAILURES);
  });

  it(`locks the name everywhere when guesses from ${LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES} addresses arrive at once`, async () => {
    const loginName = await account();
    const addresses = Array.from({ length: LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES }, (_, i) => `10.21.0.${i + 1}`);

    await Promise.all(addresses.map((address) => atOnce(loginName, address, [wrong(1), wrong(2), wrong(3)])));

    // Each address spent at most its own limit…
    for (const address of addresses) {
      const rows = await auditRows(loginName, address);
      expect(rows.filter((r) => r.reason === 'credentials').length).toBeLessThanOrEqual(LIMIT);
    }
    // …and together they lock the name everywhere: the right password from a new address is refused.
    const res = await atOnce(loginName, '10.21.9.9', [DEMO_PASSWORD]);
    expect(res[0]!.statusCode).toBe(429);
  });
});
