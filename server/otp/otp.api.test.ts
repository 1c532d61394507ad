import { createHmac } from 'node:crypto';
import * as nodeCrypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  LOGIN_CHALLENGE_TTL_MS,
  LOGIN_THROTTLE,
  OTP,
  OTP_MESSAGES,
  OTP_RESPONSE_CODE,
  maskMobile,
  RESPONSE_CODE,
} from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { authenticate } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { singaporeOn } from '#contract/singapore.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildApp } from '../app.ts';
import { freshDatabase } from '../test/database.ts';
import { buildTestApp, testConfig } from '../test/helper.ts';

// Pass-through spy, so a test can see which comparison a verification made.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof nodeCrypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const GATEWAY_USER = 'ptib-sms';
const GATEWAY_PASSWORD = 'gateway-secret-1';
const clock = new FakeClock();
let gateway: FakeSmsGateway;
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: GATEWAY_USER, SMS_GATEWAY_PASSWORD: GATEWAY_PASSWORD },
    { now: clock.now },
  ));
});
afterAll(async () => {
  await gateway.close();
});
beforeEach(() => {
  gateway.status = 202;
});

let accounts = 0;
/**
 * A fresh account that needs a one-time password (like ptib.otp), with a mobile number of its own unless
 * given one, so each test has its own counts.
 */
async function otpAccount(mobile?: string): Promise<string> {
  const loginName = `otp.user${++accounts}`;
  mobile ??= `9123${String(accounts).padStart(4, '0')}`;
  await db.query(
    `INSERT INTO accounts (login_name, password_hash, profile_id, otp_required, mobile_num)
     SELECT $1, password_hash, profile_id, true, $2 FROM accounts WHERE login_name = 'ptib.otp'`,
    [loginName, mobile],
  );
  await db.query(
    `INSERT INTO account_authorities (account_id, authority)
     SELECT id, 'PTIB' FROM accounts WHERE login_name = $1`,
    [loginName],
  );
  return loginName;
}

/** Signs in with the password up to the OTP step; answers the client holding the pending sign-in. */
async function passwordStep(loginName: string): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await authenticate(client, loginName);
  expect(res.statusCode, res.body).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ otpRequired: true });
  return client;
}

const send = (client: TestClient) => client.post(API_PATHS.sendOtpSms, {});
const verify = (client: TestClient, otp: string) => client.post(API_PATHS.verifyOtp, { otp });
const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** OTP.CODE_LENGTH).padStart(OTP.CODE_LENGTH, '0');

/** login_challenges.id_hash of the client's pending sign-in. */
const challengeHashOf = (client: TestClient) =>
  nodeCrypto.createHash('sha256').update(client.cookies.get('PTIB_LOGIN_CHALLENGE')!).digest('base64url');

async function sendOk(client: TestClient): Promise<string> {
  const res = await send(client);
  expect(res.statusCode, res.body).toBe(200);
  return gateway.lastCode();
}

