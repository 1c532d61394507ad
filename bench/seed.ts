/**
 * Growth seed: 100,000 accounts (with profiles, grants and one ended session each) and 1,000,000 case
 * records, in a few set-based statements (generate_series), into PostgreSQL or PGlite. The demo accounts
 * stay as they are; the demo user gets a share of the cases, so its own case list grows too.
 *
 * Run: npm run bench:seed -- --database-url=postgres://… | --data-dir=./data  [--accounts=100000] [--cases=1000000]
 * (bench/growth.ts calls seedGrowth on a throwaway PostgreSQL cluster by itself.)
 */
import path from 'node:path';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { BACK_OFFICE_PROFILE_ID, DEMO_ACCOUNTS, seedDemo } from '../server/db/seed.ts';
import { hashPassword } from '../server/security/passwords.ts';
import { args } from './lib/results.ts';

export const GROWTH = { accounts: 100_000, cases: 1_000_000 } as const;
/** Growth login names are growth.1 … growth.N, all with this password. */
export const GROWTH_PASSWORD = 'Growth!2345';
/** Every this-many-th case belongs to the demo user (ptib.demo), so its list grows with the database. */
const DEMO_SHARE = 10_000;

const profileId = (expr: string) => `'PTIBG' || lpad((${expr})::text, 7, '0')`;

export async function seedGrowth(
  db: Database,
  { accounts = GROWTH.accounts, cases = GROWTH.cases }: { accounts?: number; cases?: number } = {},
  log: (line: string) => void = () => {},
): Promise<void> {
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const r = await db.query(sql, params);
    log(`  ${label}: ${r.rowCount} rows in ${Math.round(performance.now() - t0)} ms`);
  };
  // A foreign key's check is planned once per connection and kept: planned while the referenced table held
  // a handful of demo rows (seedDemo, on the same pooled connection), it reads that table whole for every
  // row inserted, 100,000 times over. ANALYZE after each bulk insert has it planned again with the rows.
  const analyze = async (table: string) => {
    const t0 = performance.now();
    await db.exec(`ANALYZE ${table}`);
    log(`  ANALYZE ${table} in ${Math.round(performance.now() - t0)} ms`);
  };
  const hash = await hashPassword(GROWTH_PASSWORD);
  const demoProfile = DEMO_ACCOUNTS[0]!.profileId;
  await step(
    'profiles',
    `INSERT INTO ptib_profiles (id, ptib_name, id_num, mobile_num, header, correspondence_address)
     SELECT ${profileId('g')}, 'Growth Profile ' || g, 'G' || lpad(g::text, 8, '0') || 'Z', '8' || lpad(g::text, 7, '0'),
            'PTIB e-Services', jsonb_build_object('blockHouseNo', (g % 300)::text, 'streetName', 'Growth Street',
            'floorUnit', '#01-01', 'buildingName', '', 'postalCode', lpad((g % 999999)::text, 6, '0'), 'country', 'SG')
       FROM generate_series(1, $1::int) g`,
    [accounts],
  );
  await analyze('ptib_profiles');
  // Every 50th profile acts for the next five, like the demo master.
  await step(
    'proxy grants',
    `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id)
     SELECT ${profileId('g')}, ${profileId('g + k')} FROM generate_series(1, $1::int - 5, 50) g, generate_series(1, 5) k`,
    [accounts],
  );
  await step(
    'accounts',
    `INSERT INTO accounts (login_name, password_hash, profile_id)
     SELECT 'growth.' || g, $2, ${profileId('g')} FROM generate_series(1, $1::int) g`,
    [accounts, hash],
  );
  await analyze('accounts');
  await step(
    'authorities',
    `INSERT INTO account_authorities (account_id, authority)
     SELECT id, 'PTIB' FROM accounts WHERE login_name LIKE 'growth.%'`,
  );
  await step(
    'authorizations',
    `INSERT INTO account_authorizations (account_id, authorization_code)
     SELECT id, 'SEMS01' FROM accounts WHERE login_name LIKE 'growth.%'`,
  );
  await step(
    'ended sessions',
    `INSERT INTO sessions (id, account_id, acting_profile_id, created_at, last_refresh_at, expires_at,
                           absolute_expires_at, ended_at, end_reason, model, client_address)
     SELECT gen_random_uuid(), a.id, a.profile_id, now() - interval '2 days', now() - interval '2 days',
            now() - interval '2 days' + interval '15 minutes', now() - interval '36 hours',
            now() - interval '2 days' + interval '15 minutes', 'expired', 'growth seed', '127.0.0.1'
       FROM accounts a WHERE a.login_name LIKE 'growth.%'`,
  );
  // Case numbers: type, search number padded to 6 digits (never cut: numbers past 999999 keep every digit), year.
  await step(
    'cases',
    `WITH e AS (SELECT code, case_type, (row_number() OVER (ORDER BY code) - 1)::int AS i, (count(*) OVER ())::int AS n
                  FROM eservices),
          c AS (SELECT g, nextval('case_search_number_seq') AS s, 2020 + (g % 7) AS y,
                       CASE WHEN g % $3::int = 0 THEN $4 ELSE ${profileId('1 + (g::bigint * 7919) % $2::int')} END AS profile_id,
                       (ARRAY['draft','submitted','in_review','approved','rejected'])[1 + g % 5] AS status,
                       now() - make_interval(mins => g % 500000) AS at
                  FROM generate_series(1, $1::int) g)
     INSERT INTO cases (app_code, profile_id, case_type, search_number, case_year, case_number, status, data,
                        created_at, updated_at, submitted_at)
     SELECT e.code, c.profile_id, e.case_type, c.s, c.y,
            e.case_type || ' ' || CASE WHEN c.s > 999999 THEN c.s::text ELSE lpad(c.s::text, 6, '0') END || ' ' || c.y,
            c.status, jsonb_build_object('remarks', 'growth case ' || c.g), c.at, c.at,
            CASE WHEN c.status = 'draft' THEN NULL ELSE c.at END
       FROM c JOIN e ON e.i = c.g % e.n`,
    [cases, accounts, DEMO_SHARE, demoProfile],
  );
  const t0 = performance.now();
  await db.exec('ANALYZE');
  log(`  ANALYZE in ${Math.round(performance.now() - t0)} ms`);
}

