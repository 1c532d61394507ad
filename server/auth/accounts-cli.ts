/**
 * The operator's provisioning of the people who sign in (docs/decisions/0116): PTIB accounts with their
 * profiles, officers with their roles, blocking, passwords. The product has no registration, so this is the
 * only way in on a production database. It opens the same database the server uses (DATABASE_URL, else
 * PGlite in DATA_DIR; with PGlite stop the server first, and start it once before: the command never creates
 * a database).
 *
 * Every change is an operator action in the audit trail (the shell's user, `via: command`) and counts at once
 * on every process: roles, blocks and disabled accounts are read from the database on each call
 * (docs/decisions/0039). A password is read from the terminal, or from stdin's first line, never from the
 * command line (which `ps` shows), and hashed as sign-in checks it (server/security/passwords.ts).
 */
import { parseArgs } from 'node:util';
import { AUTHORITY_PTIB, LOGIN_LIMITS, LOGIN_NAME_PATTERN, loginNameKey, passwordProblem } from '#contract/index.ts';
import { isNricFin, isSgMobile, isUen, sgMobileDigits } from '#contract/forms/sg.ts';
import { AUTHORITY_OFFICER, OFFICER_ROLES, type OfficerRole } from '#contract/officer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { LOGIN_NAME_MATCHES } from '../db/login-name.ts';
import { BACK_OFFICE_PROFILE_ID } from '../db/seed.ts';
import { hashPassword } from '../security/passwords.ts';
import { audit, type AuditEntry } from './audit.ts';
import { blockProfile, unblockProfile } from './operator.ts';

export const USAGE = `usage: npm run accounts -- list
       npm run accounts -- add-user LOGIN --profile ID [--name NAME --id-num NRIC|UEN [--mobile 8XXXXXXX]
                           [--master]] [--authorization SEMS01]... [--otp] [--if-absent]
       npm run accounts -- add-officer LOGIN --name NAME --mobile 8XXXXXXX --role ROLE [--role ROLE]... [--if-absent]
       npm run accounts -- role LOGIN add|remove ROLE
       npm run accounts -- proxy MASTER_ID add|remove ID
       npm run accounts -- block|unblock ID
       npm run accounts -- disable|enable LOGIN
       npm run accounts -- password LOGIN
add-user makes the profile ID when it does not exist (then --name and --id-num are needed). ROLE is one of
${OFFICER_ROLES.join(', ')}. The password of add-user, add-officer and password is asked for, or read from stdin.`;

const OPTIONS = {
  profile: { type: 'string' },
  name: { type: 'string' },
  'id-num': { type: 'string' },
  mobile: { type: 'string' },
  master: { type: 'boolean' },
  authorization: { type: 'string', multiple: true },
  otp: { type: 'boolean' },
  role: { type: 'string', multiple: true },
  'if-absent': { type: 'boolean' },
} as const;
type Option = keyof typeof OPTIONS;

/** The words each command takes after its name, and the options it allows. */
const COMMANDS: Record<string, { words: number; options: readonly Option[] }> = {
  list: { words: 0, options: [] },
  'add-user': {
    words: 1,
    options: ['profile', 'name', 'id-num', 'mobile', 'master', 'authorization', 'otp', 'if-absent'],
  },
  'add-officer': { words: 1, options: ['name', 'mobile', 'role', 'if-absent'] },
  role: { words: 3, options: [] },
  proxy: { words: 3, options: [] },
  block: { words: 1, options: [] },
  unblock: { words: 1, options: [] },
  disable: { words: 1, options: [] },
  enable: { words: 1, options: [] },
  password: { words: 1, options: [] },
};

interface Parsed {
  command: string;
  words: string[];
  values: { [K in Option]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string | string[] };
}

/** The command as USAGE gives it, or null (checked before the database is opened). */
export function readAccountsArgs(argv: readonly string[]): Parsed | null {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch {
    return null;
  }
  const [command = '', ...words] = parsed.positionals;
  const spec = COMMANDS[command];
  if (!spec || words.length !== spec.words) return null;
  if (Object.keys(parsed.values).some((o) => !spec.options.includes(o as Option))) return null;
  return { command, words, values: parsed.values as Parsed['values'] };
}

