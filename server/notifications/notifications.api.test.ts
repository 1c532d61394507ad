import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_CODE,
  PROCESS_ENGINE_PATHS,
  RESPONSE_CODE,
  fillPath,
} from '#contract/index.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import {
  EMAIL_CODE,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  type NotificationKind,
} from '#contract/notifications.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { Inbox, Preferences } from '#contract/schemas/notifications.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { ATTACHMENT_FIELD, TEST_APP, useAttachmentForm } from '../documents/test-form.ts';
import { signIn } from '../test/auth.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { idsAboutToGainADigit } from '../test/database.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { moveCase } from '../cases/service.ts';
import { rejectWithCommand } from '../test/rejection.ts';
import { doAction, signedInOfficer } from '../officer/test-support.ts';
import { singaporeOn, singaporeTime } from '#contract/singapore.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { notify } from './notify.ts';
import { listOutbox, retryDead } from './operators.ts';
import type { EmailSender } from './email.ts';
import { LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS, drainAll, startOutboxWorker } from './worker.ts';
import { uploadFile } from '../test/upload.ts';

const clock = new FakeClock('2030-03-02T02:00:00Z');
const PUBLIC_URL = 'https://eservices.ptib.example';
let app: FastifyInstance;
let db: Database;
let smtp: TestSmtpServer;
let gateway: FakeSmsGateway;
let demo: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    {
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'PTIB e-Services <no-reply@ptib.example>',
      SMS_GATEWAY_URL: gateway.url,
      PUBLIC_URL,
    },
    { now: clock.now },
  ));
  await useAttachmentForm(db);
  demo = await signedInClient(app, 'ptib.demo');
});
afterAll(async () => {
  await smtp.close();
  await gateway.close();
});

