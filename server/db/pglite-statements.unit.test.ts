import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from './database.ts';
import { PgliteStatements } from './pglite-statements.ts';
import { wrapPglite } from './pglite.ts';

/** The prepared-statement path against PGlite's own query(): same answers, same errors, same locks. */

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    CREATE TABLE t (
      id serial PRIMARY KEY, name text NOT NULL UNIQUE, big bigint, flag boolean, at timestamptz,
      doc jsonb, tags text[], uid uuid
    );
    CREATE FUNCTION notify_t() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('t_changed', NEW.name); RETURN NULL; END $$;
    CREATE TRIGGER t_changed AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION notify_t();`);
}, 60_000);
afterAll(async () => {
  await pg.close();
});

const INSERT = 'INSERT INTO t (name, big, flag, at, doc, tags, uid) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *';

describe('PGlite prepared statements', () => {
  it('answers what query() answers, parameters serialized by their types', async () => {
    const s = new PgliteStatements(pg);
    const at = new Date('2030-01-02T03:04:05.678Z');
    const params = [
      'one',
      9_007_199_254_740_000,
      true,
      at,
      { a: [1, 'x'] },
      ['p', 'q'],
      'f0e1d2c3-b4a5-4678-9abc-def012345678',
    ];
    const mine = await s.query<Record<string, unknown>>(INSERT, params);
    expect(mine.rowCount).toBe(1);
    expect(mine.rows[0]).toMatchObject({ name: 'one', flag: true, at, doc: { a: [1, 'x'] }, tags: ['p', 'q'] });
    const theirs = await pg.query('SELECT * FROM t WHERE name = $1', ['one']);
    expect((await s.query('SELECT * FROM t WHERE name = $1', ['one'])).rows).toEqual(theirs.rows);
    expect((await s.query('SELECT * FROM t WHERE name = $1', [null])).rows).toEqual([]);
  });

  it('counts the rows a write touched, and returns none for a statement without rows', async () => {
    const s = new PgliteStatements(pg);
    await s.query('INSERT INTO t (name) VALUES ($1), ($2)', ['c1', 'c2']);
    const updated = await s.query("UPDATE t SET flag = false WHERE name LIKE 'c%'");
    expect(updated).toEqual({ rows: [], rowCount: 2 });
  });

  it('prepares each text once, however often it runs, and stays within its bound', async () => {
    const s = new PgliteStatements(pg, 2);
    for (let i = 0; i < 3; i++) await s.query('SELECT $1::int AS n', [i]);
    expect(s.size).toBe(1);
    expect((await s.query('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await s.query('SELECT $1::int + 2 AS n', [1])).rows).toEqual([{ n: 3 }]);
    expect(s.size).toBe(2);
    expect((await s.query('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }]);
    const prepared = await pg.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int%'",
    );
    expect(prepared.rows[0]!.n).toBe(2);
  });

  it('reports errors as query() does, and the next statement runs', async () => {
    const s = new PgliteStatements(pg);
    await expect(s.query('SELEC 1')).rejects.toThrow(/syntax error/);
    await s.query('INSERT INTO t (name) VALUES ($1)', ['dup']);
    await expect(s.query('INSERT INTO t (name) VALUES ($1)', ['dup'])).rejects.toMatchObject({ code: '23505' });
    expect((await s.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('prepares again when a table changed under a prepared statement', async () => {
    const s = new PgliteStatements(pg);
    await pg.exec('CREATE TABLE shape (a int); INSERT INTO shape VALUES (1)');
    expect((await s.query('SELECT * FROM shape')).rows).toEqual([{ a: 1 }]);
    await pg.exec("ALTER TABLE shape ADD COLUMN b text DEFAULT 'x'");
    expect((await s.query('SELECT * FROM shape')).rows).toEqual([{ a: 1, b: 'x' }]);
  });
});

describe('through wrapPglite', () => {
  it('a transaction commits or rolls back as a whole, and its queries end with it', async () => {
    const db = wrapPglite(pg);
    let kept: Queryable | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.query('INSERT INTO t (name) VALUES ($1)', ['tx-kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (name) VALUES ($1)', ['tx-dropped']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const names = await db.query<{ name: string }>("SELECT name FROM t WHERE name LIKE 'tx-%' ORDER BY name");
    expect(names.rows).toEqual([{ name: 'tx-kept' }]);
    await expect(kept!.query('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('a query outside a transaction waits for it, never landing inside it', async () => {
    const db = wrapPglite(pg);
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((r) => (started = r));
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO t (name) VALUES ($1)', ['wait-me']);
      started();
      await new Promise<void>((r) => (release = r));
      throw new Error('roll back');
    });
    await inside;
    const outside = db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE name = 'wait-me'");
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('hands a notification over before the committing statement returns', async () => {
    const db = wrapPglite(pg);
    const heard: string[] = [];
    const listener = await db.listen!('t_changed', { onNotify: (p) => heard.push(p), onLive: () => {} });
    await db.query('INSERT INTO t (name) VALUES ($1)', ['heard-at-once']);
    expect(heard).toEqual(['heard-at-once']);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (name) VALUES ($1)', ['heard-at-commit']);
      await Promise.resolve();
      expect(heard).toEqual(['heard-at-once']);
    });
    expect(heard).toEqual(['heard-at-once', 'heard-at-commit']);
    await listener.close();
  });
});
