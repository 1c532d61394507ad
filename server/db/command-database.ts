import { parse as parseConnectionString } from 'pg-connection-string';
import { ConfigError, loadDatabaseConfig, type DatabaseConfig } from '../config.ts';
import type { Database } from './database.ts';
import { hasCluster, openDatabase, pgliteFolder } from './open.ts';

/**
 * The database as an operator's command names it: the embedded one's folder, or the server's host, port and
 * database name, never the user or password in DATABASE_URL.
 */
export function databaseName(config: DatabaseConfig): string {
  if (!config.DATABASE_URL) return `the embedded database in ${pgliteFolder(config)}`;
  const { host, port, database } = parseConnectionString(config.DATABASE_URL);
  return `PostgreSQL ${host ?? 'localhost'}${port ? `:${port}` : ''}/${database ?? ''}`;
}

/**
 * The database an operator's command works on, as the server's: DATABASE_URL, else the embedded database in
 * DATA_DIR, read from those two settings alone (docs/decisions/0117). A command never makes an embedded
 * database: one that does not exist yet is not the server's, so whatever the command did there (a key rotated,
 * a statement imported, "no pending messages") would be done nowhere anyone reads. `say` is told which database.
 */
export async function openCommandDatabase(
  env: Record<string, string | undefined> = process.env,
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<Database> {
  const config = loadDatabaseConfig(env);
  const name = databaseName(config);
  if (!config.DATABASE_URL && !hasCluster(pgliteFolder(config)))
    throw new ConfigError(
      `No database: ${name} does not exist; set DATABASE_URL to the server's, or DATA_DIR to its data directory`,
    );
  const { db } = await openDatabase(config);
  say(`Database: ${name}`);
  return db;
}
