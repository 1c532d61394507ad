import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { freshDatabase } from '../test/database.ts';
import type { Principal } from './principal.ts';
import { identityOf } from './profiles.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.db;
  drop = fresh.drop;
});

afterAll(async () => {
  await db.close();
  await drop();
});

const principal = (ownProfileId: string, actingProfileId = ownProfileId): Principal => ({
  sessionId: '00000000-0000-4000-8000-000000000000',
  accountId: 1,
  loginName: 'someone',
  ownProfileId,
  actingProfileId,
  actingProfileBlocked: false,
  tokenGeneration: 0,
  authorities: ['ROLE_PTIB'],
  authorizations: ['SEMS01'],
});

describe('identityOf', () => {
  const principals = [
    principal('PTIB00000001'),
    principal('PTIB00000003'),
    principal('PTIB00000002', 'PTIB00000005'),
    principal('PTIB00000001'),
    principal('PTIB99999999'),
    principal('PTIB00000004'),
  ];

  it('answers the acting profile with the real account, blocked profiles as such, and null for no profile', async () => {
    const alone = [];
    for (const p of principals) alone.push(await identityOf(db, p, new Date()));
    expect(alone[0]?.identity.PTIBName).toBeTruthy();
    expect(alone[1]?.blocked).toBe(true);
    expect(alone[2]?.identity.ptibProfileID).toBe('PTIB00000005');
    expect(alone[2]?.identity.ownPtibProfileID).toBe('PTIB00000002');
    expect(alone[4]).toBeNull();
    // Made at once, the calls answer the same.
    expect(await Promise.all(principals.map((p) => identityOf(db, p, new Date())))).toEqual(alone);
  });
});
