import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, QUERY_MESSAGES } from '#contract/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
let demo: TestClient;
beforeAll(async () => {
  ({ app } = await buildTestApp());
  demo = await signedInClient(app, 'ptib.demo');
});

const PD = `${API_PATHS.eservices}/PD`;

/** The reason of a 400, as the error handler words it for a query field. */
const refused = (name: string, problem: string) => `Invalid request querystring field '${name}': ${problem}`;

describe('a number in a query', () => {
  it.each([
    [`${NOTIFICATION_PATHS.inbox}?page=1&page=2`, 'page'],
    [`${PD}?version=1&version=2`, 'version'],
    [`${API_PATHS.search}?q=x&page=1&page=2`, 'page'],
  ])('given twice (%s) is a 400 that says to give it once', async (url, name) => {
    const res = await demo.get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().header.responseDesc, url).toBe(refused(name, QUERY_MESSAGES.repeated(name)));
  });

  it.each(['0x5', '5e0', '5.0', '%205', '+5'])(
    'is plain decimal digits: version=%s is refused, not read as 5',
    async (version) => {
      const res = await demo.get(`${PD}?version=${version}`);
      expect(res.statusCode, version).toBe(400);
      expect(res.json().header.responseDesc, version).toBe(refused('version', QUERY_MESSAGES.wholeNumber('version')));
    },
  );

  it('in digits reads as it should', async () => {
    const res = await demo.get(`${PD}?version=05`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON.formVersion).toBe(5);
    const inbox = await demo.get(`${NOTIFICATION_PATHS.inbox}?page=2`);
    expect(inbox.statusCode, inbox.body).toBe(200);
  });
});

describe('any parameter of a query', () => {
  it.each([
    [`${NOTIFICATION_PATHS.inbox}?unread=1&after=1&after=2`, 'after'],
    [`${NOTIFICATION_PATHS.inbox}?unread=1&unread=0`, 'unread'],
    [`${API_PATHS.cases}?app=PD&app=PRD`, 'app'],
    [`${API_PATHS.casesSearch}?caseNumber=PD1&caseNumber=PD2`, 'caseNumber'],
    [`${API_PATHS.search}?q=refund&q=deposit`, 'q'],
  ])('given twice (%s) is a 400 that says to give it once, not what the validator found', async (url, name) => {
    const res = await demo.get(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().header.responseDesc, url).toBe(refused(name, QUERY_MESSAGES.repeated(name)));
  });
});
