import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, AUTH_MESSAGES, RESPONSE_CODE } from '#contract/index.ts';
import { masterListResponseSchema, userIdentitySchema } from '#contract/schemas/index.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});

const MASTER_OWN = 'PTIB00000002';
const ALLOWED = ['PTIB00000011', 'PTIB00000012'];
const MASTER_BLOCKED = 'PTIB00000013';

const signedIn = (loginName: string) => signedInClient(app, loginName);

const identity = async (c: TestClient) => {
  const res = await c.post(API_PATHS.retrieveProfile);
  expect(res.json().header.responseCode).toBe('200');
  return userIdentitySchema.parse(res.json().responseJSON);
};
const switchTo = (c: TestClient, ptibProfileID: string) => c.post(API_PATHS.switchProxyProfile, { ptibProfileID });

describe('POST /01-01-01/retrieveMasterPTIBList', () => {
  it('lists the profiles a master may act for, masterBlock flagged', async () => {
    const c = await signedIn('ptib.master');
    const res = await c.post(API_PATHS.retrieveMasterPTIBList);
    expect(res.statusCode).toBe(200);
    const { masterPTIBList } = masterListResponseSchema.parse(res.json().responseJSON);
    expect(masterPTIBList.map((e) => [e.ptibProfileID, e.masterBlock])).toEqual([
      ['PTIB00000011', 'N'],
      ['PTIB00000012', 'N'],
      ['PTIB00000013', 'Y'],
    ]);
    expect(masterPTIBList[0]).toMatchObject({
      ptibNme: 'Chua & Partners LLP',
      proxyUserName: 'Lim Mei Ling',
      proxyInd: 'N',
      correspondenceAddressDetails: { streetName: 'Robinson Road', postalCode: '068898' },
    });
  });

  it('is empty for an ordinary user', async () => {
    const c = await signedIn('ptib.demo');
    const res = await c.post(API_PATHS.retrieveMasterPTIBList);
    expect(res.json()).toEqual({
      header: { responseCode: '200', responseDesc: 'OK' },
      responseJSON: { masterPTIBList: [] },
    });
  });

  it('needs a session', async () => {
    const res = await new TestClient(app).post(API_PATHS.retrieveMasterPTIBList);
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe('Forbidden');
  });
});

describe('POST /01-01-01/switchProxyProfile', () => {
  it('a master switches to each allowed profile and back to themself; the profile call follows', async () => {
    const c = await signedIn('ptib.master');
    expect(await identity(c)).toMatchObject({ ptibProfileID: MASTER_OWN, proxyInd: 'Y', PTIBName: 'Lim Mei Ling' });
    for (const id of ALLOWED) {
      const res = await switchTo(c, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().responseJSON).toEqual({ ptibProfileID: id });
      const who = await identity(c);
      expect(who.ptibProfileID).toBe(id);
      expect(who.ownPtibProfileID).toBe(MASTER_OWN);
      expect(who.loginName).toBe('ptib.master');
      // Still a master: the app keeps offering the way back.
      expect(who.proxyInd).toBe('Y');
    }
    expect((await identity(c)).PTIBName).toBe('Koh Legal Services');
    const back = await switchTo(c, '');
    expect(back.statusCode).toBe(200);
    expect(back.json().responseJSON).toEqual({ ptibProfileID: '' });
    expect(await identity(c)).toMatchObject({ ptibProfileID: MASTER_OWN, PTIBName: 'Lim Mei Ling' });
  });

  it('keeps the choice in the session: another process (a fresh client with the same token) sees it', async () => {
    const c = await signedIn('ptib.master');
    await switchTo(c, 'PTIB00000011');
    const sameToken = new TestClient(app);
    sameToken.token = c.token;
    expect((await identity(sameToken)).ptibProfileID).toBe('PTIB00000011');
    const { rows } = await db.query<{ acting_profile_id: string }>(
      `SELECT s.acting_profile_id FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE a.login_name = 'ptib.master' AND s.ended_at IS NULL`,
    );
    expect(rows).toEqual([{ acting_profile_id: 'PTIB00000011' }]);
  });

  it('refuses a profile outside the master list with a 403 that says why, and stays put', async () => {
    const c = await signedIn('ptib.master');
    await switchTo(c, 'PTIB00000011');
    const res = await switchTo(c, 'PTIB00000001');
    expect(res.statusCode).toBe(403);
    expect(res.json().header).toEqual({
      responseCode: RESPONSE_CODE.FORBIDDEN,
      responseDesc: AUTH_MESSAGES.proxyNotGranted('PTIB00000001'),
    });
    expect((await identity(c)).ptibProfileID).toBe('PTIB00000011');
  });

  it('refuses a masterBlock profile', async () => {
    const c = await signedIn('ptib.master');
    const res = await switchTo(c, MASTER_BLOCKED);
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.proxyBlocked(MASTER_BLOCKED));
    expect((await identity(c)).ptibProfileID).toBe(MASTER_OWN);
  });

  it('refuses an ordinary user acting for anyone, but lets them choose themself', async () => {
    const c = await signedIn('ptib.demo');
    const res = await switchTo(c, 'PTIB00000011');
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.proxyNotMaster);
    expect((await switchTo(c, '')).statusCode).toBe(200);
    expect((await switchTo(c, 'PTIB00000001')).statusCode).toBe(200);
    expect((await identity(c)).ptibProfileID).toBe('PTIB00000001');
  });

  it('answers 400 for a malformed body and 403 Forbidden without a session', async () => {
    const c = await signedIn('ptib.master');
    expect((await c.post(API_PATHS.switchProxyProfile, {})).statusCode).toBe(400);
    expect((await switchTo(c, 'x'.repeat(41))).statusCode).toBe(400);
    const anon = await new TestClient(app).post(API_PATHS.switchProxyProfile, { ptibProfileID: '' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().header.responseDesc).toBe('Forbidden');
  });

  it('records every switch, allowed or refused, in the audit trail', async () => {
    const c = await signedIn('ptib.master');
    await switchTo(c, 'PTIB00000012');
    await switchTo(c, MASTER_BLOCKED);
    const { rows } = await db.query<{ outcome: string; acting_profile_id: string; detail: Record<string, string> }>(
      `SELECT outcome, acting_profile_id, detail FROM audit_events WHERE event = 'proxy_switch' ORDER BY id DESC LIMIT 2`,
    );
    expect(rows[1]).toMatchObject({ outcome: 'success', acting_profile_id: 'PTIB00000012' });
    expect(rows[0]).toMatchObject({ outcome: 'failure', detail: { requested: MASTER_BLOCKED } });
  });
});

