/**
 * An SMTP server that refuses a recipient, on the production shape (NODE_ENV=production, the production
 * logger): its reply names the address, which must reach neither the log nor the outbox's last_error, and a
 * new address refused for good is the user's to mend, not a "try again later".
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_CODE } from '#contract/index.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { Preferences } from '#contract/schemas/notifications.ts';
import { LOGGING, buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { freshDatabase } from '../test/database.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { testConfig } from '../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { notify } from './notify.ts';

const clock = new FakeClock('2030-03-02T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let drop: () => Promise<void>;
let smtp: TestSmtpServer;
let gateway: FakeSmsGateway;
let demo: TestClient;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startFakeSmsGateway();
  ({ db, drop } = await freshDatabase());
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    config: testConfig({
      NODE_ENV: 'production',
      PAYNOW_UEN: '201403121W',
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMS_GATEWAY_URL: gateway.url,
    }),
    db,
    now: clock.now,
    logger: { level: 'info', stream, ...LOGGING },
  });
  await app.ready();
  demo = await signedInClient(app, 'ptib.demo');
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await smtp?.close();
  await gateway?.close();
});

/** The log lines written from now on. */
function logFromNow(): () => string {
  const from = lines.length;
  return () => lines.slice(from).join('\n');
}

/** The address's every form a log could hold it in. */
const forms = (address: string) => [address, address.split('@')[0]!];

describe('a new email address', () => {
  it('refused for good by its server (550 at RCPT TO) is answered 400 by the field: check it; no log line holds it', async () => {
    const address = 'tan.ah.kow.reject@example.com';
    smtp.refuseRecipients.set(address, 550);
    const log = logFromNow();
    const res = await demo.post(NOTIFICATION_PATHS.emailStart, { email: address });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      header: { responseCode: RESPONSE_CODE.BAD_REQUEST, responseDesc: NOTIFICATION_MESSAGES.emailRefused },
      responseJSON: {
        fieldErrors: { email: NOTIFICATION_MESSAGES.emailRefused },
        errors: [{ path: 'email', message: NOTIFICATION_MESSAGES.emailRefused }],
      },
    });
    // No code waits for an address that cannot receive it.
    const prefs = (await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;
    expect(prefs.pendingEmail).toBeNull();

    // What an operator needs is there: what was refused, where, and for good, to a masked address.
    const warned = log()
      .split('\n')
      .find((l) => l.includes('the email confirmation code could not be sent'));
    expect(warned).toBeDefined();
    expect(JSON.parse(warned!).err).toMatchObject({
      type: 'EmailDeliveryError',
      failure: { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', permanent: true, to: 't***@example.com' },
    });
    for (const form of forms(address)) expect(log()).not.toContain(form);
  });

  it('refused for now (450 at RCPT TO) is still a 503 "try again later", and no log line holds it', async () => {
    const address = 'siew.ling.busy@example.com';
    smtp.refuseRecipients.set(address, 450);
    const log = logFromNow();
    const res = await demo.post(NOTIFICATION_PATHS.emailStart, { email: address });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.emailNotSent);
    expect(log()).toContain('"responseCode":450');
    for (const form of forms(address)) expect(log()).not.toContain(form);
  });
});

