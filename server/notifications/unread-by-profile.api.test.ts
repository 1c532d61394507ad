import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { UnreadByProfile } from '#contract/schemas/notifications.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { notify } from './notify.ts';

const clock = new FakeClock('2030-06-01T02:00:00Z');
let app: FastifyInstance;
let db: Database;

const DEMO = 'PTIB00000001';
const MASTER = 'PTIB00000002';
const CHUA = 'PTIB00000011';
const KOH = 'PTIB00000012';
/** Granted to ptib.master with master_block: shown in the selector, never acted for. */
const YEO = 'PTIB00000013';

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});

// As seeded: each test may withdraw a grant or block a profile.
beforeEach(async () => {
  await db.query('UPDATE proxy_grants SET master_block = (proxy_profile_id = $2) WHERE master_profile_id = $1', [
    MASTER,
    YEO,
  ]);
  await db.query('UPDATE ptib_profiles SET is_blocked = false, proxy_ind = (id = $1) WHERE id LIKE $2', [
    MASTER,
    'PTIB%',
  ]);
});

const countsOf = async (c: TestClient): Promise<Record<string, number>> => {
  const res = await c.get(NOTIFICATION_PATHS.unreadByProfile);
  expect(res.statusCode, res.body).toBe(200);
  const { profiles } = res.json().responseJSON as UnreadByProfile;
  return Object.fromEntries(profiles.map((p) => [p.ptibProfileID, p.unread]));
};

/** An obligatory message about one of the profile's records (an officer's request for more information). */
let numbered = 0;
async function request(profileId: string): Promise<void> {
  clock.advance(1_000);
  numbered += 1;
  await notify(db, {
    kind: 'moreInfoRequested',
    profileId,
    caseNumber: `DA ${String(numbered).padStart(6, '0')} 2030`,
    facts: {},
    at: clock.now(),
  });
}

describe('the unread counts of the profiles one may act for', () => {
  it('names a master user’s own profile and each profile granted, each counted as its inbox counts it', async () => {
    const master = await signedInClient(app, 'ptib.master');
    const before = await countsOf(master);
    expect(Object.keys(before).sort()).toEqual([MASTER, CHUA, KOH].sort());
    await request(KOH);
    await request(KOH);
    await request(CHUA);
    const after = await countsOf(master);
    expect(after).toEqual({ [MASTER]: before[MASTER], [CHUA]: before[CHUA]! + 1, [KOH]: before[KOH]! + 2 });
    // What each inbox says once the master acts for it, and the same answer while acting for another.
    for (const profile of [KOH, CHUA]) {
      const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: profile });
      expect(switched.statusCode, switched.body).toBe(200);
      expect((await master.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread).toBe(after[profile]);
      expect(await countsOf(master)).toEqual(after);
    }
  });

  it('leaves out a profile whose grant is withdrawn or blocked, or that is blocked itself, at once', async () => {
    const master = await signedInClient(app, 'ptib.master');
    await request(KOH);
    await db.query(
      'UPDATE proxy_grants SET master_block = true WHERE master_profile_id = $1 AND proxy_profile_id = $2',
      [MASTER, KOH],
    );
    expect(Object.keys(await countsOf(master)).sort()).toEqual([MASTER, CHUA].sort());
    await db.query('DELETE FROM proxy_grants WHERE master_profile_id = $1 AND proxy_profile_id = $2', [MASTER, CHUA]);
    expect(Object.keys(await countsOf(master))).toEqual([MASTER]);
    await db.query(
      'INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, master_block) VALUES ($1, $2, false)',
      [MASTER, CHUA],
    );
    await db.query('UPDATE ptib_profiles SET is_blocked = true WHERE id = $1', [CHUA]);
    expect(Object.keys(await countsOf(master))).toEqual([MASTER]);
  });

  it('names no granted profile once the account is a master no more', async () => {
    const master = await signedInClient(app, 'ptib.master');
    await db.query('UPDATE ptib_profiles SET proxy_ind = false WHERE id = $1', [MASTER]);
    expect(Object.keys(await countsOf(master))).toEqual([MASTER]);
  });

  it('names only the own profile of a user who is not a master, whatever grants name it', async () => {
    const demo = await signedInClient(app, 'ptib.demo');
    // A grant of a profile that is no master's gives nothing: proxy_ind is what makes a master.
    await db.query(
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, master_block) VALUES ($1, $2, false)
       ON CONFLICT DO NOTHING`,
      [DEMO, KOH],
    );
    await request(DEMO);
    const counts = await countsOf(demo);
    expect(Object.keys(counts)).toEqual([DEMO]);
    expect(counts[DEMO]).toBe((await demo.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread);
    expect(counts[DEMO]).toBeGreaterThan(0);
  });

  it('is refused without a session', async () => {
    const res = await app.inject({ method: 'GET', url: NOTIFICATION_PATHS.unreadByProfile });
    expect(res.statusCode).toBe(403);
  });
});
