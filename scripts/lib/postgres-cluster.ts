/**
 * A throwaway PostgreSQL cluster from Debian's binaries (initdb, pg_ctl) on a free loopback port, for
 * the PostgreSQL test run and the scale-out tests. As root the cluster runs as the `postgres` user
 * (PostgreSQL refuses to run as root). Installs Debian's postgresql when missing and running as root.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

export function ensurePostgresBinaries(): string {
  let bin = pgBinDir();
  if (!bin && isRoot() && existsSync('/etc/debian_version')) {
    console.log('Installing Debian postgresql…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = pgBinDir();
  }
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found. Install them (Debian: apt-get install postgresql) or set TEST_DATABASE_URL.',
    );
  }
  return bin;
}

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  /** Stops the server (fast shutdown) but keeps its files, so start() can bring it back. */
  stop(): void;
  start(): void;
  /** Stops and removes everything. */
  destroy(): void;
}

/** `settings`: more server settings (name → value), e.g. a library to preload for a bench. */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster> {
  const bin = ensurePostgresBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const exec = (argv: string[]) => {
    const [command, args] = isRoot() ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0]!, argv.slice(1)];
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const pgCtl = path.join(bin, 'pg_ctl');
  // A UTF-8 locale, as production clusters have: lower() and upper() then fold all of Unicode, so a test
  // sees where the database's idea of case differs from the app's (C.UTF-8 is on every Debian).
  exec([
    path.join(bin, 'initdb'),
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const start = () =>
    exec([
      pgCtl,
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      [
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      'start',
    ]);
  const stop = () => {
    try {
      exec([pgCtl, '-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    start,
    destroy() {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
