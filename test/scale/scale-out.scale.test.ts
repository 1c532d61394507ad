/**
 * Scale-out on real parts: two server processes on one PostgreSQL behind nginx. Each test makes one
 * process see what the other did; a process that kept sessions, locks or counters in its own memory
 * fails them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  LOGIN_THROTTLE,
  RESPONSE_CODE,
  formatCaseNumber,
} from '#contract/index.ts';
import type { CaseDetail, UserIdentity } from '#contract/schemas/index.ts';
import { LOGOUT_CLEAR_SITE_DATA } from '../../server/routes/auth.ts';
import { authenticate, signIn } from '../../server/test/auth.ts';
import { USER_PASSWORD, createUsers, sql } from './database.ts';
import { startDeployment, type Deployment, type ServerProcess } from './harness.ts';
import { HttpClient, envelope } from './http-client.ts';
import { PD_DRAFT, inBatches } from './workload.ts';

let deployment: Deployment;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  deployment = await startDeployment(2);
  [a, b] = deployment.servers as [ServerProcess, ServerProcess];
});
afterAll(async () => {
  await deployment?.stop();
});

const forbidden = { responseCode: RESPONSE_CODE.FORBIDDEN, responseDesc: FORBIDDEN_DESC };

describe('a session lives in the database, not in the process that made it', () => {
  it('is made through one process, refreshed through the other, and revoked through the other', async () => {
    const user = new HttpClient(a.url);
    const first = await signIn(user, 'ptib.demo');

    user.base = b.url;
    const profile = await user.post(API_PATHS.retrieveProfile);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(envelope<UserIdentity>(profile).responseJSON.loginName).toBe('ptib.demo');

    const refreshed = await user.post(API_PATHS.refresh);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const { token } = envelope<{ token: string }>(refreshed).responseJSON;
    expect(token).not.toBe(first);
    user.token = token;

    user.base = a.url;
    expect((await user.post(API_PATHS.retrieveProfile)).statusCode).toBe(200);

    user.base = b.url;
    const logout = await user.post(API_PATHS.logout);
    expect(logout.statusCode).toBe(200);
    expect(logout.headers.get('clear-site-data')).toBe(LOGOUT_CLEAR_SITE_DATA);

    user.base = a.url;
    for (const call of [API_PATHS.retrieveProfile, API_PATHS.refresh]) {
      const res = await user.post(call);
      expect(res.statusCode, call).toBe(403);
      expect(envelope(res).header, call).toEqual(forbidden);
    }
    // The token from before the refresh names the same, now ended, session.
    user.token = first;
    expect(envelope(await user.post(API_PATHS.retrieveProfile)).header).toEqual(forbidden);
  });

  it('one live session per login across processes: a sign-in through B interrupts the one made through A', async () => {
    const older = new HttpClient(a.url);
    await signIn(older, 'ptib.master');
    const newer = new HttpClient(b.url);
    await signIn(newer, 'ptib.master');

    for (const url of [a.url, b.url]) {
      older.base = url;
      const res = await older.post(API_PATHS.retrieveProfile);
      expect(res.statusCode, url).toBe(403);
      expect(envelope(res).header, url).toEqual({
        responseCode: RESPONSE_CODE.SESSION_INTERRUPTED,
        responseDesc: AUTH_MESSAGES.sessionInterrupted,
      });
      newer.base = url;
      expect((await newer.post(API_PATHS.retrieveProfile)).statusCode, url).toBe(200);
    }
  });
});

describe('case numbers', () => {
  it('stay unique when 100 records of two profiles are created at once, half through each process', async () => {
    // Two profiles: a profile's first saves wait for each other at its limit of open drafts
    // (docs/decisions/0064), and it may hold no more than MAX_OPEN_DRAFTS.
    const tabs: HttpClient[] = [];
    for (const loginName of await createUsers(deployment.cluster.url, 'numbers', 2)) {
      const user = new HttpClient(a.url);
      await signIn(user, loginName, USER_PASSWORD);
      tabs.push(user, user.tab(b.url));
    }
    const TOTAL = 100;
    const created = await inBatches(TOTAL, 10, async (i) => {
      const res = await tabs[i % tabs.length]!.post(API_PATHS.cases, {
        appCode: 'PD',
        data: PD_DRAFT,
        draft: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return envelope<CaseDetail>(res).responseJSON;
    });
    const numbers = new Set(created.map((c) => c.caseNumber));
    expect(numbers.size).toBe(TOTAL);
    const year = Number(created[0]!.caseNumber.slice(-4));
    for (const c of created) expect(c.caseNumber).toMatch(/^PD \d{6} \d{4}$/);
    const rows = await sql<{ case_number: string; search_number: number }>(
      deployment.cluster.url,
      'SELECT case_number, search_number FROM cases WHERE id = ANY($1::bigint[])',
      [created.map((c) => c.id)],
    );
    expect(rows).toHaveLength(TOTAL);
    for (const row of rows) expect(row.case_number).toBe(formatCaseNumber('PD', row.search_number, year));
  });
});

describe('sign-in throttling is shared by every process', () => {
  it('failures of one login name from many addresses, split across both processes, lock it on both', async () => {
    const [loginName] = await createUsers(deployment.cluster.url, 'lockme', 1);
    for (let i = 1; i <= LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES; i++) {
      // A different address each time: the evidence of many addresses locks the login name everywhere.
      const c = new HttpClient(i % 2 ? a.url : b.url, { forwardedFor: `198.51.100.${i}` });
      const res = await authenticate(c, loginName!, `Wrong-Password-${i}`);
      expect(res.statusCode, `attempt ${i}`).toBe(i < LOGIN_THROTTLE.LOGIN_LOCK_ADDRESSES ? 401 : 429);
    }
    for (const url of [a.url, b.url]) {
      const c = new HttpClient(url, { forwardedFor: '198.51.100.99' });
      const res = await authenticate(c, loginName!, USER_PASSWORD);
      expect(res.statusCode, url).toBe(429);
      expect(envelope(res).header.responseCode).toBe(RESPONSE_CODE.TOO_MANY_REQUESTS);
    }
  });

  it('failures from one address across many login names, split across both processes, lock that address on both', async () => {
    const address = '198.51.100.200';
    for (let i = 1; i <= LOGIN_THROTTLE.ADDRESS_MAX_FAILURES; i++) {
      const c = new HttpClient(i % 2 ? a.url : b.url, { forwardedFor: address });
      const res = await authenticate(c, `nobody.${i}`, 'Wrong-Password');
      expect(res.statusCode, `attempt ${i}`).toBe(i < LOGIN_THROTTLE.ADDRESS_MAX_FAILURES ? 401 : 429);
    }
    for (const url of [a.url, b.url]) {
      const locked = await authenticate(new HttpClient(url, { forwardedFor: address }), 'ptib.noauth');
      expect(locked.statusCode, url).toBe(429);
      const elsewhere = await authenticate(new HttpClient(url, { forwardedFor: '198.51.100.201' }), 'ptib.noauth');
      expect(elsewhere.statusCode, url).toBe(200);
    }
  });
});

describe('behind nginx', () => {
  it('the client address is the one nginx saw, not an X-Forwarded-For the client wrote itself', async () => {
    const c = new HttpClient(deployment.nginx.url, { forwardedFor: '203.0.113.77' });
    const res = await authenticate(c, 'spoof.check', 'Wrong-Password');
    expect(res.statusCode).toBe(401);
    const rows = await sql<{ client_address: string }>(
      deployment.cluster.url,
      `SELECT client_address FROM audit_events WHERE login_name = 'spoof.check'`,
    );
    expect(rows.map((r) => r.client_address)).toEqual(['127.0.0.1']);
  });
});