describe('a grant revoked while a master acts for the profile (docs/decisions/0029)', () => {
  const TARGET = 'PTIB00000012';
  const withdrawn = { responseCode: RESPONSE_CODE.PROXY_WITHDRAWN, responseDesc: AUTH_MESSAGES.proxyWithdrawn(TARGET) };
  const revocations: Array<[string, string, string]> = [
    [
      'masterBlock set',
      `UPDATE proxy_grants SET master_block = true WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
      `UPDATE proxy_grants SET master_block = false WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
    ],
    [
      'grant deleted',
      `DELETE FROM proxy_grants WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id) VALUES ('${MASTER_OWN}', '${TARGET}')`,
    ],
    [
      'master flag removed from the own profile',
      `UPDATE ptib_profiles SET proxy_ind = false WHERE id = '${MASTER_OWN}'`,
      `UPDATE ptib_profiles SET proxy_ind = true WHERE id = '${MASTER_OWN}'`,
    ],
  ];

  for (const [name, revoke, restore] of revocations) {
    it(`${name}: every call acting for the profile is refused at the next call; the switch back works`, async () => {
      const c = await signedIn('ptib.master');
      expect((await switchTo(c, TARGET)).statusCode).toBe(200);
      // Held in this process's session cache before the revocation.
      expect((await identity(c)).ptibProfileID).toBe(TARGET);
      expect((await c.get(API_PATHS.casesSummary)).statusCode).toBe(200);
      const casesOfTarget = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE profile_id = $1', [TARGET])).rows[0]!
          .n;
      const before = await casesOfTarget();
      const { rows: named } = await db.query<{ ptib_name: string }>(
        'SELECT ptib_name FROM ptib_profiles WHERE id = $1',
        [TARGET],
      );
      await db.query(revoke);
      try {
        for (const res of [
          await c.post(API_PATHS.retrieveProfile),
          await c.get(API_PATHS.casesSummary),
          await c.get(`${API_PATHS.cases}?app=PD`),
          await c.post(API_PATHS.cases, { appCode: 'PD', data: {}, draft: true }),
          await c.post(API_PATHS.refresh),
          await c.post(API_PATHS.retrieveMasterPTIBList),
        ]) {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().header).toEqual(withdrawn);
          // The refusal names the profile for the notice: the web app may hold nothing of it any more.
          expect(res.json().responseJSON).toEqual({ ptibProfileID: TARGET, PTIBName: named[0]!.ptib_name });
        }
        expect(await casesOfTarget()).toBe(before);
        // The way back is open, and the session goes on as the master.
        const back = await switchTo(c, '');
        expect(back.statusCode, back.body).toBe(200);
        expect(await identity(c)).toMatchObject({ ptibProfileID: MASTER_OWN });
        expect((await c.post(API_PATHS.refresh)).statusCode).toBe(200);
        // And not forward again to the revoked profile.
        expect((await switchTo(c, TARGET)).statusCode).toBe(403);
      } finally {
        await db.query(restore);
      }
    });
  }

  it('a logout still ends the session whose grant was withdrawn', async () => {
    const c = await signedIn('ptib.master');
    await switchTo(c, TARGET);
    await db.query(
      `DELETE FROM proxy_grants WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
    );
    try {
      expect((await c.post(API_PATHS.logout)).statusCode).toBe(200);
      const { rows } = await db.query<{ end_reason: string }>(
        `SELECT s.end_reason FROM sessions s JOIN accounts a ON a.id = s.account_id
          WHERE a.login_name = 'ptib.master' ORDER BY s.created_at DESC LIMIT 1`,
      );
      expect(rows).toEqual([{ end_reason: 'logout' }]);
    } finally {
      await db.query(`INSERT INTO proxy_grants (master_profile_id, proxy_profile_id) VALUES ($1, $2)`, [
        MASTER_OWN,
        TARGET,
      ]);
    }
  });

  it('acting as themself is untouched by a revoked grant', async () => {
    const c = await signedIn('ptib.master');
    await db.query(
      `UPDATE proxy_grants SET master_block = true WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
    );
    try {
      expect((await identity(c)).ptibProfileID).toBe(MASTER_OWN);
      expect((await c.post(API_PATHS.refresh)).statusCode).toBe(200);
    } finally {
      await db.query(
        `UPDATE proxy_grants SET master_block = false WHERE master_profile_id = '${MASTER_OWN}' AND proxy_profile_id = '${TARGET}'`,
      );
    }
  });
});

