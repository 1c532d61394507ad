import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS, MAX_OPEN_DRAFTS } from '#contract/cases.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';
import { pdAnswers } from '../officer/test-support.ts';

let app: FastifyInstance;
let db: Database;
let demo: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}));
  demo = await signedInClient(app, 'ptib.demo');
});

const profileOf = async (loginName: string) =>
  (await db.query<{ p: string }>('SELECT profile_id AS p FROM accounts WHERE login_name = $1', [loginName])).rows[0]!.p;

const openDrafts = async (profileId: string) =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM cases WHERE profile_id = $1 AND status = 'draft' AND deleted_at IS NULL`,
        [profileId],
      )
    ).rows[0]!.n,
  );

/** Drafts written straight to the table, each with a number of the shared sequence, as a save would make. */
async function fillDrafts(profileId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO cases (app_code, profile_id, case_type, search_number, case_year, case_number, status, data,
                        created_at, updated_at)
     SELECT 'PD', $1, 'PD', s.n, 2026, 'PD ' || lpad(s.n::text, 6, '0') || ' 2026', 'draft', '{}'::jsonb, now(), now()
       FROM (SELECT nextval('case_search_number_seq') AS n FROM generate_series(1, $2::int)) s`,
    [profileId, count],
  );
}

const createDraft = (c: TestClient, createKey?: string) =>
  c.post(API_PATHS.cases, { appCode: 'PD', data: { remarks: 'Typed by hand' }, draft: true, createKey });

const lastNumber = async () =>
  (await db.query<{ n: string }>(`SELECT last_value::text AS n FROM case_search_number_seq`)).rows[0]!.n;

describe('open drafts of a profile', () => {
  it(`are at most ${MAX_OPEN_DRAFTS}: the next is refused with a reason, and takes no case number`, async () => {
    const profileId = await profileOf('ptib.demo');
    await fillDrafts(profileId, MAX_OPEN_DRAFTS - 1 - (await openDrafts(profileId)));
    const keyed = crypto.randomUUID();
    const last = await createDraft(demo, keyed);
    expect(last.statusCode, last.body).toBe(201);
    expect(await openDrafts(profileId)).toBe(MAX_OPEN_DRAFTS);

    const numberBefore = await lastNumber();
    const refused = await createDraft(demo);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().header).toEqual({
      responseCode: RESPONSE_CODE.CONFLICT,
      responseDesc: CASE_MESSAGES.tooManyDrafts(MAX_OPEN_DRAFTS),
    });
    // Nor as a first save that is no draft: every new record starts as one.
    const whole = await demo.post(API_PATHS.cases, { appCode: 'PD', data: pdAnswers('2026-01-05'), draft: false });
    expect(whole.statusCode, whole.body).toBe(409);
    expect(await lastNumber()).toBe(numberBefore);
    expect(await openDrafts(profileId)).toBe(MAX_OPEN_DRAFTS);

    // The first save sent again (its answer lost) is the record it made, not a new one: still taken.
    const again = await createDraft(demo, keyed);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json().responseJSON as CaseDetail).id).toBe((last.json().responseJSON as CaseDetail).id);

    // Another profile has its own limit.
    expect((await createDraft(await signedInClient(app, 'ptib.master'))).statusCode).toBe(201);
  });

  it('do not count a submitted record or a deleted draft', async () => {
    const profileId = await profileOf('ptib.demo');
    await fillDrafts(profileId, MAX_OPEN_DRAFTS - (await openDrafts(profileId)));
    expect((await createDraft(demo)).statusCode).toBe(409);

    // A draft submitted: room for one more.
    const { rows } = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM cases WHERE profile_id = $1 AND status = 'draft' AND deleted_at IS NULL
        ORDER BY id DESC LIMIT 2`,
      [profileId],
    );
    const [toSubmit, toDelete] = rows.map((r) => r.id) as [string, string];
    const saved = await demo.post(fillPath(CASE_PATHS.one, { id: toSubmit }), {
      data: pdAnswers('2026-01-05'),
      version: 1,
      draft: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: toSubmit })}`, {
      version: (saved.json().responseJSON as CaseDetail).version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await createDraft(demo)).statusCode).toBe(201);
    expect((await createDraft(demo)).statusCode).toBe(409);

    // A draft deleted: room for one more.
    expect((await demo.post(fillPath(CASE_PATHS.delete, { id: toDelete }), {})).statusCode).toBe(200);
    expect((await createDraft(demo)).statusCode).toBe(201);
    expect(await openDrafts(profileId)).toBe(MAX_OPEN_DRAFTS);
  });

  it('hold when several first saves arrive at once: only as many as there is room for are made', async () => {
    const client = await signedInClient(app, 'ptib.master');
    const own = await profileOf('ptib.master');
    await fillDrafts(own, MAX_OPEN_DRAFTS - 2 - (await openDrafts(own)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => createDraft(client)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await openDrafts(own)).toBe(MAX_OPEN_DRAFTS);
  });
});
