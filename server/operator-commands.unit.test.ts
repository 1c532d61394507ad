import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'ptib-commands-'));
const dataDir = path.join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs an operator command as `npm run …` does, on a data directory that does not exist. */
function run(script: string, ...argv: string[]) {
  return runWith(script, {}, ...argv);
}

function runWith(script: string, env: Record<string, string>, ...argv: string[]) {
  return spawnSync(process.execPath, [path.join(root, script), ...argv], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('an operator command given a wrong argument', () => {
  it.each([
    ['server/notifications/cli.ts', ['retry', 'abc'], 'usage: npm run notifications'],
    ['server/auth/keys-cli.ts', ['rotate', 'now'], 'usage: npm run keys'],
    ['server/auth/keys-cli.ts', ['list', '--all'], 'usage: npm run keys'],
    ['scripts/audit-export.ts', ['--from', '2026-11-01'], 'usage: npm run audit:export'],
    ['server/payments/cli.ts', ['import'], 'usage: npm run payments'],
    ['server/payments/cli.ts', ['import', 'a.csv', '--officer'], 'usage: npm run payments'],
    ['server/payments/cli.ts', ['import', 'a.csv', '--by', 'bob'], 'usage: npm run payments'],
    ['server/cases/cli.ts', ['move', 'PD 000042 2026', 'approved', '--operator'], 'usage: npm run case'],
  ])(
    '%s %j answers its usage, exit status 2, and opens no database',
    (script, argv, usage) => {
      const result = run(script, ...argv);
      expect(result.stderr).toContain(usage);
      expect(result.stderr).not.toMatch(/\n\s+at |node:internal|Node\.js v/);
      expect(result.status).toBe(2);
      expect(existsSync(dataDir)).toBe(false);
    },
    60_000,
  );
});

describe("the audit export's help", () => {
  it("says that its days and times are Singapore's, before any database", () => {
    const result = run('scripts/audit-export.ts', '--help');
    expect(result.stdout).toContain('--since and --until are Singapore days (2026-11-01: from 00:00 Singapore time)');
    expect(result.status).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('case publish-form given a file that is no form definition', () => {
  it.each([
    ['{', ['not JSON: ']],
    ['{}', ['schemaVersion: Invalid input: expected 2', 'pages: Invalid input: expected array, received undefined']],
  ])(
    '%j: one line a problem, naming the file, before any database',
    (text, problems) => {
      const file = path.join(dir, 'form.json');
      writeFileSync(file, text);
      const result = run('server/cases/cli.ts', 'publish-form', 'PD', file);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(problems.length);
      lines.forEach((line, i) => expect(line.startsWith(`${file}: ${problems[i]}`), line).toBe(true));
      expect(result.status).toBe(1);
      expect(existsSync(dataDir)).toBe(false);
    },
    60_000,
  );
});

describe('an operator command given its option first', () => {
  it('reads the statement named after --officer NAME, not the name as the file, before any database', () => {
    const result = run('server/payments/cli.ts', 'import', '--officer', 'bob', 'no-such-statement.csv');
    expect(result.stderr).toContain('no-such-statement.csv');
    expect(result.stderr).not.toContain("'bob'");
    expect(result.status).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('an operator command where the data directory holds no database', () => {
  const changes = path.join(dir, 'changes.csv');
  writeFileSync(changes, '');
  it.each([
    ['server/auth/keys-cli.ts', ['rotate']],
    ['server/auth/accounts-cli.ts', ['list']],
    ['server/notifications/cli.ts', ['pending']],
    ['server/payments/cli.ts', ['queue']],
    ['server/cases/cli.ts', ['show', 'PD 000001 2026']],
    ['server/register/cli.ts', ['import', changes]],
    ['scripts/audit-export.ts', ['--format=csv']],
  ])(
    '%s %j refuses in one line naming the folder, and makes none, whatever the server alone needs',
    (script, argv) => {
      // NODE_ENV=production without PAYNOW_UEN: a setting the server needs, none of the commands.
      for (const env of [{}, { NODE_ENV: 'production', PAYNOW_UEN: '' }] as Record<string, string>[]) {
        const result = runWith(script, env, ...argv);
        expect(result.stderr).toBe(
          `No database: the embedded database in ${path.join(dataDir, 'pglite')} does not exist; ` +
            "set DATABASE_URL to the server's, or DATA_DIR to its data directory\n",
        );
        expect(result.stdout).toBe('');
        expect(result.status).not.toBe(0);
        expect(existsSync(dataDir)).toBe(false);
      }
    },
    60_000,
  );
});

describe('an operator command that cannot open the database', () => {
  it.each([
    ['server/auth/keys-cli.ts', 'list'],
    ['scripts/audit-export.ts', '--format=csv'],
  ])(
    '%s says why in one line, without a stack trace',
    (script, argument) => {
      const result = spawnSync(process.execPath, [path.join(root, script), argument], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: 'postgres://ptib@127.0.0.1:1/ptib' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.stderr.trim()).toMatch(/^[^\n]*ECONNREFUSED 127\.0\.0\.1:1$/);
      expect(result.status).toBe(1);
    },
    60_000,
  );
});