/**
 * The officer the growth bench's queue calls sign in as (bench/growth.ts): officer and supervisor, and no
 * one-time password, so a load can sign in without reading a code from the log. Bench databases only.
 */
export const BENCH_OFFICER = 'bench.officer';

export async function seedBenchOfficer(db: Database): Promise<void> {
  const hash = await hashPassword(GROWTH_PASSWORD);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO accounts (login_name, password_hash, profile_id) VALUES ($1, $2, $3) RETURNING id::text AS id`,
      [BENCH_OFFICER, hash, BACK_OFFICE_PROFILE_ID],
    );
    await tx.query(`INSERT INTO account_authorities (account_id, authority) VALUES ($1::bigint, 'OFFICER')`, [
      rows[0]!.id,
    ]);
    await tx.query(
      `INSERT INTO officers (account_id, display_name, roles) VALUES ($1::bigint, 'Bench Officer', ARRAY['officer', 'supervisor'])`,
      [rows[0]!.id],
    );
  });
}

export async function openForSeed(target: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  const db = target.databaseUrl
    ? openPostgres(target.databaseUrl)
    : await openPglite(path.resolve(target.dataDir ?? './data', 'pglite'));
  await migrate(db);
  await seedDemo(db);
  return db;
}

/**
 * Growth accounts only (no cases), for the refresh load's sessions (bench/api.ts refreshLoad): into the
 * database of a server that is not running (a PGlite data directory) or a PostgreSQL server.
 */
export async function seedRefreshAccounts(
  target: { databaseUrl?: string; dataDir?: string },
  accounts: number,
): Promise<void> {
  const db = await openForSeed(target);
  try {
    await seedGrowth(db, { accounts, cases: 0 });
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const a = args();
  const databaseUrl = a.get('database-url') ?? process.env.DATABASE_URL;
  const dataDir = a.get('data-dir');
  if (!databaseUrl && !dataDir) {
    console.error('Name the database: --database-url=postgres://… or --data-dir=DIR (PGlite).');
    process.exit(2);
  }
  const accounts = Number(a.get('accounts') ?? GROWTH.accounts);
  const cases = Number(a.get('cases') ?? GROWTH.cases);
  const db = await openForSeed({ databaseUrl, dataDir });
  const t0 = performance.now();
  console.log(
    `seeding ${accounts} accounts and ${cases} cases into ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}`,
  );
  await seedGrowth(db, { accounts, cases }, console.log);
  console.log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
  await db.close();
}
