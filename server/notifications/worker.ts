import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '#contract/notifications.ts';
import type { Queryable } from '../db/database.ts';
import { SmsDeliveryError, type SmsSender } from '../otp/sms.ts';
import { EmailDeliveryError, type EmailSender } from './email.ts';
import { renderMessage, renderSms } from './templates.ts';

/**
 * How long after each failed try the next one comes (docs/decisions/0041): growing, about a day in all.
 * After the last, the row is dead: kept with its error for operators (npm run notifications).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000, 12 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed row is this process's: longer than any one send may take (the SMTP and SMS time
 * limits), so a row is only claimed again once its claimant has died or given up.
 */
export const LEASE_MS = 5 * 60_000;
export const BATCH_SIZE = 10;

export interface OutboxRow {
  id: string;
  idempotency_key: string;
  channel: NotificationChannel;
  kind: NotificationKind;
  profile_id: string | null;
  recipient: string;
  case_id: string | null;
  app_code: string | null;
  case_number: string | null;
  facts: Record<string, string | number> | null;
  attempts: number;
}

export interface OutboxDeps {
  db: Queryable;
  now: () => Date;
  email: EmailSender;
  sms: SmsSender;
  log: FastifyBaseLogger;
  publicUrl: string | undefined;
  /** Names this process in claimed_by (for operators; the lease is what keeps two senders apart). */
  workerId: string;
  /** NOTIFY_LEASE_MS (LEASE_MS unless a test lowers it). */
  leaseMs?: number;
  /**
   * Aborted when the process stops: a pass ends after the row in hand, so a stop waits for one send, not
   * for a whole backlog (which outlasted the server's forced exit, and the row then in hand went twice).
   */
  signal?: AbortSignal;
  /**
   * The rows of a kind this release cannot render that the process has logged: one set for the process, so that
   * each is logged once, whichever pass or drain finds it.
   */
  leftToLaterRelease: Set<string>;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** A row due to be sent at $1 (the outbox's partial index holds the rows not sent and not dead). */
const DUE = 'sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= $1';

/**
 * Claims the next due row for this worker: one not locked by another claim (FOR UPDATE SKIP LOCKED, so
 * processes draining together never wait on or take each other's rows), moved one lease ahead. Only a row of a
 * kind this release renders: during a rolling restart a later release writes kinds it does not know, which
 * that release's processes send (docs/decisions/0042). Claimed here, such a row would fail, count an attempt
 * and wait out a retry delay; left alone, it is due for them at once.
 */
async function claim(deps: OutboxDeps): Promise<OutboxRow | undefined> {
  const now = deps.now();
  const { rows } = await deps.db.query<OutboxRow>(
    `WITH due AS (
       SELECT id FROM notification_outbox
        WHERE ${DUE} AND kind = ANY($4::text[])
        ORDER BY next_attempt_at, id
        LIMIT 1
          FOR UPDATE SKIP LOCKED)
     UPDATE notification_outbox o
        SET next_attempt_at = $2, attempts = o.attempts + 1, claimed_by = $3
       FROM due WHERE o.id = due.id
     RETURNING o.id::text AS id, o.idempotency_key, o.channel, o.kind, o.profile_id, o.recipient,
               o.case_id::text AS case_id, o.app_code, o.case_number, o.facts, o.attempts`,
    [now, later(now, deps.leaseMs ?? LEASE_MS), deps.workerId, NOTIFICATION_KINDS],
  );
  return rows[0];
}

/**
 * Logs, once each, the due rows this process leaves to a later release: should that release's processes not
 * come (a restart stopped half-way, a release rolled back), an operator learns why they wait.
 */
async function logLeftToLaterRelease(deps: OutboxDeps): Promise<void> {
  const logged = deps.leftToLaterRelease;
  const { rows } = await deps.db.query<{ id: string; channel: NotificationChannel; kind: string }>(
    `SELECT id::text AS id, channel, kind FROM notification_outbox
      WHERE ${DUE} AND kind <> ALL($2::text[]) AND id <> ALL($3::bigint[])
      ORDER BY next_attempt_at, id LIMIT $4`,
    [deps.now(), NOTIFICATION_KINDS, [...logged], BATCH_SIZE],
  );
  for (const row of rows) {
    logged.add(row.id);
    deps.log.warn(
      { outboxId: row.id, channel: row.channel, kind: row.kind },
      'notification left to a process of a later release: its kind is not known here',
    );
  }
}

async function deliver(deps: OutboxDeps, row: OutboxRow): Promise<void> {
  const facts = {
    kind: row.kind,
    caseId: row.case_id,
    appCode: row.app_code,
    caseNumber: row.case_number,
    facts: row.facts,
  };
  if (row.channel === 'sms') {
    await deps.sms.send({ to: row.recipient, text: renderSms(facts), reference: row.idempotency_key });
    return;
  }
  const message = renderMessage(facts, deps.publicUrl);
  await deps.email.send({
    to: row.recipient,
    subject: message.subject,
    text: message.text,
    html: message.html,
    idempotencyKey: row.idempotency_key,
  });
}

/**
 * The error an operator reads: one line, never the message's text. The senders' errors name no recipient
 * but masked (EmailDeliveryError, SmsDeliveryError), so this line is kept in last_error and logged as it is.
 */
const reasonOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * Marks the profile's confirmed address as refused, when it is still the address the row went to (one changed
 * since is not the one refused): when, and only the reply code and the address masked (docs/decisions/0042).
 * Marked before the row is made dead, so a crash between the two leaves the row to be tried, and marked, again.
 */
async function markUndeliverable(deps: OutboxDeps, row: OutboxRow, error: EmailDeliveryError, now: Date) {
  const { responseCode, to } = error.failure;
  await deps.db.query(
    `UPDATE ptib_profiles SET email_failed_at = $3, email_failure = $4
      WHERE id = $1 AND email = $2 AND email_confirmed_at IS NOT NULL`,
    [row.profile_id, row.recipient, now, `SMTP ${responseCode ?? 'error'} at RCPT TO, to ${to}`],
  );
}

/**
 * One pass: up to `limit` due rows, each claimed just before it is sent, so a lease covers one send. Rows
 * claimed together would wait out the sends before theirs on their own leases, and a slow SMTP server could
 * let those lapse and another process send them too. Each outcome is recorded as it comes (a kill loses at
 * most the row being sent, which is sent again after its lease). Returns how many it tried.
 */
export async function drainOnce(deps: OutboxDeps, limit = BATCH_SIZE): Promise<number> {
  let tried = 0;
  while (tried < limit && !deps.signal?.aborted) {
    const row = await claim(deps);
    if (!row) {
      await logLeftToLaterRelease(deps);
      break;
    }
    tried++;
    try {
      await deliver(deps, row);
      await deps.db.query(
        `UPDATE notification_outbox SET sent_at = $2, last_error = NULL
          WHERE id = $1::bigint AND sent_at IS NULL`,
        [row.id, deps.now()],
      );
    } catch (error) {
      const now = deps.now();
      const reason = reasonOf(error);
      // A mailbox or a number refused for good refuses every retry as well: the row is dead at once, and a
      // mailbox's address is marked, so that the person is told (docs/decisions/0100).
      const refused =
        (error instanceof EmailDeliveryError && error.recipientRefused) ||
        (error instanceof SmsDeliveryError && error.numberRefused);
      if (error instanceof EmailDeliveryError && refused) await markUndeliverable(deps, row, error, now);
      const dead = refused || row.attempts >= MAX_ATTEMPTS;
      await deps.db.query(
        `UPDATE notification_outbox
            SET last_error = $2, next_attempt_at = $3, dead_at = $4
          WHERE id = $1::bigint AND sent_at IS NULL`,
        [row.id, reason, later(now, dead ? 0 : RETRY_DELAYS_MS[row.attempts - 1]!), dead ? now : null],
      );
      deps.log.warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts, dead, err: reason },
        refused
          ? `notification not delivered: the ${row.channel === 'sms' ? 'number' : 'address'} is refused for good`
          : dead
            ? 'notification not delivered after the last retry'
            : 'notification not delivered: will retry',
      );
    }
  }
  return tried;
}

/** Drains until nothing is due (tests, and a worker catching up after a pause). */
export async function drainAll(deps: OutboxDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await drainOnce(deps);
    total += n;
    if (n === 0 || deps.signal?.aborted) return total;
  }
}

export interface OutboxWorker {
  /** Looks now rather than at the next tick (after an event committed in this process). */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * The worker every server process runs: drains every intervalMs, and at once when nudged. One pass at a
 * time per process; processes share the outbox through the claims.
 */
export function startOutboxWorker(deps: Omit<OutboxDeps, 'workerId'>, intervalMs: number): OutboxWorker {
  const stopping = new AbortController();
  const full = { ...deps, workerId: `${process.pid}:${randomUUID().slice(0, 8)}`, signal: stopping.signal };
  let running: Promise<void> | null = null;
  let again = false;
  const pass = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = drainAll(full)
      .then(
        () => undefined,
        (error: unknown) => deps.log.warn({ err: reasonOf(error) }, 'notification outbox pass failed'),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return {
    nudge: pass,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
