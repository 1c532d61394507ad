/**
 * The insolvency register's search on an empty register and on one of 1,000,000 entries (the demo generator,
 * server/register/demo.ts), on a throwaway PostgreSQL cluster: the database work of one search as the route
 * does it (count it against the account's limit, search, record it, audit it), by name with typos and by
 * NRIC. Targets (docs/decisions/0043): p99 of the grown register within 1.5× of the empty one and under
 * 100 ms, and no sequential scan of a register table in either search's plan. Writes bench/out/register.json
 * for bench/RESULTS.md (bench/run-all.ts).
 * Run: npm run bench:register -- [--entries=1000000] [--searches=400]
 */
import { startCluster } from '../scripts/lib/postgres-cluster.ts';
import { audit } from '../server/auth/audit.ts';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { DEMO_BANKRUPT, demoEntry, insertDemoEntries, insertEntries } from '../server/register/demo.ts';
import { args, median, newResult, report, round } from './lib/results.ts';
import {
  ENTRIES_OF_NAMES,
  NAME_STEPS,
  countSearch,
  namesHoldingEveryWord,
  querySlots,
  entriesOfNamesParams,
  nameStepParams,
  nearestNames,
  newReference,
  searchRegister,
} from '../server/register/search.ts';

const arg = (name: string, fallback: number) => Number(args().get(name) ?? fallback);
const ENTRIES = arg('entries', 1_000_000);
const SEARCHES = arg('searches', 400);
const P99_RATIO = 1.5;
const P99_LIMIT_MS = 100;
const REGISTER_TABLES = [
  'register_entries',
  'register_names',
  'register_name_keys',
  'register_searches',
  'register_search_throttle',
];

/** A letter of a name changed, dropped or doubled, and the words shuffled: how names are mistyped. */
function misspell(name: string, i: number): string {
  const words = name.toLowerCase().split(' ');
  const w = i % words.length;
  const word = words[w]!;
  const at = Math.max(1, i % word.length);
  words[w] = i % 3 === 0 ? word.slice(0, at) + word.slice(at + 1) : i % 3 === 1 ? word + word[word.length - 1] : word;
  return i % 2 === 0 ? words.join(' ') : words.reverse().join('  ');
}

interface Probe {
  by: 'id' | 'name';
  query: string;
}

function probes(count: number, entries: number): Probe[] {
  return Array.from({ length: count }, (_, i) => {
    const e = i % 5 === 0 ? DEMO_BANKRUPT : demoEntry(Math.floor((i * 7_919) % Math.max(entries, 3000)));
    return i % 4 === 0 ? { by: 'id', query: e.idNumber } : { by: 'name', query: misspell(e.name, i) };
  });
}

