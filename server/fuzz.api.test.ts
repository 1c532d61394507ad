import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_PATHS } from '#contract/documents.ts';
import { API_PATHS, FORBIDDEN_CODE, isEncryptedCall, isEnvelope } from '#contract/index.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import { PAYMENT_PATHS } from '#contract/payments.ts';
import { REGISTER_PATHS } from '#contract/register.ts';
import { buildApp } from './app.ts';
import { isApiPath } from './plugins/errors.ts';
import { signIn } from './test/auth.ts';
import { TestClient } from './test/client.ts';
import { freshDatabase } from './test/database.ts';
import { testConfig } from './test/helper.ts';

/**
 * Property-based fuzzing of EVERY registered route: random bytes, random JSON (also sealed, for the
 * encrypted calls, so it reaches the handler), random path parameters and queries, signed in or not;
 * then NUL bytes, lone surrogates (sent as the bytes a raw client can send) and over-long values in the
 * contract's field names, parameters and queries, on paths percent-encoded in part, in full, or broken,
 * and bodies nested far deeper than any call takes.
 * Whatever comes in, no answer is a 5xx, and every API answer is a well-formed envelope, except:
 * - GET /healthz: the load balancer's probe answers its own small JSON ({ status, database });
 * - GET /api/public-key: a bare JWK (RFC 7517), the form WebCrypto imports;
 * - HEAD routes: no body by definition;
 * - a 200 from the routes that answer a file (a PDF, an uploaded document): the file's bytes. An earlier
 *   fuzzed call may have made the very case or document a random id names; their refusals stay envelopes;
 * - routes outside the API prefixes (the app's index and static files, the header search form's
 *   /search redirect, /.well-known/security.txt): pages, redirects and text, not API answers.
 */

const FORBIDDEN_CODES = new Set<string>(Object.values(FORBIDDEN_CODE));
const NOT_ENVELOPES = new Set([`GET ${API_PATHS.health}`, `GET ${API_PATHS.publicKey}`]);
const FILE_ROUTES = new Set(
  [
    CASE_PATHS.acknowledgement,
    PAYMENT_PATHS.receipt,
    REGISTER_PATHS.extract,
    DOCUMENT_PATHS.one,
    OFFICER_PATHS.document,
  ].map((path) => `GET ${path}`),
);
const RUNS_PER_ROUTE = 12;

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  app = await buildApp({
    config: testConfig(),
    db: fresh.db,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** What one fuzzed request carries. */
const requestArb = fc.record({
  body: fc.oneof(
    fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
    fc.record({ kind: fc.constant('sealed' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
    fc.record({
      kind: fc.constant('bytes' as const),
      value: fc.uint8Array({ maxLength: 300 }),
      contentType: fc.constantFrom(...CONTENT_TYPES),
    }),
    fc.record({ kind: fc.constant('none' as const) }),
  ),
  params: fc.array(fc.string({ maxLength: 40 }), { minLength: 4, maxLength: 4 }),
  query: fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
  signedIn: fc.boolean(),
});

function fillParams(url: string, params: readonly string[], encode: (value: string) => string): string {
  let i = 0;
  return url
    .replace(/:[A-Za-z_]+/g, () => encode(params[i++ % params.length] || 'x'))
    .replace(/\*$/, () => encode(params[3] ?? ''));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const hexBytes = (bytes: number[]) => bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes as the three bytes UTF-8 would
 * give it were it allowed (WTF-8): what an attacker's raw client can send.
 */
function wtf8Encode(value: string): string {
  return value
    .split(LONE_SURROGATE)
    .map(encodeURIComponent)
    .reduce((out, part, i) => {
      const lone = value.match(LONE_SURROGATE)?.[i - 1];
      if (lone === undefined) return out + part;
      const c = lone.charCodeAt(0);
      return out + hexBytes([0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]) + part;
    }, '');
}

/** How a fuzzed path is percent-encoded: not, some characters, every one, or with a broken sequence. */
type PathEncoding = { kind: 'none' } | { kind: 'some' | 'all'; mask: number } | { kind: 'broken'; insert: string };
const BROKEN_SEQUENCES = ['%ED%A0%80', '%E0%A4%A', '%zz', '%', '%00', '%C0%AF', '%2F..%2F'];

function percentEncode(url: string, encoding: PathEncoding): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  let out = path;
  if (encoding.kind === 'broken') {
    const at = path.lastIndexOf('/') + 1;
    out = path.slice(0, at) + encoding.insert + path.slice(at);
  } else if (encoding.kind !== 'none') {
    const mask = encoding.mask;
    out = [...path]
      .map((ch, i) =>
        /[A-Za-z0-9-]/.test(ch) && (encoding.kind === 'all' || (mask >> (i % 31)) & 1)
          ? hexBytes([ch.charCodeAt(0)])[i % 2 ? 'toLowerCase' : 'toUpperCase']()
          : ch,
      )
      .join('');
  }
  return query === undefined ? out : `${out}?${query}`;
}

/** Strings made to hurt: NUL bytes, lone surrogates, any code unit, and values far over any field's limit. */
const nastyString = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uFFFF', '\uFEFF'),
        fc.string({ maxLength: 10 }),
      )
      .map(([a, b, c]) => a + b + c),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 200, max: 5_000 }).map((n) => '\u0000'.repeat(n)), weight: 1 },
);
/** Every field name the contract's request schemas read, so nasty values reach real fields. */
const FIELDS = [
  'loginName',
  'password',
  'model',
  'authenticityToken',
  'rememberMe',
  'otp',
  'ptibProfileID',
  'q',
  'page',
  'rating',
  'comment',
  'appCode',
  'data',
  'draft',
  'version',
  'status',
  'app',
  'code',
  'caseNumber',
  'caseType',
  'from',
  'to',
  'SAMLResponse',
  'RelayState',
  'iv',
  'cipher',
  'wrappedKey',
  'kid',
  'at',
];
const nastyValue = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
);
/**
 * A valid call of each route that takes text, so a nasty value put in one of its strings gets past the
 * shape checks to where text is used (the database): random shapes are mostly refused before.
 */
