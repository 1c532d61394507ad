import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES, RESPONSE_CODE, withPhone } from '#contract/index.ts';
import { buildApp } from './app.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database, Queryable } from './db/database.ts';
import { authenticate, signIn } from './test/auth.ts';
import { TestClient, type TestResponse } from './test/client.ts';
import { freshDatabase } from './test/database.ts';
import { testConfig } from './test/helper.ts';

/**
 * A database outage as every signed-in call meets it (the scale tests stop a real PostgreSQL; this file
 * reaches the corners they cannot time, like the signing-key cache running out mid-outage): 503 with the
 * catalogue's system-difficulties message and the deployment's phone number, never 403 Forbidden (which
 * signs the user out), and back to normal by itself.
 */
const CONTACT_PHONE = '6555 0199';

const connectionRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' });
let failure: () => Error = connectionRefused;

/** The database, with a switch that makes every call fail the way pg does when the server is gone. */
function switchable(db: Database): { db: Database; down: (on: boolean) => void } {
  let isDown = false;
  const refuse = () => Promise.reject(failure());
  const wrapped: Database = {
    kind: db.kind,
    query<Row>(text: string, params?: readonly unknown[]) {
      return isDown ? refuse() : db.query<Row>(text, params);
    },
    exec: (sql) => (isDown ? refuse() : db.exec(sql)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return isDown ? refuse() : db.transaction(fn);
    },
    close: () => db.close(),
  };
  return { db: wrapped, down: (on) => (isDown = on) };
}

let app: FastifyInstance;
let down: (on: boolean) => void;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const sw = switchable(fresh.db);
  down = sw.down;
  app = await buildApp({ config: testConfig({ CONTACT_PHONE }), db: sw.db });
  await app.ready();
});
afterAll(async () => {
  down(false);
  await app.close();
  await drop();
});

const systemDifficulties = {
  responseCode: RESPONSE_CODE.UNAVAILABLE,
  responseDesc: withPhone(MESSAGES.systemDifficulties, CONTACT_PHONE),
};

describe('database unreachable', () => {
  it('every kind of call answers 503 with the system-difficulties message, and the session survives', async () => {
    const user = new TestClient(app);
    await signIn(user, 'ptib.master');
    await user.post(API_PATHS.retrieveProfile); // the payload key is in hand, as on a page already open
    const stranger = new TestClient(app);
    await stranger.get(API_PATHS.health);

    down(true);
    try {
      const calls: Array<[string, () => Promise<TestResponse>]> = [
        ['profile', () => user.post(API_PATHS.retrieveProfile)],
        ['master list', () => user.post(API_PATHS.retrieveMasterPTIBList)],
        ['refresh', () => user.post(API_PATHS.refresh)],
        ['proxy switch', () => user.post(API_PATHS.switchProxyProfile, { ptibProfileID: '' })],
        ['e-services', () => user.get(API_PATHS.eservices)],
        ['new record', () => user.post(API_PATHS.cases, { appCode: 'PD', data: {}, draft: true })],
        // The login nonce itself needs no database (it is signed, docs/decisions/0031); using it does.
        ['sign-in', () => authenticate(stranger, 'ptib.demo')],
        ['rating', () => stranger.post(API_PATHS.rating, { rating: 5, comment: '' })],
      ];
      for (const [name, call] of calls) {
        const res = await call();
        expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
        expect(res.json().header, name).toEqual(systemDifficulties);
        expect(res.headers['retry-after'], name).toBeDefined();
      }

      // The signing keys this process cached run out while the database is away: still an outage, not
      // a bad token.
      app.signingKeys.invalidate();
      for (const path of [API_PATHS.retrieveProfile, API_PATHS.refresh]) {
        const res = await user.post(path);
        expect(res.statusCode, path).toBe(503);
        expect(res.json().header, path).toEqual(systemDifficulties);
      }
    } finally {
      down(false);
    }

    const back = await user.post(API_PATHS.retrieveProfile);
    expect(back.statusCode).toBe(200);
    expect(back.json().responseJSON.loginName).toBe('ptib.master');
  });
});

describe('the other ways a database goes away', () => {
  /** What pg itself answers when the database's host name does not resolve (a DNS outage). */
  async function unresolvable(): Promise<Error> {
    const gone = openPostgres('postgres://ptib@ptib-database.invalid:5432/ptib', 1);
    try {
      return (await gone.query('SELECT 1').then(
        () => new Error('resolved'),
        (error: unknown) => error,
      )) as Error;
    } finally {
      await gone.close();
    }
  }
  /** A server error as pg reports it: its SQLSTATE in `code`. */
  const serverError = (code: string, message: string) => () =>
    Object.assign(new Error(message), { code, severity: 'FATAL' });

  it.each<[string, () => Promise<() => Error>]>([
    [
      'its host name does not resolve',
      async () => {
        const e = await unresolvable();
        return () => e;
      },
    ],
    [
      'its host cannot be reached',
      async () => () => Object.assign(new Error('connect EHOSTUNREACH 10.0.0.1:5432'), { code: 'EHOSTUNREACH' }),
    ],
    [
      'its network is down',
      async () => () => Object.assign(new Error('connect ENETUNREACH 10.0.0.1:5432'), { code: 'ENETUNREACH' }),
    ],
    [
      'another backend crashed and the server restarts',
      async () => serverError('57P02', 'terminating connection because of crash of another server process'),
    ],
    [
      'it has no connection left (just restarted, every process reconnecting)',
      async () => serverError('53300', 'sorry, too many clients already'),
    ],
    ["a deadlock outlasts its transaction's runs", async () => serverError('40P01', 'deadlock detected')],
    [
      "a serialization failure outlasts its transaction's runs",
      async () => serverError('40001', 'could not serialize access due to concurrent update'),
    ],
  ])('when %s, answers 503 with the system-difficulties message and signs nobody out', async (_name, make) => {
    failure = await make();
    const user = new TestClient(app);
    await signIn(user, 'ptib.demo');
    await user.post(API_PATHS.retrieveProfile);
    down(true);
    try {
      // The signing keys this process cached run out meanwhile: the token must not be taken for a bad one.
      app.signingKeys.invalidate();
      for (const path of [API_PATHS.retrieveProfile, API_PATHS.refresh]) {
        const res = await user.post(path);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(503);
        expect(res.json().header, path).toEqual(systemDifficulties);
      }
    } finally {
      down(false);
      failure = connectionRefused;
    }
    const back = await user.post(API_PATHS.retrieveProfile);
    expect(back.statusCode, back.body).toBe(200);
  });
});
