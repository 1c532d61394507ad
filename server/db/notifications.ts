import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { ListenHandlers, NotificationListener } from './database.ts';

/**
 * LISTEN for both kinds of database (Database.listen). The point of `caughtUp()` is ordering: a change
 * committed anywhere before a request arrived must be known here before the request is served.
 */

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}

/** application_name of a listening connection. */
export const listenerName = (channel: string) => `ptib listen ${channel}`;

export class ListenerDown extends Error {
  constructor() {
    super('The notification listener is not connected');
  }
}

/**
 * PGlite runs in this process on one connection: a notification is handed over (in a microtask) while the
 * committing statement's answer is read, before that statement's caller resumes. So everything committed
 * before a call is already known; there is no connection to lose.
 */
export async function listenPglite(
  db: Pick<PGlite, 'listen' | 'closed'>,
  channel: string,
  handlers: ListenHandlers,
): Promise<NotificationListener> {
  checkChannel(channel);
  const unlisten = await db.listen(channel, (payload) => handlers.onNotify(payload));
  let live = true;
  handlers.onLive(true);
  return {
    get live() {
      return live;
    },
    caughtUp: () => (live ? Promise.resolve() : Promise.reject(new ListenerDown())),
    async close() {
      if (!live) return;
      live = false;
      if (!db.closed) await unlisten().catch(() => {});
    },
  };
}

export interface PostgresListenOptions {
  /** A ping that takes longer than this counts as a lost connection. */
  pingTimeoutMs?: number;
  /** First and longest wait before connecting again. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * One dedicated pg connection per listener (a pooled one would be handed to other queries). It connects
 * again by itself, with backoff, whenever the connection is lost.
 *
 * caughtUp() is a ping on that connection: PostgreSQL sends a listening session the notifications
 * committed before a command ran ahead of that command's ReadyForQuery, so once the ping is answered,
 * every notification committed before it was sent has been handed to onNotify. Pings are shared: callers
 * that arrive while one is on its way wait for the next, which starts when it returns.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  options: PostgresListenOptions = {},
): Promise<NotificationListener> {
  checkChannel(channel);
  // Here rather than at the top: this module also serves PGlite, whose servers never load pg (db/open.ts).
  const { Client } = (await import('pg')).default;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  const firstRetryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;

  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let waiting: Promise<void> | null = null;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    handlers.onLive(value);
  };

  const lost = (from: pg.Client) => {
    if (from !== client) return;
    client = null;
    setLive(false);
    from.removeAllListeners('notification');
    from.on('error', () => {});
    from.end().catch(() => {});
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // Names the connection in pg_stat_activity (operators and the fault tests find it by this).
      application_name: listenerName(channel),
    });
    client = c;
    c.on('notification', (message) => {
      if (c === client && message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (c !== client) return;
      retryMs = firstRetryMs;
      setLive(true);
    } catch {
      lost(c);
    }
  };

  const ping = async (): Promise<void> => {
    const c = client;
    if (!c || !live) throw new ListenerDown();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        c.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new ListenerDown()), pingTimeoutMs);
        }),
      ]);
    } catch (error) {
      lost(c);
      throw error instanceof ListenerDown ? error : new ListenerDown();
    } finally {
      clearTimeout(timer);
    }
  };

  const start = (): Promise<void> => {
    waiting = null;
    const p = ping();
    running = p;
    const clear = () => {
      if (running === p) running = null;
    };
    p.then(clear, clear);
    return p;
  };

  await connect();

  return {
    get live() {
      return live;
    },
    caughtUp(): Promise<void> {
      if (!live) return Promise.reject(new ListenerDown());
      // A ping already on its way may have been sent before this call: wait for one sent after it.
      if (waiting) return waiting;
      if (!running) return start();
      waiting = running.then(start, start);
      return waiting;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      setLive(false);
      if (c) {
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
