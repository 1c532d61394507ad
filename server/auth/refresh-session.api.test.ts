import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { freshDatabase } from '../test/database.ts';
import { refreshSession, type Refreshed } from './sessions.ts';

/** refreshSession: the liveness conditions are the statement's own, and every refresh writes its audit row. */

let db: Database;
let drop: () => Promise<void>;
let account: { id: string; profile_id: string };
const T0 = Date.parse('2030-01-01T00:00:00Z');

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
  account = (
    await db.query<{ id: string; profile_id: string }>('SELECT id, profile_id FROM accounts ORDER BY id LIMIT 1')
  ).rows[0]!;
});

afterAll(async () => {
  await db.close();
  await drop();
});

interface SessionState {
  /** Seconds from T0 (whole seconds, as the server writes them). */
  expires: number;
  absolute: number;
  ended: boolean;
}

async function insertSession(state: SessionState): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO sessions (id, account_id, acting_profile_id, created_at, last_refresh_at, expires_at,
                           absolute_expires_at, ended_at, end_reason, model, client_address)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, 'test', '127.0.0.1')`,
    [
      id,
      account.id,
      account.profile_id,
      new Date(T0 - 3_600_000),
      new Date(T0 + state.expires * 1000),
      new Date(T0 + state.absolute * 1000),
      state.ended ? new Date(T0 - 1000) : null,
      state.ended ? 'logout' : null,
    ],
  );
  return id;
}

interface Outcome {
  answers: Array<[number, number] | null>;
  rows: Array<{ last_refresh_at: number; expires_at: number; ended: boolean; generation: number }>;
  audits: Array<Array<{ at: number; address: string | null }>>;
}

/** What the database holds for these sessions now; refreshes are told apart by login name. */
async function outcome(ids: string[], tags: string[], answers: Array<Refreshed | null>): Promise<Outcome> {
  const rows = [];
  const audits = [];
  for (const [i, id] of ids.entries()) {
    const row = (
      await db.query<{ last_refresh_at: Date; expires_at: Date; ended_at: Date | null; token_generation: number }>(
        'SELECT last_refresh_at, expires_at, ended_at, token_generation FROM sessions WHERE id = $1',
        [id],
      )
    ).rows[0]!;
    rows.push({
      last_refresh_at: new Date(row.last_refresh_at).getTime(),
      expires_at: new Date(row.expires_at).getTime(),
      ended: row.ended_at !== null,
      generation: row.token_generation,
    });
    const audit = await db.query<{ occurred_at: Date; client_address: string | null }>(
      `SELECT occurred_at, client_address FROM audit_events
        WHERE event = 'refresh' AND login_name = $1 ORDER BY occurred_at, id`,
      [tags[i]],
    );
    audits.push(audit.rows.map((a) => ({ at: new Date(a.occurred_at).getTime(), address: a.client_address })));
  }
  return { answers: answers.map((a) => (a ? [a.expiresAt.getTime(), a.generation] : null)), rows, audits };
}

const live: SessionState = { expires: 900, absolute: 40_000, ended: false };

describe('refreshSession', () => {
  it('answers each of many refreshes of different sessions made at once, with one audit row each', async () => {
    const ids = await Promise.all(Array.from({ length: 21 }, () => insertSession(live)));
    const now = new Date(T0);
    const answers = await Promise.all(
      ids.map((id) => refreshSession(db, id, now, 0, { loginName: 'gc-all', clientAddress: null })),
    );
    const expected = T0 + SESSION.FALLBACK_EXPIRY_MS;
    expect(answers.map((a) => a && [a.expiresAt.getTime(), a.generation])).toEqual(ids.map(() => [expected, 1]));
    const audited = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE event = 'refresh' AND login_name = 'gc-all'`,
    );
    expect(audited.rows[0]!.n).toBe(21);
  });

  it('answers null, and writes nothing, for sessions that are ended, expired or past their absolute limit', async () => {
    const states: SessionState[] = [
      live,
      { ...live, ended: true },
      { ...live, expires: 0 },
      { ...live, absolute: 0 },
      live,
    ];
    const ids = await Promise.all(states.map(insertSession));
    const tags = ids.map((_, i) => `gc-null-${i}`);
    const now = new Date(T0);
    const answers = await Promise.all(
      ids.map((id, i) => refreshSession(db, id, now, 0, { loginName: tags[i]!, clientAddress: '10.0.0.1' })),
    );
    const result = await outcome(ids, tags, answers);
    const expected = T0 + SESSION.FALLBACK_EXPIRY_MS;
    expect(result.answers).toEqual([[expected, 1], null, null, null, [expected, 1]]);
    expect(result.audits.map((a) => a.length)).toEqual([1, 0, 0, 0, 1]);
    expect(result.rows[1]!.expires_at).toBe(T0 + 900_000);
  });
});