describe('a granted profile that is itself blocked', () => {
  const TARGET = ALLOWED[1]!;

  it('is listed as one the master may not act for, and the switch to it is refused with why', async () => {
    // Only the grant's masterBlock was read: the master acted for a blocked profile, whose user may not.
    const c = await signedIn('ptib.master');
    await db.query('UPDATE ptib_profiles SET is_blocked = true WHERE id = $1', [TARGET]);
    try {
      const listed = masterListResponseSchema.parse(
        (await c.post(API_PATHS.retrieveMasterPTIBList)).json().responseJSON,
      );
      expect(listed.masterPTIBList.find((e) => e.ptibProfileID === TARGET)?.masterBlock).toBe('Y');
      const res = await switchTo(c, TARGET);
      expect(res.statusCode).toBe(403);
      expect(res.json().header).toEqual({
        responseCode: RESPONSE_CODE.FORBIDDEN,
        responseDesc: AUTH_MESSAGES.proxyProfileBlocked(TARGET),
      });
      expect((await identity(c)).ptibProfileID).toBe(MASTER_OWN);
      const { rows } = await db.query<{ outcome: string; detail: Record<string, string> }>(
        `SELECT outcome, detail FROM audit_events WHERE event = 'proxy_switch' ORDER BY id DESC LIMIT 1`,
      );
      expect(rows[0]).toEqual({
        outcome: 'failure',
        detail: { requested: TARGET, reason: AUTH_MESSAGES.proxyProfileBlocked(TARGET) },
      });
    } finally {
      await db.query('UPDATE ptib_profiles SET is_blocked = false WHERE id = $1', [TARGET]);
    }
    expect((await switchTo(c, TARGET)).statusCode).toBe(200);
  });
});

describe('a master whose own profile is blocked', () => {
  it('acts for no one: an empty list, the switch refused, and 4100 for a profile already acted for', async () => {
    // The sign-in answered "blocked", yet a switch to a granted profile opened all of that profile's records.
    const before = await signedIn('ptib.master');
    expect((await switchTo(before, ALLOWED[0]!)).statusCode).toBe(200);
    // Blocked by hand in the database: no session is ended, so each call must see it.
    await db.query('UPDATE ptib_profiles SET is_blocked = true WHERE id = $1', [MASTER_OWN]);
    try {
      const blocked = { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked };
      expect((await before.post(API_PATHS.retrieveProfile)).json().header).toEqual(blocked);
      const cases = await before.get(API_PATHS.casesSummary);
      expect(cases.statusCode).toBe(403);
      expect(cases.json().header).toEqual(blocked);

      const c = await signedIn('ptib.master');
      expect((await c.post(API_PATHS.retrieveProfile)).json().header).toEqual(blocked);
      expect((await c.post(API_PATHS.retrieveMasterPTIBList)).json().responseJSON).toEqual({ masterPTIBList: [] });
      const res = await switchTo(c, ALLOWED[0]!);
      expect(res.statusCode).toBe(403);
      expect(res.json().header).toEqual({
        responseCode: RESPONSE_CODE.FORBIDDEN,
        responseDesc: AUTH_MESSAGES.profileBlocked,
      });
      expect((await c.get(API_PATHS.casesSummary)).json().header).toEqual(blocked);
    } finally {
      await db.query('UPDATE ptib_profiles SET is_blocked = false WHERE id = $1', [MASTER_OWN]);
    }
  });
});
