import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../contract/index.ts';
import type { Database } from '../db/database.ts';
import { countingQueries, freshDatabase } from '../test/database.ts';
import { refreshSession, type Refreshed } from './sessions.ts';

/**
 * refreshSession's group commit (docs/decisions/0023): refreshes made while one is being written share one
 * statement, and each gets exactly the answer, row and audit row it would have had on its own.
 */

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

describe('refreshSession: group commit', () => {
  it('sends the refreshes made during one statement as the next statement, each answered', async () => {
    const via = countingQueries(db);
    const ids = await Promise.all(Array.from({ length: 21 }, () => insertSession(live)));
    const now = new Date(T0);
    const answers = await Promise.all(
      ids.map((id) => refreshSession(via, id, now, 0, { loginName: 'gc-all', clientAddress: null })),
    );
    // The first alone, the twenty that came during it together.
    expect(via.count).toBe(2);
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

  it('lets one bad call fail alone: the others of its statement are refreshed', async () => {
    const ids = await Promise.all([insertSession(live), insertSession(live), insertSession(live)]);
    const now = new Date(T0);
    const calls = [ids[0]!, 'not-a-uuid', ids[1]!, ids[2]!].map((id) =>
      refreshSession(db, id, now, 0, { loginName: 'gc-bad', clientAddress: null }).then(
        (a) => a?.expiresAt.getTime() ?? null,
        () => 'failed',
      ),
    );
    const expected = T0 + SESSION.FALLBACK_EXPIRY_MS;
    expect(await Promise.all(calls)).toEqual([expected, 'failed', expected, expected]);
  });

  it('gives every call the answer, row and audit rows of the same refreshes made one after the other', async () => {
    const stateArb = fc.record({
      expires: fc.integer({ min: -3, max: 6 }),
      absolute: fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constant(40_000)),
      ended: fc.boolean(),
    });
    const scenarioArb = fc.array(stateArb, { minLength: 1, maxLength: 4 }).chain((states) =>
      fc.record({
        states: fc.constant(states),
        calls: fc.array(
          fc.record({
            session: fc.nat({ max: states.length - 1 }),
            // Milliseconds from T0, so times land before, on and after the expiries above.
            at: fc.integer({ min: -2_000, max: 5_000 }),
            address: fc.constantFrom('10.0.0.1', '10.0.0.2', null),
            // The token's generation: the current one refreshes once, a stale or future one never.
            generation: fc.nat({ max: 2 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
      }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ states, calls }) => {
        run += 1;
        // Two copies of the same sessions: one refreshed one call at a time in the order the calls were made,
        // one all at once (a session's second call waits for the next statement, docs/decisions/0029).
        const alone = await Promise.all(states.map(insertSession));
        const together = await Promise.all(states.map(insertSession));
        const tagsAlone = states.map((_, i) => `gc-p${run}-a${i}`);
        const tagsTogether = states.map((_, i) => `gc-p${run}-t${i}`);
        const answersAlone: Array<Refreshed | null> = [];
        for (const c of calls) {
          answersAlone.push(
            await refreshSession(db, alone[c.session]!, new Date(T0 + c.at), c.generation, {
              loginName: tagsAlone[c.session]!,
              clientAddress: c.address,
            }),
          );
        }
        // A refresh of a session of its own goes first, so the scenario's calls wait and go together.
        const blocker = await insertSession(live);
        const [, ...answersTogether] = await Promise.all([
          refreshSession(db, blocker, new Date(T0), 0, { loginName: 'gc-blocker', clientAddress: null }),
          ...calls.map((c) =>
            refreshSession(db, together[c.session]!, new Date(T0 + c.at), c.generation, {
              loginName: tagsTogether[c.session]!,
              clientAddress: c.address,
            }),
          ),
        ]);
        expect(await outcome(together, tagsTogether, answersTogether)).toEqual(
          await outcome(alone, tagsAlone, answersAlone),
        );
      }),
      { numRuns: 60 },
    );
  });
});
