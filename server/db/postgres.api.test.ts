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

/**
 * Two transactions that lock two rows in opposite orders deadlock; PostgreSQL ends one of them (40P01). The
 * wrapper runs the one it ended again, so neither caller sees the deadlock. PGlite has one connection and
 * cannot deadlock.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a deadlock on a PostgreSQL server', async () => {
  const { db, drop } = await freshDatabase();
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('runs the transaction PostgreSQL chose to end again, and both commit', async () => {
    await db.exec(`CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL);
                   INSERT INTO deadlock_probe VALUES (1, 0), (2, 0);`);
    // Each holds its first row before either asks for its second: the second locks then wait on each other.
    let arrive!: () => void;
    let held = 0;
    const bothHold = new Promise<void>((resolve) => (arrive = resolve));
    const attempts = { first: 0, second: 0 };
    const lockBoth = (name: keyof typeof attempts, first: number, second: number) =>
      db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = $1', [first]);
        if (++held === 2) arrive();
        await bothHold;
        await tx.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = $1', [second]);
        return name;
      });
    const outcomes = await Promise.allSettled([lockBoth('first', 1, 2), lockBoth('second', 2, 1)]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'first' },
      { status: 'fulfilled', value: 'second' },
    ]);
    // One of them ran twice: its first run was rolled back, so each row counts each transaction once.
    expect(attempts.first + attempts.second).toBe(3);
    const { rows } = await db.query<{ id: number; n: number }>('SELECT id, n FROM deadlock_probe ORDER BY id');
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
