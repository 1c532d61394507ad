/**
 * The production shape under an open-loop load (bench/lib/paced.ts): a throwaway PostgreSQL cluster, two
 * server processes and nginx (deploy/nginx.conf.template) on this machine, driven at constant rates by a
 * realistic mix of signed-in users; the highest rate held with p99 <= 100 ms and no errors, as a ratio to a
 * plain node:http JWT server (bench/lib/jwt-baseline.ts) behind its own nginx of the same configuration, in
 * the same run. Then the embedded default (one process on PGlite, no nginx) at 200 requests a second, and
 * the highest rate it holds.
 *
 *   npm run bench:open-loop -- [--seconds=5] [--users=100] [--skip-postgres] [--skip-embedded]
 *                              [--server-env=NAME=value,…] [--per-call] [--statements=RATE]
 *
 * --per-call: on PostgreSQL, each call of the mix alone and the yardstick at 200 requests a second, with
 * where the CPU went (the servers, this generator, the rest), instead of the highest rates.
 * --statements=RATE: on PostgreSQL, the mix at RATE (1000) requests a second with pg_stat_statements on: the
 * time PostgreSQL spent executing each statement, a call and a request of the mix, instead of the highest
 * rates.
 *
 * The load generator runs in this process, on the same 2 cores as everything it measures: at the
 * yardstick's highest rates it is the generator, not the yardstick, that runs out of CPU (see RESULTS.md).
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onExit } from 'signal-exit';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { seedDemoBeforeStart } from '../scripts/lib/demo-seed.ts';
import { startCluster } from '../scripts/lib/postgres-cluster.ts';
import { spawnServer, stopServer, waitHealthy, type ServerProcess } from '../scripts/lib/server-process.ts';
import { NGINX_LIMITS_LIFTED, startNginx } from '../test/scale/harness.ts';
import { envelope, type HttpAnswer } from '../test/scale/http-client.ts';
import { PD_DRAFT } from '../test/scale/workload.ts';
import { startBaseline } from './api.ts';
import { HttpClient, signedInGrowthClients } from './lib/client.ts';
import { describeMachine } from './lib/machine.ts';
import { cpuSummary, highestHeld, paced, type PacedFigures } from './lib/paced.ts';
import { args, newResult, report, round, type BenchResult } from './lib/results.ts';
import { BENCH_OFFICER, GROWTH_PASSWORD, seedBenchOfficer, seedGrowth } from './seed.ts';
import { signIn } from '../server/test/auth.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';

export const P99_LIMIT_MS = 100;
export const RATIO_TARGET = 0.5;
export const EMBEDDED_RATE = 200;
const APP_RATES = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1500, 2000, 2500];
const YARDSTICK_RATES = [250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000];
const EMBEDDED_RATES = [100, 200, 300, 400, 500, 600, 800, 1000];

export interface User {
  client: HttpClient;
  /** The bench officer's session (bench/seed.ts), shared: a handful of officers serve many applicants. */
  officer: HttpClient;
  caseId: string;
  version: number;
  /** A draft save in flight: its answer moves the version the next one sends. */
  busy: boolean;
  /** The user's calls in flight, and its refresh while one is: see `rotates`. */
  inFlight: number;
  refreshing: Promise<unknown> | null;
  /** The status and the start of the body of the user's last unexpected answer, to say what failed. */
  lastStatus?: string;
}

export interface MixCall {
  name: string;
  /** Share of the requests, out of the sum of the weights. */
  weight: number;
  /** Whether a user may have only one of these in flight (it changes what the next one sends). */
  exclusive?: boolean;
  /**
   * Whether it replaces the user's token. As the browser's session engine does, it goes to a user with
   * nothing in flight and the user's other calls wait for its answer, so no call carries a replaced token
   * (a token two generations old ends the session as a stolen one would: docs/decisions/0060).
   */
  rotates?: boolean;
  run(user: User): Promise<boolean>;
}

