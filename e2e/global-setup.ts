import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/lib/server-node-flags.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the real built server once for the run; workers read its address from E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-e2e-'));
  const logs: string[] = [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, SERVER_ENTRY)], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Also into a file the test workers can read (e.g. the one-time password the embedded SMS sender logs).
  const logFile = path.join(dataDir, 'server.log');
  const capture = (d: Buffer) => {
    logs.push(d.toString());
    appendFileSync(logFile, d);
  };
  child.stdout.on('data', capture);
  child.stderr.on('data', capture);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_SERVER_LOG_DIR = dataDir;
  process.env.E2E_SERVER_LOG = logFile;
  (globalThis as { __ptibServerLogs?: string[] }).__ptibServerLogs = logs;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
