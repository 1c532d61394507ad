import pg from 'pg';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable, QueryOptions, QueryResult } from './database.ts';

// int8 (bigint) and numeric come back as strings by default; counts and ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Each statement is prepared once per connection under a name taken from its text, so PostgreSQL parses it
 * once and, after a few calls, reuses a plan instead of planning every call: most of its CPU a request
 * (docs/decisions/0057). The code's statements are a fixed set; the cap only keeps a text built from
 * values, were one ever written, from filling each connection with plans.
 */
const MAX_NAMED_STATEMENTS = 1_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `q${createHash('sha256').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A deadlock (40P01) or a serialization failure (40001) is no fault of the request: PostgreSQL ended this
 * transaction so that another could go on (two refunds of one profile drawing on each other's receipts at the
 * same instant lock their bills in opposite orders), and rolled it back whole. So the whole transaction runs
 * again, on a new connection, a few times before the error is let through (docs/decisions/0068). This is safe
 * because every transaction body only reads and writes through its tx: whatever else it does (a message
 * sent, the outbox nudged, a count kept in memory) happens after the transaction resolves, never inside the
 * body, which may run more than once.
 */
const TRANSACTION_ATTEMPTS = 4;
const RETRY_DELAY_MS = 20;
const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);

function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CONFLICTS.has(code);
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const run = async <Row>(
    client: pg.Pool | pg.PoolClient,
    text: string,
    params: readonly unknown[] = [],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>> => {
    const name = options?.planEachCall ? undefined : statementName(text);
    const result = await client.query({ text, values: params as unknown[], name });
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  const once = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const tx: Queryable = {
      query: (text, params, options) => run(client, text, params, options),
      exec: async (sql) => void (await client.query(sql)),
    };
    try {
      await client.query('BEGIN');
      const value = await fn(tx);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    kind: 'postgres',
    query: (text, params, options) => run(pool, text, params, options),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(fn);
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
          // Jittered, so the two that deadlocked do not meet again at the same instant.
          await sleep(Math.random() * RETRY_DELAY_MS * attempt);
        }
      }
    },
    async close() {
      await pool.end();
    },
  };
}
