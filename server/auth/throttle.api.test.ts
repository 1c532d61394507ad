import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LOGIN_THROTTLE, RESPONSE_CODE } from '../../contract/index.ts';
import type { Database } from '../db/database.ts';
import { authenticate } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';

const clock = new FakeClock();
let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});

const MINUTE = 60_000;
let nextAddress = 1;
/** A browser at an address of its own, so per-address counts of other tests do not mix in. */
const browser = () => {
  const c = new TestClient(app);
  c.remoteAddress = `10.0.0.${nextAddress++}`;
  return c;
};

const fails = async (c: TestClient, loginName: string, times: number) => {
  for (let i = 0; i < times; i++) {
    const res = await authenticate(c, loginName, 'wrong-password');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  }
};

let accounts = 0;
/** A fresh account like ptib.demo with a mobile number of its own, so each test has its own counts. */
async function account(prefix: string, mobile = `9${String(4_000_000 + ++accounts).padStart(7, '0')}`) {
  const loginName = `${prefix}${++accounts}`;
  await db.query(
    `INSERT INTO accounts (login_name, password_hash, profile_id, mobile_num)
     SELECT $1, password_hash, profile_id, $2 FROM accounts WHERE login_name = 'ptib.demo'`,
    [loginName, mobile],
  );
  return { loginName, mobile };
}

describe('sign-in throttling per login name', () => {
  it('locks after the limit with a clear message, whatever the case of the name, and unlocks when it runs out', async () => {
    const c = browser();
    await fails(c, 'ptib.demo', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES - 1);
    const last = await authenticate(c, 'PTIB.DEMO', 'wrong-password');
    expect(last.statusCode).toBe(429);
    expect(last.json().header).toEqual({
      responseCode: RESPONSE_CODE.TOO_MANY_REQUESTS,
      responseDesc: AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / MINUTE),
    });

    // The right password, from another address, is refused while locked.
    const elsewhere = browser();
    const locked = await authenticate(elsewhere, 'ptib.demo');
    expect(locked.statusCode).toBe(429);

    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    const after = await authenticate(elsewhere, 'ptib.demo');
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body).token).toBeTruthy();
  });

  it('does not extend the lock for attempts made while locked', async () => {
    const c = browser();
    await fails(c, 'ptib.master', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES);
    for (let i = 0; i < 3; i++) {
      clock.advance(4 * MINUTE);
      const res = await authenticate(c, 'ptib.master', 'wrong-password');
      expect(res.statusCode).toBe(429);
      expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(15 - 4 * (i + 1)));
    }
    // 12 minutes gone; at 15 the first lock ends, although attempts kept coming.
    clock.advance(3 * MINUTE + 1000);
    expect((await authenticate(c, 'ptib.master')).statusCode).toBe(200);
  });

  it('locks unknown login names the same way (no account enumeration)', async () => {
    const c = browser();
    await fails(c, 'ghost.user', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES - 1);
    const res = await authenticate(c, 'ghost.user', 'wrong-password');
    expect(res.statusCode).toBe(429);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(15));
  });

  it('resets the count on a success', async () => {
    const c = browser();
    await fails(c, 'ptib.noauth', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES - 1);
    expect((await authenticate(c, 'ptib.noauth')).statusCode).toBe(200);
    await fails(c, 'ptib.noauth', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES - 1);
    expect((await authenticate(c, 'ptib.noauth')).statusCode).toBe(200);
  });

  it('starts counting again once the window has passed', async () => {
    const c = browser();
    await fails(c, 'ptib.blocked', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES - 1);
    clock.advance(LOGIN_THROTTLE.WINDOW_MS + 1000);
    const res = await authenticate(c, 'ptib.blocked', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidCredentials);
  });
});

describe('sign-in throttling per client address', () => {
  it('locks an address that fails across many login names, and only that address', async () => {
    const attacker = browser();
    const names = Array.from({ length: LOGIN_THROTTLE.ADDRESS_MAX_FAILURES }, (_, i) => `spray.${i}`);
    for (const name of names.slice(0, -1)) {
      expect((await authenticate(attacker, name, 'guess')).statusCode).toBe(401);
    }
    expect((await authenticate(attacker, names.at(-1)!, 'guess')).statusCode).toBe(429);
    // Even a right password is refused from that address…
    expect((await authenticate(attacker, 'ptib.demo')).statusCode).toBe(429);
    // …while the same account signs in from elsewhere.
    expect((await authenticate(browser(), 'ptib.demo')).statusCode).toBe(200);

    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    expect((await authenticate(attacker, 'ptib.demo')).statusCode).toBe(200);
  });

  it('holds in the database, so another server process sees the same lock', async () => {
    const c = browser();
    await fails(c, 'shared.lock', LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES);
    const { rows } = await app.db.query<{ failures: number; locked_until: Date | null }>(
      `SELECT failures, locked_until FROM login_throttle WHERE throttle_key = 'login:shared.lock'`,
    );
    expect(rows[0]!.failures).toBe(LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES);
    expect(new Date(rows[0]!.locked_until!).getTime()).toBe(clock.now().getTime() + LOGIN_THROTTLE.LOCK_MS);
  });
});

describe('one normal form of login names', () => {
  // On PostgreSQL with a UTF-8 locale, lower('İ') is 'i' while JavaScript's is 'i̇': a dotted capital I
  // found the account under a throttle key of its own. Login names are ASCII; the rest is refused.
  it('refuses a login name outside printable ASCII with a 400, so no look-alike gets a fresh count', async () => {
    const { loginName } = await account('dotted.mini');
    const c = browser();
    await fails(c, loginName, LOGIN_THROTTLE.ACCOUNT_MAX_FAILURES);
    expect((await authenticate(c, loginName.toUpperCase())).statusCode).toBe(429);

    for (const lookAlike of [loginName.toUpperCase().replaceAll('I', 'İ'), loginName.replaceAll('i', 'ı')]) {
      const res = await authenticate(c, lookAlike);
      expect(res.statusCode, lookAlike).toBe(400);
      expect(res.json().header.responseDesc).toContain(AUTH_MESSAGES.loginNameCharacters);
    }
  });

  it('folds ASCII case alike in the throttle and in the account lookup, whatever the locale', async () => {
    const { loginName } = await account('Mixed.Case.');
    const res = await authenticate(browser(), loginName.toLowerCase());
    expect(res.statusCode).toBe(200);
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM accounts WHERE lower(login_name COLLATE "C") = $1`,
      [loginName.toLowerCase()],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
