import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, AUTH_MESSAGES, ROUTES, SSO, SSO_MESSAGES, SSO_RESPONSE_CODE } from '../../contract/index.ts';
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

/** Starts SSO the way the login screen does; answers the AuthnRequest the IdP would receive. */
async function startSso(target: FastifyInstance = app) {
  const res = await new TestClient(target).post(API_PATHS.samlInitial, {});
  expect(res.statusCode, res.body).toBe(200);
  const { redirectUrl } = res.json().responseJSON as { redirectUrl: string };
  return { redirectUrl, request: idp.readAuthnRequest(redirectUrl) };
}

/** The IdP's auto-posting form: urlencoded, no cookies, no XSRF header (it comes from another site). */
function postAssertion(samlResponse: string, target: FastifyInstance = app) {
  return target.inject({
    method: 'POST',
    url: API_PATHS.session,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test.example' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
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
      await postAssertion('PHg+', plain),
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
  it('signs the NameID user in and sends the browser to #/access-initial with the token (303)', async () => {
    const { request } = await startSso();
    const res = await postAssertion(goodResponse(request.id));
    expect(res.statusCode, res.body).toBe(303);
    const location = res.headers.location as string;
    const prefix = `/#${ROUTES.accessInitial}?auth=`;
    expect(location.startsWith(prefix)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');

    const client = new TestClient(app);
    client.token = decodeURIComponent(location.slice(prefix.length));
    const profile = await client.post(API_PATHS.retrieveProfile, {});
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

describe('configuration', () => {
  it('reads the identity provider from a metadata file', async () => {
    const file = path.join(tmp, 'idp-metadata.xml');
    writeFileSync(file, idp.metadataXml());
    const { app: fromFile } = await buildTestApp({
      SAML_IDP_METADATA_FILE: file,
      SAML_SP_ENTITY_ID: SP_ENTITY_ID,
      SAML_ACS_URL: ACS_URL,
    });
    const { redirectUrl, request } = await startSso(fromFile);
    expect(redirectUrl.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    const res = await postAssertion(goodResponse(request.id), fromFile);
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
