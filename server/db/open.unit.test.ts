import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './open.ts';
import { openPglite } from './pglite.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'ptib-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loginNames(): Promise<string[]> {
  const db = await openPglite(path.join(dir, 'pglite'));
  try {
    return (await db.query<{ login_name: string }>('SELECT login_name FROM accounts')).rows.map((r) => r.login_name);
  } finally {
    await db.close();
  }
}

it("leaves a production database without demo accounts when an operator's command runs on it", async () => {
  // The production server's first start on the embedded database: migrated, never seeded.
  const production = await openDatabase(
    loadConfig({ NODE_ENV: 'production', PAYNOW_UEN: '201403121W', DATA_DIR: dir, DATABASE_URL: '' }),
  );
  expect(production.seeded).toBe(false);
  await production.db.close();

  // Then a command as the README gives it: DATA_DIR set, NODE_ENV not (it is the server's setting).
  const { NODE_ENV: _unset, SEED_DEMO: _unsetToo, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [path.join(root, 'server/auth/keys-cli.ts'), 'list'], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  // It says which database, as it found it rather than as DATA_DIR was spelt (docs/decisions/0117).
  expect(run.stderr).toBe(`Database: the embedded database in ${path.join(dir, 'pglite')}\n`);
  expect(run.status).toBe(0);
  // The demo accounts' password is published: in a production database anyone could sign in with it.
  expect(await loginNames()).toEqual([]);
}, 90_000);
