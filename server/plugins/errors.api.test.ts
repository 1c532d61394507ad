import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import {
  API_PATHS,
  API_PREFIXES,
  AUTH_MESSAGES,
  MAX_BODY_NESTING,
  MESSAGES,
  RESPONSE_CODE,
  TEXT_INPUT_MESSAGES,
  isEnvelope,
} from '#contract/index.ts';
import { buildApp } from '../app.ts';
import { signIn } from '../test/auth.ts';
import { freshDatabase } from '../test/database.ts';
import { TestClient } from '../test/client.ts';
import { testConfig } from '../test/helper.ts';
import { ApiError } from './errors.ts';

/**
 * One error format: every error of the API leaves as the envelope with a fitting status and code.
 * A test build of the whole app with a few extra routes that fail on purpose.
 */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: FastifyInstance;
let based: FastifyInstance;
const drops: Array<() => Promise<void>> = [];

async function build(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const { db, drop } = await freshDatabase();
  drops.push(drop);
  const built = await buildApp({ config: testConfig(overrides), db, logger: { level: 'info', stream: logStream } });
  const prefix = built.config.API_BASE === '/' ? '' : built.config.API_BASE;
  built.register(
    async (r) => {
      r.get('/api/test/throw', async () => {
        throw new Error('secret detail /srv/app/server/routes/x.ts:12');
      });
      r.get('/api/test/throw-null', async () => {
        throw null;
      });
      r.get('/api/test/refuse', async () => {
        throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, 'Access forbidden: not your case');
      });
      r.get('/api/test/database-down', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      r.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/validate',
        { schema: { body: z.object({ caseNo: z.string().regex(/^\d+$/, 'digits only') }) } },
        async () => ({ header: { responseCode: '200', responseDesc: 'OK' }, responseJSON: null }),
      );
      r.withTypeProvider<ZodTypeProvider>().get(
        '/api/test/bad-answer',
        { schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 'not a number' }) as unknown as { n: number },
      );
    },
    { prefix },
  );
  await built.ready();
  return built;
}

beforeAll(async () => {
  app = await build();
  based = await build({ API_BASE: '/ptib', PROCESS_ENGINE_BASE: '/workflow' });
});

afterAll(async () => {
  await app.close();
  await based.close();
  for (const drop of drops) await drop();
});

function envelopeOf(res: { headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(isEnvelope(body)).toBe(true);
  return body as { header: { responseCode: string; responseDesc: string }; responseJSON: unknown };
}

describe('unknown calls under the API answer a JSON 404 envelope', () => {
  it.each(API_PREFIXES.flatMap((prefix) => ['GET', 'POST', 'PUT', 'DELETE'].map((method) => [method, prefix])))(
    '%s %sno-such-call',
    async (method, prefix) => {
      const res = await app.inject({ method: method as 'GET', url: `${prefix}no-such-call?x=1` });
      expect(res.statusCode).toBe(404);
      const body = envelopeOf(res);
      expect(body.header.responseCode).toBe(RESPONSE_CODE.NOT_FOUND);
      expect(body.header.responseDesc).toBe(`No such call: ${method} ${prefix}no-such-call`);
      expect(body.responseJSON).toBeNull();
    },
  );

  it.each(API_PREFIXES)('under a configured API base too: /ptib%sno-such-call', async (prefix) => {
    const res = await based.inject({ method: 'GET', url: `/ptib${prefix}no-such-call` });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).header.responseCode).toBe(RESPONSE_CODE.NOT_FOUND);
  });

  it('under the process-engine base, wherever it is configured, and only there', async () => {
    for (const [server, url] of [
      [app, '/process-engine/no-such-call'],
      [based, '/workflow/no-such-call'],
    ] as const) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(envelopeOf(res).header.responseCode, url).toBe(RESPONSE_CODE.NOT_FOUND);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The default base is nobody's when another is configured: the app answers it (its own 404 screen).
    const app404 = await based.inject({ method: 'GET', url: '/process-engine/no-such-call' });
    expect(app404.statusCode).toBe(404);
    expect(app404.headers['content-type']).not.toMatch(/application\/json/);
  });

  it('a workflow call under a configured process-engine base still needs the XSRF token', async () => {
    const client = new TestClient(based);
    await client.get('/ptib/api/config');
    const res = await based.inject({
      method: 'POST',
      url: '/workflow/cases/1/submit',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).header.responseDesc).toBe(AUTH_MESSAGES.invalidXsrf);
  });

  it('the health check is an API answer under any API base', async () => {
    const res = await based.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a wrong method on a known call is an envelope 404 too', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/config' });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).header.responseCode).toBe(RESPONSE_CODE.NOT_FOUND);
  });

  it('an unknown page outside the API is the app (its own not-found screen), not an envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/application\/json/);
  });
});

