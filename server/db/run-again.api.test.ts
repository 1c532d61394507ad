import { afterAll, describe, expect, it } from 'vitest';
import { importStatement } from '../payments/statement.ts';
import { IMPORT_COLUMNS, importRegisterCsv } from '../register/import.ts';
import { freshDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

/**
 * The PostgreSQL wrapper runs a transaction again after a deadlock or a serialization failure (server/db/
 * postgres.ts, docs/decisions/0068), so a body may run twice: what it answers must be its last run's only.
 * Each body here is made to end in a real serialization failure (SQLSTATE 40001, raised by the server) the
 * first time it runs. PGlite does not run a transaction again.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a transaction run again after a serialization failure', async () => {
  const { db, drop } = await freshDatabase();
  afterAll(async () => {
    await db.close();
    await drop();
  });

  /** The database, its transactions failing once, at the end of their body's first run. */
  function failingOnce(): Database & { runs: number } {
    const wrapped = Object.create(db) as Database & { runs: number };
    wrapped.runs = 0;
    wrapped.transaction = (fn) =>
      db.transaction(async (tx) => {
        const value = await fn(tx);
        if (++wrapped.runs === 1)
          await tx.query(`DO $$ BEGIN RAISE EXCEPTION 'for the test' USING ERRCODE = 'serialization_failure'; END $$`);
        return value;
      });
    return wrapped;
  }

  it('counts a bank statement’s credits once', async () => {
    const csv = [
      'transaction_id,value_date,type,amount,currency,reference,payer_name',
      'RUN-AGAIN-1,2030-01-16,CR,10.00,SGD,NO-SUCH-BILL,PAYER ONE',
      'RUN-AGAIN-2,2030-01-16,CR,20.00,SGD,NO-SUCH-BILL,PAYER TWO',
    ].join('\n');
    const failing = failingOnce();
    const report = await importStatement(failing, csv, 'finance.test', new Date('2030-01-16T02:00:00Z'));
    expect(failing.runs).toBe(2);
    expect(report).toEqual({ credits: 2, settled: 0, queued: 2, alreadyImported: 0, ignored: 0 });
  });

  it('counts a register file’s rows once', async () => {
    const values: Record<(typeof IMPORT_COLUMNS)[number], string> = {
      case_number: 'BS 009901 2024',
      party_kind: 'individual',
      id_number: 'S0000001I',
      name: 'TAN RUN AGAIN',
      aliases: '',
      proceeding: 'bankruptcy',
      status: 'bankrupt',
      filed_on: '2024-03-14',
      status_on: '2024-05-02',
      administrator: 'Official Assignee',
    };
    const csv = `${IMPORT_COLUMNS.join(',')}\n${IMPORT_COLUMNS.map((c) => values[c]).join(',')}\n`;
    const failing = failingOnce();
    const report = await importRegisterCsv(failing, csv, new Date('2030-01-16T02:00:00Z'));
    expect(failing.runs).toBe(2);
    expect(report).toEqual({ inserted: 1, updated: 0, unchanged: 0, rejected: [] });
  });

  it('lists a migration applied once', async () => {
    const failing = failingOnce();
    const applied = await migrate(failing, [
      { version: 9001, name: '9001_run_again.sql', sql: 'CREATE TABLE run_again (id int)' },
    ]);
    expect(failing.runs).toBe(2);
    expect(applied).toEqual(['9001_run_again.sql']);
  });
});
