import { decodeProtectedHeader } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { RETIRE_AFTER_MS, USAGE, keysCommand } from './keys-cli.ts';

/** `npm run keys`: the operator's rotation, checked through a running app's sign-in and calls. */

const clock = new FakeClock('2030-04-01T01:00:00Z');
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});
afterAll(async () => {
  await app?.close();
});

async function keys(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await keysCommand(
    db,
    argv,
    clock.now(),
    (l) => out.push(l),
    (l) => err.push(l),
    'ops.tan',
  );
  // A process re-reads the key list within 30 s; the test does not wait for it.
  app.signingKeys.invalidate();
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const profileStatus = async (c: TestClient) => (await c.post(API_PATHS.retrieveProfile)).statusCode;
const kidOf = (c: TestClient) => decodeProtectedHeader(c.token!).kid;

it('rotates without signing anyone out, and retires the older keys only once their tokens have expired', async () => {
  const before = await signedInClient(app, 'ptib.demo');
  const oldKid = kidOf(before);

  const rotated = await keys('rotate');
  expect(rotated.status).toBe(0);
  const newKid = /^(\S+) added/.exec(rotated.out)?.[1];
  expect(newKid).toBeTruthy();
  expect(newKid).not.toBe(oldKid);
  expect((await keys('list')).out.split('\n')[0]).toBe(
    `${newKid}  created ${clock.now().toISOString()}  (signs new tokens)`,
  );

  const after = await signedInClient(app, 'ptib.master');
  expect(kidOf(after)).toBe(newKid);
  expect(await profileStatus(before)).toBe(200);

  // Too early: a token of the older key may still be in use.
  const early = await keys('retire');
  expect(early.status).toBe(1);
  expect(early.err).toContain('--force');
  expect(await profileStatus(before)).toBe(200);

  expect((await keys('retire', newKid!)).status).toBe(1);

  clock.advance(RETIRE_AFTER_MS);
  const retired = await keys('retire');
  expect(retired.status).toBe(0);
  expect(retired.out).toContain(`${oldKid} retired`);
  expect((await keys('list')).out).not.toContain(oldKid);
  const fresh = await signedInClient(app, 'ptib.noauth');
  expect(kidOf(fresh)).toBe(newKid);
  expect(await profileStatus(fresh)).toBe(200);
});

it('retires at once with --force (a leaked key): its tokens are refused while their sessions are live', async () => {
  const before = await signedInClient(app, 'ptib.demo');
  const oldKid = kidOf(before);
  expect((await keys('rotate')).status).toBe(0);
  const forced = await keys('retire', oldKid!, '--force');
  expect(forced.status).toBe(0);
  expect(await profileStatus(before)).toBe(403);
  const again = await signedInClient(app, 'ptib.demo');
  expect(await profileStatus(again)).toBe(200);
});

it('writes each rotation and retirement to the audit trail as an operator action, a forced one saying so', async () => {
  const { rows: last } = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_events');
  const before = await signedInClient(app, 'ptib.demo');
  const oldKid = kidOf(before);
  const rotated = await keys('rotate');
  const newKid = /^(\S+) added/.exec(rotated.out)![1];
  expect((await keys('retire', oldKid!, '--force')).status).toBe(0);
  // Refused ones change nothing, and are not written.
  expect((await keys('retire', newKid!)).status).toBe(1);

  const { rows } = await db.query<{ event: string; outcome: string; detail: Record<string, unknown> }>(
    `SELECT event, outcome, detail FROM audit_events
      WHERE id > $1 AND event LIKE 'signing_key_%' ORDER BY id`,
    [last[0]!.id],
  );
  expect(rows).toEqual([
    { event: 'signing_key_added', outcome: 'success', detail: { kid: newKid, by: 'ops.tan', via: 'command' } },
    {
      event: 'signing_key_retired',
      outcome: 'success',
      detail: { kid: oldKid, forced: true, by: 'ops.tan', via: 'command' },
    },
  ]);
});

it('answers the usage for an unknown command', async () => {
  const run = await keys('spin');
  expect(run.status).toBe(2);
  expect(run.err).toBe(USAGE);
});
