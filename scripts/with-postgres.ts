/**
 * Runs a command against a real PostgreSQL server: TEST_DATABASE_URL when given, else a throwaway
 * cluster made with Debian's PostgreSQL binaries (initdb, pg_ctl) on a free loopback port, removed after.
 * As root, the cluster runs as the `postgres` user (PostgreSQL refuses to run as root). When the
 * binaries are missing and this is root on Debian, installs Debian's postgresql package.
 */
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.ts COMMAND [ARGS…]');
  process.exit(2);
}

function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  if (process.env.TEST_DATABASE_URL) return run(cmd!, args, process.env);

  let bin = pgBinDir();
  const isRoot = process.getuid?.() === 0;
  if (!bin && isRoot && existsSync('/etc/debian_version')) {
    console.log('Installing Debian postgresql for the PostgreSQL test run…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = pgBinDir();
  }
  if (!bin) {
    console.error(
      'PostgreSQL server binaries not found. Install them (Debian: apt-get install postgresql) or set TEST_DATABASE_URL.',
    );
    return 1;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asUser = (argv: string[]) =>
    isRoot ? (['runuser', ['-u', 'postgres', '--', ...argv]] as const) : ([argv[0]!, argv.slice(1)] as const);
  const exec = (argv: string[]) => {
    const [c, a] = asUser(argv);
    execFileSync(c, [...a], { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  try {
    exec([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    exec([
      path.join(bin, 'pg_ctl'),
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    console.log(`PostgreSQL test server on 127.0.0.1:${port}`);
    return await run(cmd!, args, { ...process.env, TEST_DATABASE_URL: url });
  } finally {
    try {
      exec([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code));
