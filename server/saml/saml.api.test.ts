import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  ROUTES,
  SSO,
  SSO_MESSAGES,
  SSO_RESPONSE_CODE,
} from '#contract/index.ts';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/database.ts';
import { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp, testConfig } from '../test/helper.ts';
import { createTestIdp, type TestIdp } from '../test/saml-idp.ts';
import { loadSamlSettings } from './settings.ts';

const SP_ENTITY_ID = 'https://eservices.ptib.test/saml/sp';
const ACS_URL = 'https://eservices.ptib.test/api/session';

const clock = new FakeClock(new Date());
let idp: TestIdp;
let app: FastifyInstance;
let db: Database;
let tmp: string;

beforeAll(async () => {
  idp = await createTestIdp();
  tmp = mkdtempSync(path.join(tmpdir(), 'ptib-saml-'));
  ({ app, db } = await buildTestApp(idp.env({ spEntityId: SP_ENTITY_ID, acsUrl: ACS_URL }), { now: clock.now }));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The browser of the tests that do not name one. */
let browser: TestClient;
beforeAll(() => {
  browser = new TestClient(app);
});

/**
 * Starts SSO the way the login screen does, in `client`'s browser (a new one by default); answers the
 * AuthnRequest the IdP would receive.
 */
async function startSso(client: TestClient = browser) {
  const res = await client.post(API_PATHS.samlInitial, {});
  expect(res.statusCode, res.body).toBe(200);
  const { redirectUrl } = res.json().responseJSON as { redirectUrl: string };
  return { redirectUrl, request: idp.readAuthnRequest(redirectUrl), client };
}

/**
 * The IdP's auto-posting form: urlencoded, no XSRF header (it comes from another site), with the
 * cookies of the browser it runs in (`client`; none for a post made outside any browser of ours).
 */
function postAssertion(samlResponse: string, client: TestClient | null = browser) {
  const target = client?.app ?? app;
  const cookies = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return target.inject({
    method: 'POST',
    url: API_PATHS.session,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.test.example',
      ...(cookies ? { cookie: cookies } : {}),
    },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
}

const HANDOVER_PREFIX = `/#${ROUTES.accessInitial}?auth=`;

/** The hand-over code of a 303 from the assertion consumer. */
function handoverCode(res: Awaited<ReturnType<typeof postAssertion>>): string {
  expect(res.statusCode, res.body).toBe(303);
  const location = res.headers.location as string;
  expect(location.startsWith(HANDOVER_PREFIX)).toBe(true);
  return decodeURIComponent(location.slice(HANDOVER_PREFIX.length));
}

/** One full sign-in up to the hand-over code, in `client`'s browser. */
async function codeFor(client: TestClient, nameId = 'ptib.demo') {
  const { request } = await startSso(client);
  return handoverCode(await postAssertion(goodResponse(request.id, { nameId }), client));
}

const goodResponse = (inResponseTo: string, extra: Partial<Parameters<TestIdp['response']>[0]> = {}) =>
  idp.response({ inResponseTo, nameId: 'ptib.demo', audience: SP_ENTITY_ID, acsUrl: ACS_URL, ...extra });

function expectRefused(res: Awaited<ReturnType<typeof postAssertion>>, status: number, code: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json()).toEqual({ header: { responseCode: code, responseDesc: message }, responseJSON: null });
  expect(res.headers.location).toBeUndefined();
}

describe('GET /api/config', () => {
  it('says SSO is enabled when it is configured', async () => {
    const res = await app.inject({ method: 'GET', url: API_PATHS.config });
    expect(res.json().responseJSON.ssoEnabled).toBe(true);
  });

  it('and off when not', async () => {
    const { app: plain } = await buildTestApp();
    const res = await plain.inject({ method: 'GET', url: API_PATHS.config });
    expect(res.json().responseJSON.ssoEnabled).toBe(false);
    const initial = await new TestClient(plain).post(API_PATHS.samlInitial, {});
    expect(initial.statusCode).toBe(404);
    expect(initial.json().header).toEqual({
      responseCode: SSO_RESPONSE_CODE.NOT_CONFIGURED,
      responseDesc: SSO_MESSAGES.notConfigured,
    });
    expectRefused(
      await postAssertion('PHg+', new TestClient(plain)),
      404,
      SSO_RESPONSE_CODE.NOT_CONFIGURED,
      SSO_MESSAGES.notConfigured,
    );
  });
});

describe('POST /api/saml/initial', () => {
  it('answers the IdP address with a redirect-binding AuthnRequest from this service', async () => {
    const { redirectUrl, request } = await startSso();
    expect(redirectUrl.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    expect(request).toMatchObject({ issuer: SP_ENTITY_ID, acsUrl: ACS_URL, destination: idp.ssoUrl });
    const { rows } = await db.query<{ id: string }>('SELECT id FROM saml_requests WHERE id = $1', [request.id]);
    expect(rows).toHaveLength(1);
  });

  it('keeps its XSRF protection (only the assertion consumer is exempt)', async () => {
    const res = await app.inject({ method: 'POST', url: API_PATHS.samlInitial, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });
});

describe('POST /api/session (assertion consumer)', () => {
  it('sends the browser to #/access-initial with a hand-over code that this browser exchanges for a session', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id));
    const code = handoverCode(res);
    expect(res.headers['cache-control']).toBe('no-store');

    const exchange = await browser.post(API_PATHS.sessionExchange, { code });
    expect(exchange.statusCode, exchange.body).toBe(200);
    browser.token = exchange.json().responseJSON.token as string;
    const profile = await browser.post(API_PATHS.retrieveProfile, {});
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().responseJSON.loginName).toBe('ptib.demo');
    // The request id is spent.
    const { rows } = await db.query('SELECT id FROM saml_requests WHERE id = $1', [request.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an assertion signed with another key (bad signature)', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { signWith: 'stranger' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.badSignature);
  });

  it('refuses a signed assertion changed after signing (another NameID)', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { tamperNameId: 'ptib.master' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.badSignature);
  });

  it('refuses an unsigned assertion', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { unsigned: true }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.badSignature);
  });

  it('refuses an assertion for another audience', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { audience: 'https://other.service.example/sp' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.wrongAudience);
  });

  it('refuses an expired assertion', async () => {
    const { request } = await startSso();
    const res = await postAssertion(
      goodResponse(request.id, { issueInstant: new Date(Date.now() - 30 * 60_000), validForMs: 5 * 60_000 }),
    );
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.expired);
  });

  it('refuses an assertion not yet valid', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { issueInstant: new Date(Date.now() + 10 * 60_000) }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.expired);
  });

  it('refuses a replayed answer', async () => {
    const { request } = await startSso();
    const response = goodResponse(request.id);
    expect((await postAssertion(response)).statusCode).toBe(303);
    expectRefused(await postAssertion(response), 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.unsolicited);
  });

  it('refuses an assertion id seen before, even in answer to a new request', async () => {
    const first = await startSso();
    const assertionId = '_replayed-assertion-1';
    expect((await postAssertion(goodResponse(first.request.id, { assertionId }))).statusCode).toBe(303);
    const second = await startSso();
    const res = await postAssertion(goodResponse(second.request.id, { assertionId }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.replayed);
  });

  it('refuses an answer to a request this service never made', async () => {
    const res = await postAssertion(goodResponse('_never-issued'));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.unsolicited);
  });

  it('refuses an unsolicited answer (no InResponseTo), even in a browser that started a sign-in', async () => {
    await startSso();
    const res = await postAssertion(goodResponse(''));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.unsolicited);
  });

  it('refuses an answer to a sign-in started in another browser (login CSRF), and leaves it to its own', async () => {
    // The attacker starts a sign-in in their browser and gets their own signed answer...
    const attacker = new TestClient(app);
    const { request } = await startSso(attacker);
    const answer = goodResponse(request.id, { nameId: 'ptib.master' });
    // ...which their page auto-posts from the victim's browser, with or without a sign-in of its own.
    const victim = new TestClient(app);
    expectRefused(await postAssertion(answer, victim), 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.otherBrowser);
    await startSso(victim);
    expectRefused(await postAssertion(answer, victim), 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.otherBrowser);
    expectRefused(await postAssertion(answer, null), 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.otherBrowser);
    // The refused posts did not spend the request: the browser that started it still signs in.
    expect((await postAssertion(answer, attacker)).statusCode).toBe(303);
  });

  it('sets the binding cookie httpOnly, only for the assertion consumer and its hand-over calls', async () => {
    const client = new TestClient(app);
    await client.get(API_PATHS.health);
    const res = await client.post(API_PATHS.samlInitial, {});
    const cookie = res.cookies.find((c) => c.name === 'PTIB_SSO_BINDING');
    expect(cookie).toMatchObject({ path: API_PATHS.session, httpOnly: true, maxAge: SSO.REQUEST_TTL_MS / 1000 });
    // An https assertion consumer: a cross-site POST from the IdP carries only SameSite=None; Secure cookies.
    expect(cookie).toMatchObject({ secure: true, sameSite: 'None' });
    // A second start in the same browser keeps the secret, so a sign-in in another tab stays good.
    const again = await client.post(API_PATHS.samlInitial, {});
    expect(again.cookies.find((c) => c.name === 'PTIB_SSO_BINDING')?.value).toBe(cookie?.value);
  });

  it('refuses an answer to a request older than REQUEST_TTL_MS (fake clock)', async () => {
    const { request } = await startSso();
    clock.advance(SSO.REQUEST_TTL_MS);
    try {
      const res = await postAssertion(goodResponse(request.id));
      expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.unsolicited);
    } finally {
      clock.set(new Date());
    }
  });

  it('refuses an assertion from another issuer', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { issuer: 'https://evil.example/idp' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.rejected);
  });

  it('refuses a user with no PTIB account', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id, { nameId: 'nobody.here' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.UNKNOWN_USER, SSO_MESSAGES.unknownUser);
  });

  it('matches the NameID in the one normal form of login names: ASCII case folds, look-alikes name nobody', async () => {
    const { request } = await startSso();
    expect((await postAssertion(goodResponse(request.id, { nameId: 'PTIB.DEMO' }))).statusCode).toBe(303);
    // On PostgreSQL with a UTF-8 locale, lower('PTİB.DEMO') is 'ptib.demo': the dotted capital I must not
    // reach the account (docs/decisions/0028).
    const again = await startSso();
    const res = await postAssertion(goodResponse(again.request.id, { nameId: 'PTİB.DEMO' }));
    expectRefused(res, 403, SSO_RESPONSE_CODE.UNKNOWN_USER, SSO_MESSAGES.unknownUser);
  });

  it('answers a clear 400 for a malformed or missing SAMLResponse, never a 500', async () => {
    expectRefused(await postAssertion('%%% not base64 %%%'), 400, SSO_RESPONSE_CODE.MALFORMED, SSO_MESSAGES.malformed);
    expectRefused(
      await postAssertion(Buffer.from('<html>hello</html>').toString('base64')),
      400,
      SSO_RESPONSE_CODE.MALFORMED,
      SSO_MESSAGES.malformed,
    );
    const broken = Buffer.from('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><oops').toString(
      'base64',
    );
    expectRefused(await postAssertion(broken), 400, SSO_RESPONSE_CODE.MALFORMED, SSO_MESSAGES.malformed);
    const missing = await app.inject({
      method: 'POST',
      url: API_PATHS.session,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().header.responseDesc).toContain('SAMLResponse is required');
  });
});

