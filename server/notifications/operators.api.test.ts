import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import type { Database } from '../db/database.ts';
import { idsAboutToGainADigit } from '../test/database.ts';
import { buildTestApp } from '../test/helper.ts';
import { OUTBOX_LIST_MAX, countOutbox, listOutbox } from './operators.ts';

/** The operator's lists of the outbox say how many messages there are when they list only the oldest. */
let db: Database;

beforeAll(async () => {
  ({ db } = await buildTestApp({}));
});

/** `count` messages given up after the last retry, numbered from `from`. */
async function deadMessages(from: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO notification_outbox (idempotency_key, channel, kind, recipient, created_at, next_attempt_at, attempts,
                                      last_error, dead_at)
     SELECT 'dead-' || g, 'email', 'decided', 'someone@example.com', timestamptz '2030-01-01 00:00:00+00',
            timestamptz '2030-01-01 00:00:00+00', 8, 'mailbox busy', timestamptz '2030-01-02 00:00:00+00'
       FROM generate_series($1::int, $1::int + $2::int - 1) AS g`,
    [from, count],
  );
}

describe('the outbox as operators list it', () => {
  it(`lists the oldest ${OUTBOX_LIST_MAX} and counts them all, up to ${LIST_COUNT_CAP}`, async () => {
    await deadMessages(1, OUTBOX_LIST_MAX + 1);
    expect(await listOutbox(db, 'dead')).toHaveLength(OUTBOX_LIST_MAX);
    expect(await countOutbox(db, 'dead')).toBe(OUTBOX_LIST_MAX + 1);
    expect(await countOutbox(db, 'pending')).toBe(0);

    await deadMessages(10_000, LIST_COUNT_CAP);
    expect(await countOutbox(db, 'dead')).toBe(LIST_COUNT_CAP);
  });

  it('lists messages of one moment in the order they came, also when their ids gain a digit', async () => {
    await db.query('DELETE FROM notification_outbox');
    await idsAboutToGainADigit(db, 'notification_outbox');
    await deadMessages(1, 3);
    expect((await listOutbox(db, 'dead')).map((m) => m.idempotency_key)).toEqual(['dead-1', 'dead-2', 'dead-3']);
  });
});
