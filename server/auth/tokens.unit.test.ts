import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { SigningKeys, addSigningKey } from './keys.ts';
import { VerifiedTokens, issueToken, verifyToken } from './tokens.ts';

const entry = (n: number) => ({
  claims: { sessionId: `s${n}`, accountId: '1', generation: 0 },
  kid: 'k',
  exp: n,
  nbf: 0,
});

describe('the tokens a process has verified', () => {
  it('is bounded: past its size the least recently used token goes first', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('t1', entry(1));
    tokens.set('t2', entry(2));
    tokens.get('t1');
    tokens.set('t3', entry(3));
    expect(tokens.size).toBe(2);
    expect(tokens.get('t2')).toBeUndefined();
    expect(tokens.get('t1')).toEqual(entry(1));
    expect(tokens.get('t3')).toEqual(entry(3));
  });
});

/**
 * The key table as SigningKeys reads it, in memory, with a switch that fails every query the way pg does
 * when the server is gone. Keys are made by the real addSigningKey.
 */
function keyTable() {
  const rows: Array<{ kid: string; private_jwk: unknown; public_jwk: unknown; created_at: Date }> = [];
  let down = false;
  const db = {
    kind: 'pglite',
    async query(text: string, params: readonly unknown[] = []) {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' });
      if (text.startsWith('INSERT INTO signing_keys')) {
        const [kid, privateJwk, publicJwk, createdAt] = params as [string, string, string, Date];
        rows.unshift({
          kid,
          private_jwk: JSON.parse(privateJwk),
          public_jwk: JSON.parse(publicJwk),
          created_at: createdAt,
        });
        return { rows: [], rowCount: 1 };
      }
      if (text.startsWith('SELECT kid, private_jwk, public_jwk')) return { rows: [...rows], rowCount: rows.length };
      throw new Error(`not in this test: ${text}`);
    },
  } as unknown as Database;
  return { db, down: (on: boolean) => (down = on), retireAll: () => void rows.splice(0) };
}

const T0 = new Date('2030-03-10T01:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const claims = { sessionId: '7c1d7f83-4b4f-4a4b-9a55-0d6f0f1f2e3a', accountId: '42', generation: 3 };

describe('session tokens (fast-jwt on node:crypto)', () => {
  it('expire 5 s (the clock tolerance) after exp, whether verified now or remembered from before', async () => {
    const { db } = keyTable();
    await addSigningKey(db, T0);
    const keys = new SigningKeys(db);
    const token = await issueToken(keys, claims, T0, at(60_000));
    const remembered = new VerifiedTokens();
    expect(await verifyToken(keys, token, T0, remembered)).toEqual(claims);
    for (const [now, expected] of [
      [at(64_999), claims],
      [at(65_000), null],
    ] as const) {
      expect(await verifyToken(keys, token, now), `fresh at ${now.toISOString()}`).toEqual(expected);
      expect(await verifyToken(keys, token, now, remembered), `remembered at ${now.toISOString()}`).toEqual(expected);
    }
  });

  it('are not valid more than 5 s before they are issued (nbf)', async () => {
    const { db } = keyTable();
    await addSigningKey(db, T0);
    const keys = new SigningKeys(db);
    const token = await issueToken(keys, claims, at(10_000), at(60_000));
    expect(await verifyToken(keys, token, at(4_999))).toBeNull();
    expect(await verifyToken(keys, token, at(5_000))).toEqual(claims);
  });

  it('of a kid that is not one of the live keys are refused', async () => {
    const ours = keyTable();
    await addSigningKey(ours.db, T0);
    const theirs = keyTable();
    await addSigningKey(theirs.db, T0);
    const token = await issueToken(new SigningKeys(theirs.db), claims, T0, at(60_000));
    expect(await verifyToken(new SigningKeys(ours.db), token, T0)).toBeNull();
  });

  it('an unreadable key list is an outage (thrown), not a bad token, for a new token and a remembered one', async () => {
    const { db, down } = keyTable();
    await addSigningKey(db, T0);
    const keys = new SigningKeys(db);
    const token = await issueToken(keys, claims, T0, at(60_000));
    const remembered = new VerifiedTokens();
    expect(await verifyToken(keys, token, T0, remembered)).toEqual(claims);
    down(true);
    const cold = new SigningKeys(db); // this process has not read the key list yet
    await expect(verifyToken(cold, token, T0)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    keys.invalidate(); // its copy ran out
    await expect(verifyToken(keys, token, T0, remembered)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('a process remembers the tokens it issues as verified: the same entry a verification makes, times and key still checked', async () => {
    const { db, retireAll } = keyTable();
    await addSigningKey(db, T0);
    const keys = new SigningKeys(db);
    const issued = new VerifiedTokens();
    const token = await issueToken(keys, claims, T0, at(60_000), issued);
    const checked = new VerifiedTokens();
    expect(await verifyToken(keys, token, T0, checked)).toEqual(claims);
    expect(issued.get(token)).toEqual(checked.get(token));
    expect(await verifyToken(keys, token, at(64_999), issued)).toEqual(claims);
    expect(await verifyToken(keys, token, at(65_000), issued)).toBeNull();
    expect(await verifyToken(keys, token, at(-5_001), issued)).toBeNull();
    retireAll();
    keys.invalidate();
    expect(await verifyToken(keys, token, T0, issued)).toBeNull();
  });
});