const SAMPLES: Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> = {
  [`GET ${API_PATHS.search}`]: { query: { q: 'licence' } },
  [`POST ${API_PATHS.rating}`]: { body: { rating: 4, comment: 'Quick.' } },
  [`POST ${API_PATHS.authenticate}`]: {
    body: { loginName: 'ptib.demo', password: 'x', model: 'm', authenticityToken: 'x', rememberMe: false },
  },
  [`POST ${API_PATHS.switchProxyProfile}`]: { body: { ptibProfileID: 'PTIB00000011' } },
  [`GET ${API_PATHS.cases}`]: { query: { app: 'PD' } },
  [`GET ${API_PATHS.casesSearch}`]: { query: { caseNumber: 'PD 000001 2026', app: 'PD' } },
  [`POST ${API_PATHS.cases}`]: { body: { appCode: 'PD', data: { debtorIdNumber: 'S1234567D' }, draft: true } },
};

/** The sample with its `which`-th string (body first, then query; keys of `data` too) made `value`. */
function mutateSample(sample: (typeof SAMPLES)[string], which: number, value: string) {
  const body = structuredClone(sample.body ?? {});
  const query = { ...sample.query };
  const slots: Array<(v: string) => void> = [];
  const walk = (o: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') slots.push((x) => (o[k] = x));
      else if (v && typeof v === 'object') {
        slots.push((x) => {
          o[k] = { ...(v as object), [x]: 'x' };
        });
        walk(v as Record<string, unknown>);
      }
    }
  };
  walk(body);
  for (const k of Object.keys(query)) slots.push((x) => (query[k] = x));
  slots[which % slots.length]?.(value);
  return { body, query };
}

