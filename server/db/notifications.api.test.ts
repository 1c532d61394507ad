import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.ts';
import type { Database, NotificationListener } from './database.ts';
import { listenPostgres, listenerName } from './notifications.ts';

/**
 * Database.listen on the database the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL): what
 * the session cache relies on. The PostgreSQL part also loses its connection for real and comes back.
 */

let db: Database;
let url: string | undefined;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, drop } = await freshDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

function recorder() {
  const payloads: string[] = [];
  const live: boolean[] = [];
  return {
    payloads,
    live,
    handlers: { onNotify: (p: string) => payloads.push(p), onLive: (v: boolean) => live.push(v) },
  };
}

describe('Database.listen', () => {
  it('hands over what was committed before caughtUp() was called, and nothing rolled back', async () => {
    const r = recorder();
    const listener = await db.listen!('ptib_test_channel', r.handlers);
    try {
      expect(listener.live).toBe(true);
      expect(r.live).toEqual([true]);
      await db.query(`SELECT pg_notify('ptib_test_channel', 'one')`);
      await db
        .transaction(async (tx) => {
          await tx.query(`SELECT pg_notify('ptib_test_channel', 'rolled back')`);
          throw new Error('roll back');
        })
        .catch(() => {});
      await db.transaction(async (tx) => {
        await tx.query(`SELECT pg_notify('ptib_test_channel', 'two')`);
      });
      await listener.caughtUp();
      expect(r.payloads).toEqual(['one', 'two']);
    } finally {
      await listener.close();
    }
    expect(listener.live).toBe(false);
    await expect(listener.caughtUp()).rejects.toThrow();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(db.listen!('x; DROP TABLE sessions', recorder().handlers)).rejects.toThrow(/channel/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL listener that loses its connection', () => {
  const terminate = () =>
    db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      listenerName('ptib_test_lost'),
    ]);

  it('says it is down (caughtUp rejects), connects again by itself, and then hears new notifications', async () => {
    const r = recorder();
    const listener: NotificationListener = await listenPostgres(url!, 'ptib_test_lost', r.handlers, {
      retryMs: 500,
      maxRetryMs: 500,
    });
    try {
      expect(listener.live).toBe(true);
      await terminate();
      await expect.poll(() => listener.live, { timeout: 5_000, interval: 10 }).toBe(false);
      await expect(listener.caughtUp()).rejects.toThrow();
      await expect.poll(() => listener.live, { timeout: 5_000, interval: 10 }).toBe(true);
      expect(r.live).toEqual([true, false, true]);
      await db.query(`SELECT pg_notify('ptib_test_lost', 'after')`);
      await listener.caughtUp();
      expect(r.payloads).toEqual(['after']);
    } finally {
      await listener.close();
    }
  });

  it('a ping on a connection that died unnoticed fails, so nothing is trusted without it', async () => {
    const r = recorder();
    const listener = await listenPostgres(url!, 'ptib_test_lost', r.handlers, { retryMs: 20, maxRetryMs: 50 });
    try {
      const pings = Promise.all([listener.caughtUp(), listener.caughtUp(), listener.caughtUp()]);
      await expect(pings).resolves.toBeDefined();
      await terminate();
      // Whether the loss or the ping is seen first, the ping does not succeed on the dead connection.
      await expect(listener.caughtUp()).rejects.toThrow();
    } finally {
      await listener.close();
    }
  });
});