describe('the whole second step', () => {
  it('ptib.otp: password, then a code by SMS, then a token that works', async () => {
    const client = await passwordStep('ptib.otp');
    const res = await send(client);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      header: { responseCode: RESPONSE_CODE.OK, responseDesc: OTP_MESSAGES.codeSent },
      responseJSON: {
        maskedMobile: '****8901',
        expiresInSeconds: OTP.CODE_TTL_MS / 1000,
        resendInSeconds: OTP.RESEND_COOLDOWN_MS / 1000,
        sendsLeft: OTP.MAX_SENDS - 1,
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const sms = gateway.received.at(-1)!;
    expect(sms.body).toEqual({ to: '95678901', message: expect.stringMatching(/ \d{6}\. It expires in 5 minutes/) });

    const verified = await verify(client, gateway.lastCode());
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['content-type']).toMatch(/^text\/plain/);
    const answer = JSON.parse(verified.body) as { token: string };
    expect(Object.keys(answer)).toEqual(['token']);
    expect(client.cookies.has('PTIB_LOGIN_CHALLENGE')).toBe(false);

    client.token = answer.token;
    const refreshed = await client.post(API_PATHS.refresh, {});
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().responseJSON.token).toBeTruthy();
  });

  it('travels encrypted on the wire, both ways', async () => {
    const client = await passwordStep(await otpAccount());
    const res = await send(client);
    expect(res.statusCode).toBe(200);
    expect(res.wire).toBeDefined();
    expect(res.wire).not.toContain('maskedMobile');
  });

  it('a code works once: the sign-in is over after it', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    const cookie = client.cookies.get('PTIB_LOGIN_CHALLENGE')!;
    expect((await verify(client, code)).statusCode).toBe(200);
    clock.advance(OTP.ANSWER_AGAIN_MS);
    client.cookies.set('PTIB_LOGIN_CHALLENGE', cookie);
    expectSignInExpired(await verify(client, code));
  });

  it('without a pending sign-in both calls answer a clear 400', async () => {
    const client = new TestClient(app);
    for (const res of [await send(client), await verify(client, '123456')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().header.responseCode).toBe(OTP_RESPONSE_CODE.SIGN_IN_EXPIRED);
    }
  });

  it('the pending sign-in itself ends after LOGIN_CHALLENGE_TTL_MS', async () => {
    const client = await passwordStep(await otpAccount());
    clock.advance(LOGIN_CHALLENGE_TTL_MS);
    const res = await send(client);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseCode).toBe(OTP_RESPONSE_CODE.SIGN_IN_EXPIRED);
  });

  it('refuses a malformed code with a 400 that says so, without spending a try', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(client, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().header.responseDesc).toContain(OTP_MESSAGES.codeFormat);
    }
    const { rows } = await db.query<{ failed_tries: number }>('SELECT failed_tries FROM otp_codes');
    expect(rows.every((r) => r.failed_tries === 0)).toBe(true);
    expect((await verify(client, code)).statusCode).toBe(200);
  });

  it('takes the code as the app does: grouped or pasted with the space beside it', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    const res = await verify(client, ` ${code.slice(0, 3)} ${code.slice(3)}\n`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses to verify before a code was sent', async () => {
    const client = await passwordStep(await otpAccount());
    const res = await verify(client, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().header).toEqual({ responseCode: OTP_RESPONSE_CODE.NOT_SENT, responseDesc: OTP_MESSAGES.notSent });
  });
});

describe('expiry (fake clock)', () => {
  it('a code is good until CODE_TTL_MS after it was sent', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    clock.advance(OTP.CODE_TTL_MS - 1_000);
    expect((await verify(client, code)).statusCode).toBe(200);
  });

  it('and expired from then on', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    clock.advance(OTP.CODE_TTL_MS);
    const res = await verify(client, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.EXPIRED,
      responseDesc: OTP_MESSAGES.codeExpired,
    });
    // A new code may be asked for, and works.
    const fresh = await sendOk(client);
    expect((await verify(client, fresh)).statusCode).toBe(200);
  });
});

/** The verify answer's token, and the session its claims name. */
function tokenOf(res: { body: string }): { token: string; sessionId: string } {
  const { token } = JSON.parse(res.body) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  return { token, sessionId: claims.sid };
}

function expectSignInExpired(res: { statusCode: number; json(): { header: unknown } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().header).toEqual({
    responseCode: OTP_RESPONSE_CODE.SIGN_IN_EXPIRED,
    responseDesc: OTP_MESSAGES.signInExpired,
  });
}