function unexpected(u: User, res: HttpAnswer): false {
  u.lastStatus = `${res.statusCode} ${res.body.slice(0, 120)}`;
  return false;
}
const expect200 = (u: User, res: HttpAnswer) => res.statusCode === 200 || unexpected(u, res);

const SEARCH_WORDS = ['refund', 'deposit', 'payment', 'bankruptcy', 'travel', 'creditor', 'court', 'fees'];

/** What signed-in users do, by share; the officer queue is an officer's call among theirs. */
export const MIX: MixCall[] = [
  {
    name: 'profile',
    weight: 20,
    run: async (u) => expect200(u, await u.client.post(API_PATHS.retrieveProfile)),
  },
  {
    name: 'dashboard summary',
    weight: 25,
    run: async (u) => expect200(u, await u.client.get(API_PATHS.casesSummary)),
  },
  {
    name: 'case list',
    weight: 20,
    run: async (u) => expect200(u, await u.client.get(`${API_PATHS.cases}?app=PD`)),
  },
  {
    name: 'site search',
    weight: 10,
    run: async (u) =>
      expect200(
        u,
        await u.client.get(`${API_PATHS.search}?q=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]}`),
      ),
  },
  {
    name: 'draft save',
    weight: 10,
    exclusive: true,
    run: async (u) => {
      const res = await u.client.post(fillPath(CASE_PATHS.one, { id: u.caseId }), {
        data: PD_DRAFT,
        version: u.version,
      });
      if (res.statusCode !== 200) return unexpected(u, res);
      u.version++;
      return true;
    },
  },
  {
    name: 'officer queue',
    weight: 5,
    run: async (u) => expect200(u, await u.officer.get(`${OFFICER_PATHS.queue}?queue=new`)),
  },
  {
    name: 'refresh',
    weight: 10,
    rotates: true,
    run: async (u) => {
      const res = await u.client.post(API_PATHS.refresh);
      if (res.statusCode !== 200) return unexpected(u, res);
      u.client.token = envelope<{ token: string }>(res).responseJSON.token;
      return true;
    },
  },
];

/** Picks calls by weight and users in turn, skipping a user the call must not go to now (see MixCall). */
export function mixFire(users: User[], mix: readonly MixCall[] = MIX): () => Promise<boolean> {
  const total = mix.reduce((sum, c) => sum + c.weight, 0);
  let next = 0;
  return async () => {
    let pick = Math.random() * total;
    const call = mix.find((c) => (pick -= c.weight) < 0) ?? mix[0]!;
    const free = (u: User) => (call.rotates ? u.inFlight === 0 && u.refreshing === null : !(call.exclusive && u.busy));
    let user = users[next++ % users.length]!;
    for (let tries = 0; !free(user) && tries < users.length; tries++) user = users[next++ % users.length]!;
    if (!free(user)) throw new Error(`${call.name}: every user busy`);
    const run = async () => {
      if (!(await call.run(user))) throw new Error(`${call.name}: ${user.lastStatus}`);
      return true;
    };
    if (call.rotates) {
      const refresh = run();
      user.refreshing = refresh.catch(() => {});
      try {
        return await refresh;
      } finally {
        user.refreshing = null;
      }
    }
    user.inFlight++;
    if (call.exclusive) user.busy = true;
    try {
      // Counted from when it was due (paced), so the wait for the user's refresh shows in its latency.
      if (user.refreshing) await user.refreshing;
      return await run();
    } finally {
      user.inFlight--;
      if (call.exclusive) user.busy = false;
    }
  };
}

async function signInUsers(base: string, count: number): Promise<User[]> {
  const clients = await signedInGrowthClients(base, count);
  const officer = new HttpClient(base, { keepSecrets: false });
  await signIn(officer, BENCH_OFFICER, GROWTH_PASSWORD);
  const users: User[] = [];
  for (const client of clients) {
    const res = await client.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true });
    if (res.statusCode !== 201) throw new Error(`draft for the mix: ${res.statusCode} ${res.body}`);
    users.push({
      client,
      officer,
      caseId: envelope<{ id: string }>(res).responseJSON.id,
      version: 1,
      busy: false,
      inFlight: 0,
      refreshing: null,
    });
  }
  return users;
}

