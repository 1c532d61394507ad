/**
 * Real parts for the scale-out and fault tests: a PostgreSQL cluster, several server processes with
 * DATABASE_URL, and nginx (deploy/nginx.conf.template) in front, all on loopback.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../../scripts/lib/postgres-cluster.ts';
import { seedDemoBeforeStart } from '../../scripts/lib/demo-seed.ts';
import {
  freePort,
  spawnServer,
  stopServer,
  waitHealthy,
  type ServerProcess,
} from '../../scripts/lib/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

export { stopServer, waitHealthy, type ServerProcess };

export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<ServerProcess> {
  // Production never seeds the demo accounts the tests sign in with: they are seeded first, here.
  const production = env.NODE_ENV === 'production';
  if (production) await seedDemoBeforeStart({ databaseUrl });
  const server = await spawnServer({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      // Production seeds nothing and refuses the demo accounts unless told this is a load test.
      ...(production ? { ALLOW_DEMO_ACCOUNTS: '1' } : { SEED_DEMO: '1' }),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    ...(port ? { port } : {}),
  });
  await waitHealthy(server.url, { child: server.child, logs: server.logs });
  return server;
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return '/usr/sbin/nginx';
  }
  throw new Error('nginx not found (Debian: apt-get install nginx-light)');
}

/** Each of the template's placeholders (deploy/README.md). */
export interface NginxValues {
  PREFIX: string;
  LISTEN: string;
  UPSTREAM_SERVERS: string;
  CONNECTIONS_PER_ADDRESS: string;
  SIGN_INS_PER_SECOND: string;
}

export function renderNginxConfig(values: NginxValues): string {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  return template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, key: string) => {
    if (!(key in values)) throw new Error(`deploy/nginx.conf.template: no value for ${placeholder}`);
    return values[key as keyof NginxValues];
  });
}

/**
 * The per-address limits deploy/README.md recommends (docs/decisions/0099). Every simulated user of a test
 * or bench comes from 127.0.0.1: a bench of many users lifts them, as if each had an address of its own.
 */
export const NGINX_LIMITS = { connectionsPerAddress: 50, signInsPerSecond: 5 };
export const NGINX_LIMITS_LIFTED = { connectionsPerAddress: 65_535, signInsPerSecond: 10_000 };

/**
 * How long nginx leaves a process alone after one failed attempt (deploy/README.md). A rolling restart
 * must wait longer than this after a process is back before stopping the next one.
 */
export const NGINX_FAIL_TIMEOUT_S = 2;

export interface Nginx {
  url: string;
  /** nginx's access log (deploy/nginx.conf.template's format), until stop(). */
  accessLog: string;
  /** nginx's error log, until stop(). */
  errorLog: string;
  /**
   * Takes these upstream ports out of rotation (`down`) and reloads nginx gracefully; [] puts every
   * process back. The documented way to drain a process before stopping it (deploy/README.md).
   */
  setDown(ports: readonly number[]): Promise<void>;
  stop(): void;
}

export async function startNginx(
  upstreamPorts: number[],
  { connectionsPerAddress, signInsPerSecond }: Partial<typeof NGINX_LIMITS> = {},
): Promise<Nginx> {
  const bin = nginxBinary();
  const prefix = mkdtempSync(path.join(tmpdir(), 'ptib-nginx-'));
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, d));
  const port = await freePort();
  const confPath = path.join(prefix, 'nginx.conf');
  const writeConf = (down: readonly number[]) => {
    const conf = renderNginxConfig({
      PREFIX: prefix,
      LISTEN: `127.0.0.1:${port}`,
      UPSTREAM_SERVERS: upstreamPorts
        .map(
          (p) =>
            `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s${down.includes(p) ? ' down' : ''};`,
        )
        .join('\n'),
      CONNECTIONS_PER_ADDRESS: String(connectionsPerAddress ?? NGINX_LIMITS.connectionsPerAddress),
      SIGN_INS_PER_SECOND: String(signInsPerSecond ?? NGINX_LIMITS.signInsPerSecond),
    });
    // Running as root, nginx's workers drop to nobody; the temp folders must be theirs to write.
    writeFileSync(confPath, process.getuid?.() === 0 ? `user root;\n${conf}` : conf);
  };
  writeConf([]);
  execFileSync(bin, ['-p', prefix, '-c', confPath, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  execFileSync(bin, ['-p', prefix, '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, { timeoutMs: 20_000 });
  return {
    url,
    accessLog: path.join(prefix, 'access.log'),
    errorLog: path.join(prefix, 'error.log'),
    async setDown(ports) {
      writeConf(ports);
      execFileSync(bin, ['-p', prefix, '-c', confPath, '-s', 'reload'], { stdio: ['ignore', 'ignore', 'pipe'] });
      // A reload starts new workers and lets the old ones finish what they hold; give them that moment.
      await new Promise((r) => setTimeout(r, 1_000));
    },
    stop() {
      try {
        execFileSync(bin, ['-p', prefix, '-c', confPath, '-s', 'quit'], { stdio: 'ignore' });
      } catch {
        /* not running */
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export interface Deployment {
  cluster: Cluster;
  servers: ServerProcess[];
  nginx: Nginx;
  /** The environment every server process of this deployment starts with. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Stops server `index` (SIGTERM: a graceful stop; SIGKILL: a crash) and starts a new process on the same
 * port, so nginx's upstream list stays true. Answers the new process, also put in deployment.servers.
 */
export async function restartServer(
  deployment: Deployment,
  index: number,
  signal: NodeJS.Signals = 'SIGTERM',
  { drain = false }: { drain?: boolean } = {},
): Promise<ServerProcess> {
  const old = deployment.servers[index]!;
  // Draining first takes the process out of nginx's rotation, so no request can race its stop.
  if (drain) await deployment.nginx.setDown([old.port]);
  await stopServer(old, signal);
  const fresh = await startServer(deployment.cluster.url, deployment.env, old.port);
  deployment.servers[index] = fresh;
  if (drain) await deployment.nginx.setDown([]);
  return fresh;
}

/** PostgreSQL + n server processes + nginx. The first process migrates; the rest start together. */
export async function startDeployment(
  n = 2,
  env: Record<string, string> = {},
  nginxLimits: Partial<typeof NGINX_LIMITS> = {},
): Promise<Deployment> {
  const cluster = await startCluster();
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServer(cluster.url, env));
    servers.push(...(await Promise.all(Array.from({ length: n - 1 }, () => startServer(cluster.url, env)))));
    const nginx = await startNginx(
      servers.map((s) => s.port),
      nginxLimits,
    );
    return {
      cluster,
      servers,
      nginx,
      env,
      async stop() {
        nginx.stop();
        await Promise.all(servers.map((s) => stopServer(s)));
        cluster.destroy();
      },
    };
  } catch (error) {
    await Promise.all(servers.map((s) => stopServer(s)));
    cluster.destroy();
    throw error;
  }
}