describe('a check whose answer was lost, sent again (fake clock)', () => {
  /** A sign-in completed by the right code whose answer never arrived: the browser still has the cookie. */
  async function answerLost() {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    const cookie = client.cookies.get('PTIB_LOGIN_CHALLENGE')!;
    const first = await verify(client, code);
    expect(first.statusCode, first.body).toBe(200);
    client.cookies.set('PTIB_LOGIN_CHALLENGE', cookie);
    return { client, code, first: tokenOf(first) };
  }

  it(`is answered the same session again within ${OTP.ANSWER_AGAIN_MS / 1000} s, and the token works`, async () => {
    const { client, code, first } = await answerLost();
    clock.advance(OTP.ANSWER_AGAIN_MS - 1_000);
    const again = await verify(client, code);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['content-type']).toMatch(/^text\/plain/);
    expect(client.cookies.has('PTIB_LOGIN_CHALLENGE')).toBe(false);
    const { token, sessionId } = tokenOf(again);
    expect(sessionId).toBe(first.sessionId);
    const { rows } = await db.query<{ live: string }>(
      `SELECT count(*) AS live FROM sessions s JOIN sessions f ON f.account_id = s.account_id
        WHERE f.id = $1 AND s.ended_at IS NULL`,
      [sessionId],
    );
    expect(Number(rows[0]!.live)).toBe(1);
    client.token = token;
    expect((await client.post(API_PATHS.retrieveProfile, {})).statusCode).toBe(200);
  });

  it('is refused once the grace is over', async () => {
    const { client, code } = await answerLost();
    clock.advance(OTP.ANSWER_AGAIN_MS);
    expectSignInExpired(await verify(client, code));
  });

  it('is refused once the first answer was used: the holder has it, so the repeat is someone else', async () => {
    const { client, code, first } = await answerLost();
    client.token = first.token;
    expect((await client.post(API_PATHS.retrieveProfile, {})).statusCode).toBe(200);
    client.token = null;
    expectSignInExpired(await verify(client, code));
  });

  it('is refused with another code, and after one the right code too: no time to guess in', async () => {
    const { client, code } = await answerLost();
    expectSignInExpired(await verify(client, wrongCode(code)));
    expectSignInExpired(await verify(client, code));
  });
});

