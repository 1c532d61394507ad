import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICER_MESSAGES, OFFICER_PATHS, type BulkResult, type OfficerCase } from '#contract/officer.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { actionUrl, doAction, officerTestApp, pdAnswers, submitted, view } from './test-support.ts';

/**
 * An action sent again after its answer was lost (a dropped connection) carries the key of its first
 * attempt: the server took it once, and answers the retry with the first attempt's result rather than
 * calling the officer's own change a colleague's (docs/decisions/0066).
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;
let lead: TestClient;

beforeAll(async () => {
  ({ gateway, applicant, officer, lead } = await officerTestApp(clock));
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
