import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import {
  CASE_PATHS,
  CASE_STATUSES,
  DASHBOARD_LATEST_COUNT,
  RECORD_LIST_MAX,
  type CaseStatus,
} from '#contract/cases.ts';
import { fillPath } from '#contract/processEngine.ts';
import type { CaseDetail, CasesSummary } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { mostLoopsOf, statementsDuring } from '../test/database.ts';
import { PAYMENT_MESSAGES } from '#contract/payments.ts';
import { buildTestApp } from '../test/helper.ts';

// Later than the seed's records (stamped with the database's own clock), so records saved here are newer.
const clock = new FakeClock('2030-06-01T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let demo: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
  demo = await signedIn('ptib.demo');
});

const signedIn = (loginName: string) => signedInClient(app, loginName);

async function summaryOf(c: TestClient): Promise<CasesSummary> {
  const res = await c.get(API_PATHS.casesSummary);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().responseJSON as CasesSummary;
}

const counts = (partial: Partial<Record<CaseStatus, number>>) =>
  Object.fromEntries(CASE_STATUSES.map((s) => [s, partial[s] ?? 0]));

/** A draft saved through the API, a minute after the previous one. */
async function draft(c: TestClient, appCode = 'PD'): Promise<CaseDetail> {
  clock.advance(60_000);
  const res = await c.post(API_PATHS.cases, { appCode, data: {}, draft: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as CaseDetail;
}

/** What the records of a profile say directly, to check the answer against. */
async function seededCases(profileId: string) {
  const { rows } = await db.query<{ id: string; app_code: string; status: CaseStatus }>(
    `SELECT id::text AS id, app_code, status FROM cases
     WHERE profile_id = $1 AND deleted_at IS NULL ORDER BY updated_at DESC, id DESC`,
    [profileId],
  );
  return rows;
}

describe('GET /api/cases/summary', () => {
  it("answers the acting profile's counts by status and its latest records", async () => {
    const seeded = await seededCases('PTIB00000001');
    expect(seeded.map((r) => r.app_code).sort()).toEqual(['PAR', 'PCD', 'PRD']);
    const first = await summaryOf(demo);
    expect(first.counts).toEqual(counts({ draft: 1, submitted: 1, approved: 1 }));
    expect(first.latest.map((c) => c.id)).toEqual(seeded.map((r) => r.id));
    // A submitted record also says where it stands (docs/decisions/0040); a draft does not.
    for (const c of first.latest)
      expect(Object.keys(c).sort()).toEqual(
        [
          'appCode',
          'caseNumber',
          'id',
          'status',
          'updatedAt',
          'version',
          ...(c.status === 'draft' ? [] : ['progress']),
        ].sort(),
      );

    // More records than the dashboard lists: the latest few, most recently updated first.
    const saved: CaseDetail[] = [];
    for (let i = 0; i < DASHBOARD_LATEST_COUNT; i++) saved.push(await draft(demo));
    const after = await summaryOf(demo);
    expect(after.counts).toEqual(counts({ draft: 1 + DASHBOARD_LATEST_COUNT, submitted: 1, approved: 1 }));
    expect(after.latest.map((c) => c.caseNumber)).toEqual(saved.map((c) => c.caseNumber).reverse());
    expect(after.latest[0]).toEqual({
      id: saved.at(-1)!.id,
      appCode: 'PD',
      caseNumber: saved.at(-1)!.caseNumber,
      status: 'draft',
      version: 1,
      updatedAt: clock.now().toISOString(),
    });

    // A change moves a record to the top: the order is by last update, not by creation.
    clock.advance(60_000);
    const oldest = saved[0]!;
    const put = await demo.post(fillPath(CASE_PATHS.one, { id: oldest.id }), { data: {}, version: 1, draft: true });
    expect(put.statusCode, put.body).toBe(200);
    const reordered = await summaryOf(demo);
    expect(reordered.latest[0]).toMatchObject({ id: oldest.id, version: 2, updatedAt: clock.now().toISOString() });
    expect(reordered.latest).toHaveLength(DASHBOARD_LATEST_COUNT);
  });

  it('leaves deleted records out of the counts and the list', async () => {
    const before = await summaryOf(demo);
    const doomed = await draft(demo);
    expect((await summaryOf(demo)).counts.draft).toBe(before.counts.draft + 1);
    const res = await demo.post(fillPath(CASE_PATHS.delete, { id: doomed.id }), { version: doomed.version });
    expect(res.statusCode, res.body).toBe(200);
    const after = await summaryOf(demo);
    expect(after.counts).toEqual(before.counts);
    expect(after.latest.map((c) => c.id)).not.toContain(doomed.id);
    expect(after.latest).toEqual(before.latest);
  });

  it('leaves out the records of an e-service the principal may not use, or that is withdrawn', async () => {
    const before = await summaryOf(demo);
    // A statutory demand: an e-service of which the seed gives the demo no record.
    const demand = await draft(demo, 'SDNE');
    const refund = await draft(demo, 'PRD');
    const both = await summaryOf(demo);
    expect(both.counts.draft).toBe(before.counts.draft + 2);
    expect(both.latest.slice(0, 2).map((c) => c.id)).toEqual([refund.id, demand.id]);
    try {
      await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01', 'SPECIAL'] WHERE code = 'SDNE'`);
      await db.query(`UPDATE eservices SET active = false WHERE code = 'PRD'`);
      const after = await summaryOf(demo);
      // Neither the new records nor the seeded PRD one (submitted) are counted or listed.
      expect(after.counts).toEqual({ ...before.counts, submitted: before.counts.submitted - 1 });
      expect(after.latest.map((c) => c.appCode)).not.toContain('SDNE');
      expect(after.latest.map((c) => c.appCode)).not.toContain('PRD');
      expect(after.latest).toHaveLength(DASHBOARD_LATEST_COUNT);
    } finally {
      await db.query(`UPDATE eservices SET authorizations = ARRAY['SEMS01'] WHERE code = 'SDNE'`);
      await db.query(`UPDATE eservices SET active = true WHERE code = 'PRD'`);
    }
    expect((await summaryOf(demo)).counts).toEqual(both.counts);
  });

  it('answers for the profile a master user acts for, never its own records', async () => {
    const master = await signedIn('ptib.master');
    const own = await draft(master);
    const mine = await summaryOf(master);
    expect(mine.counts).toEqual(counts({ draft: 1 }));
    expect(mine.latest.map((c) => c.id)).toEqual([own.id]);

    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000011' });
    expect(switched.statusCode, switched.body).toBe(200);
    const proxied = await summaryOf(master);
    expect(proxied.counts).toEqual(counts({ draft: 1, in_review: 1, approved: 1 }));
    expect(proxied.latest.map((c) => c.appCode).sort()).toEqual(['ESA', 'FIR', 'PNC']);
    expect(proxied.latest.map((c) => c.id)).not.toContain(own.id);

    await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: '' });
    expect((await summaryOf(master)).latest.map((c) => c.id)).toEqual([own.id]);
  });

  it('counts every record of an e-service, past the 200 a list call answers', async () => {
    const bulk = 250;
    // All changed at the same moment, so the latest are the highest ids. Ids chosen far above the
    // sequence's: as text, the 6-digit ids would sort before the 7-digit ones.
    await db.query(
      `INSERT INTO cases (id, app_code, profile_id, case_type, case_year, case_number, status, updated_at)
       SELECT 1000000 + g, 'PRD', 'PTIB00000012', 'RD', 2030, 'ZZ ' || lpad(g::text, 6, '0') || ' 2030',
              CASE WHEN g % 5 = 0 THEN 'rejected' ELSE 'approved' END, timestamptz '2030-01-01 00:00:00+00'
       FROM generate_series(1, $1::int) AS g
       UNION ALL
       SELECT 999990 + g, CASE g WHEN 1 THEN 'PRD' ELSE 'PCD' END, 'PTIB00000012', 'PC', 2030, 'ZY ' || lpad(g::text, 6, '0') || ' 2030',
              'draft', timestamptz '2030-01-01 00:00:00+00'
       FROM generate_series(1, 3) AS g`,
      [bulk],
    );
    const master = await signedIn('ptib.master');
    await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000012' });
    const list = await master.get(`${API_PATHS.cases}?app=PRD`);
    expect(list.json().responseJSON.cases).toHaveLength(RECORD_LIST_MAX);
    expect(list.json().responseJSON.cases[0].id).toBe(String(1000000 + bulk));
    // The list says how many there are in all: the bulk and the one PRD draft.
    expect(list.json().responseJSON.total).toBe(bulk + 1);

    const summary = await summaryOf(master);
    // The seeded DAR record of PTIB00000012 is submitted.
    expect(summary.counts).toEqual(counts({ draft: 3, submitted: 1, approved: bulk - bulk / 5, rejected: bulk / 5 }));
    expect(summary.latest.map((c) => c.id)).toEqual(
      Array.from({ length: DASHBOARD_LATEST_COUNT }, (_, i) => String(1000000 + bulk - i)),
    );
  });

  it(`counts a long list of records up to ${LIST_COUNT_CAP}, so the count stays cheap`, async () => {
    // Older than every record of the test above, so its latest stay the latest.
    await db.query(
      `INSERT INTO cases (id, app_code, profile_id, case_type, case_year, case_number, status, updated_at)
       SELECT 2000000 + g, 'PRD', 'PTIB00000012', 'RD', 2029, 'ZW ' || g || ' 2029', 'approved',
              timestamptz '2029-01-01 00:00:00+00'
       FROM generate_series(1, $1::int) AS g`,
      [LIST_COUNT_CAP],
    );
    const master = await signedIn('ptib.master');
    await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000012' });
    let list: { cases: unknown[]; total: number } | undefined;
    // The count runs once for the list, not again for each of its rows.
    const loops = await mostLoopsOf(app.db, /FROM eservices e/, async () => {
      list = (await master.get(`${API_PATHS.cases}?app=PRD`)).json().responseJSON;
    });
    expect(list!.cases).toHaveLength(RECORD_LIST_MAX);
    expect(list!.total).toBe(LIST_COUNT_CAP);
    expect(loops).toBe(1);
  });

  it("reads a rejected record's reason, another's open request and a bill to pay with the records, in one statement", async () => {
    // Later than every record above, so both are among the latest.
    await db.query(
      `INSERT INTO cases (id, app_code, profile_id, case_type, case_year, case_number, status, updated_at, decision_reason)
       VALUES (3000001, 'PRD', 'PTIB00000001', 'RD', 2031, 'ZX 000001 2031', 'rejected', '2031-01-01 00:00:00+00', 'Not eligible.'),
              (3000002, 'PRD', 'PTIB00000001', 'RD', 2031, 'ZX 000002 2031', 'more_info_requested', '2031-01-01 00:00:01+00', NULL),
              (3000003, 'PRD', 'PTIB00000001', 'RD', 2031, 'ZX 000003 2031', 'approved', '2031-01-01 00:00:02+00', NULL)`,
    );
    await db.query(
      `INSERT INTO bills (case_id, profile_id, reference, amount_cents, issued_at, due_on, expires_on)
       VALUES (3000003, 'PTIB00000001', 'ZX0000032031', 17550, '2030-12-01 00:00:00+00', '2099-01-15', '2099-02-15')`,
    );
    await db.query(
      `INSERT INTO case_status_history (case_id, from_status, to_status, changed_at, actor, message)
       VALUES (3000001, 'draft', 'submitted', '2030-12-01 00:00:00+00', 'ptib.demo', NULL),
              (3000001, 'in_review', 'rejected', '2031-01-01 00:00:00+00', 'officer.demo', 'Not eligible.'),
              (3000002, 'draft', 'submitted', '2030-12-01 00:00:00+00', 'ptib.demo', NULL),
              (3000002, 'in_review', 'more_info_requested', '2031-01-01 00:00:01+00', 'officer.demo', 'Which date?'),
              (3000003, 'draft', 'submitted', '2030-12-01 00:00:00+00', 'ptib.demo', NULL),
              (3000003, 'in_review', 'approved', '2031-01-01 00:00:02+00', 'officer.demo', NULL)`,
    );
    await db.query(
      `INSERT INTO case_info_requests (case_id, account_id, requested_by, message, fields, requested_at, answers_before)
       SELECT 3000002, id, 'officer.demo', 'Which date?', '{receiptNumber}', '2031-01-01 00:00:01+00', '{}' FROM accounts
        WHERE login_name = 'officer.demo'`,
    );
    let summary: CasesSummary | undefined;
    const sent = await statementsDuring(app.db, async () => {
      summary = await summaryOf(demo);
    });
    // The session, the overview, and the form whose labels name the requested questions.
    expect(sent, sent.join('\n')).toHaveLength(3);
    const [billed, requested, rejected] = summary!.latest;
    expect(billed!.progress!.nextStep).toBe(PAYMENT_MESSAGES.nextStepPay('S$175.50', '15 Jan 2099'));
    expect(rejected!.progress!.decisionReason).toBe('Not eligible.');
    expect(requested!.progress!.request).toMatchObject({
      message: 'Which date?',
      fields: ['receiptNumber'],
      fieldLabels: ['Original receipt number'],
    });
    // Read with the overview or apart, the progress is the same.
    for (const c of [billed!, requested!, rejected!]) {
      const own = (await demo.get(fillPath(CASE_PATHS.one, { id: c.id }))).json().responseJSON as { progress: unknown };
      expect(c.progress, c.caseNumber).toEqual(own.progress);
    }
    // Past its last payable day a bill is no longer to pay as it was, though no one has read it since to mark it
    // expired: it is asked for again (docs/decisions/0086), never "nothing more" while unpaid.
    await db.query(`UPDATE bills SET due_on = '2000-01-15', expires_on = '2000-02-15' WHERE case_id = 3000003`);
    const lapsed = (await demo.get(fillPath(CASE_PATHS.one, { id: billed!.id }))).json().responseJSON as CaseDetail;
    expect(lapsed.progress!.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);
    const again = (await summaryOf(demo)).latest.find((c) => c.id === billed!.id)!;
    expect(again.progress!.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);
  });

  it("takes a bill's last payable day as Singapore's, past midnight there while it is still the day before in UTC", async () => {
    // 01:00 on 2 June in Singapore, 17:00 on 1 June in UTC; the QR code could be paid up to 1 June.
    clock.set('2030-06-01T17:00:00Z');
    const payer = await signedIn('ptib.demo');
    await db.query(
      `UPDATE bills SET state = 'part_paid', received_cents = 100, due_on = '2030-05-25', expires_on = '2030-06-01'
        WHERE case_id = 3000003`,
    );
    const record = (await payer.get(fillPath(CASE_PATHS.one, { id: '3000003' }))).json().responseJSON as CaseDetail;
    expect(record.progress!.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);
    const latest = (await summaryOf(payer)).latest.find((c) => c.id === '3000003')!;
    expect(latest.progress!.nextStep).toBe(PAYMENT_MESSAGES.nextStepRenew);
  });

  it('refuses a caller without a session, or without SEMS01', async () => {
    const anonymous = await new TestClient(app).get(API_PATHS.casesSummary);
    // Signed out is the specification's 403 'Forbidden' (decisions.md §4), which makes the app log out.
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().header).toEqual({ responseCode: '403', responseDesc: 'Forbidden' });
    expect(anonymous.body).not.toContain('latest');

    const noauth = await signedIn('ptib.noauth');
    const refused = await noauth.get(API_PATHS.casesSummary);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.responseDesc).toContain('SEMS01');
  });
});