describe('tries', () => {
  it(`allows ${OTP.MAX_TRIES} wrong codes, then refuses even the right one`, async () => {
    const loginName = await otpAccount();
    const client = await passwordStep(loginName);
    const code = await sendOk(client);
    for (let left = OTP.MAX_TRIES - 1; left >= 1; left--) {
      const res = await verify(client, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().header).toEqual({
        responseCode: OTP_RESPONSE_CODE.INCORRECT,
        responseDesc: OTP_MESSAGES.codeIncorrect(left),
      });
    }
    const last = await verify(client, wrongCode(code));
    expect(last.statusCode).toBe(429);
    expect(last.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.TOO_MANY_TRIES,
      responseDesc: OTP_MESSAGES.tooManyTries(LOGIN_THROTTLE.LOCK_MS / 60_000),
    });
    // It says the sign-in is locked and for how long: "log in again to get a new code" sent the user to a
    // password step that refused them for the next 15 minutes.
    expect(last.json().header.responseDesc).toContain(`locked for ${LOGIN_THROTTLE.LOCK_MS / 60_000} minutes`);
    // The login name is locked now: even the right code is refused.
    const right = await verify(client, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.LOCKED,
      responseDesc: AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / 60_000),
    });

    // A resend gives no new tries.
    clock.advance(OTP.RESEND_COOLDOWN_MS);
    const resend = await send(client);
    expect(resend.statusCode).toBe(429);
    expect(resend.json().header.responseCode).toBe(OTP_RESPONSE_CODE.LOCKED);

    // Nor does signing in again at once: the login is locked a while.
    const again = await authenticate(new TestClient(app), loginName);
    expect(again.statusCode).toBe(429);
    expect(again.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / 60_000));
    clock.advance(LOGIN_THROTTLE.LOCK_MS);
    await passwordStep(loginName);
  });

  it('counts wrong codes per login name: signing in again gives no fresh tries, and the last one locks', async () => {
    const mobile = '93310001';
    const loginName = await otpAccount(mobile);
    const left: string[] = [];
    const wrongTwice = async () => {
      const client = await passwordStep(loginName);
      const code = await sendOk(client);
      for (let i = 0; i < 2; i++) {
        const res = await verify(client, wrongCode(code));
        if (res.json().header.responseCode === OTP_RESPONSE_CODE.INCORRECT) left.push(res.json().header.responseDesc);
        else return res;
      }
      return null;
    };
    expect(await wrongTwice()).toBeNull();
    expect(await wrongTwice()).toBeNull();
    const last = await wrongTwice();
    expect(left).toEqual([4, 3, 2, 1].map(OTP_MESSAGES.codeIncorrect));
    expect(last!.statusCode).toBe(429);
    expect(last!.json().header.responseCode).toBe(OTP_RESPONSE_CODE.TOO_MANY_TRIES);

    // Locked as wrong passwords lock: from any address, for LOCK_MS, and its holder is told once.
    const elsewhere = new TestClient(app);
    elsewhere.remoteAddress = '10.9.9.9';
    const again = await authenticate(elsewhere, loginName);
    expect(again.statusCode).toBe(429);
    expect(again.json().header.responseDesc).toBe(AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / 60_000));
    const smsTo = () => gateway.received.filter((r) => (r.body as { to: string }).to === mobile);
    // The lock's notice is recorded in the background and sent by the outbox (tests drain it by hand).
    await expect
      .poll(async () => {
        await app.outbox.drain();
        return smsTo().at(-1)?.body;
      })
      .toEqual({
        to: mobile,
        message: AUTH_MESSAGES.lockedSms(15, app.config.CONTACT_PHONE, singaporeOn(clock.now())),
        reference: expect.any(String),
      });
    expect(smsTo()).toHaveLength(4);
  });

  it(`compares at most ${OTP.MAX_TRIES} guesses per login name, however many sign-ins and guesses at once`, async () => {
    const loginName = await otpAccount();
    const spy = vi.mocked(nodeCrypto.timingSafeEqual);
    spy.mockClear();
    const answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      const client = new TestClient(app);
      const signIn = await authenticate(client, loginName);
      if (signIn.statusCode !== 200) {
        answers.push(signIn.statusCode);
        break;
      }
      const code = await sendOk(client);
      const burst = await Promise.all(Array.from({ length: 4 }, () => verify(client, wrongCode(code))));
      answers.push(...burst.map((r) => r.statusCode));
    }
    const compared = spy.mock.calls.filter(([a, b]) => a.byteLength === 32 && b.byteLength === 32);
    expect(compared).toHaveLength(OTP.MAX_TRIES);
    expect(answers.filter((status) => status === 400)).toHaveLength(OTP.MAX_TRIES - 1);
    expect(answers.at(-1)).toBe(429);
  });

  it('refuses the right code while the login name is locked (wrong passwords from many addresses)', async () => {
    const loginName = await otpAccount();
    const client = await passwordStep(loginName);
    const code = await sendOk(client);
    for (let i = 0; i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) {
      const guesser = new TestClient(app);
      guesser.remoteAddress = `10.8.${accounts}.${i + 1}`;
      expect((await authenticate(guesser, loginName, 'wrong-password')).statusCode).toBeGreaterThanOrEqual(400);
    }
    const res = await verify(client, code);
    expect(res.statusCode).toBe(429);
    expect(res.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.LOCKED,
      responseDesc: AUTH_MESSAGES.lockedOut(LOGIN_THROTTLE.LOCK_MS / 60_000),
    });
    clock.advance(LOGIN_THROTTLE.LOCK_MS);
    const after = await passwordStep(loginName);
    expect((await verify(after, await sendOk(after))).statusCode).toBe(200);
  });

  it('counts tries per pending sign-in, also across processes (in the database)', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    await verify(client, wrongCode(code));
    await verify(client, wrongCode(code));
    const { rows } = await db.query<{ failed_tries: number }>(
      'SELECT failed_tries FROM otp_codes WHERE challenge_hash = $1',
      [challengeHashOf(client)],
    );
    expect(rows[0]!.failed_tries).toBe(2);
  });

  it('compares codes in constant time (timingSafeEqual over two HMAC-SHA-256 digests)', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    const spy = vi.mocked(nodeCrypto.timingSafeEqual);
    spy.mockClear();
    const res = await verify(client, wrongCode(code));
    expect(res.statusCode).toBe(400);
    const digestCompares = spy.mock.calls.filter(([a, b]) => a.byteLength === 32 && b.byteLength === 32);
    expect(digestCompares).toHaveLength(1);
    expect(spy.mock.results.at(-1)?.value).toBe(false);
  });
});

