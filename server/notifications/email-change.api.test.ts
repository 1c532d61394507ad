import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { Preferences } from '#contract/schemas/notifications.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import type { Database } from '../db/database.ts';
import { notify } from './notify.ts';
import { RETRY_DELAYS_MS } from './worker.ts';

/** A person changing the address their messages go to (docs/decisions/0042). */
const clock = new FakeClock('2030-03-02T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let smtp: TestSmtpServer;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
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

describe('a new address confirmed', () => {
  it('takes the emails still waiting, and the address it replaces is told of the change', async () => {
    let master = await signedInClient(app, 'ptib.master');
    const profileId = (
      await db.query<{ id: string }>(`SELECT profile_id AS id FROM accounts WHERE login_name = 'ptib.master'`)
    ).rows[0]!.id;
    const mobile = (
      await db.query<{ m: string }>('SELECT mobile_num AS m FROM ptib_profiles WHERE id = $1', [profileId])
    ).rows[0]!.m;
    expect((await master.post(NOTIFICATION_PATHS.emailStart, { email: 'old@example.org' })).statusCode).toBe(200);
    const first = await master.post(NOTIFICATION_PATHS.emailConfirm, { code: codeSentTo('old@example.org') });
    expect(first.statusCode, first.body).toBe(200);
    // The first address confirmed replaces none: nobody is told.
    await app.outbox.drain();
    expect(smtp.received.filter((m) => m.subject.includes('Email address changed'))).toEqual([]);

    // A decision written while the old address is the profile's, not yet sent (the old one refuses it for now).
    smtp.refuseRecipients.set('old@example.org', 450);
    await db.transaction((tx) =>
      notify(tx, {
        kind: 'decided',
        profileId,
        caseNumber: 'DA 000077 2030',
        facts: { outcome: 'approved' },
        at: clock.now(),
      }),
    );
    await app.outbox.drain();
    smtp.refuseRecipients.delete('old@example.org');
    expect(smtp.received.filter((m) => m.subject.includes('DA 000077 2030'))).toEqual([]);

    // Its retry is due by the time the person has changed the address.
    clock.set('2030-03-02T03:15:00Z');
    master = await signedInClient(app, 'ptib.master');
    expect((await master.post(NOTIFICATION_PATHS.emailStart, { email: 'new@example.org' })).statusCode).toBe(200);
    const changed = await master.post(NOTIFICATION_PATHS.emailConfirm, { code: codeSentTo('new@example.org') });
    expect(changed.statusCode, changed.body).toBe(200);
    await app.outbox.drain();

    const decided = smtp.received.filter((m) => m.subject.includes('DA 000077 2030'));
    expect(decided.map((m) => m.to)).toEqual(['new@example.org']);
    const notices = smtp.received.filter((m) => m.subject === 'PTIB e-Services: Email address changed');
    expect(notices.map((m) => m.to)).toEqual(['old@example.org']);
    const text = notices[0]!.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('The email address for your PTIB e-Services account was changed on 2 Mar 2030 at 11:15.');
    expect(text).toContain('If this was not you, please call the PTIB helpdesk on');
    // Not the address it now goes to: the holder of the old one may not be who changed it.
    expect(text).not.toContain('new@example.org');
    const sms = gateway.received.map((r) => r.body as { to: string; message: string });
    expect(sms.filter((s) => s.to === mobile && s.message.includes('email address'))).toHaveLength(1);
  });
});

describe('an address confirmed while the notice to an address replaced before still waits', () => {
  it('leaves that notice, and a dead email, addressed as they were written', async () => {
    // An hour past every earlier test's sends, so their windows do not count these codes.
    clock.set('2030-03-02T06:00:00Z');
    const demo = await signedInClient(app, 'ptib.demo');
    const profileId = (
      await db.query<{ id: string }>(`SELECT profile_id AS id FROM accounts WHERE login_name = 'ptib.demo'`)
    ).rows[0]!.id;
    const confirm = async (address: string) => {
      expect((await demo.post(NOTIFICATION_PATHS.emailStart, { email: address })).statusCode).toBe(200);
      const res = await demo.post(NOTIFICATION_PATHS.emailConfirm, { code: codeSentTo(address) });
      expect(res.statusCode, res.body).toBe(200);
      await app.outbox.drain();
    };
    /** The profile's one email of this kind written to the address, as the outbox keeps it. */
    const emailOf = async (kind: string, recipient: string) => {
      const { rows } = await db.query<{ id: string; sent_at: Date | null; dead_at: Date | null }>(
        `SELECT id::text AS id, sent_at, dead_at FROM notification_outbox
          WHERE profile_id = $1 AND channel = 'email' AND kind = $2 AND recipient = $3`,
        [profileId, kind, recipient],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const recipientOf = async (id: string) =>
      (await db.query<{ r: string }>('SELECT recipient AS r FROM notification_outbox WHERE id = $1::bigint', [id]))
        .rows[0]!.r;
    const noticesTo = (address: string) =>
      smtp.received.filter((m) => m.to === address && m.subject === 'PTIB e-Services: Email address changed');
    try {
      await confirm('owner@example.com');

      // The owner's server greylists (451): the notice that the address was replaced waits for its retry.
      smtp.refuseRecipients.set('owner@example.com', 451);
      await confirm('second@example.org');
      const warning = await emailOf('emailChanged', 'owner@example.com');
      expect(warning).toMatchObject({ sent_at: null, dead_at: null });

      // A decision to the second address, refused for good: dead, kept with the address that refused it.
      smtp.refuseRecipients.set('second@example.org', 550);
      await db.transaction((tx) =>
        notify(tx, {
          kind: 'decided',
          profileId,
          caseNumber: 'DA 000078 2030',
          facts: { outcome: 'approved' },
          at: clock.now(),
        }),
      );
      await app.outbox.drain();
      const refused = await emailOf('decided', 'second@example.org');
      expect(refused.dead_at).not.toBeNull();

      await confirm('third@example.org');
      // The owner's warning is still the owner's, and the dead decision's history is not rewritten.
      expect(await recipientOf(warning.id)).toBe('owner@example.com');
      expect(await recipientOf(refused.id)).toBe('second@example.org');

      // The owner's server takes mail again, and the retry is due: the warning reaches the owner, and only them.
      smtp.refuseRecipients.delete('owner@example.com');
      clock.advance(RETRY_DELAYS_MS[0]!);
      await app.outbox.drain();
      expect(noticesTo('owner@example.com')).toHaveLength(1);
      expect(noticesTo('third@example.org')).toEqual([]);
      expect(smtp.received.filter((m) => m.subject.includes('DA 000078 2030'))).toEqual([]);
    } finally {
      smtp.refuseRecipients.delete('owner@example.com');
      smtp.refuseRecipients.delete('second@example.org');
    }
  });
});
