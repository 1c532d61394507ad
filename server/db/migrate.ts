import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any fixed number: every process that migrates takes the same advisory lock, so only one runs them. */
const MIGRATION_LOCK = 724_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3,}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.split('_')[0]), name: f, sql: readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies the migrations not yet applied, each in its own transaction; returns the names applied. */
export async function migrate(db: Database, migrations = listMigrations()): Promise<string[]> {
  // The usual start (a restart: nothing to apply) asks one question and takes no lock.
  if (await upToDate(db, migrations)) return [];
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  // Listed in the transaction and answered only once it commits: a deadlock runs it again (server/db/postgres.ts).
  return db.transaction(async (tx) => {
    const applied: string[] = [];
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}

/** Whether schema_migrations already lists every migration (false when it does not exist yet). */
async function upToDate(db: Database, migrations: readonly Migration[]): Promise<boolean> {
  let rows: Array<{ version: number }>;
  try {
    ({ rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations'));
  } catch {
    // A new database has no schema_migrations yet; any other failure shows again on the full path.
    return false;
  }
  const done = new Set(rows.map((r) => r.version));
  return migrations.every((m) => done.has(m.version));
}
