import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICER_MESSAGES, OFFICER_PATHS, type BulkResult, type OfficerCase } from '#contract/officer.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { ACTION_KEYS_KEPT_MS } from '../payments/action-keys.ts';
import { actionUrl, doAction, officerTestApp, pdAnswers, signedInOfficer, submitted, view } from './test-support.ts';

/**
 * An action sent again after its answer was lost (a dropped connection) carries the key of its first
 * attempt: the server took it once, and answers the retry with the first attempt's result rather than
 * calling the officer's own change a colleague's (docs/decisions/0066).
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
let app: FastifyInstance;
let gateway: FakeSmsGateway;
let db: Database;
let applicant: TestClient;
let officer: TestClient;
let lead: TestClient;

beforeAll(async () => {
  ({ app, gateway, db, applicant, officer, lead } = await officerTestApp(clock));
});
afterAll(async () => {
  await gateway.close();
});

const KEY = '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';

async function inReview(): Promise<string> {
  const { id } = await submitted(applicant, pdAnswers('2026-05-20'));
  await doAction(officer, id, { action: 'assignToMe' });
  return id;
}

describe('an action sent again with the key of its first attempt', () => {
  it('is answered with the first attempt’s result, once, not as a colleague’s change', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    const body = { action: 'approve', version, actionKey: KEY };
    const first = await officer.post(actionUrl(id), body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await officer.post(actionUrl(id), body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().header.responseDesc).toBe(OFFICER_MESSAGES.done.approve);
    const answered = again.json().responseJSON as OfficerCase;
    expect(answered).toMatchObject({ status: 'approved', version: version + 1 });
    expect(answered.history.filter((h) => h.to === 'approved')).toHaveLength(1);
  });

  it('adds a note sent again once', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    const body = { action: 'addNote', version, text: 'Called the applicant.', actionKey: KEY };
    expect((await officer.post(actionUrl(id), body)).statusCode).toBe(200);
    const again = await officer.post(actionUrl(id), body);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().responseJSON as OfficerCase).notes.map((n) => n.text)).toEqual(['Called the applicant.']);
  });

  it('is a new action under a new key: on the old version it is stale, as before', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    await officer.post(actionUrl(id), { action: 'release', version, actionKey: KEY });
    const other = await officer.post(actionUrl(id), {
      action: 'release',
      version,
      actionKey: '0e5a7c1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().header.responseDesc).toBe(OFFICER_MESSAGES.staleVersion);
  });

  it('is another officer’s own: a colleague’s action under the same key is judged on its own', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    await officer.post(actionUrl(id), { action: 'addNote', version, text: 'Mine.', actionKey: KEY });
    const theirs = await lead.post(actionUrl(id), { action: 'addNote', version, text: 'Theirs.', actionKey: KEY });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json().responseJSON as OfficerCase).notes.map((n) => n.text)).toEqual(['Mine.', 'Theirs.']);
  });

  it('refuses another action under the key of one taken, and takes nothing', async () => {
    // A kept key answers its own action only: another one under it was told "done" and never taken.
    const id = await inReview();
    const { version } = await view(officer, id);
    expect(
      (await officer.post(actionUrl(id), { action: 'addNote', version, text: 'Mine.', actionKey: KEY })).statusCode,
    ).toBe(200);
    const other = await officer.post(actionUrl(id), { action: 'approve', version, actionKey: KEY });
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().header.responseDesc).toBe(OFFICER_MESSAGES.actionKeyOfAnother);
    const after = await view(officer, id);
    expect(after).toMatchObject({ status: 'in_review', version });
    expect(after.notes.map((n) => n.text)).toEqual(['Mine.']);
  });

  const accountIdOf = async (client: TestClient) =>
    (await client.get(OFFICER_PATHS.me)).json().responseJSON.accountId as number;

  // The same action under a kept key but with other words is another attempt: "done" would tell the officer
  // their new reason, message, officer or note was taken when only the first one was.
  it.each([
    {
      action: 'proposeRejection',
      what: 'another reason',
      by: () => officer,
      first: { reason: 'The payment was never made.' },
      other: { reason: 'The debtor is not the applicant.' },
    },
    {
      action: 'requestInfo',
      what: 'another message',
      by: () => officer,
      first: { message: 'Say what was paid.', fields: ['remarks'] },
      other: { message: 'Say who paid it.', fields: ['remarks'] },
    },
    {
      action: 'requestInfo',
      what: 'other questions',
      by: () => officer,
      first: { message: 'Say what was paid.', fields: ['remarks'] },
      other: { message: 'Say what was paid.', fields: ['paymentMethod'] },
    },
    {
      action: 'assign',
      what: 'another officer',
      by: () => lead,
      first: async () => ({ officerAccountId: await accountIdOf(lead) }),
      other: async () => ({ officerAccountId: await accountIdOf(officer) }),
    },
    {
      action: 'addNote',
      what: 'other text',
      by: () => officer,
      first: { text: 'Called the applicant.' },
      other: { text: 'Called again.' },
    },
  ])('refuses $action under the key of one taken with $what, taking nothing', async (c) => {
    const id = await inReview();
    const { version } = await view(officer, id);
    const words = async (w: object | (() => Promise<object>)) => (typeof w === 'function' ? await w() : w);
    const body = { action: c.action, version, actionKey: KEY, ...(await words(c.first)) };
    const first = await c.by().post(actionUrl(id), body);
    expect(first.statusCode, first.body).toBe(200);
    const taken = await view(officer, id);
    const other = await c.by().post(actionUrl(id), { ...body, ...(await words(c.other)) });
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().header.responseDesc).toBe(OFFICER_MESSAGES.actionKeyOfAnother);
    expect(await view(officer, id)).toEqual(taken);
    // The first attempt itself, sent again with its own words, is still answered "done".
    const again = await c.by().post(actionUrl(id), body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().header.responseDesc).toBe(
      OFFICER_MESSAGES.done[c.action as keyof typeof OFFICER_MESSAGES.done],
    );
    expect(await view(officer, id)).toEqual(taken);
  });

  it('answers a key kept before its words were, by its action as before', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    const body = { action: 'addNote', version, text: 'Kept before.', actionKey: KEY };
    expect((await officer.post(actionUrl(id), body)).statusCode).toBe(200);
    await db.query('UPDATE officer_action_keys SET request_digest = NULL WHERE case_id = $1::bigint', [id]);
    const again = await officer.post(actionUrl(id), { ...body, text: 'Kept before, reworded.' });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().responseJSON as OfficerCase).notes.map((n) => n.text)).toEqual(['Kept before.']);
  });

  it('refuses a key that is no key', async () => {
    const id = await inReview();
    const { version } = await view(officer, id);
    const res = await officer.post(actionUrl(id), { action: 'approve', version, actionKey: 'again' });
    expect(res.statusCode).toBe(400);
    expect((await view(officer, id)).status).toBe('in_review');
  });
});

describe('a bulk action sent again with the key of its first attempt', () => {
  it('reports every case done, as the first attempt did, and takes each once', async () => {
    const ids = [(await submitted(applicant, pdAnswers('2026-05-20'))).id];
    ids.push((await submitted(applicant, pdAnswers('2026-05-21'))).id);
    const cases = await Promise.all(ids.map(async (id) => ({ id, version: (await view(officer, id)).version })));
    const body = { action: 'assignToMe', cases, actionKey: KEY };
    const first = await officer.post(OFFICER_PATHS.bulk, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await officer.post(OFFICER_PATHS.bulk, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().header.responseDesc).toBe(OFFICER_MESSAGES.bulkDone(2, 2));
    expect((again.json().responseJSON as BulkResult).results.map((r) => [r.ok, r.status])).toEqual([
      [true, 'in_review'],
      [true, 'in_review'],
    ]);
    for (const id of ids) expect((await view(officer, id)).history.filter((h) => h.to === 'in_review')).toHaveLength(1);
  });

  it('reports a case whose key was kept for another action as not done, and takes nothing', async () => {
    const { id } = await submitted(applicant, pdAnswers('2026-05-23'));
    const { version } = await view(officer, id);
    await officer.post(actionUrl(id), { action: 'addNote', version, text: 'Looked at it.', actionKey: KEY });
    const res = await officer.post(OFFICER_PATHS.bulk, {
      action: 'assignToMe',
      cases: [{ id, version }],
      actionKey: KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().responseJSON as BulkResult).results).toMatchObject([
      { ok: false, message: OFFICER_MESSAGES.actionKeyOfAnother, status: 'submitted' },
    ]);
    expect((await view(officer, id)).status).toBe('submitted');
  });

  it('refuses a key that is no key', async () => {
    const { id } = await submitted(applicant, pdAnswers('2026-05-22'));
    const { version } = await view(officer, id);
    const res = await officer.post(OFFICER_PATHS.bulk, {
      action: 'assignToMe',
      cases: [{ id, version }],
      actionKey: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect((await view(officer, id)).status).toBe('submitted');
  });
});

// Last in the file: the clock moves on by days, past every session opened before.
describe('a kept key, by its age (docs/decisions/0111)', () => {
  const LATE = '3b9d4e2a-7c1f-4e8a-9b6d-5a4c3b2a1f0e';
  const keptRows = async (key: string) =>
    (
      await db.query<{ taken_at: Date }>('SELECT taken_at FROM officer_action_keys WHERE action_key = $1::uuid', [key])
    ).rows.map((r) => new Date(r.taken_at).toISOString());
  const notesOf = async (id: string) => (await view(officer, id)).notes.map((n) => n.text);

  it('answers a repeat for as long as it is kept, and is gone after that', async () => {
    const id = await inReview();
    const other = await inReview();
    const { version } = await view(officer, id);
    const body = { action: 'addNote', version, text: 'Called the applicant.', actionKey: LATE };
    expect((await officer.post(actionUrl(id), body)).statusCode).toBe(200);
    const takenAt = clock.now().toISOString();

    clock.advance(ACTION_KEYS_KEPT_MS - 60_000);
    officer = await signedInOfficer(app, gateway, 'officer.demo');
    const repeat = await officer.post(actionUrl(id), body);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(await notesOf(id)).toEqual(['Called the applicant.']);
    expect(await keptRows(LATE)).toEqual([takenAt]);

    // Past the period the key is forgotten by the next keyed action, whatever its case: the old attempt is
    // a new one now (a note names no version, so it is added again).
    clock.advance(2 * 60_000);
    const otherVersion = (await view(officer, other)).version;
    await officer.post(actionUrl(other), { action: 'addNote', version: otherVersion, text: 'Mine.', actionKey: KEY });
    expect(await keptRows(LATE)).toEqual([]);
    expect((await officer.post(actionUrl(id), body)).statusCode).toBe(200);
    expect(await notesOf(id)).toEqual(['Called the applicant.', 'Called the applicant.']);
  });
});
