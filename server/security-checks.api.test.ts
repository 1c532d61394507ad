import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUTHORIZATION_SEMS01,
  AUTH_MESSAGES,
  LOGIN_THROTTLE,
  PROCESS_ENGINE_PATHS,
  RESPONSE_CODE,
  fillPath,
} from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import type { CaseDetail } from '#contract/schemas/index.ts';
import { LOGGING, buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { DEMO_PASSWORD } from './db/seed.ts';
import { LOGOUT_CLEAR_SITE_DATA } from './routes/auth.ts';
import { authenticate, loginNonce, signIn } from './test/auth.ts';
import { TestClient } from './test/client.ts';
import { FakeClock } from './test/clock.ts';
import { freshDatabase } from './test/database.ts';
import { testConfig } from './test/helper.ts';

/**
 * Security checks of OWASP ASVS 4.0.3 (level 2) that cut across areas: a revoked authorization, answers
 * that do not tell accounts apart, Clear-Site-Data on logout, and an audit trail that has every event
 * with who, for whom, from where and when, and never a secret (neither in its rows nor in the log).
 * SECURITY.md points here.
 */
const clock = new FakeClock('2030-03-04T01:00:00Z');
const logLines: string[] = [];
let app: FastifyInstance;
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  // The most talkative level, with the production redaction.
  app = await buildApp({
    config: testConfig({ NODE_ENV: 'production', PAYNOW_UEN: '201403121W' }),
    db,
    now: clock.now,
    logger: { level: 'trace', stream, ...LOGGING },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

let nextAddress = 1;
/** A browser at an address of its own, so per-address throttling and audit rows of tests do not mix. */
const browser = () => {
  const c = new TestClient(app);
  c.remoteAddress = `10.66.0.${nextAddress++}`;
  return c;
};

const PD = {
  debtorIdNumber: 'S9470855I',
  paymentAmount: { amount: '150.25', currency: 'SGD' },
  paymentMethod: 'GIRO',
  paymentDate: '2030-03-01',
  creditors: [],
  proofOfPayment: [],
  remarks: '',
  declaration: true,
};

describe('logout', () => {
  it('asks the browser to clear its cache for the site, and nothing more, with or without a live session', async () => {
    const c = browser();
    await signIn(c, 'ptib.demo');
    for (const label of ['signed in', 'already signed out']) {
      const res = await c.post(API_PATHS.logout);
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['clear-site-data'], label).toBe(LOGOUT_CLEAR_SITE_DATA);
      expect(LOGOUT_CLEAR_SITE_DATA).toBe('"cache"');
    }
  });
});

describe('a revoked authorization', () => {
  it('takes effect at the very next call of the live session', async () => {
    const c = browser();
    await signIn(c, 'ptib.demo');
    expect((await c.get(API_PATHS.eservices)).statusCode).toBe(200);

    await db.query(
      `DELETE FROM account_authorizations
        WHERE authorization_code = $1 AND account_id = (SELECT id FROM accounts WHERE login_name = 'ptib.demo')`,
      [AUTHORIZATION_SEMS01],
    );
    try {
      const refused = await c.get(API_PATHS.eservices);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().header).toEqual({
        responseCode: RESPONSE_CODE.FORBIDDEN,
        responseDesc: AUTH_MESSAGES.missingAuthorization(AUTHORIZATION_SEMS01),
      });
      const save = await c.post(API_PATHS.cases, { appCode: 'PD', data: PD, draft: true });
      expect(save.statusCode).toBe(403);
      // The profile the guards read says so too.
      const profile = await c.post(API_PATHS.retrieveProfile);
      expect(profile.json().responseJSON.authorizations).not.toContain(AUTHORIZATION_SEMS01);
    } finally {
      await db.query(
        `INSERT INTO account_authorizations (account_id, authorization_code)
         SELECT id, $1 FROM accounts WHERE login_name = 'ptib.demo'`,
        [AUTHORIZATION_SEMS01],
      );
    }
    expect((await c.get(API_PATHS.eservices)).statusCode).toBe(200);
  });
});

describe('sign-in answers tell no account apart', () => {
  const answerOf = async (loginName: string, password: string) => {
    const res = await authenticate(browser(), loginName, password);
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('unknown login name, wrong password and a disabled account get the same answer', async () => {
    await db.query(`UPDATE accounts SET disabled = true WHERE login_name = 'ptib.noauth'`);
    try {
      const unknown = await answerOf('no.such.person', 'Wrong-Password-1');
      const wrong = await answerOf('ptib.master', 'Wrong-Password-1');
      const disabled = await answerOf('ptib.noauth', DEMO_PASSWORD);
      expect(unknown).toEqual({
        status: 401,
        body: {
          header: { responseCode: RESPONSE_CODE.UNAUTHORIZED, responseDesc: AUTH_MESSAGES.invalidCredentials },
          responseJSON: null,
        },
      });
      expect(wrong).toEqual(unknown);
      expect(disabled).toEqual(unknown);
    } finally {
      await db.query(`UPDATE accounts SET disabled = false WHERE login_name = 'ptib.noauth'`);
    }
  });

  it('a locked account and a locked unknown name get the same answer', async () => {
    for (const name of ['ptib.blocked', 'nobody.at.all']) {
      for (let i = 0; i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) await answerOf(name, 'Wrong-Password-2');
    }
    const known = await answerOf('ptib.blocked', DEMO_PASSWORD);
    const unknown = await answerOf('nobody.at.all', DEMO_PASSWORD);
    expect(known.status).toBe(429);
    expect(unknown).toEqual(known);
    clock.advance(LOGIN_THROTTLE.LOCK_MS);
  });
});

describe('audit trail', () => {
  it('records each event with real user, acting profile, address and time, and no secret anywhere', async () => {
    const c = browser();
    const address = c.remoteAddress;
    const secrets: string[] = ['Wrong-Audit-Password-7', DEMO_PASSWORD];
    const expected: Array<{ event: string; outcome: string; acting: string | null; at: string }> = [];
    const step = async (event: string, outcome: string, acting: string | null, action: () => Promise<unknown>) => {
      clock.advance(60_000);
      await action();
      expected.push({ event, outcome, acting, at: clock.now().toISOString() });
    };

    await step('sign_in', 'failure', null, async () => {
      const nonce = await loginNonce(c);
      secrets.push(nonce);
      await c.post(API_PATHS.authenticate, {
        loginName: 'ptib.master',
        password: 'Wrong-Audit-Password-7',
        model: 'audit test',
        authenticityToken: nonce,
        rememberMe: false,
      });
    });
    await step('sign_in', 'success', 'PTIB00000002', async () => secrets.push(await signIn(c, 'ptib.master')));
    await step('refresh', 'success', 'PTIB00000002', async () => {
      c.token = (await c.post(API_PATHS.refresh)).json().responseJSON.token as string;
      secrets.push(c.token);
    });
    await step('proxy_switch', 'failure', 'PTIB00000002', () =>
      c.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000013' }),
    );
    await step('proxy_switch', 'success', 'PTIB00000011', () =>
      c.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' }),
    );
    let record: CaseDetail | undefined;
    await step('case_save', 'success', 'PTIB00000011', async () => {
      record = (await c.post(API_PATHS.cases, { appCode: 'PD', data: PD, draft: true })).json().responseJSON;
    });
    await step('case_save', 'success', 'PTIB00000011', async () => {
      record = (await c.post(fillPath(CASE_PATHS.one, { id: record!.id }), { data: PD, version: 1 })).json()
        .responseJSON;
    });
    await step('case_submit', 'success', 'PTIB00000011', () =>
      c.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record!.id })}`, { version: 2 }),
    );
    await step('case_save', 'success', 'PTIB00000011', async () => {
      record = (await c.post(API_PATHS.cases, { appCode: 'PD', data: PD, draft: true })).json().responseJSON;
    });
    await step('case_delete', 'success', 'PTIB00000011', () =>
      c.post(fillPath(CASE_PATHS.delete, { id: record!.id }), { version: 1 }),
    );
    await step('logout', 'success', 'PTIB00000011', () => c.post(API_PATHS.logout));
    secrets.push(c.cookies.get('XSRF-TOKEN')!, c.cookies.get('PTIB_LOGIN_BINDING')!);

    // Signed in without SEMS01: the refusal is recorded against that user.
    const noauth = new TestClient(app);
    noauth.remoteAddress = address;
    await step('sign_in', 'success', 'PTIB00000004', async () => secrets.push(await signIn(noauth, 'ptib.noauth')));
    await step('authorization_refused', 'failure', 'PTIB00000004', async () => {
      expect((await noauth.get(API_PATHS.eservices)).statusCode).toBe(403);
    });

    const { rows } = await db.query<{
      event: string;
      outcome: string;
      account_id: string | null;
      login_name: string | null;
      acting_profile_id: string | null;
      occurred_at: Date | string;
    }>(
      `SELECT event, outcome, account_id::text AS account_id, login_name, acting_profile_id, occurred_at
         FROM audit_events WHERE client_address = $1 ORDER BY id`,
      [address],
    );
    expect(
      rows.map((r) => ({
        event: r.event,
        outcome: r.outcome,
        acting: r.acting_profile_id,
        at: new Date(r.occurred_at).toISOString(),
      })),
    ).toEqual(expected);
    const accounts = await db.query<{ id: string; login_name: string }>(
      `SELECT id::text AS id, login_name FROM accounts WHERE login_name IN ('ptib.master', 'ptib.noauth')`,
    );
    const idOf = new Map(accounts.rows.map((a) => [a.login_name, a.id]));
    for (const r of rows) {
      const who = r.acting_profile_id === 'PTIB00000004' ? 'ptib.noauth' : 'ptib.master';
      expect(r.login_name, r.event).toBe(who);
      expect(r.account_id, r.event).toBe(idOf.get(who));
    }

    expect(secrets.filter(Boolean).length).toBeGreaterThanOrEqual(8);
    const everything = JSON.stringify((await db.query('SELECT * FROM audit_events')).rows);
    const log = logLines.join('');
    expect(log).toContain(API_PATHS.authenticate);
    for (const secret of secrets) {
      expect(everything, 'audit rows').not.toContain(secret);
      expect(log, 'log').not.toContain(secret);
    }
  });
});