/** A record of the test e-service with one file, submitted: its detail. */
async function submitRecord(c: TestClient): Promise<CaseDetail> {
  const created = await c.post(API_PATHS.cases, { appCode: TEST_APP, data: { remarks: 'Paid in full' }, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  const record = created.json().responseJSON as CaseDetail;
  const upload = await uploadFile(c, record.id, ATTACHMENT_FIELD, 'invoice.pdf');
  expect(upload.statusCode, upload.body).toBe(201);
  const res = await c.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
    version: record.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as CaseDetail;
}

const mailTo = (address: string) => smtp.received.filter((m) => m.to === address);
const smsTo = (mobile: string) =>
  gateway.received.filter((r) => (r.body as { to: string }).to === mobile).map((r) => r.body as Record<string, string>);
const inbox = async (c: TestClient) => (await c.get(NOTIFICATION_PATHS.inbox)).json().responseJSON as Inbox;
const mobileOf = async (profileId: string) =>
  (await db.query<{ m: string }>('SELECT mobile_num AS m FROM ptib_profiles WHERE id = $1', [profileId])).rows[0]!.m;

/** Confirms an email address for the client's profile through the calls a person makes. */
async function confirmEmail(c: TestClient, email: string): Promise<void> {
  const start = await c.post(NOTIFICATION_PATHS.emailStart, { email });
  expect(start.statusCode, start.body).toBe(200);
  const code = /\b(\d{6})\b/.exec(
    mailTo(email)
      .at(-1)!
      .raw.split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )?.[1];
  const done = await c.post(NOTIFICATION_PATHS.emailConfirm, { code });
  expect(done.statusCode, done.body).toBe(200);
}

describe('email address', () => {
  it('is used only once confirmed by the code sent to it; a wrong code is refused with a reason', async () => {
    const c = await signedInClient(app, 'ptib.master');
    const bad = await c.post(NOTIFICATION_PATHS.emailStart, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.badEmail);
    expect((await c.post(NOTIFICATION_PATHS.emailStart, { email: 'master@example.org' })).statusCode).toBe(200);
    const sent = mailTo('master@example.org');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('PTIB e-Services: confirm your email address');
    let prefs = (await c.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;
    expect(prefs).toMatchObject({ email: null, emailConfirmed: false, pendingEmail: 'master@example.org' });

    const wrong = await c.post(NOTIFICATION_PATHS.emailConfirm, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.badEmailCode);
    // A code that cannot be one is told its form, not sent for a new code (the one sent still holds).
    const short = await c.post(NOTIFICATION_PATHS.emailConfirm, { code: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.emailCodeFormat);
    // Not confirmed: an event of this profile sends no email.
    await db.transaction((tx) => notify(tx, { kind: 'billIssued', profileId: 'PTIB00000002', at: clock.now() }));
    expect(
      (await db.query(`SELECT 1 FROM notification_outbox WHERE channel = 'email' AND profile_id = 'PTIB00000002'`))
        .rowCount,
    ).toBe(0);

    // Grouped as some mail apps show it: the inbox form takes it so, and the call does too.
    const code = /is (\d{6})\./.exec(sent[0]!.raw)![1]!;
    const right = await c.post(NOTIFICATION_PATHS.emailConfirm, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(right.statusCode, right.body).toBe(200);
    prefs = right.json().responseJSON as Preferences;
    expect(prefs).toMatchObject({ email: 'master@example.org', emailConfirmed: true, pendingEmail: null });
  });

  it(`stops taking guesses after the limit`, async () => {
    const c = await signedInClient(app, 'ptib.noauth');
    await c.post(NOTIFICATION_PATHS.emailStart, { email: 'noauth@example.org' });
    const code = /is (\d{6})\./.exec(mailTo('noauth@example.org').at(-1)!.raw)![1]!;
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await c.post(NOTIFICATION_PATHS.emailConfirm, { code: wrongCode });
    expect((await c.post(NOTIFICATION_PATHS.emailConfirm, { code })).statusCode).toBe(400);
  });

  it('sends only so many codes an hour for a profile and to an address, saying when more may go', async () => {
    // Each start emails a code to any address typed: without a limit one session could flood a stranger's
    // mailbox from the portal's own address, and each new code would give five fresh guesses.
    const flooder = await signedInClient(app, 'ptib.noauth');
    const answers = [];
    for (let i = 0; i < EMAIL_CODE.SENDS_PER_HOUR + 3; i++)
      answers.push(await flooder.post(NOTIFICATION_PATHS.emailStart, { email: 'stranger@example.org' }));
    expect(mailTo('stranger@example.org').length).toBeLessThanOrEqual(EMAIL_CODE.SENDS_PER_HOUR);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.emailHourlyLimit(60));
    // Nor may this profile go on with another address, or another profile with that address past its limit.
    expect((await flooder.post(NOTIFICATION_PATHS.emailStart, { email: 'another@example.org' })).statusCode).toBe(429);
    const other = await signedInClient(app, 'ptib.master');
    for (let i = 0; i < EMAIL_CODE.SENDS_PER_HOUR; i++)
      await other.post(NOTIFICATION_PATHS.emailStart, { email: 'stranger@example.org' });
    expect(mailTo('stranger@example.org')).toHaveLength(EMAIL_CODE.SENDS_PER_HOUR);
    expect((await other.post(NOTIFICATION_PATHS.emailStart, { email: 'stranger@example.org' })).statusCode).toBe(429);
    expect(mailTo('another@example.org')).toHaveLength(0);
  });
});

describe('a submitted record', () => {
  it('is acknowledged by email, without its PDF, by the inbox, and the email goes once however often drained', async () => {
    await confirmEmail(demo, 'demo@example.org');
    const record = await submitRecord(demo);
    await app.outbox.drain();
    await app.outbox.drain();
    const mails = mailTo('demo@example.org').filter((m) => m.subject.includes(record.caseNumber));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`PTIB e-Services: Acknowledgement of a submission (${record.caseNumber})`);
    expect(mail.messageId).toBe(`<${mail.key}@ptib.example>`);
    expect(mail.key).toMatch(/^[0-9a-f-]{36}\.email$/);
    const link = `${PUBLIC_URL}/#/generic?app=${TEST_APP}&case=${record.id}`;
    expect(mail.raw).toContain(link.replace(/=/g, '=3D').slice(0, 20));
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    // No personal data beyond what the message needs: not the name, identity number or answers, nor the
    // acknowledgement PDF, which holds them all (docs/decisions/0042).
    expect(mail.raw).not.toMatch(/filename=|application\/pdf/);
    expect(mail.raw).not.toContain('Paid in full');
    const { rows } = await db.query<{ sent_at: Date | null; attempts: number }>(
      `SELECT sent_at, attempts FROM notification_outbox WHERE idempotency_key = $1`,
      [mail.key],
    );
    expect(rows[0]!.sent_at).not.toBeNull();
    expect(rows[0]!.attempts).toBe(1);

    const box = await inbox(demo);
    const entry = box.messages.find((m) => m.caseNumber === record.caseNumber)!;
    expect(entry).toMatchObject({
      kind: 'submitted',
      read: false,
      route: `/generic?app=${TEST_APP}&case=${record.id}`,
    });
    // The email says it carries no PDF, lest its reader look for one; the inbox entry is no email.
    // (Its quoted-printable lines unfolded.)
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('not attached to this email');
    expect(entry.body).toBe(
      `We have received record ${record.caseNumber}. An officer will review it and you will be told of the outcome.\nThe acknowledgement can be downloaded from the record at any time.`,
    );
    const unread = (await demo.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread as number;
    expect(unread).toBe(box.unread);
    const read = await demo.post(fillPath(NOTIFICATION_PATHS.read, { id: entry.id }));
    expect(read.json().responseJSON).toEqual({ unread: unread - 1 });
    expect((await inbox(demo)).messages.find((m) => m.id === entry.id)!.read).toBe(true);
    // Another profile cannot read (or learn of) it.
    const other = await signedInClient(app, 'ptib.master');
    expect((await other.post(fillPath(NOTIFICATION_PATHS.read, { id: entry.id }))).statusCode).toBe(404);
  });
});

describe('a record resubmitted after a request for more information', () => {
  it('is acknowledged as a submission is, saying when, once however often the resubmission is sent', async () => {
    const prefs = (await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;
    if (!prefs.emailConfirmed) await confirmEmail(demo, 'demo@example.org');
    const record = await submitRecord(demo);
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'requestInfo', message: 'Say what was paid.', fields: ['remarks'] });
    await app.outbox.drain();
    const before = smtp.received.length;

    const open = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    const resubmit = () =>
      demo.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
        version: open.version,
        data: { ...open.data, remarks: 'Paid in full on 1 March' },
      });
    // The request sent twice at once (a double click, a retry whose first answer was lost), then once more.
    const answers = await Promise.all([resubmit(), resubmit()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await resubmit()).statusCode).toBe(409);
    await app.outbox.drain();
    await app.outbox.drain();

    const when = singaporeTime(clock.now());
    const mails = smtp.received.slice(before).filter((m) => m.subject.includes(record.caseNumber));
    expect(mails.map((m) => m.subject)).toEqual([
      `PTIB e-Services: Acknowledgement of a resubmission (${record.caseNumber})`,
    ]);
    const mail = mails[0]!;
    expect(mail.to).toBe('demo@example.org');
    // Its Message-ID is unique the world over, as every message's (docs/decisions/0041): not the request's
    // number, which a second environment or a restored database would give another message too.
    expect(mail.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.email$/);
    expect(mail.raw).toContain(`resubmitted on ${when}`);
    expect(mail.raw).not.toMatch(/filename=|application\/pdf/);
    expect(mail.raw).not.toContain('Paid in full on 1 March');

    const entries = (await inbox(demo)).messages.filter(
      (m) => m.caseNumber === record.caseNumber && m.kind === 'resubmitted',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toBe(
      `We have received the changed answers to record ${record.caseNumber}, resubmitted on ${when}. An officer will review them and you will be told of the outcome.\nThe acknowledgement can be downloaded from the record at any time.`,
    );
  });
});

describe('a decision made by the operator’s command (npm run case -- move)', () => {
  it('is told to the applicant as an officer’s decision is, in the inbox and by SMS', async () => {
    const approved = await submitRecord(demo);
    const rejected = await submitRecord(demo);
    await moveCase(db, approved.caseNumber, 'in_review', 'officer.lead', clock.now());
    await moveCase(db, approved.caseNumber, 'approved', 'officer.lead', clock.now());
    await rejectWithCommand(db, rejected.caseNumber, clock.now(), 'The receipt does not match the bill.');
    await app.outbox.drain();
    const box = await inbox(demo);
    const mobile = await mobileOf('PTIB00000001');
    const when = singaporeOn(clock.now());
    // The rejection's reason is its proposal's, as when a supervisor approves it in the back office.
    for (const [record, inboxBody, sms] of [
      [approved, `was approved ${when}.`, `was approved ${when}.`],
      [
        rejected,
        `was rejected ${when}.\nReason: The receipt does not match the bill.`,
        `was rejected ${when}. Please sign in to read the reason.`,
      ],
    ] as const) {
      const entry = box.messages.find((m) => m.kind === 'decided' && m.caseNumber === record.caseNumber);
      expect(entry?.body, record.caseNumber).toBe(`Record ${record.caseNumber} ${inboxBody}`);
      expect(smsTo(mobile).map((s) => s.message)).toContain(`PTIB e-Services: Record ${record.caseNumber} ${sms}`);
    }
  });
});

describe('a rejection whose reason runs to paragraphs', () => {
  it('is told in the inbox with the whole reason, its lines kept', async () => {
    const record = await submitRecord(demo);
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    const supervisor = await signedInOfficer(app, gateway, 'officer.lead');
    const reason = 'The receipt does not match the bill.\n\nPlease apply again with the bank’s statement.';
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'proposeRejection', reason });
    await doAction(supervisor, record.id, { action: 'approveRejection' });
    const entry = (await inbox(demo)).messages.find((m) => m.kind === 'decided' && m.caseNumber === record.caseNumber);
    expect(entry?.body).toBe(
      `Record ${record.caseNumber} was rejected ${singaporeOn(clock.now())}.\nReason: ${reason}`,
    );
  });
});

