import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { signedInOfficer } from '../officer/test-support.ts';

/**
 * A caller the call is not for is refused with 403 whatever it sends: the guard answers before the
 * route's schema reads the body, query or path. Otherwise a caller without a session learns each call's
 * shape from its 400s, and a wrong-role caller is told to mend a request it may not make at all.
 */
const routes: Array<{ method: string; url: string }> = [];
let app: FastifyInstance;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app } = await buildTestApp(
    { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p', LOG_LEVEL: 'error' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
      },
    },
  ));
});
afterAll(async () => {
  await gateway.close();
});

/** A request no schema accepts: junk path parameters, an unknown query and a body of the wrong shape. */
const junk = (client: TestClient, route: { method: string; url: string }) =>
  client.request({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z]+/g, '%20x%20') + '?status=draft&page=-1&limit=nope',
    body: route.method === 'GET' ? undefined : { junk: [1, { deeper: null }], version: 'x' },
    encrypt: false,
  });

/** The routes that refuse `client` with a 403 when asked properly empty, each with that answer's code. */
async function refusedRoutes(client: TestClient) {
  const refused: Array<{ method: string; url: string; code: string }> = [];
  for (const route of routes) {
    if (!route.url.startsWith('/') || route.url.includes('*')) continue;
    const res = await client.request({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z]+/g, '1'),
      body: route.method === 'GET' ? undefined : {},
      encrypt: false,
    });
    if (res.statusCode === 403) refused.push({ ...route, code: res.json().header.responseCode });
  }
  return refused;
}

async function expectRefusedWhateverSent(client: TestClient) {
  const refused = await refusedRoutes(client);
  expect(refused.length).toBeGreaterThan(10);
  const answers = [];
  for (const route of refused) {
    const res = await junk(client, route);
    answers.push({
      route: `${route.method} ${route.url}`,
      status: res.statusCode,
      code: res.json().header.responseCode,
    });
  }
  expect(answers).toEqual(refused.map((r) => ({ route: `${r.method} ${r.url}`, status: 403, code: r.code })));
}

describe('a caller the call is not for', () => {
  it('without a session, is refused before the request is read', async () => {
    await expectRefusedWhateverSent(new TestClient(app));
  });

  it('with a PTIB session on a back-office call, is refused before the request is read', async () => {
    const applicant = await signedInClient(app, 'ptib.demo');
    expect((await applicant.post(API_PATHS.retrieveProfile, {})).statusCode).toBe(200);
    await expectRefusedWhateverSent(applicant);
  });

  it('with an officer session on a PTIB call, is refused before the request is read', async () => {
    await expectRefusedWhateverSent(await signedInOfficer(app, gateway, 'officer.finance'));
  });
});
