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
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  app = await buildApp({ config: testConfig(), db: fresh.db, logger: { ...LOGGING, level: 'debug', stream } });
  app.get('/api/test/throw', async () => {
    throw new Error('on purpose');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

/** The log entries of one request, by its id, once its answer has gone. */
async function loggedFor(url: string): Promise<{ status: number; lines: Array<Record<string, unknown>> }> {
  const res = await app.inject({ method: 'GET', url });
  const id = entries.findLast((e) => e.msg === 'request completed')?.reqId;
  return { status: res.statusCode, lines: entries.filter((e) => e.reqId === id) };
}

describe('the request log', () => {
  it('has one line a request, when it is answered, with its method, address, status and time', async () => {
    // Fastify wrote two at info, "incoming request" and "request completed".
    const { status, lines } = await loggedFor('/api/no-such-call?q=Tan%20Ah%20Kow&page=2');
    expect(status).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/no-such-call?q=[redacted]&page=2' },
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
