import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  AUTHORIZATION_SEMS01,
  FORBIDDEN_DESC,
  RESPONSE_CODE,
  SESSION,
} from '#contract/index.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';
import { blockProfile } from './operator.ts';

/**
 * The rule of docs/decisions/0004: a session ended, switched or changed through one process is seen that
 * way by every other process at its very next call. Two app instances share one database here, as two
 * server processes do (on PGlite one engine; with TEST_DATABASE_URL two pools). Each test first makes
 * process A serve the session, then changes it through B (or by hand in the database), then calls A.
 * No process keeps a copy of a session (docs/decisions/0048); these tests hold whoever would add one to it.
 */

/** The database as another process sees it: its own pool on a server; on PGlite the same engine, left open. */
function processView(db: Database, url: string | undefined): Database {
  return url ? openPostgres(url, 3) : { ...db, close: async () => {} };
}

const clock = new FakeClock('2030-04-02T01:00:00Z');
const MINUTE = 60_000;
const FORBIDDEN = { responseCode: RESPONSE_CODE.FORBIDDEN, responseDesc: FORBIDDEN_DESC };

let a: FastifyInstance;
let b: FastifyInstance;
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
  a = await buildApp({ config: testConfig(), db: processView(db, fresh.url), now: clock.now });
  b = await buildApp({ config: testConfig(), db: processView(db, fresh.url), now: clock.now });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  await drop?.();
});

/** A signed-in user whose session process A has served (twice, so a copy kept by A would be in use). */
async function heldByA(loginName = 'ptib.demo'): Promise<{ viaA: TestClient; viaB: TestClient }> {
  const viaA = new TestClient(a);
  await signIn(viaA, loginName);
  for (let i = 0; i < 2; i++) expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
  const viaB = new TestClient(b);
  viaB.token = viaA.token;
  return { viaA, viaB };
}

const header = async (c: TestClient, path = API_PATHS.retrieveProfile) => (await c.post(path)).json().header;

describe('a session another process changed is seen changed at the very next call', () => {
  it('logout through B: A refuses the token at once', async () => {
    const { viaA, viaB } = await heldByA();
    expect((await viaB.post(API_PATHS.logout)).statusCode).toBe(200);
    expect(await header(viaA)).toEqual(FORBIDDEN);
    expect((await viaA.post(API_PATHS.refresh)).json().header).toEqual(FORBIDDEN);
  });

  it('a sign-in through B of the same login: A answers 4200 at once', async () => {
    const { viaA } = await heldByA('ptib.master');
    await signIn(new TestClient(b), 'ptib.master');
    expect(await header(viaA)).toEqual({
      responseCode: RESPONSE_CODE.SESSION_INTERRUPTED,
      responseDesc: AUTH_MESSAGES.sessionInterrupted,
    });
  });

  it('a proxy switch through B: A acts as the new profile at once, and back', async () => {
    const { viaA, viaB } = await heldByA('ptib.master');
    const switched = await viaB.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await viaA.post(API_PATHS.retrieveProfile)).json().responseJSON.ptibProfileID).toBe('PTIB00000011');
    await viaB.post(API_PATHS.switchProxyProfile, { ptibProfileID: '' });
    expect((await viaA.post(API_PATHS.retrieveProfile)).json().responseJSON.ptibProfileID).toBe('PTIB00000002');
  });

  it('a refresh through B: A does not take the older expiry for the session ending', async () => {
    const { viaA, viaB } = await heldByA();
    clock.advance(10 * MINUTE);
    const refreshed = await viaB.post(API_PATHS.refresh);
    expect(refreshed.statusCode).toBe(200);
    viaA.token = refreshed.json().responseJSON.token;
    // Past the expiry A last saw, before the one B's refresh set: the session is live.
    clock.advance(SESSION.FALLBACK_EXPIRY_MS - 10 * MINUTE + MINUTE);
    expect(await header(viaA)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
    const { rows } = await db.query<{ ended_at: Date | null }>('SELECT ended_at FROM sessions WHERE id = $1', [
      decodeJwt(viaA.token!).sid,
    ]);
    expect(rows).toEqual([{ ended_at: null }]);
  });

  it('a refresh through B retires the old token on A too: past the grace its use there ends the session', async () => {
    const { viaA, viaB } = await heldByA();
    const old = viaA.token!;
    const refreshed = await viaB.post(API_PATHS.refresh);
    expect(refreshed.statusCode).toBe(200);
    viaB.token = refreshed.json().responseJSON.token;
    // A last served the session while the old token was current; A must not take it for current still.
    clock.advance(SESSION.ROTATION_GRACE_MS);
    expect(await header(viaA)).toEqual(FORBIDDEN);
    expect(viaA.token).toBe(old);
    expect(await header(viaB)).toEqual(FORBIDDEN);
  });

  it('a profile blocked by an operator through B: A refuses at once', async () => {
    const { viaA } = await heldByA('ptib.master');
    try {
      await blockProfile(b, 'PTIB00000002');
      expect(await header(viaA)).toEqual(FORBIDDEN);
    } finally {
      await db.query('UPDATE ptib_profiles SET is_blocked = false WHERE id = $1', ['PTIB00000002']);
    }
  });

  it('an authorization revoked by hand in the database: A refuses the guarded call at once', async () => {
    const { viaA } = await heldByA();
    expect((await viaA.get(API_PATHS.eservices)).statusCode).toBe(200);
    const account = `(SELECT id FROM accounts WHERE login_name = 'ptib.demo')`;
    await db.query(`DELETE FROM account_authorizations WHERE authorization_code = $1 AND account_id = ${account}`, [
      AUTHORIZATION_SEMS01,
    ]);
    try {
      expect((await viaA.get(API_PATHS.eservices)).statusCode).toBe(403);
    } finally {
      await db.query(`INSERT INTO account_authorizations (account_id, authorization_code) SELECT ${account}, $1`, [
        AUTHORIZATION_SEMS01,
      ]);
    }
    expect((await viaA.get(API_PATHS.eservices)).statusCode).toBe(200);
  });
});

