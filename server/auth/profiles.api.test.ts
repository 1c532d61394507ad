import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { countingQueries, freshDatabase } from '../test/database.ts';
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

describe('identityOf: profile reads made together', () => {
  const principals = [
    principal('PTIB00000001'),
    principal('PTIB00000003'),
    principal('PTIB00000002', 'PTIB00000005'),
    principal('PTIB00000001'),
    principal('PTIB99999999'),
    principal('PTIB00000004'),
  ];

  it('answers each call as a call of its own would, in three statements instead of one or two per call', async () => {
    const alone = [];
    for (const p of principals) alone.push(await identityOf(countingQueries(db), p));
    expect(alone[0]?.identity.PTIBName).toBeTruthy();
    expect(alone[1]?.blocked).toBe(true);
    expect(alone[2]?.identity.ptibProfileID).toBe('PTIB00000005');
    expect(alone[2]?.identity.ownPtibProfileID).toBe('PTIB00000002');
    expect(alone[4]).toBeNull();

    const via = countingQueries(db);
    const together = await Promise.all(principals.map((p) => identityOf(via, p)));
    expect(together).toEqual(alone);
    // The first read alone; every other first read during it together; the proxy's own profile after.
    expect(via.count).toBe(3);
  });
});
