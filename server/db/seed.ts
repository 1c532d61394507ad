import { hash } from '@node-rs/argon2';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01 } from '#contract/index.ts';
import { AUTHORITY_OFFICER, type OfficerRole } from '#contract/officer.ts';
import type { Database, Queryable } from './database.ts';
import { LOGIN_NAME_MATCHES } from './login-name.ts';
import { PASSWORD_HASH_OPTIONS } from '../security/passwords.ts';
import { seedRegisterDemo } from '../register/demo.ts';
import { insertDemoRecords } from './demo-records.ts';

/** The demo accounts of decisions.md §2, seeded into the embedded database only (or SEED_DEMO=1). */
export const DEMO_PASSWORD = 'Demo!2345';

export interface DemoAccount {
  loginName: string;
  profileId: string;
  shows: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { loginName: 'ptib.demo', profileId: 'PTIB00000001', shows: 'an ordinary PTIB user with authorization SEMS01' },
  { loginName: 'ptib.master', profileId: 'PTIB00000002', shows: 'a master PTIB user acting for other profiles' },
  { loginName: 'ptib.blocked', profileId: 'PTIB00000003', shows: 'a blocked profile: access denied, PTACC-948' },
  { loginName: 'ptib.noauth', profileId: 'PTIB00000004', shows: 'no SEMS01 authorization: access denied, PTACC-951' },
  {
    loginName: 'ptib.otp',
    profileId: 'PTIB00000005',
    shows: 'also needs an SMS one-time password (see the server log)',
  },
];

/**
 * The demo officers (docs/decisions/0039): each signs in with the password and a one-time password (the code
 * in the server log, as for ptib.otp), and owns the back office's internal profile (migration 120).
 */
export const DEMO_OFFICERS: ReadonlyArray<{
  loginName: string;
  displayName: string;
  roles: readonly OfficerRole[];
  mobile: string;
}> = [
  { loginName: 'officer.demo', displayName: 'Officer Demo', roles: ['officer'], mobile: '96000001' },
  { loginName: 'officer.lead', displayName: 'Supervisor Lead', roles: ['officer', 'supervisor'], mobile: '96000002' },
  { loginName: 'officer.finance', displayName: 'Finance Officer', roles: ['finance'], mobile: '96000003' },
];
export const BACK_OFFICE_PROFILE_ID = 'PTIB-BACKOFFICE';

/** The demo accounts, applicants' and officers', that this database holds (their password is published). */
export async function demoAccountsIn(db: Queryable): Promise<string[]> {
  const names = [...DEMO_ACCOUNTS, ...DEMO_OFFICERS].map((a) => a.loginName);
  const { rows } = await db.query<{ login_name: string }>(
    'SELECT login_name FROM accounts WHERE login_name = ANY($1::text[]) ORDER BY login_name',
    [names],
  );
  return rows.map((r) => r.login_name);
}