/**
 * Arrays and objects nested up to far deeper than MAX_BODY_NESTING around a nasty string: as the JSON text a
 * raw client sends (10 kB of brackets, deeper than any walk that recurses can go), and as a value sealed for
 * an encrypted call (the depth JSON.stringify can still write, to be sealed).
 */
const nestings = fc.record({
  depth: fc.integer({ min: 1, max: 20_000 }),
  shape: fc.constantFrom('arrays', 'objects', 'both'),
  leaf: nastyString,
});
const opening = (shape: string, level: number) =>
  shape === 'arrays' || (shape === 'both' && level % 2) ? '[' : '{"a":';
const deepText = nestings.map(({ depth, shape, leaf }) => {
  const opens = Array.from({ length: depth }, (_, level) => opening(shape, level));
  const closes = opens.map((open) => (open === '[' ? ']' : '}')).reverse();
  return opens.join('') + JSON.stringify(leaf) + closes.join('');
});
const deepValue = nestings.map(({ depth, shape, leaf }) => {
  let value: unknown = leaf;
  for (let level = Math.min(depth, 2_000) - 1; level >= 0; level--)
    value = opening(shape, level) === '[' ? [value] : { a: value };
  return value;
});

const nastyRequestArb = fc.record({
  sample: fc.record({ use: fc.boolean(), which: fc.nat(), value: nastyString }),
  body: fc.oneof(
    fc.record({ kind: fc.constant('json' as const), value: fc.dictionary(fc.constantFrom(...FIELDS), nastyValue) }),
    fc.record({ kind: fc.constant('sealed' as const), value: fc.dictionary(fc.constantFrom(...FIELDS), nastyValue) }),
    fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
    fc.record({
      kind: fc.constant('bytes' as const),
      value: deepText.map((text) => new TextEncoder().encode(text)),
      contentType: fc.constant('application/json'),
    }),
    fc.record({ kind: fc.constant('sealed' as const), value: deepValue }),
  ),
  params: fc.array(nastyString, { minLength: 4, maxLength: 4 }),
  query: fc.dictionary(fc.constantFrom(...FIELDS), nastyString, { maxKeys: 3 }),
  encoding: fc.oneof(
    fc.constant<PathEncoding>({ kind: 'none' }),
    fc.record({ kind: fc.constantFrom('some' as const, 'all' as const), mask: fc.integer({ min: 1 }) }),
    fc.record({ kind: fc.constant('broken' as const), insert: fc.constantFrom(...BROKEN_SEQUENCES) }),
  ),
  signedIn: fc.boolean(),
});

type FuzzInput = {
  sample?: { use: boolean; which: number; value: string };
  body:
    | { kind: 'json' | 'sealed'; value: unknown }
    | { kind: 'bytes'; value: Uint8Array; contentType: string }
    | { kind: 'none' };
  params: string[];
  query: Record<string, string>;
  signedIn: boolean;
};