describe('an officer’s reason with characters that reorder text', () => {
  it('reaches the applicant without them, so it reads as it was written', async () => {
    const record = await submitRecord(demo);
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    const supervisor = await signedInOfficer(app, gateway, 'officer.lead');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'proposeRejection', reason: 'Pay \u202e0001 ot\u202c now.' });
    await doAction(supervisor, record.id, { action: 'approveRejection' });
    const entry = (await inbox(demo)).messages.find((m) => m.kind === 'decided' && m.caseNumber === record.caseNumber);
    expect(entry?.body).toBe(
      `Record ${record.caseNumber} was rejected ${singaporeOn(clock.now())}.\nReason: Pay 0001 ot now.`,
    );
  });
});

describe('preferences', () => {
  it('switch an optional kind off per channel, and refuse to switch off an obligatory one', async () => {
    const prefs = (await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;
    expect(prefs.kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(prefs.kinds.find((k) => k.kind === 'decided')).toMatchObject({ obligatory: true, email: true, sms: true });
    const refused = await demo.post(NOTIFICATION_PATHS.preferences, {
      kinds: [{ kind: 'decided', email: false, sms: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().header.responseDesc).toContain('cannot be switched off');

    const saved = await demo.post(NOTIFICATION_PATHS.preferences, {
      kinds: [{ kind: 'submitted', email: false, sms: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = await submitRecord(demo);
    const { rows } = await db.query<{ channel: string }>(
      'SELECT channel FROM notification_outbox WHERE case_id = $1::bigint ORDER BY channel',
      [record.id],
    );
    expect(rows.map((r) => r.channel)).toEqual(['sms']);
    await app.outbox.drain();
    const sms = smsTo(await mobileOf('PTIB00000001')).find((s) => s.message?.includes(record.caseNumber))!;
    // No file travels by SMS, and here no email goes at all: the SMS says where the acknowledgement is.
    expect(sms.message).toBe(
      `PTIB e-Services: We have received record ${record.caseNumber}. An officer will review it and you will be told of the outcome. The acknowledgement can be downloaded from the record at any time.`,
    );
    expect(sms.reference).toMatch(/\.sms$/);
    // Still in the inbox, which gets every message.
    expect((await inbox(demo)).messages.some((m) => m.caseNumber === record.caseNumber)).toBe(true);
    await demo.post(NOTIFICATION_PATHS.preferences, { kinds: [{ kind: 'submitted', email: true, sms: false }] });
  });

  it('refused for one choice, saves none of the others', async () => {
    const saves = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_events WHERE event = 'notification_preferences'`,
        )
      ).rows[0]!.n;
    const before = (await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON as Preferences;
    const audited = await saves();
    // An optional kind switched off, then an obligatory one: the whole request is refused.
    const refused = await demo.post(NOTIFICATION_PATHS.preferences, {
      kinds: [
        { kind: 'submitted', email: false, sms: true },
        { kind: 'decided', email: false, sms: true },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.obligatory('Decision on an application'));
    expect((await demo.get(NOTIFICATION_PATHS.preferences)).json().responseJSON).toEqual(before);
    expect(await saves()).toBe(audited);

    // Saved, the choices and their audit entry go together.
    const saved = await demo.post(NOTIFICATION_PATHS.preferences, {
      kinds: [
        { kind: 'submitted', email: false, sms: true },
        { kind: 'decided', email: true, sms: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().responseJSON as Preferences).kinds.find((k) => k.kind === 'submitted')).toMatchObject({
      email: false,
      sms: true,
    });
    expect(await saves()).toBe(audited + 1);
    await demo.post(NOTIFICATION_PATHS.preferences, { kinds: [{ kind: 'submitted', email: true, sms: false }] });
  });
});

describe('retries', () => {
  it('retries with growing delays, then keeps the message dead with its error for operators', async () => {
    smtp.refuse = 'mailbox busy';
    try {
      await db.transaction((tx) =>
        notify(tx, {
          kind: 'decided',
          profileId: 'PTIB00000001',
          caseNumber: 'PD 000001 2030',
          facts: { outcome: 'rejected', reason: 'The payment date is missing.' },
          at: clock.now(),
        }),
      );
      const key = async () =>
        (
          await db.query<{ idempotency_key: string; attempts: number; next_attempt_at: Date; last_error: string }>(
            `SELECT idempotency_key, attempts, next_attempt_at, last_error FROM notification_outbox
              WHERE channel = 'email' AND kind = 'decided' ORDER BY id DESC LIMIT 1`,
          )
        ).rows[0]!;
      const tried: string[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await app.outbox.drain();
        const row = await key();
        expect(row.attempts).toBe(attempt);
        // What the server refused, where, and for how long; never its reply's words, which may name the address.
        expect(row.last_error).toContain('SMTP EMESSAGE 451 at DATA (temporary)');
        tried.push(row.idempotency_key);
        if (attempt < MAX_ATTEMPTS) {
          const delay = RETRY_DELAYS_MS[attempt - 1]!;
          expect(new Date(row.next_attempt_at).getTime()).toBe(clock.now().getTime() + delay);
          // Not due before its time.
          clock.advance(delay - 1000);
          await app.outbox.drain();
          expect((await key()).attempts).toBe(attempt);
          clock.advance(1000);
        }
      }
      const dead = await listOutbox(db, 'dead');
      const entry = dead.find((d) => d.idempotency_key === tried[0])!;
      expect(entry).toMatchObject({ channel: 'email', kind: 'decided', attempts: MAX_ATTEMPTS });
      expect(entry.last_error).toContain('SMTP EMESSAGE 451 at DATA (temporary)');
      clock.advance(24 * 60 * 60_000);
      await app.outbox.drain();
      expect((await key()).attempts).toBe(MAX_ATTEMPTS);

      // The operator fixed the cause and sends it again: the same message, recognisably.
      smtp.refuse = null;
      expect(await retryDead(db, entry.id, clock.now())).toBe(true);
      await app.outbox.drain();
      expect(smtp.received.filter((m) => m.key === entry.idempotency_key)).toHaveLength(1);
      const mail = smtp.received.find((m) => m.key === entry.idempotency_key)!;
      expect(mail.raw).toContain('has been rejected');
      expect(mail.raw).toContain('The payment date is missing.');
    } finally {
      smtp.refuse = null;
    }
  });
});

describe('several senders on one outbox', () => {
  it('two app instances draining at once send every message exactly once', async () => {
    const before = smtp.received.length;
    const kinds: NotificationKind[] = ['billIssued', 'decided', 'moreInfoRequested'];
    await db.transaction(async (tx) => {
      for (let i = 0; i < 45; i++)
        await notify(tx, {
          kind: kinds[i % 3]!,
          profileId: 'PTIB00000001',
          caseNumber: `PD ${String(i).padStart(6, '0')} 2031`,
          facts: { amountCents: 1000 + i, outcome: 'approved' },
          at: clock.now(),
        });
    });
    // The second instance has its own connections to the same database when it is a PostgreSQL server.
    const url = process.env.TEST_DATABASE_URL ? await databaseUrlOf(db) : null;
    const second = url ? openPostgres(url, 3) : db;
    try {
      const deps = (db: Database, workerId: string) => ({ ...app.outbox.deps(), db, workerId });
      await Promise.all([drainAll(deps(db, 'one')), drainAll(deps(second, 'two')), drainAll(deps(db, 'three'))]);
    } finally {
      if (second !== db) await second.close();
    }
    const keys = smtp.received
      .slice(before)
      .filter((m) => m.subject.endsWith(' 2031)'))
      .map((m) => m.key);
    expect(keys).toHaveLength(45);
    expect(new Set(keys).size).toBe(45);
    const { rows } = await db.query<{ claimed_by: string }>(
      `SELECT DISTINCT claimed_by FROM notification_outbox WHERE idempotency_key = ANY($1::text[])`,
      [keys],
    );
    // On PostgreSQL the instances really share the work; PGlite serves one connection at a time.
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('sends that together outlast the lease let no other sender take the messages waiting behind them', async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await notify(tx, {
          kind: 'billIssued',
          profileId: 'PTIB00000001',
          caseNumber: `PD ${String(i).padStart(6, '0')} 2032`,
          facts: { amountCents: 2000 + i },
          at: clock.now(),
        });
    });
    // Its own clock, so leases can lapse in the middle of a pass without moving the app's.
    const time = new FakeClock(clock.now().toISOString());
    const sent: string[] = [];
    const deps = (workerId: string, send: EmailSender['send']) => ({
      ...app.outbox.deps(),
      now: time.now,
      workerId,
      email: { kind: 'file' as const, send, close() {} },
    });
    const other = deps('other', async (message) => {
      if (message.subject.endsWith(' 2032)')) sent.push(message.idempotencyKey);
    });
    // Each send takes most of a lease (an SMTP server answering slowly, within the mailer's time limits);
    // during the second, another process drains.
    const slow = deps('slow', async (message) => {
      if (!message.subject.endsWith(' 2032)')) return;
      sent.push(message.idempotencyKey);
      time.advance(LEASE_MS * 0.6);
      if (sent.length === 2) await drainAll(other);
    });
    await drainAll(slow);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  });
});

describe('a process that stops while notifications are due', () => {
  it('sends the one in hand and leaves the rest to the other processes, or to its next start', async () => {
    await app.outbox.drain();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await notify(tx, {
          kind: 'billIssued',
          profileId: 'PTIB00000001',
          caseNumber: `PD ${String(i).padStart(6, '0')} 2033`,
          facts: { amountCents: 3000 + i },
          at: clock.now(),
        });
    });
    let release!: () => void;
    const inHand = new Promise<void>((resolve) => (release = resolve));
    // Nothing else is due (drained above): every send is one of these. The first lasts until the test lets
    // it end (an SMTP server or gateway answering slowly); any further one would go at once.
    let sends = 0;
    const slowly = async () => {
      sends += 1;
      if (sends === 1) await inHand;
    };
    const worker = startOutboxWorker(
      {
        ...app.outbox.deps(),
        email: { kind: 'file' as const, send: slowly, close() {} },
        sms: { kind: 'gateway' as const, send: slowly },
      },
      60_000,
    );
    await vi.waitFor(() => expect(sends).toBe(1));
    const stopped = worker.stop();
    release();
    await stopped;
    expect(sends).toBe(1);
    const { rows } = await db.query<{ queued: number; waiting: number }>(
      `SELECT count(*)::int AS queued, (count(*) FILTER (WHERE sent_at IS NULL))::int AS waiting
         FROM notification_outbox WHERE case_number LIKE '% 2033'`,
    );
    expect(rows[0]!.queued).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.waiting).toBe(rows[0]!.queued - 1);
  });
});

async function databaseUrlOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

describe('sign-in notices', () => {
  it('tells the account holder of a sign-in from a new browser, not from a known one nor the first', async () => {
    const first = new TestClient(app);
    await signIn(first, 'ptib.blocked');
    expect(first.cookies.get('PTIB_DEVICE')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = new TestClient(app);
    again.cookies.set('PTIB_DEVICE', first.cookies.get('PTIB_DEVICE')!);
    await signIn(again, 'ptib.blocked');
    const count = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM inbox_messages i JOIN accounts a ON a.profile_id = i.profile_id
              WHERE a.login_name = 'ptib.blocked' AND i.kind = 'newDevice'`,
          )
        ).rows[0]!.n,
      );
    expect(await count()).toBe(0);
    const fresh = new TestClient(app);
    await signIn(fresh, 'ptib.blocked');
    expect(await count()).toBe(1);
    // The notice names the deployment's helpdesk number, when sent as when shown.
    const { rows } = await db.query<{ facts: Record<string, unknown> }>(
      `SELECT o.facts FROM notification_outbox o JOIN accounts a ON a.profile_id = o.profile_id
        WHERE a.login_name = 'ptib.blocked' AND o.kind = 'newDevice'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.facts).toEqual({ phone: app.config.CONTACT_PHONE, at: clock.now().toISOString() });
  });

  it('are sent by the process’s worker: the sign-in starts no send of its own that could outlive it', async () => {
    const before = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM notification_outbox');
    await signIn(new TestClient(app), 'ptib.demo');
    const fresh = async () =>
      (
        await db.query<{ attempts: number; sent: boolean }>(
          `SELECT attempts, sent_at IS NOT NULL AS sent FROM notification_outbox
            WHERE kind = 'newDevice' AND id > $1::bigint`,
          [before.rows[0]!.id],
        )
      ).rows;
    // No worker runs in this app (tests drain by hand), so nothing has touched the notice's messages.
    expect((await fresh()).length).toBeGreaterThan(0);
    expect(await fresh()).toEqual((await fresh()).map(() => ({ attempts: 0, sent: false })));
    await app.outbox.drain();
    expect((await fresh()).every((r) => r.sent)).toBe(true);
  });
});

describe('an officer’s session', () => {
  it('is refused on every inbox and preferences call with PTACC-951, as on the other PTIB calls', async () => {
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    for (const res of [
      await officer.get(NOTIFICATION_PATHS.unread),
      await officer.get(NOTIFICATION_PATHS.inbox),
      await officer.post(fillPath(NOTIFICATION_PATHS.read, { id: '1' }), {}),
      await officer.get(NOTIFICATION_PATHS.preferences),
      await officer.post(NOTIFICATION_PATHS.preferences, { kinds: [] }),
      await officer.post(NOTIFICATION_PATHS.emailStart, { email: 'officer@ptib.example' }),
      await officer.post(NOTIFICATION_PATHS.emailConfirm, { code: '123456' }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        header: { responseCode: FORBIDDEN_CODE.MISSING_AUTHORITY, responseDesc: OFFICER_MESSAGES.officerOnPtib },
        responseJSON: null,
      });
    }
  });
});

describe('a blocked profile’s session', () => {
  it('is refused on every inbox and preferences call with 4100, as on the other PTIB calls', async () => {
    // Its records, bills and register were refused, but it could still read its messages, change its
    // choices and have codes emailed to any address.
    const blocked = await signedInClient(app, 'ptib.blocked');
    for (const res of [
      await blocked.get(NOTIFICATION_PATHS.unread),
      await blocked.get(NOTIFICATION_PATHS.inbox),
      await blocked.post(fillPath(NOTIFICATION_PATHS.read, { id: '1' }), {}),
      await blocked.get(NOTIFICATION_PATHS.preferences),
      await blocked.post(NOTIFICATION_PATHS.preferences, { kinds: [] }),
      await blocked.post(NOTIFICATION_PATHS.emailStart, { email: 'blocked@example.org' }),
      await blocked.post(NOTIFICATION_PATHS.emailConfirm, { code: '123456' }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        header: { responseCode: RESPONSE_CODE.PROFILE_BLOCKED, responseDesc: AUTH_MESSAGES.profileBlocked },
        responseJSON: null,
      });
    }
    expect(mailTo('blocked@example.org')).toHaveLength(0);
  });
});

describe('the inbox', () => {
  it('lists the newest first, also when messages of one moment have ids that gain a digit', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    await idsAboutToGainADigit(db, 'inbox_messages');
    await db.transaction(async (tx) => {
      for (const n of [1, 2, 3])
        await notify(tx, {
          kind: 'billIssued',
          profileId: 'PTIB00000001',
          caseNumber: `PD 00000${n} 2033`,
          facts: { amountCents: n },
          at: clock.now(),
        });
    });
    const newest = (await inbox(reader)).messages.slice(0, 3).map((m) => m.caseNumber);
    expect(newest).toEqual(['PD 000003 2033', 'PD 000002 2033', 'PD 000001 2033']);
  });
});

describe('an account’s sign-in notices', () => {
  it('stay with the account: a master user acting for its profile neither reads nor counts them', async () => {
    await db.query(
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, master_block)
       VALUES ('PTIB00000002', 'PTIB00000001', false) ON CONFLICT DO NOTHING`,
    );
    // ptib.demo signs in from a browser it has not used: the notice is about that account, "your account".
    const holder = new TestClient(app);
    await signIn(holder, 'ptib.demo');
    const notices = (await inbox(holder)).messages.filter((m) => m.kind === 'newDevice');
    expect(notices.length).toBeGreaterThan(0);

    const master = await signedInClient(app, 'ptib.master');
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'PTIB00000001' });
    expect(switched.statusCode, switched.body).toBe(200);
    const seen = await inbox(master);
    expect(seen.messages.filter((m) => m.kind === 'newDevice' || m.kind === 'accountLocked')).toEqual([]);
    const holderUnread = (await holder.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread as number;
    const masterUnread = (await master.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread as number;
    expect(masterUnread).toBe(holderUnread - notices.filter((m) => !m.read).length);
    expect((await master.post(fillPath(NOTIFICATION_PATHS.read, { id: notices[0]!.id }))).statusCode).toBe(404);
  });
});

describe('a new browser’s notice sent late', () => {
  it('says when the sign-in was, in Singapore time, not when the notice went', async () => {
    const holder = await signedInClient(app, 'ptib.noauth');
    await confirmEmail(holder, 'noauth.signins@example.org');
    const signedInAt = clock.now();
    const browser = new TestClient(app);
    const said = `signed in to from a browser it had not used before, ${singaporeOn(signedInAt)}.`;
    try {
      // The mail server is busy at the sign-in: the notice goes on the retry, a few minutes later.
      smtp.refuse = 'mailbox busy';
      await signIn(browser, 'ptib.noauth');
      await app.outbox.drain();
      expect(mailTo('noauth.signins@example.org').filter((m) => m.subject.includes('new browser'))).toEqual([]);
    } finally {
      smtp.refuse = null;
    }
    // The inbox says it too, read in the browser the notice is about.
    const notice = (await inbox(browser)).messages.find((m) => m.kind === 'newDevice')!;
    expect(notice.body).toContain(said);
    clock.advance(RETRY_DELAYS_MS[0]! + 5 * 60_000);
    await app.outbox.drain();
    const mails = mailTo('noauth.signins@example.org').filter((m) => m.subject.includes('new browser'));
    expect(mails).toHaveLength(1);
    // The text part as written, its quoted-printable soft line breaks joined.
    const text = mails[0]!.raw.replace(/=\r?\n/g, '');
    expect(text).toContain(said);
    expect(text).not.toContain(singaporeOn(clock.now()));
    const sms = smsTo(await mobileOf('PTIB00000004')).map((b) => b.message);
    expect(sms).toContainEqual(expect.stringContaining(said));
  });
});

describe('email codes an hour on (runs last: the clock moves on an hour)', () => {
  it('go again once the hour that was full has passed', async () => {
    const flooder = await signedInClient(app, 'ptib.noauth');
    for (let i = 0; i <= EMAIL_CODE.SENDS_PER_HOUR; i++)
      await flooder.post(NOTIFICATION_PATHS.emailStart, { email: 'later@example.org' });
    const sent = mailTo('later@example.org').length;
    clock.advance(EMAIL_CODE.SEND_WINDOW_MS);
    const again = await signedInClient(app, 'ptib.noauth');
    const res = await again.post(NOTIFICATION_PATHS.emailStart, { email: 'later@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mailTo('later@example.org')).toHaveLength(sent + 1);
  });
});
