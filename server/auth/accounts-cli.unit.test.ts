import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'ptib-accounts-'));
const dataDir = path.join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run accounts -- …` on a data directory that holds no database. */
function accounts(...argv: string[]) {
  return spawnSync(process.execPath, [path.join(root, 'server/auth/accounts-cli.ts'), ...argv], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
}

const noStack = /\n\s+at |node:internal|Node\.js v/;

describe('npm run accounts', () => {
  it('--help prints the usage and exits 0', () => {
    const result = accounts('--help');
    expect(result.stdout).toContain('usage: npm run accounts -- list');
    expect(result.status).toBe(0);
  }, 60_000);

  it.each([
    [['add-user']],
    [['role', 'officer.demo', 'add']],
    [['password', 'ptib.demo', '--password', 'on the command line']],
    [['add-officer', 'x', '--otp']],
    [['spin']],
  ])(
    '%j answers its usage, exit status 2, and opens no database',
    (argv) => {
      const result = accounts(...argv);
      expect(result.stderr).toContain('usage: npm run accounts');
      expect(result.stderr).not.toMatch(noStack);
      expect(result.status).toBe(2);
      expect(existsSync(dataDir)).toBe(false);
    },
    60_000,
  );
});