describe('hand-over code (#/access-initial?auth=)', () => {
  const peek = (client: TestClient, code: string) => client.post(API_PATHS.sessionHandover, { code });
  const exchange = (client: TestClient, code: string) => client.post(API_PATHS.sessionExchange, { code });
  const expectHandoverRefused = (res: Awaited<ReturnType<typeof exchange>>) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().header).toEqual({
      responseCode: SSO_RESPONSE_CODE.REJECTED,
      responseDesc: SSO_MESSAGES.handoverInvalid,
    });
  };

  it('says whom it is for without using it up, then is good for one session only', async () => {
    const client = new TestClient(app);
    const code = await codeFor(client);
    const who = await peek(client, code);
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json().responseJSON).toEqual({ loginName: 'ptib.demo', name: expect.any(String) });
    expect(who.json().responseJSON.name).not.toBe('');
    expect((await peek(client, code)).statusCode).toBe(200);

    const first = await exchange(client, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expectHandoverRefused(await exchange(client, code));
    expectHandoverRefused(await peek(client, code));
    const { rows } = await db.query<{ code_hash: string }>('SELECT code_hash FROM session_handovers');
    expect(rows.map((r) => r.code_hash)).not.toContain(code);
  });

  it('is not a session token', async () => {
    const client = new TestClient(app);
    const code = await codeFor(client);
    client.token = code;
    const res = await client.post(API_PATHS.retrieveProfile, {});
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().header.responseDesc).toBe(FORBIDDEN_DESC);
    // ...and trying it as one did not spend it.
    client.token = null;
    expect((await exchange(client, code)).statusCode).toBe(200);
  });

  it('expires HANDOVER_TTL_MS after the answer (fake clock)', async () => {
    const client = new TestClient(app);
    const late = await codeFor(client);
    const inTime = await codeFor(client);
    try {
      clock.advance(SSO.HANDOVER_TTL_MS - 1000);
      expect((await exchange(client, inTime)).statusCode).toBe(200);
      clock.advance(1000);
      expectHandoverRefused(await peek(client, late));
      expectHandoverRefused(await exchange(client, late));
    } finally {
      clock.set(new Date());
    }
  });

  it('is good only in the browser that started the sign-in (a link to it signs nobody else in)', async () => {
    const attacker = new TestClient(app);
    const code = await codeFor(attacker, 'ptib.master');
    const victim = new TestClient(app);
    expectHandoverRefused(await peek(victim, code));
    expectHandoverRefused(await exchange(victim, code));
    await startSso(victim);
    expectHandoverRefused(await exchange(victim, code));
    expect((await exchange(attacker, code)).statusCode).toBe(200);
  });

  it('ends the session of the other user it replaces in this browser', async () => {
    const client = new TestClient(app);
    const master = await exchange(client, await codeFor(client, 'ptib.master'));
    client.token = master.json().responseJSON.token as string;
    expect((await client.post(API_PATHS.retrieveProfile, {})).statusCode).toBe(200);
    const masterToken = client.token;
    const demo = await exchange(client, await codeFor(client, 'ptib.demo'));
    expect(demo.statusCode, demo.body).toBe(200);
    client.token = masterToken;
    const res = await client.post(API_PATHS.retrieveProfile, {});
    expect(res.statusCode).toBe(403);
    client.token = demo.json().responseJSON.token as string;
    expect((await client.post(API_PATHS.retrieveProfile, {})).json().responseJSON.loginName).toBe('ptib.demo');
  });

  it('refuses a code that is not one with a 400, and keeps the XSRF check', async () => {
    const client = new TestClient(app);
    const res = await exchange(client, 'not a code');
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toContain('code is not a hand-over code');
    const code = await codeFor(client);
    const noHeader = await client.post(API_PATHS.sessionExchange, { code }, { 'x-xsrf-token': 'x'.repeat(43) });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });
});

