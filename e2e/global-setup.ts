import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, stopServer, waitHealthy } from '../scripts/lib/server-process.ts';

/** Starts the real built server once for the run; workers read its address from E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-e2e-'));
  // Also into a file the test workers can read (e.g. the one-time password the embedded SMS sender logs).
  const logFile = path.join(dataDir, 'server.log');
  const server = await spawnServer({
    // PUBLIC_URL as a deployment sets it: security.txt names the portal's address from it only.
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://eservices.example.sg',
    },
    onOutput: (chunk) => appendFileSync(logFile, chunk),
  });
  const { url: base, child, logs } = server;
  await waitHealthy(base, { child, logs });
  process.env.E2E_BASE_URL = base;
  process.env.E2E_SERVER_LOG_DIR = dataDir;
  process.env.E2E_SERVER_LOG = logFile;
  (globalThis as { __ptibServerLogs?: string[] }).__ptibServerLogs = logs;
  return async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
