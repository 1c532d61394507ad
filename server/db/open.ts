import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config, DatabaseConfig } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { seedDemo } from './seed.ts';

export interface OpenedDatabase {
  db: Database;
  applied: string[];
  seeded: boolean;
}

/**
 * PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR, in this thread
 * (docs/decisions/0047-one-plain-server.md); migrated, then seeded when `seed` says so. The pg driver loads
 * only for a PostgreSQL server: a server on PGlite never needs it.
 *
 * Only the server's start (and a bench's or test's own seeding) seeds: an operator's command runs without the
 * server's NODE_ENV, so by that setting alone `npm run keys -- list` on a production database put the demo
 * accounts, whose password is published, into it.
 */
export async function openDatabase(
  config: DatabaseConfig & Partial<Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>>,
  { seed = false }: { seed?: boolean } = {},
): Promise<OpenedDatabase> {
  const db = config.DATABASE_URL
    ? (await import('./postgres.ts')).openPostgres(config.DATABASE_URL)
    : await openPglite(await withCluster(pgliteFolder(config)));
  try {
    const applied = await migrate(db);
    // Never in production: the demo accounts' password is published (docs/decisions/0031).
    const shouldSeed = seed && config.NODE_ENV !== 'production' && (config.SEED_DEMO ?? db.kind === 'pglite');
    const seeded = shouldSeed ? await seedDemo(db) : false;
    return { db, applied, seeded };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Where the embedded database of DATA_DIR lives. */
export const pgliteFolder = (config: Pick<DatabaseConfig, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'pglite');

/** Whether an embedded database's cluster is made in `folder` (its files, not only the folder). */
export const hasCluster = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/**
 * An embedded database's folder with its cluster made: on a first start, by server/db/initdb.ts in a process
 * of its own. initdb grows PGlite's WebAssembly memory to over 500 MB, which WebAssembly never gives back:
 * made in the server's own process, it stayed until the next restart (docs/decisions/0069).
 */
async function withCluster(folder: string): Promise<string> {
  if (hasCluster(folder)) return folder;
  const script = path.join(import.meta.dirname, 'initdb.ts');
  await new Promise<void>((resolve, reject) => {
    // The same Node flags as this process (npm start's --liftoff-only among them).
    execFile(process.execPath, [...process.execArgv, script, folder], (error, _stdout, stderr) => {
      if (error)
        reject(new Error(`could not create the embedded database in ${folder}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
  return folder;
}