describe('one pending sign-in per account', () => {
  it('opening a sign-in ends the ones before it: their codes and tries are gone', async () => {
    const loginName = await otpAccount();
    const first = await passwordStep(loginName);
    const firstCode = await sendOk(first);
    const second = await passwordStep(loginName);
    for (const res of [await verify(first, firstCode), await send(first)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().header.responseCode).toBe(OTP_RESPONSE_CODE.SIGN_IN_EXPIRED);
    }
    expect((await verify(second, await sendOk(second))).statusCode).toBe(200);
  });

  it('two sign-ins at once leave one pending sign-in', async () => {
    const loginName = await otpAccount();
    const clients = await Promise.all([passwordStep(loginName), passwordStep(loginName), passwordStep(loginName)]);
    const answers = await Promise.all(clients.map((c) => send(c)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('SMS per hour', () => {
  it(`sends at most ${OTP.SMS_PER_LOGIN} an hour per login name, however many sign-ins, then says when more may go`, async () => {
    const loginName = await otpAccount();
    const firstAt = clock.now().getTime();
    let sent = 0;
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    while (!refused) {
      const client = await passwordStep(loginName);
      for (let i = 0; i < OTP.MAX_SENDS && !refused; i++) {
        clock.advance(OTP.RESEND_COOLDOWN_MS);
        const res = await send(client);
        if (res.statusCode === 200) sent++;
        else refused = res;
      }
    }
    expect(sent).toBe(OTP.SMS_PER_LOGIN);
    expect(refused.statusCode).toBe(429);
    const minutes = Math.ceil((firstAt + OTP.RESEND_COOLDOWN_MS + OTP.SMS_WINDOW_MS - clock.now().getTime()) / 60_000);
    expect(refused.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.SMS_HOURLY_LIMIT,
      responseDesc: OTP_MESSAGES.smsHourlyLimit(minutes),
    });

    clock.advance(OTP.SMS_WINDOW_MS);
    expect((await send(await passwordStep(loginName))).statusCode).toBe(200);
  });

  it(`sends at most ${OTP.SMS_PER_MOBILE} an hour to one mobile number, over all its accounts`, async () => {
    const mobile = '93320002';
    const before = gateway.received.length;
    for (let i = 0; i < OTP.SMS_PER_MOBILE; i++) {
      expect((await send(await passwordStep(await otpAccount(mobile)))).statusCode).toBe(200);
    }
    const refused = await send(await passwordStep(await otpAccount(mobile)));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.SMS_HOURLY_LIMIT,
      responseDesc: OTP_MESSAGES.smsHourlyLimit(OTP.SMS_WINDOW_MS / 60_000),
    });
    expect(gateway.received.length - before).toBe(OTP.SMS_PER_MOBILE);
    // Another number is not held back.
    expect((await send(await passwordStep(await otpAccount()))).statusCode).toBe(200);
  });
});

describe('resend', () => {
  it(`waits ${OTP.RESEND_COOLDOWN_MS / 1000} s between sends and sends at most ${OTP.MAX_SENDS}`, async () => {
    const client = await passwordStep(await otpAccount());
    const first = await sendOk(client);

    const tooSoon = await send(client);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.RESEND_TOO_SOON,
      responseDesc: OTP_MESSAGES.resendTooSoon(OTP.RESEND_COOLDOWN_MS / 1000),
    });
    clock.advance(OTP.RESEND_COOLDOWN_MS - 1_000);
    expect((await send(client)).json().header.responseDesc).toBe(OTP_MESSAGES.resendTooSoon(1));

    clock.advance(1_000);
    const second = await send(client);
    expect(second.statusCode).toBe(200);
    expect(second.json().responseJSON).toMatchObject({ sendsLeft: 1, resendInSeconds: 30 });
    const secondCode = gateway.lastCode();

    clock.advance(OTP.RESEND_COOLDOWN_MS);
    const third = await send(client);
    expect(third.statusCode).toBe(200);
    expect(third.json().responseJSON).toMatchObject({ sendsLeft: 0, resendInSeconds: null });
    const thirdCode = gateway.lastCode();

    clock.advance(OTP.RESEND_COOLDOWN_MS);
    const fourth = await send(client);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.SEND_LIMIT,
      responseDesc: OTP_MESSAGES.sendLimit,
    });

    // Only the latest code is good (unless an older one happens to equal it).
    for (const old of [first, secondCode]) {
      if (old === thirdCode) continue;
      expect((await verify(client, old)).json().header.responseCode).toBe(OTP_RESPONSE_CODE.INCORRECT);
    }
    expect((await verify(client, thirdCode)).statusCode).toBe(200);
  });
});

