/**
 * Faults on real parts: PostgreSQL going away under running servers, server processes restarted and
 * killed in the middle of saves. Nothing acknowledged may be lost, nothing may be half-written, and
 * nobody may be signed out by a fault that was not theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  FORBIDDEN_DESC,
  MESSAGES,
  PROCESS_ENGINE_PATHS,
  RESPONSE_CODE,
  fillPath,
  withPhone,
} from '#contract/index.ts';
import { CASE_PATHS, MAX_OPEN_DRAFTS } from '#contract/cases.ts';
import type { CaseDetail } from '#contract/schemas/index.ts';
import { signIn } from '../../server/test/auth.ts';
import { USER_PASSWORD, createUsers, sql } from './database.ts';
import { NGINX_FAIL_TIMEOUT_S, restartServer, startDeployment, waitHealthy, type Deployment } from './harness.ts';
import { HttpClient, envelope, type HttpAnswer } from './http-client.ts';
import { PD_DRAFT, PD_VALID } from './workload.ts';

const CONTACT_PHONE = '6123 4567';
const systemDifficulties = {
  responseCode: RESPONSE_CODE.UNAVAILABLE,
  responseDesc: withPhone(MESSAGES.systemDifficulties, CONTACT_PHONE),
};

let deployment: Deployment;
beforeAll(async () => {
  deployment = await startDeployment(2, { CONTACT_PHONE });
});
afterAll(async () => {
  await deployment?.stop();
});

const server = (i: number) => deployment.servers[i]!;
const submitUrl = (id: string) => `/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id })}`;

describe('database unreachable', () => {
  it('API calls answer 503 with the system-difficulties message, nobody is signed out, and all recovers by itself', async () => {
    const user = new HttpClient(server(0).url);
    await signIn(user, 'ptib.demo');
    const created = envelope<CaseDetail>(
      await user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true }),
    ).responseJSON;
    const viaB = user.tab(server(1).url);
    const viaNginx = user.tab(deployment.nginx.url);
    const stranger = new HttpClient(server(1).url);

    deployment.cluster.stop();
    try {
      const calls: Array<[string, () => Promise<HttpAnswer>]> = [
        ['profile (encrypted) via A', () => user.post(API_PATHS.retrieveProfile)],
        ['profile (encrypted) via B', () => viaB.post(API_PATHS.retrieveProfile)],
        ['refresh via B', () => viaB.post(API_PATHS.refresh)],
        ['e-services via nginx', () => viaNginx.get(API_PATHS.eservices)],
        [
          'save via nginx',
          () => viaNginx.post(fillPath(CASE_PATHS.one, { id: created.id }), { data: PD_VALID, version: 1 }),
        ],
        ['new record via A', () => user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true })],
        // No login nonce here: it is signed, not stored, so it needs no database (docs/decisions/0031).
        ['content page', () => stranger.get(`${API_PATHS.content}/faqs`)],
      ];
      // Again and again through nginx: the app's envelope every time, never nginx's own error page (an
      // outage of the shared database is no reason to mark processes down).
      for (let i = 0; i < 4; i++)
        calls.push([`e-services via nginx, again (${i})`, () => viaNginx.get(API_PATHS.eservices)]);
      for (const [name, call] of calls) {
        const res = await call();
        expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
        expect(res.headers.get('content-type'), name).toMatch(/^application\/json/);
        expect(envelope(res).header, name).toEqual(systemDifficulties);
      }
    } finally {
      deployment.cluster.start();
    }

    // No restart: each process's pool reconnects on its own, and the session outlived the outage.
    for (const s of deployment.servers) await waitHealthy(s.url, { timeoutMs: 30_000 });
    // nginx did not hold the outage against any process: the very next call through it works.
    expect((await viaNginx.get(API_PATHS.eservices)).statusCode).toBe(200);
    expect((await user.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);
    expect((await viaB.post(API_PATHS.refresh)).statusCode).toBe(200);
    const saved = await viaNginx.post(fillPath(CASE_PATHS.one, { id: created.id }), { data: PD_VALID, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('server processes restarted', () => {
  it('a token issued before every process restarted still works after', async () => {
    const user = new HttpClient(server(0).url);
    const token = await signIn(user, 'ptib.master');
    await restartServer(deployment, 0, 'SIGTERM');
    await restartServer(deployment, 1, 'SIGKILL');
    for (const s of deployment.servers) {
      user.base = s.url;
      const res = await user.post(API_PATHS.retrieveProfile);
      expect(res.statusCode, s.url).toBe(200);
      expect(user.token).toBe(token);
    }
    const refreshed = await user.post(API_PATHS.refresh);
    expect(refreshed.statusCode).toBe(200);
  });

  it('a rolling restart behind nginx, one process at a time, fails no request and loses no save', async () => {
    const user = new HttpClient(deployment.nginx.url);
    await signIn(user, 'ptib.demo');
    const countCases = async () =>
      Number(
        (
          await sql<{ n: string }>(
            deployment.cluster.url,
            "SELECT count(*) AS n FROM cases WHERE profile_id = 'PTIB00000001'",
          )
        )[0]!.n,
      );
    const before = await countCases();
    const outcomes = new Map<string, number>();
    const createdIds: string[] = [];
    let running = true;
    const loop = async (write: boolean) => {
      let sinceCleared = 0;
      while (running) {
        let key: string;
        try {
          const res = write
            ? await user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true })
            : await user.get(API_PATHS.eservices);
          key = `${write ? 'POST' : 'GET'} ${res.statusCode}`;
          if (write && res.statusCode === 201) createdIds.push(envelope<CaseDetail>(res).responseJSON.id);
          // A profile holds at most MAX_OPEN_DRAFTS open drafts (docs/decisions/0064): every so many, the
          // loop's drafts are deleted, as a person would, their rows kept for the count below.
          if (write && ++sinceCleared === MAX_OPEN_DRAFTS / 4) {
            sinceCleared = 0;
            await sql(
              deployment.cluster.url,
              `UPDATE cases SET deleted_at = now() WHERE profile_id = 'PTIB00000001' AND status = 'draft'
                 AND deleted_at IS NULL`,
            );
          }
        } catch (error) {
          // A failed call is an outcome the assertion below reports, not a rejection nobody awaits yet.
          key = `${write ? 'POST' : 'GET'} failed: ${String((error as { code?: unknown }).code ?? error)}`;
        }
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    };
    const loops = [loop(false), loop(false), loop(true), loop(true)];
    // The documented procedure: drain one process at nginx, restart it, put it back, and once it is
    // healthy wait out nginx's fail_timeout before the next, so nginx never has every process marked down.
    const settle = () => new Promise((r) => setTimeout(r, (NGINX_FAIL_TIMEOUT_S + 1) * 1000));
    try {
      await settle();
      for (const i of deployment.servers.keys()) {
        await restartServer(deployment, i, 'SIGTERM', { drain: true });
        await settle();
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    expect(Object.fromEntries(outcomes)).toEqual({
      'GET 200': outcomes.get('GET 200'),
      'POST 201': outcomes.get('POST 201'),
    });
    expect(createdIds.length).toBeGreaterThan(10);
    const rows = await sql(deployment.cluster.url, 'SELECT id FROM cases WHERE id = ANY($1::bigint[])', [createdIds]);
    expect(rows).toHaveLength(createdIds.length);
    // Nothing saved twice: the client's retry of a closed connection never repeated a delivered POST.
    expect((await countCases()) - before).toBe(createdIds.length);
  });

  it('a process killed in the middle of saves leaves no half-written record, and every acknowledged save is kept', async () => {
    const [loginName] = await createUsers(deployment.cluster.url, 'crash', 1);
    const user = new HttpClient(server(0).url);
    await signIn(user, loginName!, USER_PASSWORD);

    // What the server acknowledged, per record: created (version 1), saved (2), submitted (3).
    const acknowledged = new Map<string, number>();
    let attempts = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        attempts++;
        try {
          const created = await user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true });
          if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
          const id = envelope<CaseDetail>(created).responseJSON.id;
          acknowledged.set(id, 1);
          const saved = await user.post(fillPath(CASE_PATHS.one, { id }), { data: PD_VALID, version: 1 });
          if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
          acknowledged.set(id, 2);
          const submitted = await user.post(submitUrl(id), { version: 2 });
          if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
          acknowledged.set(id, 3);
        } catch (error) {
          if (killed) return; // the call the crash cut off: not acknowledged
          throw error;
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    const deadline = Date.now() + 20_000;
    while ([...acknowledged.values()].filter((v) => v === 3).length < 10 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    killed = true;
    await restartServer(deployment, 0, 'SIGKILL');
    await Promise.all(workers);
    expect([...acknowledged.values()].filter((v) => v === 3).length).toBeGreaterThanOrEqual(10);

    const rows = await sql<{ id: string; status: string; version: number; data: Record<string, string> }>(
      deployment.cluster.url,
      `SELECT c.id::text AS id, c.status, c.version, c.data FROM cases c JOIN accounts a ON a.profile_id = c.profile_id
        WHERE a.login_name = $1`,
      [loginName],
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const [id, step] of acknowledged) {
      const row = stored.get(id);
      expect(row, `record ${id}`).toBeDefined();
      expect(row!.version, `record ${id}`).toBeGreaterThanOrEqual(step);
      if (step >= 2) expect(row!.data.remarks, `record ${id}`).toBe(PD_VALID.remarks);
      if (step === 3) expect(row!.status, `record ${id}`).toBe('submitted');
    }
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(rows.length).toBeLessThanOrEqual(attempts);

    // Each change is one transaction: record, status history and audit event together or not at all.
    const history = await sql<{ id: string; drafts: number; submits: number; saves: number; submit_events: number }>(
      deployment.cluster.url,
      `SELECT c.id::text AS id,
              (SELECT count(*)::int FROM case_status_history h WHERE h.case_id = c.id AND h.to_status = 'draft') AS drafts,
              (SELECT count(*)::int FROM case_status_history h WHERE h.case_id = c.id AND h.to_status = 'submitted') AS submits,
              (SELECT count(*)::int FROM audit_events e WHERE e.event = 'case_save' AND e.detail->>'caseId' = c.id::text) AS saves,
              (SELECT count(*)::int FROM audit_events e WHERE e.event = 'case_submit' AND e.detail->>'caseId' = c.id::text) AS submit_events
         FROM cases c WHERE c.id = ANY($1::bigint[])`,
      [rows.map((r) => r.id)],
    );
    for (const h of history) {
      const row = stored.get(h.id)!;
      const submitted = row.status === 'submitted' ? 1 : 0;
      expect(h, `record ${h.id}`).toEqual({
        id: h.id,
        drafts: 1,
        submits: submitted,
        saves: row.version - submitted,
        submit_events: submitted,
      });
    }

    // The user was not signed out by the crash either.
    user.base = server(0).url;
    const after = await user.post(API_PATHS.retrieveProfile);
    expect(after.statusCode).toBe(200);
    expect(envelope(after).header.responseDesc).not.toBe(FORBIDDEN_DESC);
  });
});
