/**
 * Growth: the same calls on an empty database (holding only a few pages of cases: EMPTY_SIDE_CASES) and on
 * one with 100,000 accounts and 1,000,000 cases (bench/seed.ts), on a throwaway PostgreSQL cluster; p99 of the grown one must stay within 1.5× of the
 * empty one. Both are measured in rounds, each call on the two back to back; the figure is the median of the
 * rounds' ratios. Then every statement those calls run is explained (auto_explain, with ANALYZE) on the grown
 * database, and any sequential scan of a growing table is flagged.
 * Run: npm run bench:growth -- [--duration=10] [--connections=50] [--rounds=3] [--accounts=100000]
 *   [--cases=1000000] [--only=officer]   (--only: the calls whose name contains it; comma-separated)
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { onExit } from 'signal-exit';
import { API_PATHS } from '#contract/index.ts';
import { startCluster } from '../scripts/lib/postgres-cluster.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { profileLoad, profilePoolRps, refreshLoad } from './api.ts';
import { HttpClient, refreshAccountsFor, signedInClient } from './lib/client.ts';
import { signIn } from '../server/test/auth.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import {
  DEFAULT_CONNECTIONS,
  WARMUP_SECONDS,
  describe,
  describeGenerator,
  load,
  type LoadFigures,
} from './lib/load.ts';
import { DEFAULT_ROUNDS, args, median, newResult, report, round, type Figure } from './lib/results.ts';
import { startServer, type RunningServer } from './lib/server.ts';
import { BENCH_OFFICER, GROWTH, GROWTH_PASSWORD, openForSeed, seedBenchOfficer, seedGrowth } from './seed.ts';

/** A client of the server at `base`, signed in as the bench officer (bench/seed.ts) or the PTIB bench account. */
async function clientFor(base: string, call: Pick<Call, 'officer'>): Promise<HttpClient> {
  if (!call.officer) return signedInClient(base);
  const client = new HttpClient(base);
  await signIn(client, BENCH_OFFICER, GROWTH_PASSWORD);
  return client;
}

const P99_RATIO = 1.5;
/**
 * Cases on the "empty" side: 100 new and 200 decided (bench/seed.ts deals the statuses in turn), so the
 * queue calls' pages (the first of new, the third of decided) are full there too. None is the demo user's.
 */
const EMPTY_SIDE_CASES = 500;
type Side = 'empty' | 'grown';
const SIDES: readonly Side[] = ['empty', 'grown'];
const DATABASES: Record<Side, string> = { empty: 'bench_empty', grown: 'bench_grown' };
/** Tables that grow with users and records: a sequential scan of one is a finding. */
const GROWING = [
  'cases',
  'accounts',
  'ptib_profiles',
  'sessions',
  'account_authorities',
  'account_authorizations',
  'audit_events',
  'proxy_grants',
  'case_status_history',
  'case_info_requests',
  'case_notes',
];

interface Call {
  name: string;
  /** Called by an officer (the back office's queues), not by the PTIB bench account. */
  officer?: boolean;
  /** `refreshRps`: what refreshJWT last served on the same server (it sizes retrieveProfile's pool). */
  run: (base: string, client: HttpClient, refreshRps: number) => Promise<LoadFigures>;
  /** One plain call, for the plans. */
  once: (client: HttpClient) => Promise<number>;
}

const REFRESH = 'refreshJWT';

function calls(duration: number, connections: number): Call[] {
  const o = { duration, connections };
  const get =
    (pathAndQuery: string): Call['run'] =>
    (base, client) =>
      load({
        url: `${base}${pathAndQuery}`,
        connections,
        duration,
        headers: { authorization: `Bearer ${client.token}` },
      });
  return [
    {
      name: REFRESH,
      run: (b) => refreshLoad(b, o),
      once: async (c) => (await c.post(API_PATHS.refresh, {})).statusCode,
    },
    {
      name: 'retrieveProfile (encrypted)',
      run: async (b, c, refreshRps) => (await profileLoad(b, c, o, profilePoolRps(refreshRps))).figures,
      once: async (c) => (await c.post(API_PATHS.retrieveProfile, {})).statusCode,
    },
    {
      name: 'case list (PRD)',
      run: get(`${API_PATHS.cases}?app=PRD`),
      once: async (c) => (await c.get(`${API_PATHS.cases}?app=PRD`)).statusCode,
    },
    // The back office's queues (docs/decisions/0040): the oldest new cases, and a later page of the decided.
    {
      name: 'officer queue: new, oldest first',
      officer: true,
      run: get(`${OFFICER_PATHS.queue}?queue=new`),
      once: async (c) => (await c.get(`${OFFICER_PATHS.queue}?queue=new`)).statusCode,
    },
    {
      name: 'officer queue: decided, page 3',
      officer: true,
      run: get(`${OFFICER_PATHS.queue}?queue=decided&page=3`),
      once: async (c) => (await c.get(`${OFFICER_PATHS.queue}?queue=decided&page=3`)).statusCode,
    },
    {
      name: 'site search (refund)',
      run: get(`${API_PATHS.search}?q=refund`),
      once: async (c) => (await c.get(`${API_PATHS.search}?q=refund`)).statusCode,
    },
  ];
}