describe('a proxy grant revoked anywhere ends acting for the profile at the next call on every process', () => {
  const TARGET = 'PTIB00000011';
  const grant = `master_profile_id = 'PTIB00000002' AND proxy_profile_id = '${TARGET}'`;
  const withdrawn = { responseCode: RESPONSE_CODE.PROXY_WITHDRAWN, responseDesc: AUTH_MESSAGES.proxyWithdrawn(TARGET) };

  /** ptib.master acting for TARGET, served by A in that state. */
  async function actingHeldByA() {
    const { viaA, viaB } = await heldByA('ptib.master');
    expect((await viaB.post(API_PATHS.switchProxyProfile, { ptibProfileID: TARGET })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
    return { viaA, viaB };
  }

  it('masterBlock set through B (its own connection): A refuses the profile, the refresh and new records', async () => {
    const { viaA } = await actingHeldByA();
    await b.db.query(`UPDATE proxy_grants SET master_block = true WHERE ${grant}`);
    try {
      expect(await header(viaA)).toEqual(withdrawn);
      expect((await viaA.post(API_PATHS.refresh)).json().header).toEqual(withdrawn);
      const create = await viaA.post(API_PATHS.cases, { appCode: 'PD', data: {}, draft: true });
      expect(create.json().header).toEqual(withdrawn);
    } finally {
      await db.query(`UPDATE proxy_grants SET master_block = false WHERE ${grant}`);
    }
    // Restored: the grant holds again, on A at once.
    expect(await header(viaA)).toMatchObject({ responseCode: RESPONSE_CODE.OK });
  });

  it('the grant deleted by hand in the database: A refuses at once; the switch back through A works', async () => {
    const { viaA } = await actingHeldByA();
    await db.query(`DELETE FROM proxy_grants WHERE ${grant}`);
    try {
      expect(await header(viaA)).toEqual(withdrawn);
      expect((await viaA.post(API_PATHS.switchProxyProfile, { ptibProfileID: '' })).statusCode).toBe(200);
      expect((await viaA.post(API_PATHS.retrieveProfile)).json().responseJSON.ptibProfileID).toBe('PTIB00000002');
    } finally {
      await db.query(`INSERT INTO proxy_grants (master_profile_id, proxy_profile_id) VALUES ('PTIB00000002', $1)`, [
        TARGET,
      ]);
    }
  });
});
