import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '#contract/index.ts';
import { OFFICER_PATHS } from '#contract/officer.ts';
import { REGISTER_PATHS } from '#contract/register.ts';
import { LOGGING, buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { authenticate, loginNonce, signIn } from '../test/auth.ts';
import { TestClient, signedInClient } from '../test/client.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;
let db: Database;
const lines: string[] = [];
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = fresh.db;
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

it('keeps every value of a query out of the log: what a search asks for, the register case read', async () => {
  const c = new TestClient(app);
  lines.length = 0;
  // Refused without a session, and logged all the same: the address is what is logged.
  await c.get(`${OFFICER_PATHS.queue}?q=${encodeURIComponent('Tan Ah Kow')}&page=1`);
  await c.get(`${API_PATHS.search}?page=1&q=Siew+Ling`);
  await c.get(`${REGISTER_PATHS.entry}?ref=RS-20260101-ABCDEF&case=${encodeURIComponent('BS 004321 2023')}`);
  await c.get(`${REGISTER_PATHS.extract}?case=BS+004322+2023&ref=RS-20260101-ABCDEF`);
  // A value with no name is a value all the same.
  await c.get(`${API_PATHS.search}?S1234567D&page=2`);
  const log = lines.join('');
  // The names stay: they say which call it was.
  expect(log).toContain(`${OFFICER_PATHS.queue}?q=[redacted]&page=[redacted]`);
  expect(log).toContain(`${API_PATHS.search}?page=[redacted]&q=[redacted]`);
  expect(log).toContain(`${REGISTER_PATHS.entry}?ref=[redacted]&case=[redacted]`);
  expect(log).toContain(`${REGISTER_PATHS.extract}?case=[redacted]&ref=[redacted]`);
  expect(log).toContain(`${API_PATHS.search}?[redacted]&page=[redacted]`);
  for (const value of ['Tan', 'Siew', '004321', '004322', 'RS-2026', 'S1234567D']) expect(log).not.toContain(value);
});

it('keeps the answers of a save the database fails out of the error’s log line, and its code in', async () => {
  const c = await signedInClient(app, 'ptib.demo');
  // The database fails the write itself, as a full disk or a broken table would.
  await db.exec(`CREATE FUNCTION refuse_case_write() RETURNS trigger LANGUAGE plpgsql AS $$
                   BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
                 CREATE TRIGGER refuse_case_write BEFORE INSERT ON cases FOR EACH ROW EXECUTE FUNCTION refuse_case_write();`);
  lines.length = 0;
  try {
    const saved = await c.post(API_PATHS.cases, {
      appCode: 'PD',
      data: { debtorIdNumber: 'S9470855I', remarks: 'Paid from my CPF savings' },
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(500);
  } finally {
    await db.exec(`DROP TRIGGER refuse_case_write ON cases; DROP FUNCTION refuse_case_write();`);
  }
  const log = lines.join('');
  expect(log).toContain('unexpected error');
  for (const answer of ['S9470855I', 'Paid from my CPF savings']) expect(log).not.toContain(answer);
  // The SQLSTATE (or ECONNREFUSED and the like) is what an operator looks up first.
  expect(log).toContain('"code":"53100"');
});

it('keeps what an SMTP error holds of its recipients out of the log, whoever logs the error whole', async () => {
  lines.length = 0;
  // nodemailer's error for a refused recipient: the SMTP sender logs only a summary, this is the backstop.
  const refused = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
    code: 'EENVELOPE',
    responseCode: 550,
    response: '550 5.1.1 <tan.ah.kow@example.com>: Recipient address rejected',
    rejected: ['tan.ah.kow@example.com'],
    rejectedErrors: [{ recipient: 'tan.ah.kow@example.com' }],
    envelope: { from: 'no-reply@ptib.example', to: ['tan.ah.kow@example.com'] },
  });
  app.log.warn({ err: refused }, 'an email could not be sent');
  const log = lines.join('');
  expect(log).toContain('"code":"EENVELOPE"');
  expect(log).toContain('"responseCode":550');
  expect(log).not.toContain('tan.ah.kow');
});