/** What the command needs around the database: the clock, its output, who runs it, and the password. */
export interface AccountsIo {
  now: Date;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The operator (the shell's user), written to the audit trail. */
  by: string;
  /** Asks for the password of `loginName` (terminal or stdin). */
  readPassword: (loginName: string) => Promise<string>;
}

/** A refusal the operator reads as one line; the command exits 1. */
class Refusal extends Error {}

interface AccountRow {
  id: string;
  login_name: string;
  profile_id: string;
}

async function accountOf(db: Queryable, loginName: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT id::text AS id, login_name, profile_id FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')}`,
    [loginNameKey(loginName)],
  );
  return rows[0] ?? null;
}

async function profileExists(db: Queryable, profileId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM ptib_profiles WHERE id = $1', [profileId])).rowCount > 0;
}

function checkLoginName(loginName: string): void {
  if (loginName !== loginName.trim() || !LOGIN_NAME_PATTERN.test(loginName))
    throw new Refusal(`login name "${loginName}": printable ASCII only, with no space at either end`);
  if (loginName.length > LOGIN_LIMITS.LOGIN_NAME_MAX_LENGTH)
    throw new Refusal(`login name: at most ${LOGIN_LIMITS.LOGIN_NAME_MAX_LENGTH} characters`);
}

function mobileOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!isSgMobile(value))
    throw new Refusal(`--mobile ${value}: not a Singapore mobile number (8 digits, 8 or 9 first)`);
  return sgMobileDigits(value);
}

/** The password, asked for and checked, then hashed as the server's sign-in checks it. */
async function newPasswordHash(io: AccountsIo, loginName: string): Promise<string> {
  const password = await io.readPassword(loginName);
  const problem = passwordProblem(password);
  if (problem) throw new Refusal(`${loginName}: ${problem}; nothing changed`);
  return hashPassword(password);
}

const operatorAction = (io: AccountsIo, entry: Omit<AuditEntry, 'at'>): AuditEntry => ({
  ...entry,
  at: io.now,
  detail: { ...entry.detail, by: io.by, via: 'command' },
});

/**
 * Inserts an account with its one authority, and its operator-action row: the account's id. `mobile` is the
 * account's own (an officer's); a PTIB user's one-time password goes to the profile's.
 */
async function insertAccount(
  tx: Queryable,
  io: AccountsIo,
  account: { loginName: string; passwordHash: string; profileId: string; authority: string; otp: boolean },
  mobile: string | null,
  detail: Record<string, unknown>,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO accounts (login_name, password_hash, profile_id, otp_required, mobile_num, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
    [account.loginName, account.passwordHash, account.profileId, account.otp, mobile, io.now],
  );
  const accountId = rows[0]!.id;
  await tx.query('INSERT INTO account_authorities (account_id, authority) VALUES ($1, $2)', [
    accountId,
    account.authority,
  ]);
  await audit(
    tx,
    operatorAction(io, {
      event: 'account_created',
      accountId,
      loginName: account.loginName,
      actingProfileId: account.profileId,
      detail: { authority: account.authority, ...detail },
    }),
  );
  return accountId;
}

/** An account that exists already: said, and with --if-absent not a failure. */
function exists(io: AccountsIo, what: string, ifAbsent: boolean | undefined): number {
  if (ifAbsent) {
    io.out(`${what} exists already: left as it is`);
    return 0;
  }
  io.err(`${what} exists already: nothing changed (--if-absent to accept that)`);
  return 1;
}

