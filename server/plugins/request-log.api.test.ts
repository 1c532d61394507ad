import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/index.ts';
import { LOGGING, buildApp } from '../app.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';

/** What the server logs of each request, at debug so that nothing is hidden by the level. */
const entries: Array<Record<string, unknown>> = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
    done();
  },
});

let app: FastifyInstance;
/** Behind the one trusted load balancer (TRUST_PROXY=1). */
let behind: FastifyInstance;
const drops: Array<() => Promise<void>> = [];

async function build(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const { db, drop } = await freshDatabase();
  drops.push(drop);
  const built = await buildApp({ config: testConfig(overrides), db, logger: { ...LOGGING, level: 'debug', stream } });
  built.get('/api/test/throw', async () => {
    throw new Error('on purpose');
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  app = await build();
  behind = await build({ TRUST_PROXY: '1' });
});

afterAll(async () => {
  await app.close();
  await behind.close();
  for (const drop of drops) await drop();
});

/** The log entries of one request, by its id, once its answer has gone. */
async function loggedFor(url: string): Promise<{ status: number; lines: Array<Record<string, unknown>> }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, lines: entries.filter((e) => e.reqId === res.headers['x-request-id']) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** nginx's $request_id. */
const NGINX_ID = '5f0c8a1e9b7d4c2aa3e6f1b0d9c8e7a6';

describe('the request log', () => {
  it('has one line a request, when it is answered, with its method, address, status and time', async () => {
    // Fastify wrote two at info, "incoming request" and "request completed".
    const { status, lines } = await loggedFor('/api/no-such-call?q=Tan%20Ah%20Kow&page=2');
    expect(status).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/no-such-call?q=[redacted]&page=[redacted]' },
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('Tan');
  });

  it('has a passing health check at debug: the load balancer asks every few seconds', async () => {
    const { status, lines } = await loggedFor(API_PATHS.health);
    expect(status).toBe(200);
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'request completed' })]);
  });

  it('has a server error at warn, beside the error itself at error', async () => {
    const { status, lines } = await loggedFor('/api/test/throw');
    expect(status).toBe(500);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'unexpected error'],
      [40, 'request completed'],
    ]);
  });
});

describe('the request id', () => {
  it('is in an X-Request-Id header of every answer, and in the log lines of its request', async () => {
    // Only a 500 named it, in its message: nothing else let a user's report be found in the log.
    for (const url of [API_PATHS.health, '/api/no-such-call', '/api/test/throw', '/api/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      const id = res.headers['x-request-id'];
      expect(id, url).toMatch(UUID);
      // A path that cannot be decoded is refused before any hook, so before any log line.
      if (!url.includes('%')) expect(entries.filter((e) => e.reqId === id).length, url).toBeGreaterThan(0);
    }
  });

  it('is the load balancer’s, when it is the trusted one and its id is well formed', async () => {
    // nginx sent its $request_id and the app logged an id of its own: the two logs never met.
    const res = await behind.inject({ method: 'GET', url: '/api/no-such-call', headers: { 'x-request-id': NGINX_ID } });
    expect(res.headers['x-request-id']).toBe(NGINX_ID);
    expect(entries.filter((e) => e.reqId === NGINX_ID)).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } }),
    ]);
  });

  it.each([
    ['anyone’s, without a trusted load balancer', 'app', NGINX_ID],
    ['a malformed one', 'behind', 'a b"c'],
    ['one too long', 'behind', 'a'.repeat(65)],
    ['an empty one', 'behind', ''],
  ])('is the server’s own rather than %s', async (_case, which, given) => {
    const res = await (which === 'app' ? app : behind).inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-request-id': given },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
