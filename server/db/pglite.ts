import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';
import { listenPglite } from './notifications.ts';
import { PgliteStatements } from './pglite-statements.ts';

function adapt(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(text, params as unknown[]);
      // PGlite answers affectedRows 0 for a SELECT: count its rows instead, as pg's rowCount does.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

export interface PgliteDatabase extends Database {
  /** The PGlite instance itself, for dumps in test setup. */
  readonly raw: PGlite;
}

export function wrapPglite(pg: PGlite): PgliteDatabase {
  const base = adapt(pg);
  const statements = new PgliteStatements(pg);
  return {
    kind: 'pglite',
    raw: pg,
    query: statements.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => statements.inTransaction(tx, fn)),
    listen: (channel, handlers) => listenPglite(pg, channel, handlers),
    close: () => pg.close(),
  };
}

/**
 * PostgreSQL's default shared_buffers (128 MB) would sit in this process's WebAssembly memory, which never
 * shrinks: 16 MB holds the embedded database's working set and takes about 120 MB off the server's RSS
 * (bench/analysis.md, memory). A larger database belongs on a PostgreSQL server (DATABASE_URL).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Opens (creating when needed) the embedded database in dataDir; undefined keeps it in memory. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { startParams: START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
  return wrapPglite(pg);
}