const yardstickAgent = new http.Agent({ keepAlive: true });
function yardstickFire(url: string, token: string): () => Promise<boolean> {
  return () =>
    new Promise<boolean>((resolve) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent: yardstickAgent,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        },
      );
      req.on('error', () => resolve(false));
      req.end('{}');
    });
}

/** CPU time (user + system) the processes have used so far, in ms (clock ticks of 10 ms). */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10;
}

/** CPU time the whole machine has been busy so far, in ms (every core; /proc/stat counts in ticks of 10 ms). */
function machineBusyMs(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

/**
 * Where one call's CPU goes (--per-call): each call of the mix alone at a rate every side holds, with the
 * server processes', this generator's and the whole machine's CPU per request; the rest is PostgreSQL and
 * nginx (and whatever else runs here).
 */
async function perCall(
  calls: { name: string; fire: () => Promise<boolean> }[],
  pids: readonly number[],
  seconds: number,
  log: (line: string) => void,
): Promise<string[]> {
  const rate = 200;
  const lines: string[] = [];
  for (const { name, fire } of calls) {
    await paced({ rate, seconds: 1, warmupSeconds: 0, fire });
    const f = await measured(pids, { rate, seconds, fire });
    const rest = f.machineCpuMsPerRequest! - f.cpuMsPerRequest! - f.generatorCpuMsPerRequest!;
    const line = `${name} alone at ${rate}/s: ${fmt(f)}, the rest (PostgreSQL, nginx) ${rest.toFixed(2)}`;
    log(`  ${line}`);
    lines.push(line);
  }
  return lines;
}

/**
 * Where PostgreSQL's part goes (--statements): the mix at one rate, then the statements PostgreSQL spent
 * most time executing (pg_stat_statements: execution only, not the protocol or the round trip around it).
 */
async function statementTimes(
  url: string,
  pids: readonly number[],
  rate: number,
  seconds: number,
  fire: () => Promise<boolean>,
  log: (line: string) => void,
): Promise<string[]> {
  const db = openPostgres(url, 1);
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT pg_stat_statements_reset()');
    const f = await measured(pids, { rate, seconds, fire });
    const { rows } = await db.query<{ calls: number; ms: number; text: string }>(
      `SELECT calls::int, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS text
         FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
        ORDER BY total_exec_time DESC LIMIT 12`,
    );
    const requests = rate * (seconds + 1); // measured()'s step counts its second not counted too
    const lines = [`mix at ${rate}/s: ${fmt(f)}`];
    for (const r of rows) {
      const perRequest = (r.ms * 1000) / requests;
      lines.push(
        `${perRequest.toFixed(0)} µs a request, ${((r.ms * 1000) / r.calls).toFixed(0)} µs a call × ${r.calls}: ${r.text}`,
      );
    }
    for (const line of lines) log(`  ${line}`);
    return lines;
  } finally {
    await db.close();
  }
}

/**
 * One paced step, with the CPU per request of the server processes, this generator and the whole machine
 * beside it: on a machine shared with other work, latencies move with the neighbours' load; the CPU a
 * request costs the server much less.
 */
async function measured(pids: readonly number[], options: Parameters<typeof paced>[0]): Promise<PacedFigures> {
  const before = { servers: cpuMs(pids), generator: process.cpuUsage(), machine: machineBusyMs() };
  const figures = await paced(options);
  const requests = options.rate * (options.seconds + (options.warmupSeconds ?? 1));
  const generator = process.cpuUsage(before.generator);
  figures.cpuMsPerRequest = (cpuMs(pids) - before.servers) / requests;
  figures.generatorCpuMsPerRequest = (generator.user + generator.system) / 1000 / requests;
  figures.machineCpuMsPerRequest = (machineBusyMs() - before.machine) / requests;
  return figures;
}

/** A fresh process compiles as it goes: 5 s at 100 requests a second first, not counted (each load alike). */
const warmUp = (fire: () => Promise<boolean>) => paced({ rate: 100, seconds: 5, warmupSeconds: 0, fire });

