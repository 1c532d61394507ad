/**
 * Direct access to the deployment's PostgreSQL for the scale tests: to set up accounts and to check,
 * behind the servers' backs, what was really written.
 */
import pg from 'pg';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01 } from '#contract/index.ts';
import { hashPassword } from '../../server/security/passwords.ts';

/**
 * The password of the users createUsers makes. Not the demo password, which a server with demo accounts
 * prints when it starts: a test that looks for leaked secrets in the log must not find it there.
 */
export const USER_PASSWORD = 'Scale-Test-Pa55!';

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function sql<Row = Record<string, unknown>>(url: string, text: string, params: unknown[] = []) {
  return withDatabase(url, async (c) => (await c.query(text, params)).rows as Row[]);
}

/**
 * Ordinary PTIB users (password USER_PASSWORD, authority PTIB, authorization SEMS01), each with a profile
 * of their own, so simulated users do not end each other's sessions (one live session per login).
 * Answers their login names.
 */
export async function createUsers(url: string, prefix: string, count: number): Promise<string[]> {
  const hash = await hashPassword(USER_PASSWORD);
  return withDatabase(url, async (c) => {
    const names: string[] = [];
    await c.query('BEGIN');
    for (let i = 1; i <= count; i++) {
      const loginName = `${prefix}.${i}`;
      const profileId = `${prefix.slice(0, 4).toUpperCase().padEnd(4, 'X')}${String(i).padStart(8, '0')}`;
      await c.query(
        `INSERT INTO ptib_profiles (id, ptib_name, id_num, mobile_num, header) VALUES ($1, $2, $3, '91234567', 'PTIB e-Services')`,
        [profileId, `Load Test User ${prefix} ${i}`, `S${String(i).padStart(7, '0')}Z`],
      );
      const account = await c.query<{ id: string }>(
        'INSERT INTO accounts (login_name, password_hash, profile_id) VALUES ($1, $2, $3) RETURNING id',
        [loginName, hash, profileId],
      );
      const id = account.rows[0]!.id;
      await c.query('INSERT INTO account_authorities (account_id, authority) VALUES ($1, $2)', [id, AUTHORITY_PTIB]);
      await c.query('INSERT INTO account_authorizations (account_id, authorization_code) VALUES ($1, $2)', [
        id,
        AUTHORIZATION_SEMS01,
      ]);
      names.push(loginName);
    }
    await c.query('COMMIT');
    return names;
  });
}
