import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';

// int8 (bigint) and numeric come back as strings by default; counts and ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const run = async <Row>(
    client: pg.Pool | pg.PoolClient,
    text: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> => {
    const result = await client.query(text, params as unknown[]);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  };
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        query: (text, params) => run(client, text, params),
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
