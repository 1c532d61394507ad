/**
 * Soak: simulated users sign in, read their profile, refresh, save, submit and list records against two
 * server processes behind nginx, for a bounded time (SOAK_SECONDS, default 90) and a bounded number of
 * requests (SOAK_MAX_REQUESTS), on loopback only. It stops by itself. Afterwards: no answer was a 5xx
 * (or anything but what the call should answer), every acknowledged save is in the database, and no
 * secret the users sent or received is in a server log or the audit trail.
 *
 *   SOAK_SECONDS=900 SOAK_USERS=8 npx vitest run --project scale test/scale/soak.scale.test.ts
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, SITE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS, MAX_OPEN_DRAFTS } from '#contract/cases.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import { REGISTER_PATHS } from '#contract/register.ts';
import type { CaseDetail, CaseSummary, UserIdentity } from '#contract/schemas/index.ts';
import { authenticate, signIn } from '../../server/test/auth.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../server/test/fake-sms-gateway.ts';
import { USER_PASSWORD, createUsers, sql } from './database.ts';
import { NGINX_LIMITS_LIFTED, startDeployment, type Deployment } from './harness.ts';
import { HttpClient, envelope, type HttpAnswer } from './http-client.ts';
import { PD_DRAFT, PD_VALID } from './workload.ts';

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
const SOAK_SECONDS = positive(process.env.SOAK_SECONDS, 90);
const USERS = positive(process.env.SOAK_USERS, 6);
const MAX_REQUESTS = positive(process.env.SOAK_MAX_REQUESTS, 50_000);
/** Each user signs out and in again every this many rounds (argon2 makes sign-ins the dearest call). */
const SIGN_IN_EVERY = 20;
/** Failed sign-ins are few: all users share nginx's address, whose failures are counted and locked. */
const FAILED_SIGN_INS = 3;

let deployment: Deployment;
let gateway: FakeSmsGateway;
beforeAll(async () => {
  // Production logging: info level, every request logged, with the production redaction.
  // Production refuses to start without SMTP (no profile here has a confirmed address, so none is sent),
  // without an SMS gateway (a sign-in from a new browser is told by SMS) and without the agency's PayNow UEN.
  gateway = await startFakeSmsGateway();
  deployment = await startDeployment(
    2,
    {
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      PAYNOW_UEN: '201403121W',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      SMS_GATEWAY_URL: gateway.url,
    },
    // Its users sign in every SIGN_IN_EVERY rounds, a few times a second together, all from 127.0.0.1: far
    // more often than the people of one address do, and past nginx's sign-ins per address
    // (docs/decisions/0099), which test/scale/nginx.scale.test.ts tests.
    { signInsPerSecond: NGINX_LIMITS_LIFTED.signInsPerSecond },
  );
});
afterAll(async () => {
  await deployment?.stop();
  await gateway?.close();
});

interface Figures {
  requests: number;
  latencies: number[];
  byStatus: Map<number, number>;
  unexpected: string[];
}

const rssKb = (pid: number | undefined) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};