/**
 * The calls whose name contains `only` (case-insensitive; any of several, comma-separated), e.g. `officer`
 * for the back office's queues alone: a full run takes minutes per call on a shared machine.
 */
export function selectCalls<C extends { name: string }>(list: C[], only: string | undefined): C[] {
  if (!only) return list;
  const wanted = only
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const chosen = list.filter((c) => wanted.some((w) => c.name.toLowerCase().includes(w)));
  if (chosen.length === 0) throw new Error(`--only=${only} names none of: ${list.map((c) => c.name).join(', ')}`);
  return chosen;
}

/** Plans auto_explain wrote to the cluster log after `offset` (in bytes), one string per statement. */
export function plansSince(logFile: string, offset: number): string[] {
  return plansIn(readFileSync(logFile).subarray(offset).toString('utf8'));
}

/** The plans in a stretch of PostgreSQL's log (auto_explain's entries), one string per statement. */
export function plansIn(log: string): string[] {
  const entries = log.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  return entries
    .filter((e) => e.includes('plan:'))
    .map((e) =>
      e
        .slice(e.indexOf('plan:') + 5)
        .replace(/^\n/, '')
        .replace(/^\t/gm, '')
        .trimEnd(),
    );
}

/** The growing tables a plan reads whole. */
export function seqScansIn(plan: string): string[] {
  return GROWING.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
}

/** A call's figure: the median over the rounds of each round's grown ÷ empty p99 (an empty p99 under 1 ms counts as 1 ms). */
export function growthRatio(empty: number[], grown: number[]): number {
  return median(grown.map((g, i) => g / Math.max(empty[i]!, 1)));
}

/**
 * A call's p99 ratio as a figure. Its loads must have been answered: a run with errors or refusals (a 4xx
 * is answered sooner than the call it refuses) measured something else, and misses whatever its ratio.
 */
export function growthFigure(call: string, p99: { empty: number[]; grown: number[] }, failed: number): Figure {
  const ratio = growthRatio(p99.empty, p99.grown);
  const failures = failed > 0 ? `; ${failed} errors or non-2xx answers` : '';
  return {
    name: `${call} p99 grown ÷ empty (${round(median(p99.grown))} ms ÷ ${round(median(p99.empty))} ms${failures})`,
    value: round(ratio),
    unit: '×',
    target: `≤ ${P99_RATIO}×`,
    pass: ratio <= P99_RATIO && failed === 0,
  };
}

