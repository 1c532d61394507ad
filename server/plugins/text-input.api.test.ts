import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, MAX_BODY_NESTING, TEXT_INPUT_MESSAGES } from '#contract/index.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { loginNonce, signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';

let app: FastifyInstance;
let demo: TestClient;
let master: TestClient;
beforeAll(async () => {
  ({ app } = await buildTestApp());
  demo = new TestClient(app);
  await signIn(demo, 'ptib.demo');
  master = new TestClient(app);
  await signIn(master, 'ptib.master');
});

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';
const { nul, loneSurrogate } = TEXT_INPUT_MESSAGES;

/** Each input the attack found answering 500, with the bad text put in. */
const inputs: Array<[string, (bad: string) => Promise<{ statusCode: number; json(): unknown }>]> = [
  ['search q', (bad) => demo.get(`${API_PATHS.search}?q=${encodeURIComponent(bad)}`)],
  ['rating comment', (bad) => demo.post(API_PATHS.rating, { rating: 4, comment: bad })],
  [
    'authenticate loginName',
    async (bad) => {
      const c = new TestClient(app);
      const authenticityToken = await loginNonce(c);
      // Sealed, as the app sends it: the check sees the decrypted body.
      return c.post(API_PATHS.authenticate, {
        loginName: bad,
        password: DEMO_PASSWORD,
        model: 'vitest',
        authenticityToken,
        rememberMe: false,
      });
    },
  ],
  ['switchProxyProfile ptibProfileID', (bad) => master.post(API_PATHS.switchProxyProfile, { ptibProfileID: bad })],
  ['the case list app', (bad) => demo.get(`${API_PATHS.cases}?app=${encodeURIComponent(bad)}`)],
  [
    'a case field value',
    (bad) => demo.post(API_PATHS.cases, { appCode: 'PD', data: { debtorIdNumber: bad }, draft: true }),
  ],
  ['a case field name', (bad) => demo.post(API_PATHS.cases, { appCode: 'PD', data: { [bad]: 'x' }, draft: true })],
  ['/api/eservices/:code', (bad) => demo.get(`${API_PATHS.eservices}/${encodeURIComponent(bad)}`)],
];

describe('text no stored value may hold', () => {
  it.each(inputs)('%s with a NUL character is a 400 that says so', async (_name, send) => {
    const res = await send(NUL);
    expect(res.statusCode).toBe(400);
    const header = (res.json() as { header: { responseCode: string; responseDesc: string } }).header;
    expect(header.responseCode).toBe('400');
    expect(header.responseDesc).toContain(nul);
  });

  // A URL cannot carry one: encodeURIComponent refuses it, and its bytes do not decode (below).
  const inBodies = inputs.filter(([name]) => !/search|list|eservices/.test(name));
  it.each(inBodies)('%s with a lone surrogate is a 400 that says so', async (_name, send) => {
    const res = await send(LONE);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { header: { responseDesc: string } }).header.responseDesc).toContain(loneSurrogate);
  });

  it('a path whose percent-encoding is not UTF-8 (a lone surrogate’s bytes) is a 400 envelope that says so', async () => {
    for (const url of [`${API_PATHS.eservices}/a%ED%A0%80b`, `${API_PATHS.eservices}/%E0%A4%A`]) {
      const res = await demo.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        header: { responseCode: '400', responseDesc: TEXT_INPUT_MESSAGES.badPath },
        responseJSON: null,
      });
    }
  });

  it('looks at every level of a body it takes: one nested deeper than the check goes is refused', async () => {
    const nested = (depth: number, inner: unknown): unknown => (depth === 0 ? inner : [nested(depth - 1, inner)]);
    const tooDeep = TEXT_INPUT_MESSAGES.invalid('body', '', TEXT_INPUT_MESSAGES.tooDeep);
    // A NUL below the depth the check looks to, in a field the call's schema does not read.
    const rating = await demo.post(API_PATHS.rating, {
      rating: 4,
      comment: 'x',
      more: nested(MAX_BODY_NESTING + 5, NUL),
    });
    expect(rating.statusCode).toBe(400);
    expect((rating.json() as { header: { responseDesc: string } }).header.responseDesc).toBe(tooDeep);
    // An encrypted call's body once opened, where no direction overrides are dropped.
    const c = new TestClient(app);
    const authenticityToken = await loginNonce(c);
    const sealed = await c.post(API_PATHS.authenticate, {
      loginName: nested(1000, 'ptib.demo'),
      password: DEMO_PASSWORD,
      model: 'vitest',
      authenticityToken,
      rememberMe: false,
    });
    expect(sealed.statusCode).toBe(400);
    expect((sealed.json() as { header: { responseDesc: string } }).header.responseDesc).toBe(tooDeep);
  });

  it('names the field', async () => {
    const res = await demo.post(API_PATHS.rating, { rating: 4, comment: NUL });
    expect((res.json() as { header: { responseDesc: string } }).header.responseDesc).toBe(
      TEXT_INPUT_MESSAGES.invalid('body', 'comment', nul),
    );
  });

  it('drops the characters that reorder text, so what is echoed or kept reads as it was written', async () => {
    const res = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: '\u202eNOT-GRANTED\u202c' });
    expect(res.statusCode).toBe(403);
    const said = (res.json() as { header: { responseDesc: string } }).header.responseDesc;
    expect(said).toContain('NOT-GRANTED');
    expect(said).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('takes a body with a __proto__ key without it, rather than call well-formed JSON not valid', async () => {
    const res = await demo.request({
      url: API_PATHS.rating,
      body: '{"rating":4,"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it('keeps well-formed text outside the Basic Multilingual Plane (a surrogate pair)', async () => {
    const res = await demo.get(`${API_PATHS.search}?q=${encodeURIComponent('licence 😀')}`);
    expect(res.statusCode).toBe(200);
  });
});
