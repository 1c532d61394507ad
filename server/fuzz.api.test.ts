import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, isEncryptedCall, isEnvelope } from '../contract/index.ts';
import { buildApp } from './app.ts';
import { isApiPath } from './plugins/errors.ts';
import { signIn } from './test/auth.ts';
import { TestClient } from './test/client.ts';
import { freshDatabase } from './test/database.ts';
import { testConfig } from './test/helper.ts';

/**
 * Property-based fuzzing of EVERY registered route: random bytes, random JSON (also sealed, for the
 * encrypted calls, so it reaches the handler), random path parameters and queries, signed in or not.
 * Whatever comes in, no answer is a 5xx, and every API answer is a well-formed envelope, except:
 * - GET /healthz: the load balancer's probe answers its own small JSON ({ status, database });
 * - GET /api/public-key: a bare JWK (RFC 7517), the form WebCrypto imports;
 * - HEAD routes: no body by definition;
 * - routes outside the API prefixes (the app's index and static files, the header search form's
 *   /search redirect, /.well-known/security.txt): pages, redirects and text, not API answers.
 */

const NOT_ENVELOPES = new Set([`GET ${API_PATHS.health}`, `GET ${API_PATHS.publicKey}`]);
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

function fillParams(url: string, params: readonly string[]): string {
  let i = 0;
  return url
    .replace(/:[A-Za-z_]+/g, () => encodeURIComponent(params[i++ % params.length] || 'x'))
    .replace(/\*$/, () => encodeURIComponent(params[3] ?? ''));
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

  it('answers no 5xx and only well-formed envelopes, whatever comes in', async () => {
    let signedInToken: string | null = null;
    const fuzzed: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const api = isApiPath(route.url, app.config) && route.method !== 'HEAD' && !NOT_ENVELOPES.has(key);
      await fc.assert(
        fc.asyncProperty(requestArb, async (input) => {
          const client = new TestClient(app);
          if (input.signedIn) {
            // One sign-in per route is enough; a fuzzed logout may end it, which is fine too.
            signedInToken ??= await signIn(new TestClient(app), 'ptib.demo');
            client.token = signedInToken;
          }
          const search = new URLSearchParams(input.query).toString();
          const url = fillParams(route.url, input.params) + (search ? `?${search}` : '');
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
          const where = `${key} → ${url} (${b.kind}) answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (!api) return;
          expect(res.headers['content-type'], where).toMatch(/^(application\/json|text\/plain)/);
          let parsed: unknown;
          expect(() => (parsed = JSON.parse(res.body)), where).not.toThrow();
          expect(isEnvelope(parsed), where).toBe(true);
          const header = (parsed as { header: { responseCode: string; responseDesc: string } }).header;
          expect(header.responseCode, where).toMatch(/^\d{3,4}$/);
          if (res.statusCode >= 400) {
            expect(header.responseDesc.length, where).toBeGreaterThan(0);
            expect(header.responseDesc, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
          }
        }),
        // A failure prints its seed; FUZZ_SEED=… replays it.
        { numRuns: RUNS_PER_ROUTE, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
      );
      fuzzed.push(key);
    }
    expect(fuzzed.length).toBe(routes.length);
  });
});