if (import.meta.main) {
  const a = args();
  const duration = Number(a.get('duration') ?? 10);
  const connections = Number(a.get('connections') ?? DEFAULT_CONNECTIONS);
  const accounts = Number(a.get('accounts') ?? GROWTH.accounts);
  const cases = Number(a.get('cases') ?? GROWTH.cases);
  const rounds = Number(a.get('rounds') ?? DEFAULT_ROUNDS);
  const only = a.get('only');
  const list = selectCalls(calls(duration, connections), only);
  const result = newResult(
    'growth',
    `Growth: ${accounts.toLocaleString('en')} accounts, ${cases.toLocaleString('en')} cases (PostgreSQL)${only ? `, calls matching ${only}` : ''}`,
    `npm run bench:build && npm run bench:growth -- --duration=${duration} --connections=${connections} --rounds=${rounds} --accounts=${accounts} --cases=${cases}${only ? ` --only=${only}` : ''}`,
  );
  const cluster = await startCluster();
  // pg_ctl runs PostgreSQL as a daemon: a bench killed or interrupted stops it and removes its files.
  const removeExitHook = onExit(() => cluster.destroy());
  const lines: string[] = [];
  const planSections: string[] = [];
  try {
    const admin = openPostgres(cluster.url);
    for (const name of Object.values(DATABASES)) await admin.exec(`CREATE DATABASE ${name}`);
    const urlOf = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
    for (const name of Object.values(DATABASES)) {
      const db = await openForSeed({ databaseUrl: urlOf(name) });
      if (name === DATABASES.grown) {
        const t0 = performance.now();
        console.log(`seeding ${accounts} accounts and ${cases} cases…`);
        await seedGrowth(db, { accounts, cases }, console.log);
        // As autovacuum does after a bulk insert, but now: left to autovacuum, its pass over the new million
        // rows ran during the first round's loads and made that round's grown figures twice as slow.
        await db.exec('VACUUM');
        lines.push(`growth seed: ${Math.round((performance.now() - t0) / 1000)} s (bench/seed.ts, generate_series)`);
      } else {
        // The refresh load's own sessions, one per connection (bench/api.ts refreshLoad); the grown
        // database has them among its growth accounts. And a few pages in each queue, so that a queue call
        // answers a full page on both sides: an empty page is not the same work.
        await seedGrowth(db, { accounts: refreshAccountsFor(connections), cases: EMPTY_SIDE_CASES });
      }
      await seedBenchOfficer(db);
      await db.close();
    }

    lines.push(
      `load generator: ${describeGenerator()}; ${connections} connections, each load after ${WARMUP_SECONDS} s of the same load not counted`,
      `${rounds} round(s); in each, every call on the empty database and on the grown one back to back (which goes first alternates)`,
    );
    // Both servers stay up, so each call's two loads run back to back and share the machine's moment.
    const servers = new Map<Side, RunningServer>();
    const p99 = new Map<string, Record<Side, number[]>>(list.map((c) => [c.name, { empty: [], grown: [] }]));
    const failed = new Map<string, number>(list.map((c) => [c.name, 0]));
    const refreshRps: Record<Side, number> = { empty: 0, grown: 0 };
    try {
      for (const side of SIDES)
        servers.set(side, await startServer({ databaseUrl: urlOf(DATABASES[side]), env: { SEED_DEMO: '1' } }));
      for (let n = 1; n <= rounds; n += 1) {
        const order = n % 2 ? SIDES : [...SIDES].reverse();
        for (const call of list) {
          for (const side of order) {
            const server = servers.get(side)!;
            // A fresh session per load: a long refresh run must not leave the next load on a stale token.
            const client = await clientFor(server.url, call);
            const f = await call.run(server.url, client, refreshRps[side]);
            if (call.name === REFRESH) refreshRps[side] = f.rps;
            lines.push(`${rounds > 1 ? `round ${n}: ` : ''}${side}: ${call.name}: ${describe(f)}`);
            console.log(lines.at(-1));
            p99.get(call.name)![side].push(f.p99);
            failed.set(call.name, failed.get(call.name)! + f.errors + f.non2xx);
            if (f.errors + f.non2xx > 0)
              result.notes!.push(
                `round ${n}, ${side}: ${call.name} had ${f.errors} errors and ${f.non2xx} non-2xx answers.`,
              );
          }
        }
      }
    } finally {
      for (const server of servers.values()) await server.stop();
    }
    for (const call of list) result.figures.push(growthFigure(call.name, p99.get(call.name)!, failed.get(call.name)!));

    // Plans of every statement the calls run, on the grown database, with real row counts.
    await admin.exec(`ALTER DATABASE ${DATABASES.grown} SET session_preload_libraries = 'auto_explain'`);
    for (const [k, v] of Object.entries({
      log_min_duration: '0',
      log_analyze: 'on',
      log_buffers: 'on',
      log_nested_statements: 'on',
      log_timing: 'on',
    })) {
      await admin.exec(`ALTER DATABASE ${DATABASES.grown} SET auto_explain.${k} = ${v}`);
    }
    await admin.close();
    const logFile = path.join(cluster.dir, 'server.log');
    const server = await startServer({ databaseUrl: urlOf(DATABASES.grown), env: { SEED_DEMO: '1' } });
    const seqScans: string[] = [];
    try {
      const clients = {
        ptib: await signedInClient(server.url),
        officer: await clientFor(server.url, { officer: true }),
      };
      for (const call of list) {
        const client = call.officer ? clients.officer : clients.ptib;
        await new Promise((r) => setTimeout(r, 300));
        const offset = statSync(logFile).size;
        const status = await call.once(client);
        await new Promise((r) => setTimeout(r, 300));
        const plans = plansSince(logFile, offset);
        for (const plan of plans)
          seqScans.push(...seqScansIn(plan).map((table) => `${call.name}: Seq Scan on ${table}`));
        planSections.push(
          `#### ${call.name} (HTTP ${status}, ${plans.length} statements)\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\``,
        );
      }
    } finally {
      await server.stop();
    }
    result.figures.push({
      name: 'sequential scans of growing tables in these calls',
      value: seqScans.length,
      target: '0',
      pass: seqScans.length === 0,
    });
    if (seqScans.length > 0) result.notes!.push(`Sequential scans: ${[...new Set(seqScans)].join('; ')}.`);
  } finally {
    removeExitHook();
    cluster.destroy();
  }
  result.details = [
    '```',
    ...lines,
    '```',
    '',
    'Plans (auto_explain with ANALYZE and BUFFERS, on the grown database; one call of each, after the load runs):',
    '',
    ...planSections,
  ].join('\n');
  report(result);
}