const fmt = (f: PacedFigures) =>
  `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(0)} ms, ${f.errors} errors of ${f.sent}` +
  cpuSummary(f);

async function main(): Promise<void> {
  const a = args();
  const seconds = Number(a.get('seconds') ?? 5);
  const userCount = Number(a.get('users') ?? 100);
  const serverEnv = Object.fromEntries(
    (a.get('server-env') ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const command = `npm run bench:open-loop -- ${process.argv.slice(2).join(' ')}`.trim();
  const result: BenchResult = a.has('per-call')
    ? newResult('open-loop-per-call', 'Open loop: each call alone, and where its CPU goes', command)
    : a.has('statements')
      ? newResult('open-loop-statements', "Open loop: PostgreSQL's time by statement", command)
      : newResult('open-loop', 'Open-loop mix: production shape and embedded default', command);
  result.notes = [
    `mix: ${MIX.map((c) => `${c.weight}% ${c.name}`).join(', ')}, over ${userCount} signed-in users; ` +
      `${seconds} s counted per rate after 1 s not counted; latency from when each request was due`,
  ];
  const log = (line: string) => console.log(line);
  // Production refuses to start without SMTP (no bench profile has a confirmed address, so none is sent),
  // without an SMS gateway (a closed port: nothing a bench does sends an SMS) and without the agency's PayNow UEN.
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    // The users sign in with the demo accounts seeded first, which a production start otherwise refuses.
    ALLOW_DEMO_ACCOUNTS: '1',
    PAYNOW_UEN: '201403121W',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '1',
    SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
    ...serverEnv,
  };
  const started: { stop(): Promise<void> | void }[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop();
    started.length = 0;
  };
  const asStoppable = (s: ServerProcess) => ({ stop: () => stopServer(s) });
  onExit(() => {
    for (const s of started) void s.stop();
  });

  try {
    if (!a.has('skip-postgres')) {
      const cluster = await startCluster(
        a.has('statements')
          ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' }
          : {},
      );
      started.push({ stop: () => cluster.destroy() });
      await seedDemoBeforeStart({ databaseUrl: cluster.url });
      const seedDb = openPostgres(cluster.url);
      await seedGrowth(seedDb, { accounts: userCount, cases: userCount * 20 });
      await seedBenchOfficer(seedDb);
      await seedDb.close();
      const servers: ServerProcess[] = [];
      for (let i = 0; i < 2; i++) {
        const s = await spawnServer({ env: { ...env, DATABASE_URL: cluster.url } });
        started.push(asStoppable(s));
        await waitHealthy(s.url, { child: s.child, logs: s.logs });
        servers.push(s);
      }
      // Every simulated user comes from 127.0.0.1, where the template's per-address limits would refuse the mix.
      const nginx = await startNginx(
        servers.map((s) => s.port),
        NGINX_LIMITS_LIFTED,
      );
      started.push(nginx);
      const baseline = await startBaseline();
      started.push(baseline);
      const yardstickNginx = await startNginx([Number(new URL(baseline.url).port)], NGINX_LIMITS_LIFTED);
      started.push(yardstickNginx);

      const users = await signInUsers(nginx.url, userCount);
      const pgPids = servers.map((srv) => srv.child.pid!);
      await warmUp(mixFire(users));
      if (a.has('per-call')) {
        log('PostgreSQL, 2 processes, nginx, and the yardstick: each call alone');
        const calls = MIX.map((call) => ({ name: call.name, fire: mixFire(users, [call]) }));
        result.notes.push(...(await perCall(calls, pgPids, seconds, log)));
        const yardstick = { name: 'yardstick', fire: yardstickFire(yardstickNginx.url, baseline.token) };
        result.notes.push(...(await perCall([yardstick], [baseline.pid], seconds, log)));
        await stopAll();
        result.machine = describeMachine();
        report(result);
        return;
      }
      if (a.has('statements')) {
        const rate = Number(a.get('statements')) || 1000;
        log(`PostgreSQL, 2 processes, nginx: the mix at ${rate}/s, PostgreSQL's time by statement`);
        result.notes.push(...(await statementTimes(cluster.url, pgPids, rate, seconds, mixFire(users), log)));
        await stopAll();
        result.machine = describeMachine();
        report(result);
        return;
      }
      log('PostgreSQL, 2 processes, nginx: the mix');
      const app = await highestHeld(
        APP_RATES,
        P99_LIMIT_MS,
        (rate) => measured(pgPids, { rate, seconds, fire: mixFire(users) }),
        log,
      );
      log('yardstick (node:http JWT) behind nginx');
      const fire = yardstickFire(yardstickNginx.url, baseline.token);
      await warmUp(fire);
      const yard = await highestHeld(
        YARDSTICK_RATES,
        P99_LIMIT_MS,
        (rate) => measured([baseline.pid], { rate, seconds, fire }),
        log,
      );
      const ratio = yard.rate > 0 ? app.rate / yard.rate : 0;
      result.figures.push(
        {
          name: 'PostgreSQL + 2 processes + nginx: highest rate held (p99 <= 100 ms, no errors)',
          value: app.rate,
          unit: 'req/s',
        },
        { name: 'yardstick behind nginx: highest rate held', value: yard.rate, unit: 'req/s' },
        {
          name: 'ratio to the yardstick',
          value: round(ratio),
          unit: '×',
          target: `>= ${RATIO_TARGET}`,
          pass: ratio >= RATIO_TARGET,
        },
      );
      for (const s of app.steps) result.notes.push(`PostgreSQL mix at ${s.rate}/s: ${fmt(s.figures)}`);
      for (const s of yard.steps) result.notes.push(`yardstick at ${s.rate}/s: ${fmt(s.figures)}`);
      await stopAll();
    }

    if (!a.has('skip-embedded')) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-open-loop-'));
      started.push({ stop: () => rmSync(dataDir, { recursive: true, force: true }) });
      await seedDemoBeforeStart({ dataDir });
      const seedDb = await openPglite(path.join(dataDir, 'pglite'));
      await seedGrowth(seedDb, { accounts: userCount, cases: userCount * 20 });
      await seedBenchOfficer(seedDb);
      await seedDb.close();
      const s = await spawnServer({ env: { ...env, DATA_DIR: dataDir, DATABASE_URL: '' } });
      started.push(asStoppable(s));
      await waitHealthy(s.url, { child: s.child, logs: s.logs });
      const users = await signInUsers(s.url, userCount);
      await warmUp(mixFire(users));
      log(`embedded default (PGlite, one process) at ${EMBEDDED_RATE}/s`);
      const at200 = await measured([s.child.pid!], { rate: EMBEDDED_RATE, seconds: seconds * 2, fire: mixFire(users) });
      log(`  ${fmt(at200)}`);
      log('embedded default: highest rate held');
      const best = await highestHeld(
        EMBEDDED_RATES,
        P99_LIMIT_MS,
        (rate) => measured([s.child.pid!], { rate, seconds, fire: mixFire(users) }),
        log,
      );
      const ok = at200.errors === 0 && at200.p99 <= P99_LIMIT_MS;
      result.figures.push(
        {
          name: `embedded default at ${EMBEDDED_RATE} req/s: p99`,
          value: round(at200.p99),
          unit: 'ms',
          target: `<= ${P99_LIMIT_MS} ms, no errors`,
          pass: ok,
        },
        { name: `embedded default at ${EMBEDDED_RATE} req/s: errors`, value: at200.errors, unit: '' },
        { name: 'embedded default: highest rate held', value: best.rate, unit: 'req/s' },
      );
      result.notes.push(`embedded at ${EMBEDDED_RATE}/s: ${fmt(at200)}`);
      for (const st of best.steps) result.notes.push(`embedded mix at ${st.rate}/s: ${fmt(st.figures)}`);
      await stopAll();
    }
  } finally {
    await stopAll();
  }
  result.machine = describeMachine();
  report(result);
}

if (import.meta.main) await main();