/** Sends each route RUNS_PER_ROUTE inputs of `arb`: no answer is a 5xx, every API answer an envelope. */
async function fuzzEveryRoute<T extends FuzzInput>(
  arb: fc.Arbitrary<T>,
  pathOf: (route: Route, input: T) => string,
): Promise<void> {
  const fuzzed: string[] = [];
  for (const route of routes) {
    // A session of its own for each route: one shared with earlier routes may have been ended by a fuzzed
    // logout or refresh, or not yet (a refreshed token holds for a grace period), so what a route was
    // fuzzed with would depend on the clock.
    let signedInToken: string | null = null;
    const key = `${route.method} ${route.url}`;
    const api = isApiPath(route.url, app.config) && route.method !== 'HEAD' && !NOT_ENVELOPES.has(key);
    await fc.assert(
      fc.asyncProperty(arb, async (generated) => {
        let input: FuzzInput = generated;
        const client = new TestClient(app);
        if (input.signedIn) {
          // One sign-in per route is enough; a fuzzed logout may end it, which is fine too.
          signedInToken ??= await signIn(new TestClient(app), 'ptib.demo');
          client.token = signedInToken;
        }
        const sample = SAMPLES[key];
        if (sample && input.sample?.use) {
          const mutated = mutateSample(sample, input.sample.which, input.sample.value);
          input = { ...input, query: mutated.query, body: { kind: 'sealed', value: mutated.body } };
        }
        const search = Object.entries(input.query)
          .map(([k, v]) => `${wtf8Encode(k)}=${wtf8Encode(v)}`)
          .join('&');
        const url = pathOf(route, generated) + (search ? `?${search}` : '');
        const method = route.method as 'GET';
        const headers: Record<string, string> = {};
        let body: unknown;
        let encrypt = false;
        const b = input.body;
        if (method !== 'GET' && method !== 'HEAD') {
          if (b.kind === 'json') {
            body = JSON.stringify(b.value);
            headers['content-type'] = 'application/json';
          } else if (b.kind === 'sealed') {
            body = b.value;
            encrypt = isEncryptedCall(route.url);
            if (!encrypt) body = JSON.stringify(b.value);
            headers['content-type'] = 'application/json';
          } else if (b.kind === 'bytes') {
            body = Buffer.from(b.value);
            headers['content-type'] = b.contentType;
          }
        }
        const res = await client.request({ method, url, body, headers, encrypt });
        const where = `${key} → ${url.slice(0, 300)} (${b.kind}) answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        // A path that no longer names this route (a broken encoding) may be the app's page: not an API answer.
        if (!api || !isApiPath(requestPathOf(url), app.config)) return;
        if (FILE_ROUTES.has(key) && res.statusCode === 200) return;
        expect(res.headers['content-type'], where).toMatch(/^(application\/json|text\/plain)/);
        let parsed: unknown;
        expect(() => (parsed = JSON.parse(res.body)), where).not.toThrow();
        expect(isEnvelope(parsed), where).toBe(true);
        const header = (parsed as { header: { responseCode: string; responseDesc: string } }).header;
        // A number, or the specification's access-denied codes: a PTIB session on a back-office call is
        // answered PTACC-951 (docs/decisions/0039).
        if (!FORBIDDEN_CODES.has(header.responseCode)) expect(header.responseCode, where).toMatch(/^\d{3,4}$/);
        if (res.statusCode >= 400) {
          expect(header.responseDesc.length, where).toBeGreaterThan(0);
          expect(header.responseDesc, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
        }
      }),
      // A failure prints its seed; FUZZ_SEED=… replays it.
      {
        numRuns: SAMPLES[key] ? RUNS_PER_ROUTE * 4 : RUNS_PER_ROUTE,
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    fuzzed.push(key);
  }
  expect(fuzzed.length).toBe(routes.length);
}

/** The path as the router decodes it, where it can (a broken sequence stays as it is). */
function requestPathOf(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

describe('fuzzing every registered route', () => {
  it('collected the routes of every area', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      `GET ${API_PATHS.health}`,
      `GET ${API_PATHS.config}`,
      `GET ${API_PATHS.publicKey}`,
      `POST ${API_PATHS.authenticate}`,
      `POST ${API_PATHS.retrieveProfile}`,
    ])
      expect(keys).toContain(expected);
  });

  // Every route, many runs each: a busy two-core machine takes longer than the api project's 30 s, which says
  // nothing about the answers.
  const FUZZ_TIMEOUT_MS = 120_000;

  it('answers no 5xx and only well-formed envelopes, whatever comes in', { timeout: FUZZ_TIMEOUT_MS }, async () => {
    await fuzzEveryRoute(requestArb, (route, input) => fillParams(route.url, input.params, encodeURIComponent));
  });

  it(
    '… nor for NUL bytes, lone surrogates, over-long values, percent-encoded paths and deep nesting',
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      await fuzzEveryRoute(nastyRequestArb, (route, input) =>
        percentEncode(fillParams(route.url, input.params, wtf8Encode), input.encoding),
      );
    },
  );
});