describe('storage', () => {
  it('keeps no plaintext code in any table: only an HMAC-SHA-256 of it', async () => {
    const client = await passwordStep(await otpAccount());
    const code = await sendOk(client);
    const { rows: tables } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    // The demo insolvency register holds thousands of generated identity and case numbers: any six digits
    // appear in it by chance, and no code could be written there.
    for (const { table_name } of tables.filter((t) => !t.table_name.startsWith('register_'))) {
      const { rows } = await db.query(`SELECT * FROM "${table_name}"`);
      expect(JSON.stringify(rows), `table ${table_name}`).not.toContain(code);
    }
    const challengeHash = challengeHashOf(client);
    const { rows } = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM otp_codes WHERE challenge_hash = $1',
      [challengeHash],
    );
    const { rows: secrets } = await db.query<{ secret: string }>('SELECT secret FROM otp_secrets');
    const secret = Buffer.from(secrets[0]!.secret, 'base64');
    expect(rows[0]!.code_hash).toBe(createHmac('sha256', secret).update(`${challengeHash}:${code}`).digest('hex'));
  });

  it('forgets the code once it is used', async () => {
    const client = await passwordStep(await otpAccount());
    const challengeHash = challengeHashOf(client);
    await verify(client, await sendOk(client));
    const { rows } = await db.query<{ code_hash: string | null }>(
      'SELECT code_hash FROM otp_codes WHERE challenge_hash = $1',
      [challengeHash],
    );
    expect(rows[0]!.code_hash).toBeNull();
  });
});

