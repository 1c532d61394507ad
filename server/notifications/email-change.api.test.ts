import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { Preferences } from '#contract/schemas/notifications.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';

/** A person changing the address their messages go to (docs/decisions/0042). */
const clock = new FakeClock('2030-03-02T02:00:00Z');
let app: FastifyInstance;
let smtp: TestSmtpServer;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startFakeSmsGateway();
  ({ app } = await buildTestApp(
    { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port), SMS_GATEWAY_URL: gateway.url, LOG_LEVEL: 'error' },
    { now: clock.now },
  ));
});
afterAll(async () => {
  await smtp.close();
  await gateway.close();
});

/** The code in the last email sent to the address. */
const codeSentTo = (address: string) =>
  /is (\d{6})\./.exec(smtp.received.filter((m) => m.to === address).at(-1)!.raw)![1]!;
const preferences = async (c: TestClient) =>
  (await c.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;

describe('a code asked for another address that could not be sent', () => {
  it('leaves the code sent before, and its address, waiting: neither a 503 nor a 400 takes their place', async () => {
    const demo = await signedInClient(app, 'ptib.demo');
    expect((await demo.post(NOTIFICATION_PATHS.emailStart, { email: 'first@example.org' })).statusCode).toBe(200);
    const code = codeSentTo('first@example.org');

    // The SMTP server defers the next (451): "try again later", and no code went to that address.
    smtp.refuse = '451 4.3.0 Try again later';
    try {
      const later = await demo.post(NOTIFICATION_PATHS.emailStart, { email: 'busy@example.org' });
      expect(later.statusCode, later.body).toBe(503);
      expect(later.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.emailNotSent);
    } finally {
      smtp.refuse = null;
    }
    expect(smtp.received.filter((m) => m.to === 'busy@example.org')).toEqual([]);
    expect(await preferences(demo)).toMatchObject({ email: null, pendingEmail: 'first@example.org' });

    // An address its server refuses for good (550): checked by the field, and the first still waits.
    smtp.refuseRecipients.set('gone@example.org', 550);
    const gone = await demo.post(NOTIFICATION_PATHS.emailStart, { email: 'gone@example.org' });
    expect(gone.statusCode, gone.body).toBe(400);
    expect(gone.json().responseJSON.fieldErrors).toEqual({ email: NOTIFICATION_MESSAGES.emailRefused });
    expect(await preferences(demo)).toMatchObject({ email: null, pendingEmail: 'first@example.org' });

    const confirmed = await demo.post(NOTIFICATION_PATHS.emailConfirm, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().responseJSON).toMatchObject({
      email: 'first@example.org',
      emailConfirmed: true,
      pendingEmail: null,
    });
  });
});
