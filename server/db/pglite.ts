import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';

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
  return {
    kind: 'pglite',
    raw: pg,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(adapt(tx))),
    close: () => pg.close(),
  };
}

/** Opens (creating when needed) the embedded database in dataDir; undefined keeps it in memory. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  return wrapPglite(pg);
}
