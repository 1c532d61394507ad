import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { actionUrl, doAction, officerTestApp, pdAnswers, submitted, view } from './test-support.ts';

/**
 * Words the applicant or a colleague reads must show something: text made only of characters that show
 * nothing (zero-width space and joiners, word joiner, byte order mark, spaces of every kind) is as empty as
 * '' and refused with the field's own message.
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;
let lead: TestClient;
let id: string;

beforeAll(async () => {
  ({ gateway, applicant, officer, lead } = await officerTestApp(clock));
  id = (await submitted(applicant, pdAnswers('2026-05-20'))).id;
  await doAction(officer, id, { action: 'assignToMe' });
});
afterAll(async () => {
  await gateway.close();
});

const INVISIBLE = ['\u200b', '\u200c\u200d', '\u2060', '\ufeff', ' \u200b\u00a0\n\t\u3000'];

describe('text that shows nothing', () => {
  it.each(INVISIBLE)('is no rejection reason, request message or note: %j', async (blank) => {
    const { version } = await view(officer, id);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await officer.post(actionUrl(id), { ...body, version });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().header.responseDesc).toBe(message);
    };
    await refused({ action: 'proposeRejection', reason: blank }, OFFICER_MESSAGES.reasonRequired);
    await refused({ action: 'requestInfo', message: blank, fields: ['remarks'] }, OFFICER_MESSAGES.messageRequired);
    await refused({ action: 'addNote', text: blank }, OFFICER_MESSAGES.noteRequired);
    const after = await view(officer, id);
    expect(after).toMatchObject({ status: 'in_review', version, notes: [], infoRequests: [] });
  });

  it('a reason with something to read among such characters is taken', async () => {
    const proposed = await doAction(officer, id, { action: 'proposeRejection', reason: '\u200bNo proof of payment.' });
    expect(proposed.status).toBe('rejection_proposed');
  });

  it("a supervisor's note that shows nothing returns the rejection with the plain history line", async () => {
    const returned = await doAction(lead, id, { action: 'returnRejection', note: '\u200b\u2060' });
    expect(returned.status).toBe('in_review');
    expect(returned.history.at(-1)?.message).toBe(OFFICER_MESSAGES.history.rejectionReturned);
  });
});
