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
} from '../../contract/index.ts';
import { buildApp } from '../app.ts';
import type { Database, ListenHandlers, NotificationListener } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';
import { blockProfile } from './operator.ts';
import { LOAD_SESSION_SQL } from './sessions.ts';

/**
 * The per-process session cache (docs/decisions/0018) against the rule it must not bend: a session ended,
 * switched or changed through one process is seen that way by every other process at its very next call.
 * Two app instances share one database here, as two server processes do (on PGlite one engine; with
 * TEST_DATABASE_URL two pools, each with its own listening connection). Each test first makes process A
 * hold a copy of the session, then changes it through B (or by hand in the database), then calls A.
 */

/**
 * The database as a second process sees it: its own pool on a server; on PGlite the same engine, not
 * closed by this app. `listenerSwitch` lets a test cut the notifications to this app while it runs.
 */
function processView(db: Database, url: string | undefined) {
  const base: Database = url ? openPostgres(url, 3) : { ...db, close: async () => {} };
  let cut = false;
  let dropping = false;
  let handlers: ListenHandlers | null = null;
  const view: Database = {
    ...base,
    async listen(channel, h) {
      handlers = h;
      const inner = await base.listen!(channel, {
        onNotify: (payload) => {
          if (!cut && !dropping) h.onNotify(payload);
        },
        onLive: (live) => h.onLive(live && !cut),
      });
      const listener: NotificationListener = {
        get live() {
          return inner.live && !cut;
        },
        caughtUp: () => (cut ? Promise.reject(new Error('listener cut')) : inner.caughtUp()),
        close: () => inner.close(),
      };
      return listener;
    },
  };
  return {
    db: view,
    /** The listening connection is lost (true), or back (false): notifications meanwhile never arrive. */
    cutListener(value: boolean) {
      cut = value;
      handlers?.onLive(!value);
    },
    /** Notifications stop arriving although the listener still claims to be live (a broken listener). */
    dropNotifications(value: boolean) {
      dropping = value;
    },
  };
}

const clock = new FakeClock('2030-04-02T01:00:00Z');
const MINUTE = 60_000;
const FORBIDDEN = { responseCode: RESPONSE_CODE.FORBIDDEN, responseDesc: FORBIDDEN_DESC };

let a: FastifyInstance;
let b: FastifyInstance;
let db: Database;
let viewA: ReturnType<typeof processView>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
  viewA = processView(db, fresh.url);
  a = await buildApp({ config: testConfig(), db: viewA.db, now: clock.now });
  b = await buildApp({ config: testConfig(), db: processView(db, fresh.url).db, now: clock.now });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  await drop?.();
});

/** A signed-in user whose session process A holds in its cache (its second call there was a hit). */
async function heldByA(loginName = 'ptib.demo'): Promise<{ viaA: TestClient; viaB: TestClient }> {
  const viaA = new TestClient(a);
  await signIn(viaA, loginName);
  const hits = a.sessionCache.stats.hits;
  for (let i = 0; i < 2; i++) expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
  expect(a.sessionCache.stats.hits).toBeGreaterThan(hits);
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

  it('a refresh through B: A does not take its older copy of the expiry for the session ending', async () => {
    const { viaA, viaB } = await heldByA();
    clock.advance(10 * MINUTE);
    const refreshed = await viaB.post(API_PATHS.refresh);
    expect(refreshed.statusCode).toBe(200);
    viaA.token = refreshed.json().responseJSON.token;
    // Past the expiry A's copy holds, before the one B's refresh set: the session is live.
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
    // A's copy was loaded when the old token was current; A must not take it for current still.
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

  /** ptib.master acting for TARGET, held in A's cache in that state. */
  async function actingHeldByA() {
    const { viaA, viaB } = await heldByA('ptib.master');
    expect((await viaB.post(API_PATHS.switchProxyProfile, { ptibProfileID: TARGET })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
    return { viaA, viaB };
  }

  it('masterBlock set through B (its own connection): A refuses the profile, the refresh and new records', async () => {
    const { viaA } = await actingHeldByA();
    const hits = a.sessionCache.stats.hits;
    expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
    expect(a.sessionCache.stats.hits).toBe(hits + 1);
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

  it('every table the session check reads notifies the copies when it changes (migrations 060, 075)', async () => {
    const read = new Set([...LOAD_SESSION_SQL.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/g)].map((m) => m[1]!));
    expect([...read].sort()).toEqual([
      'account_authorities',
      'account_authorizations',
      'accounts',
      'proxy_grants',
      'ptib_profiles',
      'sessions',
    ]);
    const { rows } = await db.query<{ table_name: string; events: number }>(
      `SELECT c.relname AS table_name, bit_or(t.tgtype::int) AS events
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc f ON f.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND f.proname IN ('ptib_notify_session_changed', 'ptib_notify_sessions_changed')
        GROUP BY c.relname`,
    );
    const events = new Map(rows.map((r) => [r.table_name, r.events]));
    // pg_trigger.tgtype: 8 DELETE, 16 UPDATE (any column list), 32 TRUNCATE. Sessions are born unheld, so
    // an INSERT needs no notice; any other table's INSERT can grant (a proxy grant, an authority), but a
    // grant added only widens what a copy allows after the next load, never makes a copy too permissive.
    for (const table of read) {
      const mask = events.get(table) ?? 0;
      expect({ table, update: (mask & 16) !== 0, delete: (mask & 8) !== 0, truncate: (mask & 32) !== 0 }).toEqual({
        table,
        update: true,
        delete: true,
        truncate: true,
      });
    }
  });
});

describe('without its listener a process trusts no copy', () => {
  it('control: a listener that drops notifications while claiming to be live would serve a stale copy', async () => {
    // Shows the cache is really in the path, so the next test's refusal is the bypass at work.
    const { viaA, viaB } = await heldByA();
    viewA.dropNotifications(true);
    try {
      await viaB.post(API_PATHS.logout);
      expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
    } finally {
      viewA.dropNotifications(false);
      a.sessionCache.flush();
    }
    expect(await header(viaA)).toEqual(FORBIDDEN);
  });

  it('while its listener is lost, every call reads the database: a logout through B is refused at once', async () => {
    const { viaA, viaB } = await heldByA();
    viewA.cutListener(true);
    try {
      expect(a.sessionCache.active).toBe(false);
      const bypassed = a.sessionCache.stats.bypassed;
      expect((await viaA.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
      await viaB.post(API_PATHS.logout);
      expect(await header(viaA)).toEqual(FORBIDDEN);
      expect(a.sessionCache.stats.bypassed).toBeGreaterThanOrEqual(bypassed + 2);
      expect(a.sessionCache.size).toBe(0);
    } finally {
      viewA.cutListener(false);
    }
    // Back: nothing from before is trusted (the logout's notification never arrived).
    expect(a.sessionCache.active).toBe(true);
    expect(await header(viaA)).toEqual(FORBIDDEN);
  });
});
