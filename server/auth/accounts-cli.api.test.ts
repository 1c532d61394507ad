import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, AUTH_MESSAGES, FORBIDDEN_CODE, RESPONSE_CODE } from '#contract/index.ts';
import { OFFICER_MESSAGES, OFFICER_PATHS } from '#contract/officer.ts';
import type { Database } from '../db/database.ts';
import { authenticate, signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { signedInOfficer as officerSignIn } from '../officer/test-support.ts';
import { USAGE, accountsCommand } from './accounts-cli.ts';

/** `npm run accounts`: what the operator provisions, checked through the real sign-in and calls. */

const clock = new FakeClock('2030-05-01T01:00:00Z');
const PASSWORD = 'correct horse battery';
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p', LOG_LEVEL: 'error' },
    { now: clock.now },
  ));
});
afterAll(async () => {
  await gateway?.close();
});

async function accounts(argv: string[], password = PASSWORD) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await accountsCommand(db, argv, {
    now: clock.now(),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    by: 'ops.tan',
    readPassword: async () => password,
  });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/** The operator actions written since `after` (an audit row id), as event, who, and the detail's facts. */
async function auditedSince(after: string) {
  const { rows } = await db.query<{ event: string; login_name: string | null; detail: Record<string, unknown> }>(
    'SELECT event, login_name, detail FROM audit_events WHERE id > $1 ORDER BY id',
    [after],
  );
  return rows;
}
const lastAuditId = async () =>
  (await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_events')).rows[0]!.id;

/** The real sign-in, password then one-time password, as an officer does it. */
const signedInOfficer = (loginName: string) => officerSignIn(app, gateway, loginName, PASSWORD);

describe('a PTIB account', () => {
  it('is made with its profile and authorization, signs in through the real sign-in, and is audited', async () => {
    const before = await lastAuditId();
    const made = await accounts([
      'add-user',
      'Tan.Ah.Beng',
      '--profile',
      'PTIB20000001',
      '--name',
      'Tan Ah Beng',
      '--id-num',
      's1234567d',
      '--mobile',
      '9123 4567',
      '--authorization',
      'SEMS01',
    ]);
    expect(made).toMatchObject({ status: 0, err: '' });

    const client = new TestClient(app);
    await signIn(client, 'tan.ah.beng', PASSWORD);
    const profile = await client.post(API_PATHS.retrieveProfile);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().responseJSON).toMatchObject({
      PTIBName: 'Tan Ah Beng',
      idNum: 'S1234567D',
      mobileNum: '91234567',
      isPTIBBlocked: 'N',
      proxyInd: 'N',
    });

    const rows = await auditedSince(before);
    const operatorRows = rows.filter((r) => r.detail.via === 'command');
    expect(operatorRows.map((r) => [r.event, r.detail.by])).toEqual([
      ['profile_created', 'ops.tan'],
      ['account_created', 'ops.tan'],
    ]);
    expect(operatorRows[1]).toMatchObject({ login_name: 'Tan.Ah.Beng', detail: { authorizations: ['SEMS01'] } });
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('made again says it exists and changes nothing: exit 1, or 0 with --if-absent', async () => {
    const argv = ['add-user', 'TAN.AH.BENG', '--profile', 'PTIB20000001', '--authorization', 'SEMS01'];
    const before = await lastAuditId();
    expect(await accounts(argv, 'another password entirely')).toMatchObject({
      status: 1,
      err: 'account TAN.AH.BENG exists already: nothing changed (--if-absent to accept that)',
    });
    expect(await accounts([...argv, '--if-absent'])).toMatchObject({ status: 0 });
    expect(await auditedSince(before)).toEqual([]);
    // The password is the first one still.
    await signIn(new TestClient(app), 'tan.ah.beng', PASSWORD);
  });

  it('joins a profile that exists, and refuses profile details for it', async () => {
    expect(
      await accounts(['add-user', 'tan.clerk', '--profile', 'PTIB20000001', '--name', 'Someone Else']),
    ).toMatchObject({ status: 1, err: 'profile PTIB20000001 exists: leave out --name' });
    expect(await accounts(['add-user', 'tan.clerk', '--profile', 'PTIB20000001'])).toMatchObject({ status: 0 });
  });

  it('refuses a password outside the rules, a bad NRIC, a missing profile name, and says the usage', async () => {
    const before = await lastAuditId();
    const newUser = ['add-user', 'lee.short', '--profile', 'PTIB20000002', '--name', 'Lee', '--id-num', 'S1234567D'];
    expect(await accounts(newUser, 'eleven char')).toMatchObject({
      status: 1,
      err: 'lee.short: the password must be at least 12 characters; nothing changed',
    });
    expect((await accounts(newUser, 'x'.repeat(201))).status).toBe(1);
    expect(await accounts([...newUser.slice(0, 6), '--id-num', 'S1234567A'])).toMatchObject({
      status: 1,
      err: '--id-num S1234567A: not a valid NRIC, FIN or UEN',
    });
    expect((await accounts(newUser.slice(0, 4))).err).toBe(
      'profile PTIB20000002 does not exist: --name and --id-num make it',
    );
    expect(await accounts(['add-user', 'lee.short', '--profile', 'P', '--password', 'x'])).toEqual({
      status: 2,
      out: '',
      err: USAGE,
    });
    expect(await auditedSince(before)).toEqual([]);
    const { rowCount } = await db.query("SELECT 1 FROM accounts WHERE login_name = 'lee.short'");
    expect(rowCount).toBe(0);
  });

  it('blocked: its session is refused at once and a new sign-in is answered 4100 (PTACC-948); unblocked: back', async () => {
    const client = new TestClient(app);
    await signIn(client, 'tan.ah.beng', PASSWORD);
    const before = await lastAuditId();
    expect(await accounts(['block', 'PTIB20000001'])).toMatchObject({ status: 0 });
    expect((await client.post(API_PATHS.retrieveProfile)).statusCode).toBe(403);

    const again = new TestClient(app);
    await signIn(again, 'tan.ah.beng', PASSWORD);
    expect((await again.post(API_PATHS.retrieveProfile)).json()).toEqual({
      header: { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked },
      responseJSON: null,
    });

    expect(await accounts(['unblock', 'PTIB20000001'])).toMatchObject({ status: 0 });
    const back = new TestClient(app);
    await signIn(back, 'tan.ah.beng', PASSWORD);
    expect((await back.post(API_PATHS.retrieveProfile)).json().header.responseCode).toBe('200');
    const operatorRows = (await auditedSince(before)).filter((r) => r.detail.via === 'command');
    expect(operatorRows.map((r) => [r.event, r.detail.by])).toEqual([
      ['profile_blocked', 'ops.tan'],
      ['profile_unblocked', 'ops.tan'],
    ]);
    expect(await accounts(['block', 'PTIB-BACKOFFICE'])).toMatchObject({ status: 1 });
  });

  it('a master acts for another profile once linked, which makes it a master PTIB user', async () => {
    expect(
      await accounts(['add-user', 'lim.master', '--profile', 'PTIB20000003', '--name', 'Lim', '--id-num', 'S2345678H']),
    ).toMatchObject({ status: 0 });
    expect(await accounts(['proxy', 'PTIB20000003', 'add', 'PTIB20000001'])).toMatchObject({ status: 0 });
    const client = new TestClient(app);
    await signIn(client, 'lim.master', PASSWORD);
    expect((await client.post(API_PATHS.retrieveProfile)).json().responseJSON).toMatchObject({ proxyInd: 'Y' });
    const list = await client.post(API_PATHS.retrieveMasterPTIBList);
    expect(JSON.stringify(list.json())).toContain('PTIB20000001');
    expect((await accounts(['proxy', 'PTIB20000003', 'add', 'PTIB20000001'])).out).toContain('already');

    // A grant blocked is not "already": adding it puts it in force again.
    await app.db.query(
      `UPDATE proxy_grants SET master_block = true WHERE master_profile_id = 'PTIB20000003' AND proxy_profile_id = 'PTIB20000001'`,
    );
    expect((await accounts(['proxy', 'PTIB20000003', 'add', 'PTIB20000001'])).out).toContain('now acts');
    const { rows: grants } = await app.db.query<{ master_block: boolean }>(
      `SELECT master_block FROM proxy_grants WHERE master_profile_id = 'PTIB20000003'`,
    );
    expect(grants).toEqual([{ master_block: false }]);
    // Its last grant taken away, the profile is a master no more.
    expect(await accounts(['proxy', 'PTIB20000003', 'remove', 'PTIB20000001'])).toMatchObject({ status: 0 });
    const again = new TestClient(app);
    await signIn(again, 'lim.master', PASSWORD);
    expect((await again.post(API_PATHS.retrieveProfile)).json().responseJSON).toMatchObject({ proxyInd: 'N' });
  });
});

describe('an officer', () => {
  it('is made with roles and a mobile, signs in with the one-time password, and loses a role at once', async () => {
    const before = await lastAuditId();
    expect(
      await accounts([
        'add-officer',
        'officer.ng',
        '--name',
        'Ng Officer',
        '--mobile',
        '91234567',
        '--role',
        'officer',
      ]),
    ).toMatchObject({ status: 0, out: 'officer.ng added as an officer: officer' });
    const officer = await signedInOfficer('officer.ng');
    expect((await officer.get(`${OFFICER_PATHS.queue}?queue=new`)).statusCode).toBe(200);

    expect(await accounts(['role', 'officer.ng', 'remove', 'officer'])).toMatchObject({ status: 0 });
    // The same session, on its next call: no cache to wait for (docs/decisions/0039).
    const refused = await officer.get(`${OFFICER_PATHS.queue}?queue=new`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header).toEqual({
      responseCode: FORBIDDEN_CODE.MISSING_AUTHORITY,
      responseDesc: OFFICER_MESSAGES.roleRequired('officer or supervisor'),
    });

    expect(await accounts(['role', 'officer.ng', 'add', 'supervisor'])).toMatchObject({ status: 0 });
    expect((await officer.get(`${OFFICER_PATHS.queue}?queue=new`)).statusCode).toBe(200);

    const operatorRows = (await auditedSince(before)).filter((r) => r.detail.via === 'command');
    expect(operatorRows.map((r) => [r.event, r.login_name, r.detail.role ?? r.detail.roles])).toEqual([
      ['account_created', 'officer.ng', ['officer']],
      ['officer_role_removed', 'officer.ng', 'officer'],
      ['officer_role_added', 'officer.ng', 'supervisor'],
    ]);
  });

  it('disabled: its session ends at once and it cannot sign in; a new password counts at the next sign-in', async () => {
    const officer = await signedInOfficer('officer.ng');
    expect(await accounts(['disable', 'officer.ng'])).toMatchObject({ status: 0 });
    expect((await officer.get(OFFICER_PATHS.me)).statusCode).toBe(403);
    expect((await authenticate(new TestClient(app), 'officer.ng', PASSWORD)).statusCode).toBe(401);
    expect(await accounts(['enable', 'officer.ng'])).toMatchObject({ status: 0 });

    const before = await lastAuditId();
    expect(await accounts(['password', 'officer.ng'], 'a whole new passphrase')).toMatchObject({ status: 0 });
    expect((await authenticate(new TestClient(app), 'officer.ng', PASSWORD)).statusCode).toBe(401);
    const fresh = await authenticate(new TestClient(app), 'officer.ng', 'a whole new passphrase');
    expect(JSON.parse(fresh.body)).toMatchObject({ otpRequired: true });
    expect((await auditedSince(before)).map((r) => [r.event, r.detail.by])).toContainEqual(['password_set', 'ops.tan']);
  });

  it('needs a known role, a Singapore mobile and a name', async () => {
    expect(
      (await accounts(['add-officer', 'officer.x', '--name', 'X', '--mobile', '91234567', '--role', 'boss'])).err,
    ).toBe('role boss: one of officer, supervisor, finance');
    expect(
      (await accounts(['add-officer', 'officer.x', '--name', 'X', '--mobile', '61234567', '--role', 'finance'])).status,
    ).toBe(1);
    expect((await accounts(['add-officer', 'officer.x', '--mobile', '91234567', '--role', 'finance'])).status).toBe(1);
    expect((await accounts(['role', 'ptib.demo', 'add', 'officer'])).err).toBe("ptib.demo is no officer's login name");
  });

  it('is listed with its roles, beside the PTIB accounts', async () => {
    const { out } = await accounts(['list']);
    expect(out).toContain('officer.ng\tOFFICER\tPTIB-BACKOFFICE\troles supervisor\totp');
    expect(out).toContain('Tan.Ah.Beng\tPTIB\tPTIB20000001\tauthorizations SEMS01');
  });
});