async function addUser(db: Database, [loginName]: string[], values: Parsed['values'], io: AccountsIo) {
  checkLoginName(loginName!);
  const profileId = values.profile as string | undefined;
  if (!profileId || !/^[\x21-\x7e]{1,40}$/.test(profileId))
    throw new Refusal('add-user: --profile ID is needed (up to 40 printable characters, no space)');
  if (profileId === BACK_OFFICE_PROFILE_ID) throw new Refusal(`${profileId} is the officers' profile: add-officer`);
  const authorizations = [...new Set((values.authorization as string[] | undefined) ?? [])];
  const bad = authorizations.find((a) => !/^[A-Z0-9]{1,20}$/.test(a));
  if (bad) throw new Refusal(`--authorization ${bad}: capital letters and digits, e.g. SEMS01`);
  if (await accountOf(db, loginName!)) return exists(io, `account ${loginName}`, values['if-absent'] as boolean);

  const profileGiven = ['name', 'id-num', 'mobile', 'master'].filter((o) => values[o as Option] !== undefined);
  const newProfile = !(await profileExists(db, profileId));
  if (!newProfile && profileGiven.length > 0)
    throw new Refusal(`profile ${profileId} exists: leave out --${profileGiven.join(', --')}`);
  const name = (values.name as string | undefined)?.trim();
  const idNum = (values['id-num'] as string | undefined)?.trim().toUpperCase();
  if (newProfile && (!name || !idNum))
    throw new Refusal(`profile ${profileId} does not exist: --name and --id-num make it`);
  if (newProfile && !isNricFin(idNum) && !isUen(idNum))
    throw new Refusal(`--id-num ${idNum}: not a valid NRIC, FIN or UEN`);
  const mobile = mobileOf(values.mobile as string | undefined);
  const profileMobile = newProfile
    ? mobile
    : (await db.query<{ mobile_num: string | null }>('SELECT mobile_num FROM ptib_profiles WHERE id = $1', [profileId]))
        .rows[0]!.mobile_num;
  if (values.otp && !profileMobile)
    throw new Refusal(`--otp: the one-time password goes to the profile's mobile, and ${profileId} has none`);

  const passwordHash = await newPasswordHash(io, loginName!);
  await db.transaction(async (tx) => {
    if (newProfile) {
      await tx.query(
        `INSERT INTO ptib_profiles (id, ptib_name, id_num, mobile_num, proxy_ind, header, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'PTIB e-Services', $6, $6)`,
        [profileId, name, idNum, mobile, values.master === true, io.now],
      );
      await audit(
        tx,
        operatorAction(io, {
          event: 'profile_created',
          actingProfileId: profileId,
          detail: { master: values.master === true },
        }),
      );
    }
    const accountId = await insertAccount(
      tx,
      io,
      { loginName: loginName!, passwordHash, profileId, authority: AUTHORITY_PTIB, otp: values.otp === true },
      null,
      { authorizations, otp: values.otp === true },
    );
    for (const code of authorizations)
      await tx.query('INSERT INTO account_authorizations (account_id, authorization_code) VALUES ($1, $2)', [
        accountId,
        code,
      ]);
  });
  io.out(
    `${loginName} added to profile ${profileId}${newProfile ? ' (new)' : ''}, authorizations: ${authorizations.join(', ') || 'none'}`,
  );
  return 0;
}

function roleOf(value: string): OfficerRole {
  if (!(OFFICER_ROLES as readonly string[]).includes(value))
    throw new Refusal(`role ${value}: one of ${OFFICER_ROLES.join(', ')}`);
  return value as OfficerRole;
}

async function addOfficer(db: Database, [loginName]: string[], values: Parsed['values'], io: AccountsIo) {
  checkLoginName(loginName!);
  const name = (values.name as string | undefined)?.trim();
  const roles = [...new Set(((values.role as string[] | undefined) ?? []).map(roleOf))];
  const mobile = mobileOf(values.mobile as string | undefined);
  if (!name || !mobile || roles.length === 0)
    throw new Refusal('add-officer: --name, --mobile (for the one-time password) and a --role are needed');
  if (await accountOf(db, loginName!)) return exists(io, `account ${loginName}`, values['if-absent'] as boolean);
  const passwordHash = await newPasswordHash(io, loginName!);
  await db.transaction(async (tx) => {
    // Officers sign in with a one-time password every time (docs/decisions/0039).
    const accountId = await insertAccount(
      tx,
      io,
      {
        loginName: loginName!,
        passwordHash,
        profileId: BACK_OFFICE_PROFILE_ID,
        authority: AUTHORITY_OFFICER,
        otp: true,
      },
      mobile,
      { roles },
    );
    await tx.query(
      'INSERT INTO officers (account_id, display_name, roles, created_at) VALUES ($1, $2, $3::text[], $4)',
      [accountId, name, roles, io.now],
    );
  });
  io.out(`${loginName} added as an officer: ${roles.join(', ')}`);
  return 0;
}

