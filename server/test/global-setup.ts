import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { seedDemo } from '../db/seed.ts';
import { CLAMD_BINARY, startClamd } from './clamd.ts';
import { TEMPLATE_DB } from './database.ts';

/**
 * Migrate and seed once, then each test file gets its own copy: a PGlite loaded from a data-directory
 * dump, or (with TEST_DATABASE_URL) a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stopClamd = await provideClamd(project);
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
    return stopClamd;
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
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await stopClamd();
  };
}

/**
 * A real ClamAV daemon for the document tests, started once for the run with the shipped test signatures.
 * Without Debian's clamav-daemon the document tests are skipped with a reason, except in CI (.ci/run
 * installs it), where a missing scanner must fail the run.
 */
async function provideClamd(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CLAMD_BINARY)) {
    if (process.env.CI) throw new Error(`${CLAMD_BINARY} is missing: install Debian's clamav-daemon (.ci/run does)`);
    process.stderr.write(
      `${CLAMD_BINARY} is missing: the virus-scanning tests are skipped (apt-get install clamav-daemon)\n`,
    );
    project.provide('clamdSocket', '');
    return async () => {};
  }
  const clamd = await startClamd();
  project.provide('clamdSocket', clamd.socket);
  return clamd.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The test clamd's socket, or '' when clamav-daemon is not installed (outside CI). */
    clamdSocket: string;
  }
}
