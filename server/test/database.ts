import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Database, QueryOptions, Queryable } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

export const TEMPLATE_DB = 'ptib_test_template';

/** A fresh, migrated and seeded database for one test file; drop() removes it after close. */
export async function freshDatabase(): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `ptib_test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(serverUrl, 1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      db: openPostgres(url.toString(), 5),
      url: url.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  const db = await openPglite(undefined, new Blob([tarball]));
  return { db, drop: async () => {} };
}

/**
 * A fresh database (freshDatabase) for the calling test file, made before its tests and dropped after them:
 * `const db = useFreshDatabase();`, then `db()` in a test.
 */
export function useFreshDatabase(): () => Database {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh?.db.close();
    await fresh?.drop();
  });
  return () => fresh!.db;
}

/**
 * The statements the app sends its database while `run` runs (the first line of each), a transaction's
 * BEGIN and COMMIT among them: each is a round trip to a PostgreSQL server.
 */
export async function statementsDuring(db: Database, run: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const { query, transaction } = db;
  const counting = (q: Queryable['query']): Queryable['query'] =>
    function <Row>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      sent.push(text.trim().split('\n')[0]!);
      return q<Row>(text, params, options);
    };
  db.query = counting(query);
  db.transaction = async (fn) => {
    sent.push('BEGIN');
    const value = await transaction((tx) => fn({ ...tx, query: counting(tx.query) }));
    sent.push('COMMIT');
    return value;
  };
  try {
    await run();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return sent;
}

/** A plan node of EXPLAIN (ANALYZE, FORMAT JSON), as far as the tests read it. */
interface PlanNode {
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/**
 * The most times any step of the plan of the statement `matching` ran, while `run` runs: 1 when every
 * scan and count is done once, however many rows the statement answers. For reads only: EXPLAIN ANALYZE
 * runs the statement once more, before it runs as it would have.
 */
export async function mostLoopsOf(db: Database, matching: RegExp, run: () => Promise<void>): Promise<number> {
  const loops: number[] = [];
  const { query } = db;
  db.query = async function <Row>(text: string, params?: readonly unknown[], options?: QueryOptions) {
    if (matching.test(text)) {
      const { rows } = await query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
        params,
      );
      const walk = (node: PlanNode): number => Math.max(node['Actual Loops'], ...(node.Plans ?? []).map(walk));
      loops.push(walk(rows[0]!['QUERY PLAN'][0].Plan));
    }
    return query<Row>(text, params, options);
  };
  try {
    await run();
  } finally {
    db.query = query;
  }
  if (loops.length === 0) throw new Error(`no statement matched ${matching}`);
  return Math.max(...loops);
}

/**
 * Moves `table`'s id sequence on so that its next ids gain a digit (…98, 99, 100): a list ordered by an id
 * that the query turned into text puts 100 before 99, which tests with small ids never show.
 */
export async function idsAboutToGainADigit(db: Queryable, table: string): Promise<void> {
  const { rows } = await db.query<{ seq: string }>(`SELECT pg_get_serial_sequence($1, 'id') AS seq`, [table]);
  const seq = rows[0]!.seq;
  const { rows: last } = await db.query<{ n: string }>(
    `SELECT greatest((SELECT last_value FROM ${seq}), (SELECT coalesce(max(id), 0) FROM ${table}))::text AS n`,
  );
  const digits = String(Number(last[0]!.n) + 2).length;
  await db.query('SELECT setval($1, $2)', [seq, 10 ** digits - 2]);
}