/** Idempotent: officers that already exist are left as they are. */
export async function seedOfficers(db: Database, passwordHash?: string): Promise<void> {
  const existing = await db.query(`SELECT 1 FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')}`, ['officer.demo']);
  if (existing.rowCount > 0) return;
  const hashed = passwordHash ?? (await hash(DEMO_PASSWORD, PASSWORD_HASH_OPTIONS));
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const again = await tx.query(`SELECT 1 FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')}`, ['officer.demo']);
    if (again.rowCount > 0) return;
    for (const officer of DEMO_OFFICERS) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO accounts (login_name, password_hash, profile_id, otp_required, mobile_num)
         VALUES ($1, $2, $3, true, $4) RETURNING id`,
        [officer.loginName, hashed, BACK_OFFICE_PROFILE_ID, officer.mobile],
      );
      const accountId = rows[0]!.id;
      await tx.query('INSERT INTO account_authorities (account_id, authority) VALUES ($1, $2)', [
        accountId,
        AUTHORITY_OFFICER,
      ]);
      await tx.query('INSERT INTO officers (account_id, display_name, roles) VALUES ($1, $2, $3::text[])', [
        accountId,
        officer.displayName,
        officer.roles,
      ]);
    }
  });
}

const address = (block: string, street: string, unit: string, postal: string) =>
  JSON.stringify({
    blockHouseNo: block,
    streetName: street,
    floorUnit: unit,
    buildingName: '',
    postalCode: postal,
    country: 'SG',
  });

const PROFILES = [
  [
    'PTIB00000001',
    'Tan Ah Kow',
    'S1234567D',
    '91234567',
    false,
    false,
    address('10', 'Anson Road', '#12-01', '079903'),
    // The profile's one message, fixed: it names no record's state, which the demo's refund moves on from
    // (approved, then paid out).
    'Welcome back. Your records below show where each of your applications stands.',
  ],
  [
    'PTIB00000002',
    'Lim Mei Ling',
    'S2345678H',
    '92345678',
    false,
    true,
    address('1', 'Raffles Place', '#20-01', '048616'),
    'You can act for the profiles listed in the selector.',
  ],
  [
    'PTIB00000003',
    'Ong Bee Hoon',
    'S3456789A',
    '93456789',
    true,
    false,
    address('5', 'Shenton Way', '#03-02', '068808'),
    null,
  ],
  [
    'PTIB00000004',
    'Goh Kim Seng',
    'S4567890B',
    '94567890',
    false,
    false,
    address('8', 'Marina View', '#30-05', '018960'),
    null,
  ],
  [
    'PTIB00000005',
    'Ng Siew Lan',
    'S5678901C',
    '95678901',
    false,
    false,
    address('3', 'Temasek Boulevard', '#08-11', '038983'),
    null,
  ],
  [
    'PTIB00000011',
    'Chua & Partners LLP',
    'T09LL1234A',
    '61234567',
    false,
    false,
    address('80', 'Robinson Road', '#10-01', '068898'),
    'Filing deadline for insolvency reports is the 15th.',
  ],
  [
    'PTIB00000012',
    'Koh Legal Services',
    'T12LL5678B',
    '62345678',
    false,
    false,
    address('6', 'Battery Road', '#15-06', '049909'),
    null,
  ],
  [
    'PTIB00000013',
    'Yeo Trustees Pte Ltd',
    'T15LL9012C',
    '63456789',
    false,
    false,
    address('50', 'Collyer Quay', '#05-01', '049321'),
    null,
  ],
] as const;

/** Taken by every process that seeds, so two processes starting together seed once. */
const SEED_LOCK = 724_002;

const REGISTER_SEED_LOCK = 724_003;

/** The demo accounts and records, then the demo insolvency register (docs/decisions/0043), each once. */
export async function seedDemo(db: Database): Promise<boolean> {
  // Before the early return: a demo database seeded before the back office existed gets its officers too.
  await seedOfficers(db);
  const seeded = await seedAccounts(db);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REGISTER_SEED_LOCK]);
    await seedRegisterDemo(tx);
  });
  return seeded;
}

/** Idempotent: accounts that already exist are left as they are. */
async function seedAccounts(db: Database): Promise<boolean> {
  const existing = await db.query(`SELECT 1 FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')}`, ['ptib.demo']);
  if (existing.rowCount > 0) return false;
  const passwordHash = await hash(DEMO_PASSWORD, PASSWORD_HASH_OPTIONS);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const again = await tx.query(`SELECT 1 FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')}`, ['ptib.demo']);
    if (again.rowCount > 0) return false;
    for (const [id, name, idNum, mobile, blocked, master, addr, message] of PROFILES) {
      await tx.query(
        `INSERT INTO ptib_profiles (id, ptib_name, id_num, mobile_num, is_blocked, proxy_ind, correspondence_address, dashboard_message, header)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [id, name, idNum, mobile, blocked, master, addr, message, 'PTIB e-Services'],
      );
    }
    for (const [proxy, block] of [
      ['PTIB00000011', false],
      ['PTIB00000012', false],
      ['PTIB00000013', true],
    ] as const) {
      await tx.query(
        'INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, master_block) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        ['PTIB00000002', proxy, block],
      );
    }
    const accounts = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const otp = account.loginName === 'ptib.otp';
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO accounts (login_name, password_hash, profile_id, otp_required, mobile_num)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [account.loginName, passwordHash, account.profileId, otp, otp ? '95678901' : null],
      );
      const accountId = Number(rows[0]!.id);
      accounts.set(account.loginName, accountId);
      await tx.query('INSERT INTO account_authorities (account_id, authority) VALUES ($1, $2)', [
        accountId,
        AUTHORITY_PTIB,
      ]);
      if (account.loginName !== 'ptib.noauth') {
        await tx.query('INSERT INTO account_authorizations (account_id, authorization_code) VALUES ($1, $2)', [
          accountId,
          AUTHORIZATION_SEMS01,
        ]);
      }
    }
    // seedOfficers ran first: the demo officer is who reviews and decides the demo records.
    const { rows: officers } = await tx.query<{ account_id: number; display_name: string }>(
      `SELECT o.account_id, o.display_name FROM officers o JOIN accounts a ON a.id = o.account_id
        WHERE ${LOGIN_NAME_MATCHES('a.login_name')}`,
      [DEMO_OFFICERS[0]!.loginName],
    );
    const officer = officers[0]!;
    await insertDemoRecords(
      tx,
      { accounts, officer: { accountId: Number(officer.account_id), displayName: officer.display_name } },
      new Date(),
    );
    return true;
  });
}