/** One search's database work, as POST /api/register/search does it. */
async function oneSearch(db: Database, probe: Probe, accountId: number): Promise<number> {
  const now = new Date();
  const waitMs = await countSearch(db, accountId, now);
  if (waitMs > 0) throw new Error('throttled: each search runs as its own account');
  const found = await searchRegister(db, 'BIS', probe.by, probe.query);
  const reference = newReference(now);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO register_searches (reference, account_id, acting_profile_id, service, search_by, query, purpose,
                                      searched_at, case_numbers)
       VALUES ($1, $2, 'PTIB00000001', 'BIS', $3, $4, 'Credit assessment', $5, $6::text[])`,
      [reference, accountId, probe.by, probe.query, now, found],
    );
    await audit(tx, {
      event: 'register_search',
      at: now,
      accountId,
      detail: { by: probe.by, query: probe.query, results: found.length, reference },
    });
  });
  return found.length;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function measure(
  db: Database,
  list: Probe[],
  accountBase: number,
): Promise<{ p50: number; p99: number; hits: number }> {
  for (let i = 0; i < 20; i++) await oneSearch(db, list[i % list.length]!, accountBase + 900_000 + i);
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < list.length; i++) {
    const start = performance.now();
    hits += (await oneSearch(db, list[i]!, accountBase + i)) > 0 ? 1 : 0;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), hits };
}

/** Node types of the plan of each search statement that read a register table whole. */
async function sequentialScans(db: Database, list: Probe[]): Promise<string[]> {
  const found: string[] = [];
  const { slots } = await querySlots(db, list[1]!.query);
  const statements: Array<[string, unknown[]]> = [
    [
      `SELECT case_number FROM register_entries WHERE id_number = $1 AND party_kind = ANY($2::text[])
        ORDER BY filed_on DESC, case_number LIMIT 100`,
      [list[0]!.query, ['individual', 'entity']],
    ],
    // Every step of the name search, then the entries of the names found.
    [namesHoldingEveryWord(slots.length), [...nameStepParams(list[1]!.query), ...slots]],
    ...NAME_STEPS.map((sql): [string, unknown[]] => [sql, nameStepParams(list[1]!.query)]),
    [ENTRIES_OF_NAMES, entriesOfNamesParams((await nearestNames(db, list[1]!.query)).names, ['individual', 'entity'])],
  ];
  for (const [sql, params] of statements) {
    const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const walk = (node: Record<string, unknown>) => {
      if (node['Node Type'] === 'Seq Scan' && REGISTER_TABLES.includes(String(node['Relation Name'])))
        found.push(`${String(node['Relation Name'])} in: ${sql.trim().split('\n')[0]!.trim()}`);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const plan = rows[0]!['QUERY PLAN'];
    walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  }
  return found;
}

async function main(): Promise<void> {
  const cluster = await startCluster();
  try {
    const admin = openPostgres(cluster.url, 1);
    const open = async (name: string) => {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(cluster.url);
      url.pathname = `/${name}`;
      const db = openPostgres(url.toString(), 2);
      await migrate(db);
      return db;
    };
    const empty = await open('register_empty');
    const grown = await open('register_grown');
    const loadStart = performance.now();
    // Loaded without the names' trigram and word indexes, then indexed once: a bulk load's usual order, and far
    // faster.
    await grown.query('DROP INDEX register_name_keys_trgm_idx');
    await grown.query('DROP INDEX register_name_keys_tokens_idx');
    await insertEntries(grown, [DEMO_BANKRUPT]);
    for (let from = 0; from < ENTRIES; from += 50_000) {
      await insertDemoEntries(grown, from, Math.min(50_000, ENTRIES - from), 10_000);
      process.stdout.write(`\r${Math.min(from + 50_000, ENTRIES)} entries`);
    }
    await grown.query(
      'CREATE INDEX register_name_keys_trgm_idx ON register_name_keys USING gist (folded gist_trgm_ops)',
    );
    await grown.query(
      'CREATE INDEX register_name_keys_tokens_idx ON register_name_keys USING gin (register_name_tokens(folded))',
    );
    // VACUUM as autovacuum does after a bulk insert: it marks the pages all-visible, so the names' entries are
    // read from their index alone (docs/decisions/0043).
    await grown.query('VACUUM ANALYZE');
    await empty.query('ANALYZE');
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const names = (await grown.query<{ n: number }>('SELECT count(*)::int AS n FROM register_names')).rows[0]!.n;
    process.stdout.write(`\nloaded ${ENTRIES} entries, ${names} names in ${loadSeconds.toFixed(0)} s\n`);

    const list = probes(SEARCHES, ENTRIES);
    // Interleaved rounds, as the growth bench does: the machine is shared, and both sides see its moments.
    const rounds: Array<{ empty: Awaited<ReturnType<typeof measure>>; grown: Awaited<ReturnType<typeof measure>> }> =
      [];
    for (let r = 0; r < 3; r++)
      rounds.push({
        empty: await measure(empty, list, r * 1_000_000),
        grown: await measure(grown, list, r * 1_000_000),
      });
    const emptyP99 = median(rounds.map((r) => r.empty.p99));
    const grownP99 = median(rounds.map((r) => r.grown.p99));
    const ratio = median(rounds.map((r) => r.grown.p99 / r.empty.p99));
    // The grown register's plans: on empty tables a sequential scan is the planner's right choice.
    const scans = await sequentialScans(grown, list);
    const hits = rounds[0]!.grown.hits;
    const result = newResult(
      'register',
      'Insolvency register search (bench/register.ts)',
      `npm run bench:register -- --entries=${ENTRIES} --searches=${SEARCHES}`,
    );
    const p50 = (side: 'empty' | 'grown') => median(rounds.map((r) => r[side].p50)).toFixed(1);
    result.figures.push(
      { name: 'search p99, empty register', value: round(emptyP99), unit: 'ms' },
      {
        name: `search p99, ${ENTRIES.toLocaleString('en')} entries (${names.toLocaleString('en')} names)`,
        value: round(grownP99),
        unit: 'ms',
        target: `≤ ${P99_LIMIT_MS} ms`,
        pass: grownP99 <= P99_LIMIT_MS,
      },
      {
        name: 'search p99 grown ÷ empty',
        value: round(ratio),
        unit: '×',
        target: `≤ ${P99_RATIO}×`,
        pass: ratio <= P99_RATIO,
      },
      { name: 'search p50, empty / grown', value: `${p50('empty')} / ${p50('grown')}`, unit: 'ms' },
      { name: 'searches that found something (grown)', value: `${hits} of ${SEARCHES}` },
      {
        name: 'sequential scans of register tables',
        value: scans.length === 0 ? 'none' : scans.join('; '),
        target: 'none',
        pass: scans.length === 0,
      },
      { name: 'load of the grown register', value: Math.round(loadSeconds), unit: 's' },
    );
    result.details = [
      `The database work of one search (throttle count, search, record, audit) on a PostgreSQL server, ${SEARCHES} searches per round (a quarter by NRIC or UEN, the rest by misspelt names), three rounds, empty and grown side by side; figures are the medians of the rounds.`,
      '',
      "A name search finds the names holding every typed word (each as one of the register's words near it) through a GIN index on the names' tokens, ranks them by trigram distance, and reads their entries from the index on `register_names` alone; only when no name holds every word does it widen to names holding two of them (docs/decisions/0055).",
    ].join('\n');
    report(result);
    await empty.close();
    await grown.close();
    await admin.close();
  } finally {
    cluster.destroy();
  }
}

await main();
