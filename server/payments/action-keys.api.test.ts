import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { ACTION_KEYS_KEPT_MS, decideOnce } from './action-keys.ts';

/**
 * A finance decision's key answers a repeat of its attempt while it is kept, and is deleted once older than
 * that (docs/decisions/0109, 0111).
 */
const clock = new FakeClock('2030-01-15T02:00:00Z');
let db: Database;
let accountId: number;

beforeAll(async () => {
  ({ db } = await buildTestApp({}, { now: clock.now }));
  const { rows } = await db.query<{ id: number }>(
    "SELECT id::int AS id FROM accounts WHERE login_name = 'officer.finance'",
  );
  accountId = rows[0]!.id;
});

const KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OTHER = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';

describe('a finance decision’s key, by its age', () => {
  it('answers a repeat for as long as it is kept, and is gone after that', async () => {
    let taken = 0;
    const decide = async () => ++taken;
    const attempt = (actionKey: string) => ({
      accountId,
      actionKey,
      action: 'refundPaid:31',
      request: { reason: 'GIRO transfer FT26112901' },
      at: clock.now(),
    });
    const keys = async () =>
      (await db.query<{ k: string }>('SELECT action_key::text AS k FROM finance_action_keys ORDER BY k')).rows.map(
        (r) => r.k,
      );

    expect(await decideOnce(db, attempt(KEY), decide)).toEqual({ value: 1, repeated: false });
    clock.advance(ACTION_KEYS_KEPT_MS - 60_000);
    expect(await decideOnce(db, attempt(KEY), decide)).toEqual({ value: 1, repeated: true });

    clock.advance(2 * 60_000);
    // The next keyed decision, whatever it is, forgets the old key…
    expect(await decideOnce(db, attempt(OTHER), decide)).toEqual({ value: 2, repeated: false });
    expect(await keys()).toEqual([OTHER]);
    // …so the old attempt sent again is judged as a new one (here: taken again).
    expect(await decideOnce(db, attempt(KEY), decide)).toEqual({ value: 3, repeated: false });
    expect(taken).toBe(3);
  });
});