describe('configuration', () => {
  it('reads the identity provider from a metadata file', async () => {
    const file = path.join(tmp, 'idp-metadata.xml');
    writeFileSync(file, idp.metadataXml());
    const { app: fromFile } = await buildTestApp({
      SAML_IDP_METADATA_FILE: file,
      SAML_SP_ENTITY_ID: SP_ENTITY_ID,
      SAML_ACS_URL: ACS_URL,
    });
    const { redirectUrl, request, client } = await startSso(new TestClient(fromFile));
    expect(redirectUrl.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    const res = await postAssertion(goodResponse(request.id), client);
    expect(res.statusCode, res.body).toBe(303);
  });

  it('refuses to start half configured, naming what is missing', () => {
    const config = testConfig({ SAML_IDP_ENTITY_ID: idp.entityId, SAML_SP_ENTITY_ID: SP_ENTITY_ID });
    expect(() => loadSamlSettings(config)).toThrow(ConfigError);
    expect(() => loadSamlSettings(config)).toThrow(/SAML_IDP_SSO_URL, SAML_IDP_CERT, SAML_ACS_URL/);
  });

  it('refuses a metadata file that is not IdP metadata, and a certificate that is not one', () => {
    const file = path.join(tmp, 'not-metadata.xml');
    writeFileSync(file, '<hello/>');
    const sp = { SAML_SP_ENTITY_ID: SP_ENTITY_ID, SAML_ACS_URL: ACS_URL };
    expect(() => loadSamlSettings(testConfig({ SAML_IDP_METADATA_FILE: file, ...sp }))).toThrow(/IDPSSODescriptor/);
    expect(() =>
      loadSamlSettings(testConfig({ ...idp.env({ spEntityId: SP_ENTITY_ID, acsUrl: ACS_URL }), SAML_IDP_CERT: 'xyz' })),
    ).toThrow(/SAML_IDP_CERT/);
  });
});
