import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.ts';
import { openPostgres } from './postgres.ts';

/** docs/decisions/0057: statements are prepared once per connection, unless planned for each call. */
describe.runIf(process.env.TEST_DATABASE_URL)('statements on a PostgreSQL server', async () => {
  const { url, db: fresh, drop } = await freshDatabase();
  await fresh.close();
  // One connection, so the statements prepared are this connection's to see.
  const db = openPostgres(url!, 1);
  afterAll(async () => {
    await db.close();
    await drop();
  });
  const prepared = async (text: string) =>
    (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [
        text,
      ])
    ).rows[0]!.n;

  it('prepares a statement once and reuses it, in and out of transactions', async () => {
    const text = 'SELECT $1::int + 1 AS next';
    expect((await db.query<{ next: number }>(text, [1])).rows[0]!.next).toBe(2);
    expect((await db.query<{ next: number }>(text, [41])).rows[0]!.next).toBe(42);
    expect(await db.transaction((tx) => tx.query<{ next: number }>(text, [2]))).toMatchObject({ rows: [{ next: 3 }] });
    expect(await prepared(text)).toBe(1);
  });

  it('plans a statement for each call when asked to, preparing nothing', async () => {
    const text = 'SELECT $1::text AS word';
    expect((await db.query<{ word: string }>(text, ['tan'], { planEachCall: true })).rows[0]!.word).toBe('tan');
    expect(await prepared(text)).toBe(0);
  });

  it('reports a failing statement, and the next call of it fails the same way', async () => {
    const text = 'SELECT 1 / $1::int AS q';
    await expect(db.query(text, [0])).rejects.toThrow(/division by zero/);
    await expect(db.query(text, [0])).rejects.toThrow(/division by zero/);
    expect((await db.query<{ q: number }>(text, [1])).rows[0]!.q).toBe(1);
  });
});
