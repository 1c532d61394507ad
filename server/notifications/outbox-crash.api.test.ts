import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  hasExited,
  spawnServer,
  stopServer,
  waitHealthy,
  type ServerProcess,
} from '../../scripts/lib/server-process.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { seedDemo } from '../db/seed.ts';
import { freshDatabase } from '../test/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { notify } from './notify.ts';

/**
 * Real server processes sending the outbox to a real SMTP server, one killed with SIGKILL in the middle of
 * a batch (docs/decisions/0041). On PostgreSQL (TEST_DATABASE_URL) two processes drain the outbox at once;
 * the embedded database admits one process, which is killed and started again.
 */
const MESSAGES = 30;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const dir = mkdtempSync(path.join(tmpdir(), 'ptib-outbox-crash-'));
let smtp: TestSmtpServer;
let url: string | undefined;
let db: Database | null = null;
let drop = async () => {};
const servers: ServerProcess[] = [];

async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  if (db) return fn(db);
  const embedded = await openPglite(path.join(dir, 'pglite'));
  try {
    return await fn(embedded);
  } finally {
    await embedded.close();
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  if (postgres) {
    const fresh = await freshDatabase();
    ({ db, url, drop } = fresh);
  } else {
    await withDatabase(async (embedded) => {
      await migrate(embedded);
      await seedDemo(embedded);
    });
  }
  await withDatabase(async (d) => {
    await d.query(
      `UPDATE ptib_profiles SET email = 'crash@example.org', email_confirmed_at = now() WHERE id = 'PTIB00000001'`,
    );
    await d.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++)
        await notify(tx, {
          kind: 'billIssued',
          profileId: 'PTIB00000001',
          caseNumber: `PD ${String(i).padStart(6, '0')} 2030`,
          facts: { amountCents: 100 + i },
        });
    });
  });
}, 120_000);

afterAll(async () => {
  for (const server of servers) await stopServer(server, 'SIGKILL');
  await smtp?.close();
  await db?.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

function start(): Promise<ServerProcess> {
  return spawnServer({
    env: {
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
      // The embedded database is DATA_DIR/pglite: the directory prepared above, for every start.
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'PTIB e-Services <no-reply@ptib.example>',
      NOTIFY_POLL_MS: '100',
      // Short, so the rows the killed process had claimed come due again within the test.
      NOTIFY_LEASE_MS: '2000',
    },
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('delivers every message after a sender is killed mid-batch: each idempotency key arrives, repeats only of the one in flight', async () => {
  const first = await start();
  const second = postgres ? await start() : null;
  let killed = false;
  smtp.onMessage = () => {
    // Killed while the SMTP server holds the fifth message unanswered: that row is claimed, sent, not marked.
    if (!killed && smtp.received.length === 5) {
      killed = true;
      first.child.kill('SIGKILL');
    }
  };
  await waitHealthy(first.url, first).catch(() => undefined);
  if (second) await waitHealthy(second.url, second);
  await until(() => killed && hasExited(first.child), 'the kill');
  const sentBeforeRestart = smtp.received.length;
  expect(sentBeforeRestart).toBeLessThan(MESSAGES);
  const restarted = await start();
  await waitHealthy(restarted.url, restarted);
  // Every row recorded as sent, the killed process's one in flight included: that one comes again when its
  // lease runs out, which may be after every other message has arrived. The embedded database cannot be read
  // while its server runs; there the one process was killed with the fifth message in flight: one repeat.
  const recorded = async () =>
    db
      ? (
          await db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM notification_outbox WHERE channel = 'email' AND sent_at IS NULL`,
          )
        ).rows[0]!.n === '0'
      : smtp.received.length > MESSAGES;
  await until(
    async () => new Set(smtp.received.map((m) => m.key)).size >= MESSAGES && (await recorded()),
    'every message, recorded as sent',
  );

  const keys = smtp.received.map((m) => m.key);
  const distinct = new Set(keys);
  expect(distinct.size).toBe(MESSAGES);
  // At least once, and again only what a killed process had in flight (one message per process).
  expect(keys.length).toBeLessThanOrEqual(MESSAGES + 1);
  for (const mail of smtp.received) expect(mail.messageId).toBe(`<${mail.key}@ptib.example>`);

  for (const server of [restarted, second]) if (server) await stopServer(server);
  const rows = await withDatabase((d) =>
    d.query<{ idempotency_key: string; sent_at: Date | null }>(
      `SELECT idempotency_key, sent_at FROM notification_outbox WHERE channel = 'email'`,
    ),
  );
  expect(rows.rows).toHaveLength(MESSAGES);
  expect(rows.rows.every((r) => r.sent_at !== null)).toBe(true);
  expect(new Set(rows.rows.map((r) => r.idempotency_key))).toEqual(distinct);
}, 240_000);