it(
  'simulated users for a bounded time: zero 5xx, every acknowledged save kept, no secret in a log',
  { timeout: (SOAK_SECONDS + 180) * 1000 },
  async () => {
    const logins = await createUsers(deployment.cluster.url, 'soak', USERS);
    const figures: Figures = { requests: 0, latencies: [], byStatus: new Map(), unexpected: [] };
    const acknowledged = new Map<string, 'created' | 'saved' | 'submitted' | 'deleted'>();
    const clients: HttpClient[] = [];
    const rssBefore = deployment.servers.map((s) => rssKb(s.child.pid));
    const started = Date.now();
    const stopAt = started + SOAK_SECONDS * 1000;
    const running = () => Date.now() < stopAt && figures.requests < MAX_REQUESTS;

    /** One call, timed and counted; answers null (and records why) when it is not the expected status. */
    const call = async (
      what: string,
      expected: number,
      send: () => Promise<HttpAnswer>,
    ): Promise<HttpAnswer | null> => {
      const t0 = performance.now();
      let res: HttpAnswer;
      try {
        res = await send();
      } catch (error) {
        figures.unexpected.push(`${what}: ${String(error)}`);
        return null;
      } finally {
        figures.requests++;
        figures.latencies.push(performance.now() - t0);
      }
      figures.byStatus.set(res.statusCode, (figures.byStatus.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode !== expected) {
        figures.unexpected.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return null;
      }
      return res;
    };

    const simulateUser = async (loginName: string) => {
      const user = new HttpClient(deployment.nginx.url);
      clients.push(user);
      // Its drafts not submitted, oldest first: a profile holds at most MAX_OPEN_DRAFTS (docs/decisions/0064),
      // so at the limit the user deletes the oldest, as a person would.
      const drafts: string[] = [];
      for (let round = 0; running(); round++) {
        if (round % SIGN_IN_EVERY === 0) {
          if (user.token) await call('logout', 200, () => user.post(API_PATHS.logout));
          const t0 = performance.now();
          try {
            await signIn(user, loginName, USER_PASSWORD);
            figures.byStatus.set(200, (figures.byStatus.get(200) ?? 0) + 1);
          } catch (error) {
            figures.unexpected.push(`sign-in: ${String(error)}`);
            return;
          } finally {
            figures.requests += 2; // nonce and authenticate
            figures.latencies.push(performance.now() - t0);
          }
        }
        const profile = await call('profile', 200, () => user.post(API_PATHS.retrieveProfile));
        if (profile && envelope<UserIdentity>(profile).responseJSON.loginName !== loginName)
          figures.unexpected.push(`profile: another user's identity for ${loginName}`);

        if (drafts.length >= MAX_OPEN_DRAFTS) {
          const oldest = drafts[0]!;
          if (!(await call('delete', 200, () => user.post(fillPath(CASE_PATHS.delete, { id: oldest }), {})))) continue;
          drafts.shift();
          acknowledged.set(oldest, 'deleted');
        }
        const created = await call('create', 201, () =>
          user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true }),
        );
        if (!created) continue;
        const id = envelope<CaseDetail>(created).responseJSON.id;
        acknowledged.set(id, 'created');
        drafts.push(id);
        if (await call('save', 200, () => user.post(fillPath(CASE_PATHS.one, { id }), { data: PD_VALID, version: 1 })))
          acknowledged.set(id, 'saved');
        else continue;
        if (round % 2 === 0) {
          const submitted = await call('submit', 200, () =>
            user.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id })}`, { version: 2 }),
          );
          if (submitted) {
            acknowledged.set(id, 'submitted');
            drafts.pop();
          }
        }
        // Read-your-writes through the load balancer, whichever process answers.
        const list = await call('list', 200, () => user.get(`${API_PATHS.cases}?app=PD`));
        if (list && !envelope<{ cases: CaseSummary[] }>(list).responseJSON.cases.some((c) => c.id === id))
          figures.unexpected.push(`list: record ${id} missing right after it was saved`);
        if (round % 5 === 4) {
          const refreshed = await call('refresh', 200, () => user.post(API_PATHS.refresh));
          if (refreshed) user.token = envelope<{ token: string }>(refreshed).responseJSON.token;
        }
      }
      await call('logout', 200, () => user.post(API_PATHS.logout));
    };

    const wrongPasswords = Array.from({ length: FAILED_SIGN_INS }, (_, i) => `Soak-Wrong-Password-${i}-${started}`);
    const intruder = async () => {
      const c = new HttpClient(deployment.nginx.url);
      clients.push(c);
      for (const password of wrongPasswords) {
        await call('failed sign-in', 401, () => authenticate(c, 'soak.nobody', password));
        await new Promise((r) => setTimeout(r, (SOAK_SECONDS * 1000) / (FAILED_SIGN_INS + 1)));
      }
    };

    // Memory of each server process over the run, to tell warm-up from a leak in longer runs.
    const rssSeries: number[][] = [rssBefore];
    const sampler = setInterval(() => rssSeries.push(deployment.servers.map((s) => rssKb(s.child.pid))), 15_000);
    try {
      await Promise.all([...logins.map(simulateUser), intruder()]);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;

    const sorted = [...figures.latencies].sort((x, y) => x - y);
    const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
    rssSeries.push(deployment.servers.map((s) => rssKb(s.child.pid)));
    const rssMb = rssSeries.map((sample) => sample.map((kb) => Math.round(kb / 1024)).join('/')).join(' → ');
    console.log(
      `soak: ${USERS} users, ${seconds.toFixed(0)} s, ${figures.requests} requests (${(figures.requests / seconds).toFixed(1)}/s), ` +
        `latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms; statuses ${JSON.stringify(Object.fromEntries(figures.byStatus))}; ` +
        `${acknowledged.size} records; server RSS every 15 s (MB): ${rssMb}`,
    );

    expect(figures.unexpected.slice(0, 10)).toEqual([]);
    expect([...figures.byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(figures.requests).toBeGreaterThan(USERS * 10);

    // Every acknowledged save is there, in the state the server acknowledged; nothing else was written.
    const rows = await sql<{ id: string; status: string; version: number; remarks: string; deleted: boolean }>(
      deployment.cluster.url,
      `SELECT c.id::text AS id, c.status, c.version, c.data->>'remarks' AS remarks, c.deleted_at IS NOT NULL AS deleted
         FROM cases c JOIN accounts a ON a.profile_id = c.profile_id WHERE a.login_name LIKE 'soak.%'`,
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    expect(rows.length).toBe(acknowledged.size);
    const counts = { created: 0, saved: 0, submitted: 0, deleted: 0 };
    for (const [id, state] of acknowledged) {
      const row = stored.get(id);
      expect(row, `record ${id}`).toBeDefined();
      counts[state]++;
      expect(row!.deleted, id).toBe(state === 'deleted');
      if (state === 'created') expect(row!.version, id).toBe(1);
      if (state === 'saved') expect([row!.version, row!.status, row!.remarks], id).toEqual([2, 'draft', '']);
      if (state === 'submitted') expect([row!.version, row!.status], id).toEqual([3, 'submitted']);
    }
    expect(counts.submitted).toBeGreaterThan(0);

    // No secret of the run in any server log line or audit row.
    const secrets = new Set<string>(wrongPasswords);
    for (const c of clients) for (const s of c.secrets) secrets.add(s);
    expect(secrets.size).toBeGreaterThan(USERS * 3);
    const logs = deployment.servers.map((s) => s.logs.join('')).join('\n');
    expect(logs).toContain(API_PATHS.authenticate); // the log did record the run
    const audit = JSON.stringify(await sql(deployment.cluster.url, 'SELECT * FROM audit_events'));
    const leaked = [...secrets].filter((s) => logs.includes(s) || audit.includes(s));
    expect(leaked).toEqual([]);
  },
);

it('keeps what is searched for, and the register case read, out of nginx’s access log and the app’s log', async () => {
  // What people type and read, as they send it: an officer's search for an applicant by name, the site
  // search for an ID number and a name (its GET form, which the spec requires), and a register entry.
  const name = 'Tan Ah Kow';
  const nric = 'S1234567D';
  const registerCase = 'BS 004321 2023';
  const officer = new HttpClient(deployment.nginx.url);
  const login = await authenticate(officer, 'officer.demo');
  expect(login.statusCode, login.body).toBe(200);
  expect((await officer.post(API_PATHS.sendOtpSms, {})).statusCode).toBe(200);
  const verified = await officer.post(API_PATHS.verifyOtp, { otp: gateway.lastCode() });
  expect(verified.statusCode, verified.body).toBe(200);
  officer.token = (verified.json() as { token: string }).token;
  const queue = await officer.get(`${OFFICER_PATHS.queue}?queue=new&q=${encodeURIComponent(name)}`);
  expect(queue.statusCode, queue.body).toBe(200);

  const user = new HttpClient(deployment.nginx.url);
  const site = await user.get(
    `${SITE_PATHS.search}?q=${encodeURIComponent(`${nric} ${name}`).replace(/%20/g, '+')}&resultswithin=minlaw`,
  );
  expect(site.statusCode, site.body).toBe(303);
  await signIn(user, 'ptib.demo');
  // Never searched for, so refused; logged all the same, as every request is.
  const entry = await user.get(`${REGISTER_PATHS.entry}?ref=RS-0000000000&case=${encodeURIComponent(registerCase)}`);
  expect(entry.statusCode).toBeLessThan(500);

  // Both logs are written after the answer (nginx's, and the processes' lines through a pipe): wait until
  // each request's line has come.
  const paths = [OFFICER_PATHS.queue, SITE_PATHS.search, REGISTER_PATHS.entry];
  const accessLog = () => readFileSync(deployment.nginx.accessLog, 'utf8');
  const appLog = () => deployment.servers.map((s) => s.logs.join('')).join('\n');
  await vi.waitFor(() => {
    for (const path of paths) {
      expect(accessLog()).toContain(`"GET ${path}`);
      expect(appLog()).toContain(`"url":"${path}?`);
    }
  });
  const [access, app] = [accessLog(), appLog()];
  // Each as typed or encoded in an address, never a bare run of digits: the app's log is the soak's too, and
  // its times and response times (1.004321 ms) hold any six digits sooner or later.
  const gap = String.raw`(\s|%20|\+)`;
  for (const searched of [new RegExp(`Tan${gap}Ah`), /S1234567/, new RegExp(`BS${gap}004321`)]) {
    expect(searched.test(access), `${searched} in nginx's access log`).toBe(false);
    expect(searched.test(app), `${searched} in the app's log`).toBe(false);
  }
  // Each line still says which call it was.
  expect(access).toContain(`"GET ${OFFICER_PATHS.queue} HTTP/1.1" 200`);
  expect(access).toContain(`"GET ${SITE_PATHS.search} HTTP/1.1" 303`);
  expect(access).toContain(`"GET ${REGISTER_PATHS.entry} HTTP/1.1"`);
  expect(app).toContain(`${REGISTER_PATHS.entry}?ref=[redacted]&case=[redacted]`);
});