describe('the HTTP SMS gateway sender', () => {
  it('posts JSON { to, message } to the configured URL with HTTP Basic credentials', async () => {
    const client = await passwordStep(await otpAccount('81234567'));
    const before = gateway.received.length;
    await sendOk(client);
    expect(gateway.received).toHaveLength(before + 1);
    const sms = gateway.received.at(-1)!;
    expect(sms.method).toBe('POST');
    expect(sms.path).toBe(new URL(gateway.url).pathname);
    expect(sms.headers['content-type']).toBe('application/json');
    expect(sms.headers.authorization).toBe(
      `Basic ${Buffer.from(`${GATEWAY_USER}:${GATEWAY_PASSWORD}`).toString('base64')}`,
    );
    expect(sms.body).toEqual({
      to: '81234567',
      message: OTP_MESSAGES.smsText(gateway.lastCode(), OTP.CODE_TTL_MS / 60_000),
    });
  });

  it('a gateway that fails gives a clear 503, and the send is not spent', async () => {
    const client = await passwordStep(await otpAccount());
    gateway.status = 500;
    const res = await send(client);
    expect(res.statusCode).toBe(503);
    expect(res.json().header).toEqual({
      responseCode: OTP_RESPONSE_CODE.SMS_FAILED,
      responseDesc: OTP_MESSAGES.smsFailed,
    });
    const { rows } = await db.query<{ sends: number; code_hash: string | null }>(
      'SELECT sends, code_hash FROM otp_codes WHERE challenge_hash = $1',
      [challengeHashOf(client)],
    );
    expect(rows[0]).toEqual({ sends: 0, code_hash: null });
    // No cool-down either: the user may ask again at once.
    gateway.status = 202;
    const code = await sendOk(client);
    expect((await verify(client, code)).statusCode).toBe(200);
  });

  it.each([400, 410, 422])(
    'a gateway that refuses the number for good (%i) says so and whom to call, not "try again"',
    async (status) => {
      const mobile = `87650${status}`;
      const client = await passwordStep(await otpAccount(mobile));
      gateway.status = status;
      const res = await send(client);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().header).toEqual({
        responseCode: OTP_RESPONSE_CODE.MOBILE_REFUSED,
        responseDesc: OTP_MESSAGES.mobileRefused(maskMobile(mobile), testConfig().CONTACT_PHONE),
      });
      // The gateway takes the number again (it was mended there): the code goes.
      gateway.status = 202;
      expect((await verify(client, await sendOk(client))).statusCode).toBe(200);
    },
  );

  it.each([401, 403, 404, 408, 429])(
    'a gateway that answers %i (the portal refused, or not now) is the 503 "try again"',
    async (status) => {
      const mobile = `87660${status}`;
      const client = await passwordStep(await otpAccount(mobile));
      gateway.status = status;
      const res = await send(client);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().header.responseCode).toBe(OTP_RESPONSE_CODE.SMS_FAILED);
    },
  );

  it('sends a bearer token when SMS_GATEWAY_TOKEN is configured', async () => {
    const other = await startFakeSmsGateway('/v1/messages');
    try {
      const { app: tokenApp } = await buildTestApp({ SMS_GATEWAY_URL: other.url, SMS_GATEWAY_TOKEN: 'tok-123' });
      const client = new TestClient(tokenApp);
      expect((await authenticate(client, 'ptib.otp')).statusCode).toBe(200);
      expect((await client.post(API_PATHS.sendOtpSms, {})).statusCode).toBe(200);
      expect(other.received[0]!.path).toBe('/v1/messages');
      expect(other.received[0]!.headers.authorization).toBe('Bearer tok-123');
    } finally {
      await other.close();
    }
  });

  it('a gateway that is down (nothing listening) gives the same clear 503, logged with why', async () => {
    const down = await startFakeSmsGateway();
    const url = down.url;
    await down.close();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { db: downDb, drop } = await freshDatabase();
    const downApp = await buildApp({
      config: testConfig({ SMS_GATEWAY_URL: url }),
      db: downDb,
      logger: { level: 'warn', stream },
    });
    try {
      await downApp.ready();
      const client = new TestClient(downApp);
      expect((await authenticate(client, 'ptib.otp')).statusCode).toBe(200);
      const res = await client.post(API_PATHS.sendOtpSms, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().header.responseCode).toBe(OTP_RESPONSE_CODE.SMS_FAILED);
      // The operator reads why in the log, by the request's id: not only "fetch failed", but what failed.
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; reason?: string });
      const notSent = logged.find((l) => l.msg === 'one-time password not sent');
      expect(notSent?.reason).toMatch(/fetch failed: ECONNREFUSED/);
      expect(notSent?.reqId).toBe(res.headers['x-request-id']);
    } finally {
      await downApp.close();
      await drop();
    }
  });
});
