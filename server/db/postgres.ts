import pg from 'pg';
import { createHash } from 'node:crypto';
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
  return {
    kind: 'postgres',
    query: (text, params, options) => run(pool, text, params, options),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
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
    },
    async close() {
      await pool.end();
    },
  };
}
