import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { seedDemo } from '../db/seed.ts';
import { TEMPLATE_DB } from './database.ts';

/**
 * Migrate and seed once, then each test file gets its own copy: a PGlite loaded from a data-directory
 * dump, or (with TEST_DATABASE_URL) a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = openPostgres(serverUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const url = new URL(serverUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const template = openPostgres(url.toString(), 1);
    await migrate(template);
    await seedDemo(template);
    await template.close();
    await admin.close();
    return async () => {};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-test-template-'));
  const db = await openPglite(undefined);
  await migrate(db);
  await seedDemo(db);
  const dump = await db.raw.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