async function changeRole(db: Database, [loginName, change, value]: string[], io: AccountsIo) {
  if (change !== 'add' && change !== 'remove') throw new Refusal(USAGE);
  const role = roleOf(value!);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; login_name: string; roles: OfficerRole[] }>(
      `SELECT a.id::text AS id, a.login_name, o.roles FROM accounts a JOIN officers o ON o.account_id = a.id
        WHERE ${LOGIN_NAME_MATCHES('a.login_name')} FOR UPDATE OF o`,
      [loginNameKey(loginName!)],
    );
    const officer = rows[0];
    if (!officer) throw new Refusal(`${loginName} is no officer's login name`);
    const has = officer.roles.includes(role);
    if (has === (change === 'add')) {
      io.out(`${officer.login_name} ${has ? 'has' : 'does not have'} the role ${role} already: nothing changed`);
      return 0;
    }
    const roles = change === 'add' ? [...officer.roles, role] : officer.roles.filter((r) => r !== role);
    await tx.query('UPDATE officers SET roles = $2::text[] WHERE account_id = $1', [officer.id, roles]);
    await audit(
      tx,
      operatorAction(io, {
        event: change === 'add' ? 'officer_role_added' : 'officer_role_removed',
        accountId: officer.id,
        loginName: officer.login_name,
        detail: { role, roles },
      }),
    );
    io.out(`${officer.login_name}: ${roles.join(', ') || 'no role'} (counts at once on every process)`);
    return 0;
  });
}

async function changeProxy(db: Database, [master, change, profileId]: string[], io: AccountsIo) {
  if (change !== 'add' && change !== 'remove') throw new Refusal(USAGE);
  for (const id of [master!, profileId!])
    if (id === BACK_OFFICE_PROFILE_ID || !(await profileExists(db, id))) throw new Refusal(`no PTIB profile ${id}`);
  if (master === profileId) throw new Refusal('a profile does not act for itself');
  return db.transaction(async (tx) => {
    const changed =
      change === 'add'
        ? // A grant blocked (master_block, which the session check refuses) is put in force again, not "already".
          await tx.query(
            `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (master_profile_id, proxy_profile_id) DO UPDATE SET master_block = false
             WHERE proxy_grants.master_block`,
            [master, profileId, io.now],
          )
        : await tx.query('DELETE FROM proxy_grants WHERE master_profile_id = $1 AND proxy_profile_id = $2', [
            master,
            profileId,
          ]);
    if (changed.rowCount === 0) {
      io.out(`${master} ${change === 'add' ? 'acts' : 'does not act'} for ${profileId} already: nothing changed`);
      return 0;
    }
    // Acting for another profile is what makes a master PTIB user (spec §3: proxyInd Y); acting for none, not.
    await tx.query(
      `UPDATE ptib_profiles SET proxy_ind = EXISTS (SELECT 1 FROM proxy_grants WHERE master_profile_id = $1),
              updated_at = $2
        WHERE id = $1`,
      [master, io.now],
    );
    await audit(
      tx,
      operatorAction(io, {
        event: change === 'add' ? 'proxy_granted' : 'proxy_withdrawn',
        actingProfileId: master,
        detail: { proxyProfileId: profileId },
      }),
    );
    io.out(`${master} ${change === 'add' ? 'now acts' : 'no longer acts'} for ${profileId}`);
    return 0;
  });
}

async function block(db: Database, command: string, profileId: string, io: AccountsIo) {
  if (profileId === BACK_OFFICE_PROFILE_ID)
    throw new Refusal(`${profileId} is every officer's profile: disable an officer's account instead`);
  if (!(await profileExists(db, profileId))) throw new Refusal(`no PTIB profile ${profileId}`);
  const operator = { db, now: () => io.now };
  if (command === 'unblock') {
    await unblockProfile(operator, profileId, io.by);
    io.out(`${profileId} unblocked: its users may sign in again`);
  } else {
    const ended = await blockProfile(operator, profileId, io.by);
    io.out(
      `${profileId} blocked: ${ended} live session${ended === 1 ? '' : 's'} ended, every call refused (PTACC-948)`,
    );
  }
  return 0;
}

async function setDisabled(db: Database, loginName: string, disabled: boolean, io: AccountsIo) {
  const account = await accountOf(db, loginName);
  if (!account) throw new Refusal(`no account ${loginName}`);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE accounts SET disabled = $2 WHERE id = $1', [account.id, disabled]);
    await audit(
      tx,
      operatorAction(io, {
        event: disabled ? 'account_disabled' : 'account_enabled',
        accountId: account.id,
        loginName: account.login_name,
        actingProfileId: account.profile_id,
      }),
    );
  });
  io.out(
    disabled
      ? `${account.login_name} disabled: its sessions are refused at once, and it cannot sign in`
      : `${account.login_name} enabled`,
  );
  return 0;
}