/** Confirms the address for ptib.demo with the code the test SMTP server received for it. */
async function confirm(address: string): Promise<Preferences> {
  expect((await demo.post(NOTIFICATION_PATHS.emailStart, { email: address })).statusCode).toBe(200);
  const mail = smtp.received.filter((m) => m.to === address).at(-1)!;
  const code = /is (\d{6})\./.exec(mail.raw)![1]!;
  const res = await demo.post(NOTIFICATION_PATHS.emailConfirm, { code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as Preferences;
}

/** An officer's decision on a record of ptib.demo, told by email (an obligatory message), then the outbox drained. */
async function decisionSent(caseNumber: string) {
  await db.transaction((tx) =>
    notify(tx, {
      kind: 'decided',
      profileId: 'PTIB00000001',
      caseNumber,
      facts: { outcome: 'rejected', reason: 'The payment date is missing.' },
      at: clock.now(),
    }),
  );
  await app.outbox.drain();
  const { rows } = await db.query<{ last_error: string | null; attempts: number; dead_at: Date | null }>(
    `SELECT last_error, attempts, dead_at FROM notification_outbox
      WHERE channel = 'email' AND kind = 'decided' AND case_number = $1`,
    [caseNumber],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const preferences = async () => (await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;

describe('a confirmed address its server refuses later', () => {
  it('refused for good: dead at once, the address marked as failing, and neither log nor error holds it', async () => {
    const address = 'tan.ah.kow@example.com';
    expect((await confirm(address)).emailFailed).toBeNull();

    // The mailbox is closed later; an officer's decision is told by email.
    smtp.refuseRecipients.set(address, 550);
    const log = logFromNow();
    const row = await decisionSent('PD 000001 2030');
    expect(row.last_error).toBe('EmailDeliveryError: SMTP EENVELOPE 550 at RCPT TO (permanent), to t***@example.com');
    // Every retry would be refused as well: not tried again for a day (docs/decisions/0100).
    expect(row.attempts).toBe(1);
    expect(row.dead_at).not.toBeNull();
    expect(log()).toContain('notification not delivered: the address is refused for good');
    expect(log()).not.toContain('will retry');

    // The person is told where they set the address, which is still theirs until they change it.
    const prefs = await preferences();
    expect(prefs.email).toBe(address);
    expect(prefs.emailFailed).toEqual({ at: clock.now().toISOString(), to: 't***@example.com' });
    const { rows } = await db.query<{ email_failure: string }>(
      `SELECT email_failure FROM ptib_profiles WHERE id = 'PTIB00000001'`,
    );
    expect(rows[0]!.email_failure).toBe('SMTP 550 at RCPT TO, to t***@example.com');
    for (const form of forms(address)) expect(log()).not.toContain(form);
  });

  it('is no longer marked once an address is confirmed again', async () => {
    expect((await preferences()).emailFailed).not.toBeNull();
    const prefs = await confirm('tan.ah.kow.new@example.com');
    expect(prefs.emailFailed).toBeNull();
    expect((await preferences()).emailFailed).toBeNull();
    const { rows } = await db.query<{ email_failure: string | null }>(
      `SELECT email_failure FROM ptib_profiles WHERE id = 'PTIB00000001'`,
    );
    expect(rows[0]!.email_failure).toBeNull();
  });

  it('refused for now (450 at RCPT TO): tried again later, and the address not marked', async () => {
    smtp.refuseRecipients.set('tan.ah.kow.new@example.com', 450);
    const log = logFromNow();
    const row = await decisionSent('PD 000002 2030');
    expect(row.attempts).toBe(1);
    expect(row.dead_at).toBeNull();
    expect(log()).toContain('notification not delivered: will retry');
    expect((await preferences()).emailFailed).toBeNull();
  });

  it('is not shown about an address confirmed after the refusal, whatever confirmed it', async () => {
    await confirm('kow.closed@example.com');
    smtp.refuseRecipients.set('kow.closed@example.com', 550);
    await decisionSent('PD 000003 2030');
    expect((await preferences()).emailFailed).toEqual({ at: clock.now().toISOString(), to: 'k***@example.com' });

    // A process of the release before confirms another address without taking the mark off: it does not know
    // the columns. The refusal was of the address before.
    clock.advance(60_000);
    await db.query(
      `UPDATE ptib_profiles SET email = 'ah.kow.fixed@example.org', email_confirmed_at = $1 WHERE id = 'PTIB00000001'`,
      [clock.now()],
    );
    let prefs = await preferences();
    expect(prefs.email).toBe('ah.kow.fixed@example.org');
    expect(prefs.emailFailed).toBeNull();

    // That address refused in its turn is shown, as refused after it was confirmed.
    clock.advance(60_000);
    smtp.refuseRecipients.set('ah.kow.fixed@example.org', 550);
    await decisionSent('PD 000004 2030');
    prefs = await preferences();
    expect(prefs.emailFailed).toEqual({ at: clock.now().toISOString(), to: 'a***@example.org' });
  });
});
