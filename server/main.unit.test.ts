import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_COMMAND, spawnServer, stopServer, waitHealthy } from '../scripts/lib/server-process.ts';
import { openPglite } from './db/pglite.ts';
import {
  DATABASE_URL_UNREADABLE,
  SMS_GATEWAY_REFUSAL,
  SMTP_HOST_REFUSAL,
  TRUST_PROXY_REFUSAL,
  demoAccountsRefusal,
} from './config.ts';
import { DEMO_ACCOUNTS, DEMO_OFFICERS, DEMO_PASSWORD } from './db/seed.ts';
import { seedDemoBeforeStart } from '../scripts/lib/demo-seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = mkdtempSync(path.join(tmpdir(), 'ptib-compile-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/**
 * Runs server/main.ts (or another entry) with a bad PORT: it loads its modules, then stops at the
 * configuration check (exit 2) without opening a database, which is all this needs.
 */
function startWithBadConfig(env: Record<string, string> = {}, entry = 'server/main.ts') {
  // The cache goes to the default place under TMPDIR: NODE_COMPILE_CACHE would turn it on by itself.
  const { NODE_COMPILE_CACHE: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: { ...inherited, PORT: 'not-a-port', TMPDIR: cacheDir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Each test starts Node once or twice: well over the default 5 s on a busy two-core machine.
describe('server/main.ts', { timeout: 60_000 }, () => {
  it('stops with one clear line on a bad configuration', () => {
    const run = startWithBadConfig();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT="not-a-port" must be a whole number');
  });

  it('refuses a DATABASE_URL whose password was not percent-encoded, naming it, without printing the password', () => {
    // The driver's own error, at the first query, was "could not start: Invalid URL" and named nothing.
    const run = startWithBadConfig({ PORT: '8080', DATABASE_URL: 'postgres://ptib:S3c/ret@db.internal/ptib' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `Invalid configuration: DATABASE_URL="postgres://…@db.internal/ptib" ${DATABASE_URL_UNREADABLE}`,
    );
    expect(run.stderr).not.toContain('S3c');
  });

  it('takes the server modules from the compile cache on the next start', () => {
    startWithBadConfig();
    const run = startWithBadConfig({ NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(run.status).toBe(2);
    for (const file of ['server/app.ts', 'server/config.ts', 'server/db/open.ts']) {
      expect(run.stderr).toContain(`V8 code cache for ESM ${new URL(file, `file://${root}/`).href} was accepted`);
    }
  });
});

describe('server/start.js (what npm start runs)', { timeout: 60_000 }, () => {
  it('starts server/main.ts', () => {
    const run = startWithBadConfig({}, 'server/start.js');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT="not-a-port" must be a whole number');
  });

  it('takes server/main.ts itself stripped from the compile cache, so Node never loads its TypeScript parser', () => {
    startWithBadConfig({}, 'server/start.js');
    const run = startWithBadConfig({ NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }, 'server/start.js');
    expect(run.status).toBe(2);
    for (const file of ['server/main.ts', 'server/app.ts']) {
      const url = new URL(file, `file://${root}/`).href;
      expect(run.stderr).toContain(`retrieving transpile cache for StrippedTypeScript ${url}...success`);
    }
  });
});

describe('the start command (docs/decisions/0069)', { timeout: 60_000 }, () => {
  it('is the one npm start runs, so the tests and benches run the server as users do', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node scripts/build-if-needed.ts && ${SERVER_COMMAND}`);
  });

  it('says in one line why a first start could not create its embedded database', () => {
    const file = path.join(cacheDir, 'not-a-folder');
    writeFileSync(file, '');
    const run = startWithBadConfig({ PORT: '0', DATA_DIR: file });
    expect(run.status).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^PTIB e-Services could not start: could not create the embedded database in ${file}/pglite: ENOTDIR`,
        ),
      ),
    ]);
  });

  it('starts and restarts on the embedded database without its memory peaking over 300 MB', async () => {
    // Without --liftoff-only, V8 recompiled PGlite's WebAssembly with TurboFan from just before healthy:
    // 400-570 MB at healthy and a 740 MB peak on a restart. On a first start, PGlite's initdb in the server's
    // own process took it to 680 MB, and 645 MB stayed until the next restart: it runs in a process of its own.
    const dir = mkdtempSync(path.join(tmpdir(), 'ptib-start-memory-'));
    try {
      for (const run of ['first start', 'restart']) {
        const server = await spawnServer({ env: { DATA_DIR: dir, LOG_LEVEL: 'warn' } });
        try {
          await waitHealthy(server.url, server);
          const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
          const peakMb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
          expect(peakMb, run).toBeLessThan(300);
          // An operator's log holds the server's lines, not a library's notice of an option it will drop.
          expect(server.logs.join(''), run).not.toMatch(/Deprecation|Warning:/);
        } finally {
          await stopServer(server);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** What a production start needs besides its database: each refusal test takes one away or adds one wrong. */
const PRODUCTION_NEEDS = {
  PORT: '8080',
  NODE_ENV: 'production',
  PAYNOW_UEN: '201403121W',
  SMTP_HOST: '127.0.0.1',
  TRUST_PROXY: '1',
  SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
};

describe('a production start (NODE_ENV=production) on the embedded database', () => {
  it('seeds no demo account and prints no password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ptib-production-'));
    const server = await spawnServer({
      env: {
        NODE_ENV: 'production',
        PAYNOW_UEN: '201403121W',
        TRUST_PROXY: '1',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Required in production; nothing is sent in this test.
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '1',
        SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
      },
    });
    try {
      await waitHealthy(server.url, server);
      // The banner follows the listen, so it may come after the first health answer.
      while (!server.logs.join('').includes('is running at')) await new Promise((r) => setTimeout(r, 50));
      const nonce = (await (await fetch(`${server.url}/api/login-nonce`)).json()) as {
        responseJSON: { authenticityToken: string };
      };
      expect(nonce.responseJSON.authenticityToken).toBeTruthy();
      const output = server.logs.join('');
      expect(output).not.toContain(DEMO_PASSWORD);
      expect(output).not.toContain('Demo accounts');
      expect(output).not.toContain('ptib.demo');
      expect(output).toContain('Email: SMTP at 127.0.0.1:1 (STARTTLS when offered)');
      expect(output).toContain('SMS: gateway at http://127.0.0.1:1');
      await stopServer(server);
      const db = await openPglite(path.join(dir, 'data', 'pglite'));
      try {
        expect((await db.query('SELECT login_name FROM accounts')).rows).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      await stopServer(server, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a database that holds the demo accounts, unless a benchmark says it is one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ptib-production-demo-'));
    const dataDir = path.join(dir, 'data');
    // As a database first run by `npm start` without NODE_ENV=production holds them.
    await seedDemoBeforeStart({ dataDir });
    const env = {
      NODE_ENV: 'production',
      PAYNOW_UEN: '201403121W',
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
    };
    try {
      const { NODE_COMPILE_CACHE: _ignored, ...inherited } = process.env;
      const run = spawnSync(process.execPath, [path.join(root, 'server/main.ts')], {
        cwd: root,
        env: { ...inherited, TMPDIR: cacheDir, PORT: '0', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(2);
      const names = [...DEMO_ACCOUNTS, ...DEMO_OFFICERS].map((a) => a.loginName).sort();
      expect(run.stderr.trim()).toBe(demoAccountsRefusal(names));
      expect(run.stdout).not.toContain('is running at');

      const server = await spawnServer({ env: { ...env, ALLOW_DEMO_ACCOUNTS: '1' } });
      try {
        await waitHealthy(server.url, server);
      } finally {
        await stopServer(server, 'SIGKILL');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    ['SMTP_HOST', SMTP_HOST_REFUSAL],
    ['TRUST_PROXY', TRUST_PROXY_REFUSAL],
    ['SMS_GATEWAY_URL', SMS_GATEWAY_REFUSAL],
  ])(
    'refuses to start without %s, with one line that says why',
    (name, refusal) => {
      const run = startWithBadConfig({ ...PRODUCTION_NEEDS, [name]: '' });
      expect(run.status).toBe(2);
      expect(run.stderr.trim()).toBe(`Invalid configuration: ${name}="" ${refusal}`);
    },
    60_000,
  );

  it('refuses SEED_DEMO=1 with one line', () => {
    const run = startWithBadConfig({ ...PRODUCTION_NEEDS, SEED_DEMO: '1' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: SEED_DEMO="1" must not be set with NODE_ENV=production (the demo accounts have a published password)',
    );
  });
});