async function setPassword(db: Database, loginName: string, io: AccountsIo) {
  const account = await accountOf(db, loginName);
  if (!account) throw new Refusal(`no account ${loginName}`);
  const passwordHash = await newPasswordHash(io, account.login_name);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [account.id, passwordHash]);
    await audit(
      tx,
      operatorAction(io, {
        event: 'password_set',
        accountId: account.id,
        loginName: account.login_name,
        actingProfileId: account.profile_id,
      }),
    );
  });
  io.out(`${account.login_name}: password set`);
  return 0;
}

async function list(db: Database, io: AccountsIo) {
  const { rows } = await db.query<{
    login_name: string;
    profile_id: string;
    disabled: boolean;
    otp_required: boolean;
    is_blocked: boolean;
    authorities: string[];
    authorizations: string[];
    roles: string[] | null;
  }>(
    `SELECT a.login_name, a.profile_id, a.disabled, a.otp_required, p.is_blocked,
            ARRAY(SELECT authority FROM account_authorities WHERE account_id = a.id ORDER BY 1) AS authorities,
            ARRAY(SELECT authorization_code FROM account_authorizations WHERE account_id = a.id ORDER BY 1) AS authorizations,
            o.roles
       FROM accounts a JOIN ptib_profiles p ON p.id = a.profile_id LEFT JOIN officers o ON o.account_id = a.id
      ORDER BY lower(a.login_name COLLATE "C")`,
  );
  for (const r of rows) {
    const what = r.roles
      ? `roles ${r.roles.join(',') || 'none'}`
      : `authorizations ${r.authorizations.join(',') || 'none'}`;
    const flags = [r.otp_required && 'otp', r.is_blocked && 'profile blocked', r.disabled && 'disabled'].filter(
      Boolean,
    );
    io.out(
      `${r.login_name}\t${r.authorities.join(',')}\t${r.profile_id}\t${what}${flags.length ? `\t${flags.join(', ')}` : ''}`,
    );
  }
  if (rows.length === 0) io.out('No account: npm run accounts -- add-officer … makes the first');
  return 0;
}

/** Runs one command; answers the exit status (2: not as USAGE gives it; 1: refused, nothing changed). */
export async function accountsCommand(db: Database, argv: readonly string[], io: AccountsIo): Promise<number> {
  const args = readAccountsArgs(argv);
  if (!args) {
    io.err(USAGE);
    return 2;
  }
  const { command, words, values } = args;
  try {
    switch (command) {
      case 'list':
        return await list(db, io);
      case 'add-user':
        return await addUser(db, words, values, io);
      case 'add-officer':
        return await addOfficer(db, words, values, io);
      case 'role':
        return await changeRole(db, words, io);
      case 'proxy':
        return await changeProxy(db, words, io);
      case 'block':
      case 'unblock':
        return await block(db, command, words[0]!, io);
      case 'disable':
      case 'enable':
        return await setDisabled(db, words[0]!, command === 'disable', io);
      default:
        return await setPassword(db, words[0]!, io);
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    io.err(error.message);
    return error.message === USAGE ? 2 : 1;
  }
}

/** One line typed at the terminal, not shown: a password read so is in no history and no `ps` line. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (then: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      then();
    };
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') return done(() => resolve(typed));
        if (c === '\u0003') return done(() => reject(new Refusal('cancelled: nothing changed')));
        typed = c === '\u007f' || c === '\b' ? [...typed].slice(0, -1).join('') : typed + c;
      }
    };
    stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** The password from the terminal (asked twice), or stdin's first line (a script's pipe). */
async function readPassword(loginName: string): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden(`Password for ${loginName}: `);
    if ((await askHidden('The same password again: ')) !== first)
      throw new Refusal('the two passwords differ: nothing changed');
    return first;
  }
  let text = '';
  for await (const chunk of process.stdin.setEncoding('utf8')) {
    text += chunk as string;
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0]!;
}

if (import.meta.main) {
  const fail = (line: string, status: number) => {
    process.stderr.write(`${line}\n`);
    process.exit(status);
  };
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!readAccountsArgs(argv)) fail(USAGE, 2);
  try {
    const { openCommandDatabase } = await import('../db/command-database.ts');
    const db = await openCommandDatabase();
    try {
      process.exitCode = await accountsCommand(db, argv, {
        now: new Date(),
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
        by: process.env.USER ?? 'operator',
        readPassword,
      });
    } finally {
      await db.close();
    }
  } catch (error) {
    // One line that says why (the database is unreachable, or in use), not a stack trace.
    fail(error instanceof Error ? error.message : String(error), 1);
  }
}
