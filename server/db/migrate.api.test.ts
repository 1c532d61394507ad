import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { listMigrations, migrate, type Migration } from './migrate.ts';
import { freshDatabase } from '../test/database.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

/** The database, with every statement and transaction it is asked for written down. */
function recorded(inner: Database): { db: Database; statements: string[]; transactions: () => number } {
  const statements: string[] = [];
  let transactions = 0;
  return {
    statements,
    transactions: () => transactions,
    db: {
      kind: inner.kind,
      query: (text, params) => {
        statements.push(text);
        return inner.query(text, params);
      },
      exec: (sql) => {
        statements.push(sql);
        return inner.exec(sql);
      },
      transaction: (fn) => {
        transactions += 1;
        return inner.transaction((tx) =>
          fn({
            query: (text, params) => {
              statements.push(text);
              return tx.query(text, params);
            },
            exec: (sql) => {
              statements.push(sql);
              return tx.exec(sql);
            },
          }),
        );
      },
      close: () => inner.close(),
    },
  };
}

const probe: Migration = {
  version: 999_001,
  name: '999001_migrate_probe.sql',
  sql: 'CREATE TABLE migrate_probe (id integer PRIMARY KEY)',
};

describe('migrations on a restart', () => {
  it('ask one question and take no lock when every migration is applied', async () => {
    const r = recorded(db);
    expect(await migrate(r.db)).toEqual([]);
    expect(r.statements).toEqual(['SELECT version FROM schema_migrations']);
    expect(r.transactions()).toBe(0);
  });

  it('still apply a migration that is missing, under the lock, and only that one', async () => {
    const r = recorded(db);
    expect(await migrate(r.db, [...listMigrations(), probe])).toEqual([probe.name]);
    expect(r.transactions()).toBe(1);
    expect(r.statements).toContain('SELECT pg_advisory_xact_lock($1)');
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM migrate_probe');
    expect(rows[0]!.n).toBe(0);

    const again = recorded(db);
    expect(await migrate(again.db, [...listMigrations(), probe])).toEqual([]);
    expect(again.transactions()).toBe(0);
  });
});
