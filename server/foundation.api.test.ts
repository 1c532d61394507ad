import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_OFFICERS, seedDemo } from './db/seed.ts';
import type { Database } from './db/database.ts';
import { buildTestApp } from './test/helper.ts';
import { isEnvelope } from '#contract/index.ts';

let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});

describe('health', () => {
  it('GET /healthz is healthy with the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('database', () => {
  it('is the kind this run asked for', () => {
    expect(db.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('migrations', () => {
  it('run a second time without harm and apply nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('hold every table the portal needs', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    const names = rows.map((r) => r.table_name);
    for (const t of [
      'accounts',
      'ptib_profiles',
      'proxy_grants',
      'account_authorities',
      'account_authorizations',
      'sessions',
      'eservices',
      'cases',
      'audit_events',
    ]) {
      expect(names).toContain(t);
    }
  });

  it('seed the catalogue with the seventeen application codes', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM eservices');
    expect(rows[0]!.n).toBe(17);
  });

  it('seed the demo accounts only once', async () => {
    expect(await seedDemo(db)).toBe(false);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    expect(rows[0]!.n).toBe(DEMO_ACCOUNTS.length + DEMO_OFFICERS.length);
  });

  it('count the rows a SELECT returns, as pg does', async () => {
    const result = await db.query('SELECT * FROM eservices');
    expect(result.rowCount).toBe(17);
    const updated = await db.query("UPDATE eservices SET sort_order = sort_order WHERE group_name = 'Travel'");
    expect(updated.rowCount).toBe(3);
  });

  it('seed the demo accounts with hashed passwords', async () => {
    const { rows } = await db.query<{ login_name: string; password_hash: string }>(
      `SELECT login_name, password_hash FROM accounts WHERE login_name LIKE 'ptib.%' ORDER BY id`,
    );
    const { rows: officers } = await db.query<{ login_name: string; password_hash: string }>(
      `SELECT login_name, password_hash FROM accounts WHERE login_name LIKE 'officer.%' ORDER BY id`,
    );
    expect(rows.map((r) => r.login_name)).toEqual([
      'ptib.demo',
      'ptib.master',
      'ptib.blocked',
      'ptib.noauth',
      'ptib.otp',
    ]);
    expect(officers.map((r) => r.login_name)).toEqual(['officer.demo', 'officer.lead', 'officer.finance']);
    rows.push(...officers);
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('envelope errors', () => {
  it('an unknown API call answers a JSON 404 envelope, not the app', async () => {
    const res = await app.inject({ method: 'POST', url: '/01-01-01/noSuchCall', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(isEnvelope(res.json())).toBe(true);
    expect(res.json().header.responseCode).toBe('404');
  });

  it('malformed JSON answers 400 with a reason, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/config',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseCode).toBe('400');
    expect(res.json().header.responseDesc).not.toMatch(/at .*\.ts/);
  });

  it('GET /api/config answers the public configuration in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.header).toEqual({ responseCode: '200', responseDesc: 'OK' });
    expect(body.responseJSON.processEngineBase).toBe('/process-engine');
    expect(body.responseJSON.contactPhone).toBeTruthy();
  });
});
