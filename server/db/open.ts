import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteInWorker } from './pglite-worker.ts';
import { seedDemo } from './seed.ts';

export interface OpenedDatabase {
  db: Database;
  applied: string[];
  seeded: boolean;
}

/**
 * PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR on a thread of its own
 * (docs/decisions/0022-embedded-database-in-a-worker-thread.md); migrated, then seeded. onLost: the embedded
 * database's thread ended by itself. The pg driver loads only for a PostgreSQL server: a server on PGlite
 * never needs it, in either thread (about 3 MB of its memory).
 */
export async function openDatabase(config: Config, onLost?: (error: Error) => void): Promise<OpenedDatabase> {
  const db = config.DATABASE_URL
    ? (await import('./postgres.ts')).openPostgres(config.DATABASE_URL)
    : await openPgliteInWorker(path.resolve(config.DATA_DIR, 'pglite'), onLost ? { onLost } : {});
  try {
    const applied = await migrate(db);
    // Never in production: the demo accounts' password is published (docs/decisions/0031).
    const shouldSeed = config.NODE_ENV !== 'production' && (config.SEED_DEMO ?? db.kind === 'pglite');
    const seeded = shouldSeed ? await seedDemo(db) : false;
    return { db, applied, seeded };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
