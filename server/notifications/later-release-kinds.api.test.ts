import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '#contract/index.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { Inbox } from '#contract/schemas/notifications.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { notify } from './notify.ts';

/**
 * What a later release writes during a rolling restart, of a notification kind this one does not know
 * (docs/decisions/0042): its inbox lists it, and its outbox worker leaves it to that release's processes.
 */
const clock = new FakeClock('2030-06-01T02:00:00Z');
const LATER_KIND = 'kindOfALaterRelease';
const DEMO = 'PTIB00000001';
let app: FastifyInstance;
let db: Database;
let smtp: TestSmtpServer;
let demo: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app, db } = await buildTestApp({ SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) }, { now: clock.now }));
  await db.query(`UPDATE ptib_profiles SET email = 'demo@example.org', email_confirmed_at = $2 WHERE id = $1`, [
    DEMO,
    clock.now(),
  ]);
  demo = await signedInClient(app, 'ptib.demo');
});
afterAll(async () => {
  await smtp.close();
});

describe('an inbox message of a kind this release does not know', () => {
  it('is listed and counted, with the subject and body it was written with', async () => {
    const unread = async () => (await demo.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread as number;
    const before = await unread();
    await db.query(
      `INSERT INTO inbox_messages (event_key, profile_id, kind, subject, body, created_at)
       VALUES ('later-kind', $1, $2, 'PTIB e-Services: Something new', 'A later release told you this.', $3)`,
      [DEMO, LATER_KIND, clock.now()],
    );
    for (const query of ['?page=1', '?unread=1']) {
      const res = await demo.get(`${NOTIFICATION_PATHS.inbox}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const inbox = res.json().responseJSON as Inbox;
      expect(inbox.messages.find((m) => m.kind === LATER_KIND)).toMatchObject({
        subject: 'PTIB e-Services: Something new',
        body: 'A later release told you this.',
        caseNumber: null,
        route: ROUTES.dashboard,
        read: false,
      });
      expect(inbox.unread).toBe(before + 1);
    }
  });
});

describe('an outbox row of a kind this release does not know', () => {
  it('is left waiting for another process, no attempt counted, logged once; the rows behind it go', async () => {
    const due = new Date(clock.now().getTime() - 60_000);
    await db.query(
      `INSERT INTO notification_outbox (idempotency_key, channel, kind, profile_id, recipient, facts, created_at,
                                        next_attempt_at)
       VALUES ('later-kind.email', 'email', $1, $2, 'demo@example.org', '{}', $3, $3)`,
      [LATER_KIND, DEMO, due],
    );
    // Due after it, of a kind this release sends.
    await notify(db, { kind: 'billIssued', profileId: DEMO, caseNumber: 'PD 000001 2030', at: clock.now() });
    const warn = vi.spyOn(app.log, 'warn');
    let warned: unknown[][];
    try {
      await app.outbox.drain();
      clock.advance(60_000);
      await app.outbox.drain();
    } finally {
      warned = [...warn.mock.calls];
      warn.mockRestore();
    }
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT attempts, next_attempt_at, claimed_by, last_error, sent_at, dead_at FROM notification_outbox
        WHERE idempotency_key = 'later-kind.email'`,
    );
    expect(rows).toEqual([
      { attempts: 0, next_attempt_at: due, claimed_by: null, last_error: null, sent_at: null, dead_at: null },
    ]);
    expect(smtp.received.map((m) => m.subject)).toEqual(['PTIB e-Services: New bill (PD 000001 2030)']);
    const left = warned.filter(([, message]) => String(message).includes('later release'));
    expect(left).toHaveLength(1);
    expect(left[0]![0]).toMatchObject({ channel: 'email', kind: LATER_KIND });
  });
});
