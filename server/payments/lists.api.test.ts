import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import {
  DASHBOARD_BILLS_MAX,
  PAYMENT_PATHS,
  RECONCILIATION_PATHS,
  RETURNS_MAX,
  type ListedBill,
  type MoneyToReturn,
} from '#contract/payments.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { officerTestApp, signedInOfficer } from '../officer/test-support.ts';

/**
 * Lists of bills that show only part of what there is say how much there is in all, counted up to
 * LIST_COUNT_CAP so the count stays cheap. Bills are written straight to the tables: hundreds of them through
 * submissions would take minutes.
 */
let app: FastifyInstance;
let db: Database;
/** 01:00 on 15 Jan 2030 in Singapore, still 14 Jan in UTC: the portal's day is Singapore's. */
const NOW = '2030-01-14T17:00:00Z';
let demo: TestClient;
const DEMO_PROFILE = 'PTIB00000001';

let finance: TestClient;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  ({ app, db, gateway, applicant: demo } = await officerTestApp(new FakeClock(NOW)));
  // The money to return is a finance officer's to see (docs/decisions/0046).
  finance = await signedInOfficer(app, gateway, 'officer.finance');
});
afterAll(async () => {
  await gateway.close();
});

/** `count` paid bills of the profile, each on a record of its own, numbered from `from`, an hour apart. */
async function paidBills(profileId: string, from: number, count: number, state = 'paid'): Promise<void> {
  await db.query(
    `WITH made AS (
       INSERT INTO cases (id, app_code, profile_id, case_type, case_year, case_number, status, updated_at)
       SELECT g, 'PD', $1, 'PD', 2029, 'ZB ' || g || ' 2029', 'approved',
              timestamptz '2029-01-01 00:00:00+00' + (g - $2::int) * interval '1 hour'
         FROM generate_series($2::int, $2::int + $3::int - 1) AS g
       RETURNING id, case_number, updated_at)
     INSERT INTO bills (case_id, profile_id, reference, amount_cents, received_cents, state, issued_at, due_on,
                        expires_on, settled_at)
     SELECT id, $1, replace(case_number, ' ', ''), 100, 100, $4, updated_at, '2029-02-01', '2029-03-01', updated_at
       FROM made`,
    [profileId, from, count, state],
  );
}

const billsOf = async (client: TestClient) => {
  const res = await client.get(PAYMENT_PATHS.bills);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as { bills: ListedBill[]; total: number };
};

describe('the payer’s dashboard bills', () => {
  it(`list ${DASHBOARD_BILLS_MAX} and say how many there are in all, counted up to ${LIST_COUNT_CAP}`, async () => {
    // The demo's own: its paid deposit (server/db/demo-records.ts).
    const before = (await billsOf(demo)).total;
    await paidBills(DEMO_PROFILE, 5_000_000, DASHBOARD_BILLS_MAX + 1);
    const some = await billsOf(demo);
    expect(some.bills).toHaveLength(DASHBOARD_BILLS_MAX);
    expect(some.total).toBe(before + DASHBOARD_BILLS_MAX + 1);
    expect(some.bills[0]!.caseId).toBe(String(5_000_000 + DASHBOARD_BILLS_MAX));

    await paidBills(DEMO_PROFILE, 6_000_000, LIST_COUNT_CAP);
    const many = await billsOf(demo);
    expect(many.bills).toHaveLength(DASHBOARD_BILLS_MAX);
    expect(many.total).toBe(LIST_COUNT_CAP);
  });
  it('mark a bill whose QR code expired before it was paid in full, as of Singapore’s day', async () => {
    // Two part-paid, payable up to 14 Jan and up to 15 Jan; one awaiting payment up to 14 Jan, not yet expired.
    await db.query(
      `WITH made AS (
         INSERT INTO cases (id, app_code, profile_id, case_type, case_year, case_number, status, updated_at)
         SELECT g, 'PCD', $1, 'PC', 2030, 'ZL ' || g || ' 2030', 'approved', $2 FROM generate_series(9000001, 9000003) AS g
         RETURNING id, case_number, updated_at)
       INSERT INTO bills (case_id, profile_id, reference, amount_cents, received_cents, state, issued_at, due_on,
                          expires_on)
       SELECT id, $1, replace(case_number, ' ', ''), 100000, CASE id WHEN 9000003 THEN 0 ELSE 40000 END,
              CASE id WHEN 9000003 THEN 'awaiting' ELSE 'part_paid' END, updated_at, '2029-12-29',
              CASE id WHEN 9000002 THEN date '2030-01-15' ELSE date '2030-01-14' END
         FROM made`,
      [DEMO_PROFILE, NOW],
    );
    const listed = new Map((await billsOf(demo)).bills.map((b) => [b.caseNumber, b]));
    expect(listed.get('ZL 9000001 2030')).toMatchObject({ state: 'part_paid', lapsed: true });
    expect(listed.get('ZL 9000002 2030')).toMatchObject({ state: 'part_paid', lapsed: false });
    expect(listed.get('ZL 9000003 2030')).toMatchObject({ state: 'expired', lapsed: true });
  });
});

describe('the money to return', () => {
  const queue = async () => {
    const res = await finance.request({ method: 'GET', url: RECONCILIATION_PATHS.queue });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responseJSON as { returns: MoneyToReturn[]; toReturn: number };
  };

  it(`lists the oldest ${RETURNS_MAX} and says how many there are in all, counted up to ${LIST_COUNT_CAP}`, async () => {
    // Bills paid, then cancelled when their applications were rejected (docs/decisions/0059).
    await paidBills(DEMO_PROFILE, 7_000_000, RETURNS_MAX + 1, 'cancelled');
    const some = await queue();
    expect(some.returns).toHaveLength(RETURNS_MAX);
    expect(some.toReturn).toBe(RETURNS_MAX + 1);
    expect(some.returns[0]!.caseNumber).toBe('ZB 7000000 2029');

    await paidBills(DEMO_PROFILE, 8_000_000, LIST_COUNT_CAP, 'cancelled');
    const many = await queue();
    expect(many.returns).toHaveLength(RETURNS_MAX);
    expect(many.toReturn).toBe(LIST_COUNT_CAP);
  });
});
