import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

export const TEMPLATE_DB = 'ptib_test_template';

/** A fresh, migrated and seeded database for one test file; drop() removes it after close. */
export async function freshDatabase(): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `ptib_test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(serverUrl, 1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      db: openPostgres(url.toString(), 5),
      url: url.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  const db = await openPglite(undefined, new Blob([tarball]));
  return { db, drop: async () => {} };
}
