/**
 * An SMS gateway (a real HTTP server) that refuses a notification's number: for good (a 4xx about the
 * message), the row is dead at once; the portal's own credentials refused (401), the row
 * is retried and the operator told by an error (docs/decisions/0100, amended 2026-11-29).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { notify } from './notify.ts';
import { RETRY_DELAYS_MS } from './worker.ts';

const clock = new FakeClock('2030-03-02T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp({ SMS_GATEWAY_URL: gateway.url }, { now: clock.now }));
});
afterAll(async () => {
  await gateway?.close();
});

/** The messages logged at this level from now on. */
function logFromNow(level: 'warn' | 'error'): () => string[] {
  const spy = vi.spyOn(app.log, level);
  spy.mockClear();
  return () => spy.mock.calls.map((call) => call.find((arg): arg is string => typeof arg === 'string') ?? '');
}

interface SmsRow {
  recipient: string;
  attempts: number;
  dead_at: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

/** An officer's decision on a record of ptib.demo (obligatory: by SMS too), then the outbox drained. */
async function decisionSent(caseNumber: string): Promise<SmsRow> {
  await db.transaction((tx) =>
    notify(tx, {
      kind: 'decided',
      profileId: 'PTIB00000001',
      caseNumber,
      facts: { outcome: 'approved' },
      at: clock.now(),
    }),
  );
  await app.outbox.drain();
  return smsRow(caseNumber);
}

async function smsRow(caseNumber: string): Promise<SmsRow> {
  const { rows } = await db.query<SmsRow>(
    `SELECT recipient, attempts, dead_at, sent_at, last_error FROM notification_outbox
      WHERE channel = 'sms' AND case_number = $1`,
    [caseNumber],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('an SMS notification', () => {
  it('refused for good (400): dead after one try, logged once, and never tried again', async () => {
    gateway.status = 400;
    const log = logFromNow('warn');
    const row = await decisionSent('PD 000001 2030');
    expect(row).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'SmsDeliveryError: SMS gateway answered HTTP 400',
    });
    expect(row.dead_at).not.toBeNull();
    expect(gateway.received).toHaveLength(1);
    expect(log().filter((msg) => msg.startsWith('notification not delivered'))).toEqual([
      'notification not delivered: the number is refused for good',
    ]);

    // Nothing is tried again, however long the retries would have taken.
    clock.advance(RETRY_DELAYS_MS.reduce((a, b) => a + b));
    await app.outbox.drain();
    expect(gateway.received).toHaveLength(1);
  });

  it('refused with the portal’s credentials (401): retried, and an operator told', async () => {
    gateway.status = 401;
    const log = logFromNow('error');
    const row = await decisionSent('PD 000003 2030');
    expect(row).toMatchObject({ attempts: 1, dead_at: null, sent_at: null });
    expect(log()).toEqual([
      'the SMS gateway refuses the portal: check SMS_GATEWAY_URL and its credentials; no SMS goes out until then',
    ]);

    // Mended: the next try delivers it.
    gateway.status = 202;
    clock.advance(RETRY_DELAYS_MS[0]!);
    await app.outbox.drain();
    expect((await smsRow('PD 000003 2030')).sent_at).not.toBeNull();
  });
});
