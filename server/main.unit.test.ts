import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, stopServer, waitHealthy } from '../scripts/lib/server-process.ts';
import { openPgliteInWorker } from './db/pglite-worker.ts';
import { DEMO_PASSWORD } from './db/seed.ts';

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

describe('server/main.ts', () => {
  it('stops with one clear line on a bad configuration', () => {
    const run = startWithBadConfig();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT="not-a-port" must be a whole number');
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

describe('server/start.js (what npm start runs)', () => {
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

describe('a started server, as npm start runs it', () => {
  interface ThreadReport {
    javascriptHeap: { heapSpaces: { new_space: { committedMemory: number } } };
  }
  type Report = ThreadReport & { workers: ThreadReport[] };
  const youngGeneration = (thread: ThreadReport) => thread.javascriptHeap.heapSpaces.new_space.committedMemory;

  /** The report, once Node has written all of it. */
  async function firstReport(reports: string, deadline: number): Promise<Report> {
    for (;;) {
      const [file] = readdirSync(reports);
      try {
        if (file) return JSON.parse(readFileSync(path.join(reports, file), 'utf8')) as Report;
      } catch {
        /* still being written */
      }
      if (Date.now() > deadline) throw new Error('no diagnostic report');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('has given back the young generation start-up grew, on both threads, by the time it answers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ptib-started-'));
    mkdirSync(path.join(dir, 'reports'));
    const { url, child, logs } = await spawnServer({
      env: {
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Node's diagnostic report, on SIGUSR2: each thread's heap spaces, the database thread's included.
        NODE_OPTIONS: `--report-on-signal --report-directory=${path.join(dir, 'reports')}`,
      },
    });
    try {
      await waitHealthy(url, { child, logs });
      child.kill('SIGUSR2');
      const report = await firstReport(path.join(dir, 'reports'), Date.now() + 30_000);
      // Measured on a first start: 1.5–1.8 and 0.3 MB; without the collections 12 and 16 MB.
      expect(youngGeneration(report)).toBeLessThan(4 * 1024 * 1024);
      expect(report.workers).toHaveLength(1);
      expect(youngGeneration(report.workers[0]!)).toBeLessThan(4 * 1024 * 1024);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('a production start (NODE_ENV=production) on the embedded database', () => {
  it('seeds no demo account and prints no password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ptib-production-'));
    const server = await spawnServer({
      env: {
        NODE_ENV: 'production',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Required in production; nothing is sent in this test.
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '1',
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
      await stopServer(server);
      const db = await openPgliteInWorker(path.join(dir, 'data', 'pglite'));
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

  it('refuses to start without SMTP_HOST, with one line', () => {
    const run = startWithBadConfig({ PORT: '8080', NODE_ENV: 'production', SMTP_HOST: '' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: SMTP_HOST must be set with NODE_ENV=production (without it email would only be written to files)',
    );
  }, 60_000);

  it('refuses SEED_DEMO=1 with one line', () => {
    const run = startWithBadConfig({ PORT: '8080', NODE_ENV: 'production', SEED_DEMO: '1' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: SEED_DEMO="1" must not be set with NODE_ENV=production (the demo accounts have a published password)',
    );
  });
});