describe('an unexpected exception', () => {
  it('is answered 500 with a generic message carrying the request id, never the detail or a stack', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/test/throw' });
    expect(res.statusCode).toBe(500);
    const body = envelopeOf(res);
    expect(body.header.responseCode).toBe(RESPONSE_CODE.SERVER_ERROR);
    const reference = /\(reference ([0-9a-f-]{36})\)$/.exec(body.header.responseDesc)?.[1];
    expect(reference).toBeDefined();
    expect(body.header.responseDesc).toBe(`${MESSAGES.somethingWrong} (reference ${reference})`);
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toMatch(/\.ts:\d+|at .*\(/);

    // …and logged with that id and the detail, for whoever reads the logs.
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'unexpected error');
    expect(logged).toBeDefined();
    expect(logged!.reqId).toBe(reference);
    expect(JSON.stringify(logged!.err)).toContain('secret detail');
  });

  it('is answered the same way when what was thrown is not even an Error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/throw-null' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res).header.responseDesc).toMatch(
      /^Sorry, something is wrong\. Please try again later\. \(reference/,
    );
  });

  it('an answer that does not fit its schema is a 500 envelope, and leaks nothing of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-answer' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res).header.responseCode).toBe(RESPONSE_CODE.SERVER_ERROR);
    expect(res.body).not.toContain('not a number');
  });

  it('a database that cannot be reached is a 503 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/database-down' });
    expect(res.statusCode).toBe(503);
    const body = envelopeOf(res);
    expect(body.header.responseCode).toBe(RESPONSE_CODE.UNAVAILABLE);
    expect(body.header.responseDesc).not.toContain('10.0.0.1');
  });
});

describe('client errors keep their reason', () => {
  it('an ApiError leaves with its own status, code and description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).header).toEqual({
      responseCode: RESPONSE_CODE.FORBIDDEN,
      responseDesc: 'Access forbidden: not your case',
    });
  });

  it('a body that fails its schema is a 400 naming the field and the rule', async () => {
    // Through the test client: it sends the XSRF cookie and header every POST needs.
    const res = await new TestClient(app).post('/api/test/validate', { caseNo: '-1' });
    expect(res.statusCode).toBe(400);
    const desc = envelopeOf(res).header.responseDesc;
    expect(desc).toContain("field 'caseNo'");
    expect(desc).toContain('digits only');
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"caseNo":', 400],
    ['an unsupported content type', { 'content-type': 'application/x-unknown' }, 'caseNo=1', 415],
    ['a body over the limit', { 'content-type': 'application/json' }, `{"caseNo":"${'1'.repeat(1_100_000)}"}`, 413],
  ] as const)('%s is a %s envelope', async (_what, headers, payload, status) => {
    const res = await new TestClient(app).request({
      url: '/api/test/validate',
      headers: { ...headers },
      body: payload,
    });
    expect(res.statusCode).toBe(status);
    const body = envelopeOf(res);
    expect(body.header.responseCode).toBe(String(status));
    expect(body.header.responseDesc.length).toBeGreaterThan(0);
  });
});

describe('a body nested too deeply', () => {
  const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const tooDeep = TEXT_INPUT_MESSAGES.invalid('body', '', TEXT_INPUT_MESSAGES.tooDeep);

  // Far under the body limit (5000 levels of arrays are 10 kB), and deep enough to overflow any walk that recurses.
  it.each([
    ['arrays', arrays(5000)],
    ['objects', objects(5000)],
    ['arrays, 100 000 deep', arrays(100_000)],
  ])('of %s is a 400 saying so, anonymous or signed in, and logs no error', async (_what, deep) => {
    const client = new TestClient(app);
    // Anonymous calls first (the logout call too), then one that needs an account.
    const calls: Array<[string, boolean]> = [
      [API_PATHS.rating, false],
      [API_PATHS.logout, false],
      [NOTIFICATION_PATHS.preferences, true],
    ];
    for (const [url, signedIn] of calls) {
      if (signedIn && !client.token) await signIn(client, 'ptib.demo');
      lines.length = 0;
      const res = await client.request({ url, body: deep, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(400);
      expect(envelopeOf(res).header, url).toEqual({ responseCode: RESPONSE_CODE.BAD_REQUEST, responseDesc: tooDeep });
      const levels = lines.map((l) => (JSON.parse(l) as { level: number }).level);
      expect(Math.max(...levels), url).toBeLessThan(50);
    }
  });

  it(`is one nested more than ${MAX_BODY_NESTING} levels; ${MAX_BODY_NESTING} is taken`, async () => {
    const client = new TestClient(app);
    const send = (body: string) =>
      client.request({ url: API_PATHS.rating, body, headers: { 'content-type': 'application/json' } });
    // Read by its schema, which refuses the shape, not its depth.
    const deepest = await send(arrays(MAX_BODY_NESTING));
    expect(deepest.statusCode).toBe(400);
    expect(envelopeOf(deepest).header.responseDesc).not.toBe(tooDeep);
    expect(envelopeOf(await send(arrays(MAX_BODY_NESTING + 1))).header.responseDesc).toBe(tooDeep);
  });
});
