/**
 * The real server as a user gets it: `node server/start.js` on the built tree, on a free loopback
 * port, with its own data directory. Benches measure this process (its RSS from /proc).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onExit } from 'signal-exit';
import { seedDemoBeforeStart } from '../../scripts/lib/demo-seed.ts';
import {
  SERVER_COMMAND,
  SERVER_ENTRY,
  freePort,
  hasExited,
  spawnServer,
  waitHealthy,
} from '../../scripts/lib/server-process.ts';
import { BENCH_WEB_DIST } from './build.ts';
import { ROOT } from './results.ts';

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  logs: string[];
  /** Milliseconds from spawn to the first healthy /healthz. */
  startMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing data directory (kept on stop); default: a fresh temporary one (removed on stop). */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** The built web app to serve (WEB_DIST); default: the benches' own build, bench/out/web. */
  webDist?: string;
  /** Command to run instead of `node server/start.js`, e.g. ['npm', 'start']. */
  argv?: string[];
  timeoutMs?: number;
}

export { SERVER_COMMAND, SERVER_ENTRY };

export function ensureBuilt(webDist = BENCH_WEB_DIST): void {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${path.relative(ROOT, webDist)}: run \`npm run bench:build\` first.`);
  }
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const webDist = options.webDist ?? BENCH_WEB_DIST;
  ensureBuilt(webDist);
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ptib-bench-'));
  const port = await freePort();
  // The server runs as production, which seeds no demo accounts: the benches sign in with them, so they
  // are seeded first, where the server would have before (PGlite, or SEED_DEMO=1).
  const { SEED_DEMO: seedDemo, ...env } = options.env ?? {};
  if (!options.databaseUrl || seedDemo === '1') {
    await seedDemoBeforeStart({ dataDir, databaseUrl: options.databaseUrl });
  }
  const started = performance.now();
  const { url, child, logs } = await spawnServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      NODE_ENV: 'production',
      // Production refuses to start without SMTP (no bench profile has a confirmed address, so none is
      // sent), without an SMS gateway (a closed port: nothing a bench does sends an SMS, and one that did
      // would be retried later, unmeasured), the agency's PayNow UEN and TRUST_PROXY (no proxy here sends X-Forwarded-*).
      PAYNOW_UEN: '201403121W',
      TRUST_PROXY: '1',
      // The benches sign in with the demo accounts seeded above, which a production start otherwise refuses.
      ALLOW_DEMO_ACCOUNTS: '1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...env,
    },
    ...(options.argv ? { argv: options.argv } : {}),
    detached: true,
  });
  // The server has a process group of its own, so that stop() reaches what `npm start` spawns; that also
  // puts it beyond a Ctrl-C or a kill aimed at the bench. When the bench ends without stop() (interrupted,
  // killed, an uncaught error), its server ends with it, and a temporary data directory goes too.
  const removeExitHook = onExit(() => {
    killGroup(child, 'SIGKILL');
    if (ownDir) removeQuietly(dataDir);
  });
  try {
    await waitHealthy(url, { child, logs, timeoutMs: options.timeoutMs ?? 60_000 });
  } catch (error) {
    removeExitHook();
    killGroup(child, 'SIGKILL');
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    child,
    logs,
    startMs,
    async stop() {
      if (!hasExited(child)) {
        const exited = new Promise((r) => child.once('exit', r));
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
        await exited;
        // npm exits before the server it started has stopped: the next start on the same data directory
        // would find the server still holding it (its lock).
        while (groupAlive(child)) await new Promise((r) => setTimeout(r, 20));
        clearTimeout(timer);
      }
      removeExitHook();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether any process of the child's group still runs. */
function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

/** Best effort: a process just killed may still be finishing a write in it. */
function removeQuietly(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    /* left for the system's temporary-file cleaning */
  }
}

/** Resident set size of a process in MB (VmRSS), or null when it is gone. */
export function rssMb(pid: number): number | null {
  return statusMb(pid, 'VmRSS');
}

/** The highest RSS the process has had since it started, in MB (VmHWM): catches peaks between samples. */
export function peakRssMb(pid: number): number | null {
  return statusMb(pid, 'VmHWM');
}

function statusMb(pid: number, field: string): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** The pid of the node process that serves `port` under a process group (for `npm start`). */
export function serverPidOf(rootPid: number): number {
  // npm start runs `node scripts/build-if-needed.ts && node server/start.js` through a shell: find the
  // newest descendant running the server's entry.
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(SERVER_ENTRY)) return pid;
    } catch {
      /* gone */
    }
    queue.push(...children(pid));
  }
  return rootPid;
}
