import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import type { EserviceDetail, UserIdentity } from '#contract/schemas/index.ts';
import type { FastifyInstance } from 'fastify';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { doAction, officerTestApp, signedInOfficer, submitted } from '../officer/test-support.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import type { Database } from '../db/database.ts';
import { recordProfileUpdate } from './profile-update.ts';

// Tuesday 1 December 2026, 10:00 in Singapore.
const clock = new FakeClock('2026-12-01T02:00:00Z');
let applicant: TestClient;
let officer: TestClient;
let gateway: FakeSmsGateway;
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db, applicant, officer, gateway } = await officerTestApp(clock));
});

/** Moves the clock (past every session's idle limit) and signs both in again, as they would. */
async function travel(to: string) {
  clock.set(to);
  applicant = await signedInClient(app, 'ptib.demo');
  officer = await signedInOfficer(app, gateway, 'officer.demo');
}
afterAll(async () => {
  await gateway.close();
});

const identity = async (): Promise<UserIdentity> => {
  const res = await applicant.post(API_PATHS.retrieveProfile, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as UserIdentity;
};

const ADDRESS = {
  blockHouseNo: '1',
  streetName: 'Fusionopolis Way',
  floorUnit: '#20-01',
  buildingName: 'Connexis',
  postalCode: '138632',
  country: 'SG',
};

const update = (contactNumber: string, effectiveDate: string) => ({
  contactNumber,
  correspondenceAddress: ADDRESS,
  effectiveDate,
  remarks: '',
  declaration: true,
});

describe('the PTIB Profile Update e-service', () => {
  it('opens its mobile number and address at the profile’s own, and asks nothing an approval leaves', async () => {
    const res = await applicant.get(`${API_PATHS.eservices}/PTIB`);
    expect(res.statusCode, res.body).toBe(200);
    const { form, formVersion } = res.json().responseJSON as EserviceDetail;
    expect(formVersion).toBe(5);
    const fields = form.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
    expect(fields.filter((f) => 'prefill' in f && f.prefill === 'profile').map((f) => f.name)).toEqual([
      'contactNumber',
      'correspondenceAddress',
    ]);
    // An email address and SMS choice were asked too, and an approval changed neither: they are set under
    // Messages, where an address is confirmed first (migration 187), and the contact number says so.
    expect(fields.map((f) => f.name)).toEqual([
      'contactNumber',
      'correspondenceAddress',
      'effectiveDate',
      'remarks',
      'declaration',
    ]);
    expect(fields[0]!.hint).toContain('set under Messages');
    // Where SMS messages and sign-in codes go: a Singapore mobile number, not any phone (migration 194).
    expect(fields[0]).toMatchObject({ type: 'mobile', label: 'Mobile number' });
  });

  it('changes nothing until approved, then the profile at once when effective today', async () => {
    const before = await identity();
    const record = await submitted(applicant, update('+65 9876-5432', '2026-12-01'), 'PTIB');
    expect(await identity()).toEqual(before);
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'approve' });
    // As the profile keeps a number: its eight digits.
    expect(await identity()).toEqual({
      ...before,
      mobileNum: '98765432',
      correspondenceAddressDetails: ADDRESS,
    });
  });

  it('refuses a landline or an overseas number as the mobile number, at the question', async () => {
    for (const number of ['6234 5678', '+44 20 7946 0958']) {
      const created = await applicant.post(API_PATHS.cases, {
        appCode: 'PTIB',
        data: update(number, '2026-12-01'),
        draft: false,
      });
      expect(created.statusCode, number).toBe(400);
      expect(Object.keys(created.json().responseJSON.fieldErrors), number).toEqual(['contactNumber']);
    }
  });

  it('leaves the profile’s number for one approved under an earlier version that is no mobile', async () => {
    const before = await identity();
    // Approved as a record of version 4 would be: its answers held a landline.
    const record = await submitted(applicant, update('91234500', '2026-12-01'), 'PTIB');
    await recordProfileUpdate(
      db,
      { id: record.id, app_code: 'PTIB', profile_id: 'PTIB00000001', data: update('6234 5678', '2026-12-01') },
      clock.now(),
    );
    // The address changes as approved; SMS messages still go where they can arrive.
    expect(await identity()).toEqual({ ...before, correspondenceAddressDetails: ADDRESS });
  });

  it('keeps a later effective date’s change until that day', async () => {
    const record = await submitted(applicant, update('81112222', '2026-12-10'), 'PTIB');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'approve' });
    expect((await identity()).mobileNum).toBe('98765432');
    await travel('2026-12-09T15:59:00Z'); // 23:59 on the 9th in Singapore
    expect((await identity()).mobileNum).toBe('98765432');
    await travel('2026-12-09T16:00:00Z'); // midnight: the 10th
    expect((await identity()).mobileNum).toBe('81112222');
  });

  it('keeps nothing of a record without the answers it needs, rather than fail its approval', async () => {
    const before = await identity();
    await recordProfileUpdate(db, { id: '1', app_code: 'PTIB', profile_id: 'PTIB00000001', data: {} }, clock.now());
    expect((await db.query('SELECT 1 FROM profile_updates WHERE case_id = 1')).rowCount).toBe(0);
    expect(await identity()).toEqual(before);
  });

  it('changes nothing when rejected', async () => {
    await travel('2026-12-10T02:00:00Z');
    const record = await submitted(applicant, update('83334444', '2026-12-10'), 'PTIB');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'proposeRejection',
      reason: 'The address is not a Singapore one we know.',
    });
    expect((await identity()).mobileNum).toBe('81112222');
  });
});
