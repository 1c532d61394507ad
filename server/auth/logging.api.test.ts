import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '#contract/index.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import { LOGGING, buildApp } from '../app.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { authenticate, loginNonce, signIn } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;
const lines: string[] = [];
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // The most talkative level, with the production redaction.
  app = await buildApp({
    config: testConfig(),
    db: fresh.db,
    logger: { level: 'trace', stream, ...LOGGING },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

it('no token, password, nonce or XSRF value appears in any log line of a whole session', async () => {
  const c = new TestClient(app);
  const nonce = await loginNonce(c);
  await authenticate(c, 'ptib.demo', 'Wrong-Password-9');
  const token = await signIn(c, 'ptib.demo');
  const refreshed = (await c.post(API_PATHS.refresh)).json().responseJSON.token as string;
  c.token = refreshed;
  await c.post(API_PATHS.retrieveProfile);
  await c.post(API_PATHS.logout);
  await c.post(API_PATHS.retrieveProfile); // a refused call logs too

  const log = lines.join('');
  expect(log.length).toBeGreaterThan(0);
  expect(log).toContain(API_PATHS.authenticate);
  for (const secret of [nonce, token, refreshed, DEMO_PASSWORD, 'Wrong-Password-9', c.cookies.get('XSRF-TOKEN')!]) {
    expect(log).not.toContain(secret);
  }
});

it('keeps what a search asks for out of the log: an officer’s search for an applicant, the site search', async () => {
  const c = new TestClient(app);
  lines.length = 0;
  // Refused without a session, and logged all the same: the address is what is logged.
  await c.get(`${OFFICER_PATHS.queue}?q=${encodeURIComponent('Tan Ah Kow')}&page=1`);
  await c.get(`${API_PATHS.search}?page=1&q=Siew+Ling`);
  const log = lines.join('');
  expect(log).toContain(`${OFFICER_PATHS.queue}?q=[redacted]&page=1`);
  expect(log).toContain(`${API_PATHS.search}?page=1&q=[redacted]`);
  for (const searched of ['Tan', 'Siew']) expect(log).not.toContain(searched);
});
