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

describe('migration 161 (no session copies to notify: docs/decisions/0048)', () => {
  it('leaves no trigger that notifies about sessions', async () => {
    const { rows } = await db.query<{ tgname: string }>(
      `SELECT t.tgname FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND f.proname IN ('ptib_notify_session_changed', 'ptib_notify_sessions_changed')`,
    );
    expect(rows).toEqual([]);
    const { rows: notifiers } = await db.query<{ prosrc: string }>(
      `SELECT prosrc FROM pg_proc WHERE proname = 'ptib_notify_sessions_changed'`,
    );
    expect(notifiers).toHaveLength(1);
    expect(notifiers[0]!.prosrc).not.toMatch(/pg_notify/);
  });

  it('keeps ptib_notify_sessions_changed() for triggers written before, as one that changes nothing', async () => {
    await db.exec(`
      CREATE TABLE later_table (id integer PRIMARY KEY, note text);
      CREATE TRIGGER later_row BEFORE INSERT OR UPDATE OR DELETE ON later_table
        FOR EACH ROW EXECUTE FUNCTION ptib_notify_sessions_changed();
      CREATE TRIGGER later_statement AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON later_table
        FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();`);
    try {
      await db.query(`INSERT INTO later_table VALUES (1, 'a'), (2, 'b')`);
      await db.query(`UPDATE later_table SET note = 'c' WHERE id = 1`);
      await db.query(`DELETE FROM later_table WHERE id = 2`);
      expect((await db.query('SELECT id, note FROM later_table')).rows).toEqual([{ id: 1, note: 'c' }]);
      await db.query('TRUNCATE later_table');
      expect((await db.query('SELECT id FROM later_table')).rows).toEqual([]);
    } finally {
      await db.exec('DROP TABLE later_table');
    }
  });
});

describe('migration 211 (no acknowledgement PDF in emails: docs/decisions/0042)', () => {
  it('removes the PDFs kept with messages sent or dead, and leaves those of messages waiting', async () => {
    // A process of the release before, still running during a rolling restart, may send a waiting message in
    // its old words ("The acknowledgement is attached"): it must find the file there.
    await db.query(
      `INSERT INTO notification_outbox (idempotency_key, channel, kind, recipient, facts, attachment_name, attachment,
                                        created_at, next_attempt_at, sent_at, dead_at)
       VALUES ('m211-sent.email', 'email', 'submitted', 'a@example.org', '{}', 'acknowledgement-A.pdf', '\\x2550', now(),
               now(), now(), NULL),
              ('m211-dead.email', 'email', 'submitted', 'a@example.org', '{}', 'acknowledgement-C.pdf', '\\x2550',
               now(), now(), NULL, now()),
              ('m211-waiting.email', 'email', 'submitted', 'a@example.org', '{}', 'acknowledgement-B.pdf', '\\x2550',
               now(), now(), NULL, NULL),
              ('m211-sms.sms', 'sms', 'decided', '91234567', '{}', NULL, NULL, now(), now(), NULL, NULL)`,
    );
    await db.query('DELETE FROM schema_migrations WHERE version = 211');
    expect(await migrate(db)).toEqual(['211_no_acknowledgement_pdf_in_emails.sql']);
    const { rows } = await db.query<{ idempotency_key: string; attachment_name: string | null; kept: boolean }>(
      `SELECT idempotency_key, attachment_name, attachment IS NOT NULL AS kept FROM notification_outbox
        WHERE idempotency_key LIKE 'm211-%' ORDER BY idempotency_key`,
    );
    expect(rows).toEqual([
      { idempotency_key: 'm211-dead.email', attachment_name: null, kept: false },
      { idempotency_key: 'm211-sent.email', attachment_name: null, kept: false },
      { idempotency_key: 'm211-sms.sms', attachment_name: null, kept: false },
      { idempotency_key: 'm211-waiting.email', attachment_name: 'acknowledgement-B.pdf', kept: true },
    ]);
  });
});
