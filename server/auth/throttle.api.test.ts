import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LOGIN_THROTTLE, RESPONSE_CODE } from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { authenticate } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { singaporeOn } from '#contract/singapore.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import * as passwords from '../security/passwords.ts';

// The real check, counted: attempts while locked must not run it.
vi.mock('../security/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const clock = new FakeClock();
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;
beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp({ SMS_GATEWAY_URL: gateway.url }, { now: clock.now }));
});
afterAll(async () => {
  await gateway.close();
});

const MINUTE = 60_000;
let nextAddress = 1;
/** A browser at an address of its own, so per-address counts of other tests do not mix in. */
const browser = () => {
  const c = new TestClient(app);
  c.remoteAddress = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
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

/** The SMS the fake gateway took for a number. */
const smsTo = (mobile: string) =>
  gateway.received
    .filter((r) => (r.body as { to?: string }).to === mobile)
    .map((r) => (r.body as { message: string }).message);
/** What the outbox has sent to the number once drained (tests run no worker: they drain by hand). */
const sentTo = (mobile: string) => async () => {
  await app.outbox.drain();
  return smsTo(mobile);
};

describe('sign-in throttling per login name and address', () => {
  it('locks the name from that address after the limit, whatever its case, and not the owner elsewhere', async () => {
    const attacker = browser();
    await fails(attacker, 'ptib.demo', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    const last = await authenticate(attacker, 'PTIB.DEMO', 'wrong-password');
    expect(last.statusCode).toBe(429);
    expect(last.json().header).toEqual({
      responseCode: RESPONSE_CODE.TOO_MANY_REQUESTS,
      responseDesc: AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / MINUTE),
    });
    // Even the right password is refused from that address…
    expect((await authenticate(attacker, 'ptib.demo')).statusCode).toBe(429);

    // …while the owner, at another address, signs in: five guesses from anywhere no longer lock them out.
    const owner = await authenticate(browser(), 'ptib.demo');
    expect(owner.statusCode).toBe(200);
    expect(JSON.parse(owner.body).token).toBeTruthy();

    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    const after = await authenticate(attacker, 'ptib.demo');
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body).token).toBeTruthy();
  });

  it('does not extend the lock for attempts made while locked', async () => {
    const c = browser();
    await fails(c, 'ptib.master', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
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
    await fails(c, 'ghost.user', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    const res = await authenticate(c, 'ghost.user', 'wrong-password');
    expect(res.statusCode).toBe(429);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(15));
  });

  it('resets the count on a success', async () => {
    const c = browser();
    await fails(c, 'ptib.noauth', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    expect((await authenticate(c, 'ptib.noauth')).statusCode).toBe(200);
    await fails(c, 'ptib.noauth', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    expect((await authenticate(c, 'ptib.noauth')).statusCode).toBe(200);
  });

  it('starts counting again once the window has passed', async () => {
    const c = browser();
    await fails(c, 'ptib.blocked', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    clock.advance(LOGIN_THROTTLE.WINDOW_MS + 1000);
    const res = await authenticate(c, 'ptib.blocked', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidCredentials);
  });
});

describe('attempts while locked', () => {
  /** The sign-in audit rows refused as locked from an address. */
  const lockedRows = async (address: string) => {
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM audit_events
        WHERE event = 'sign_in' AND outcome = 'failure' AND detail->>'reason' = 'locked' AND client_address = $1`,
      [address],
    );
    return Number(rows[0]!.n);
  };

  it('are refused at once without a password check, and audited once per lock', async () => {
    const attacker = browser();
    await fails(attacker, 'flood.name', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
    vi.mocked(passwords.verifyPassword).mockClear();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const c = new TestClient(app);
        c.remoteAddress = attacker.remoteAddress;
        return authenticate(c, 'flood.name', `guess-${i}`);
      }),
    );

    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / MINUTE));
    }
    expect(passwords.verifyPassword).not.toHaveBeenCalled();
    expect(await lockedRows(attacker.remoteAddress)).toBe(1);

    // A new lock is audited again, once.
    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    await fails(attacker, 'flood.name', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES + 3);
    expect(await lockedRows(attacker.remoteAddress)).toBe(2);
  });
});

describe('sign-in throttling per login name everywhere', () => {
  it(`locks the name everywhere once failures came from ${LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES} addresses`, async () => {
    const { loginName } = await account('spread.');
    for (let i = 1; i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) {
      expect((await authenticate(browser(), loginName, 'guess')).statusCode).toBe(401);
    }
    const last = await authenticate(browser(), loginName.toUpperCase(), 'guess');
    expect(last.statusCode).toBe(429);
    expect(last.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(15));
    // Now the right password from an address that never failed is refused too.
    expect((await authenticate(browser(), loginName)).statusCode).toBe(429);

    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    expect((await authenticate(browser(), loginName)).statusCode).toBe(200);
  });

  it('tells the account holder by SMS, once per lock, and not for a lock of one address', async () => {
    const { loginName, mobile } = await account('notice.');
    // One address locking itself out locks nobody else: no notice.
    await fails(browser(), loginName, LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);

    // Many addresses, the last two at once: both may see the lock begin, one notice goes out.
    for (let i = 2; i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) await fails(browser(), loginName, 1);
    await Promise.all([fails(browser(), loginName, 1), fails(browser(), loginName, 1)]);
    expect((await authenticate(browser(), loginName)).statusCode).toBe(429);
    await fails(browser(), loginName, 3);
    // The notice is recorded in the background (a lock costs the same whether the name exists or not).
    await expect
      .poll(sentTo(mobile))
      .toEqual([
        AUTH_MESSAGES.lockedSms(LOGIN_THROTTLE.LOCK_MS / MINUTE, app.config.CONTACT_PHONE, singaporeOn(clock.now())),
      ]);
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM audit_events WHERE event = 'sign_in_lock_notice' AND login_name = $1`,
      [loginName],
    );
    expect(Number(rows[0]!.n)).toBe(1);

    // A new lock, a new notice.
    clock.advance(LOGIN_THROTTLE.LOCK_MS + 1000);
    for (let i = 0; i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) await fails(browser(), loginName, 1);
    await expect.poll(async () => (await sentTo(mobile)()).length).toBe(2);
    expect(smsTo(mobile)).toHaveLength(2);
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

  it('does not count right passwords against the address', async () => {
    const office = browser();
    for (let i = 0; i <= LOGIN_THROTTLE.ADDRESS_MAX_FAILURES; i++) {
      expect((await authenticate(office, 'ptib.demo')).statusCode).toBe(200);
    }
    expect((await authenticate(office, 'ptib.demo', 'typo')).statusCode).toBe(401);
  });

  it('holds in the database, so another server process sees the same lock', async () => {
    const c = browser();
    await fails(c, 'shared.lock', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
    const { rows } = await app.db.query<{ failures: number; locked_until: Date | null }>(
      `SELECT failures, locked_until FROM login_throttle WHERE throttle_key = $1`,
      [`login:shared.lock|address:${c.remoteAddress}`],
    );
    expect(rows[0]!.failures).toBe(LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
    expect(new Date(rows[0]!.locked_until!).getTime()).toBe(clock.now().getTime() + LOGIN_THROTTLE.LOCK_MS);
  });
});

describe('stale counts', () => {
  const kept = async (keys: string[]) => {
    const { rows } = await db.query<{ throttle_key: string }>(
      'SELECT throttle_key FROM login_throttle WHERE throttle_key = ANY($1::text[]) ORDER BY throttle_key',
      [keys],
    );
    return rows.map((r) => r.throttle_key);
  };

  it('are deleted at a later failure once their window and lock have both ended', async () => {
    const passer = browser();
    const guesser = browser();
    const passerKeys = [`login:stale.name|address:${passer.remoteAddress}`, `address:${passer.remoteAddress}`];
    const lockedKey = `login:locked.name|address:${guesser.remoteAddress}`;
    await fails(passer, 'stale.name', 1);
    await fails(guesser, 'locked.name', LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES - 1);
    clock.advance(5 * MINUTE);
    await fails(guesser, 'locked.name', 1);
    expect(await kept([...passerKeys, lockedKey])).toEqual([...passerKeys, lockedKey].sort());

    // Both windows have ended; the lock, begun 5 minutes into its window, runs 5 minutes more.
    clock.advance(LOGIN_THROTTLE.WINDOW_MS - 5 * MINUTE + 1000);
    await fails(browser(), 'someone.else', 1);
    expect(await kept([...passerKeys, lockedKey])).toEqual([lockedKey]);

    clock.advance(5 * MINUTE);
    await fails(browser(), 'someone.else', 1);
    expect(await kept([lockedKey])).toEqual([]);
  });
});

describe('one normal form of login names', () => {
  // On PostgreSQL with a UTF-8 locale, lower('İ') is 'i' while JavaScript's is 'i̇': a dotted capital I
  // found the account under a throttle key of its own. Login names are ASCII; the rest is refused.
  it('refuses a login name outside printable ASCII with a 400, so no look-alike gets a fresh count', async () => {
    const { loginName } = await account('dotted.mini');
    const c = browser();
    await fails(c, loginName, LOGIN_THROTTLE.LOGIN_ADDRESS_MAX_FAILURES);
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
