import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { seedDemo } from './seed.ts';

export interface OpenedDatabase {
  db: Database;
  applied: string[];
  seeded: boolean;
}

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR; migrated, then seeded. */
export async function openDatabase(config: Config): Promise<OpenedDatabase> {
  const db = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
  try {
    const applied = await migrate(db);
    const shouldSeed = config.SEED_DEMO ?? db.kind === 'pglite';
    const seeded = shouldSeed ? await seedDemo(db) : false;
    return { db, applied, seeded };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
