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

describe('a confirmed address its server refuses later', () => {
  it('keeps the address out of the log and of the outbox’s last error, which says what was refused', async () => {
    const address = 'tan.ah.kow@example.com';
    expect((await demo.post(NOTIFICATION_PATHS.emailStart, { email: address })).statusCode).toBe(200);
    const mail = smtp.received.filter((m) => m.to === address).at(-1)!;
    const code = /is (\d{6})\./.exec(mail.raw)![1]!;
    expect((await demo.post(NOTIFICATION_PATHS.emailConfirm, { code })).statusCode).toBe(200);

    // The mailbox is closed later; an officer's decision is told by email.
    smtp.refuseRecipients.set(address, 550);
    const log = logFromNow();
    await db.transaction((tx) =>
      notify(tx, {
        kind: 'decided',
        profileId: 'PTIB00000001',
        caseNumber: 'PD 000001 2030',
        facts: { outcome: 'rejected', reason: 'The payment date is missing.' },
        at: clock.now(),
      }),
    );
    await app.outbox.drain();
    const { rows } = await db.query<{ last_error: string }>(
      `SELECT last_error FROM notification_outbox WHERE channel = 'email' AND kind = 'decided'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.last_error).toBe(
      'EmailDeliveryError: SMTP EENVELOPE 550 at RCPT TO (permanent), to t***@example.com',
    );
    expect(log()).toContain('notification not delivered: will retry');
    for (const form of forms(address)) expect(log()).not.toContain(form);
  });
});
