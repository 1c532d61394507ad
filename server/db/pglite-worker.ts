import { getCompileCacheDir } from 'node:module';
import type { HeapInfo } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Database, ListenHandlers, NotificationListener, Queryable, QueryResult } from './database.ts';
import { ListenerDown } from './notifications.ts';
import type { ErrorFields, ThreadReply, ThreadRequest, WorkerOptions } from './pglite-protocol.ts';

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteWorkerDatabase extends Database {
  listen(channel: string, handlers: ListenHandlers): Promise<NotificationListener>;
  /** The database as a PGlite dump (tests start other databases from it). */
  dump(): Promise<Uint8Array<ArrayBuffer>>;
  releaseUnusedHeap(): Promise<void>;
  /** The thread's own V8 heap (what the memory of the thread PostgreSQL runs on is made of). */
  heapStatistics(): Promise<HeapInfo>;
}

export interface PgliteWorkerOptions {
  /** A PGlite dump to start from (tests); the data directory must then be undefined (in memory). */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /**
   * The database thread ended without being closed (it crashed): every call from now on fails as an outage
   * (503). The server exits on it, so that whatever supervises it starts a fresh one.
   */
  onLost?: (error: Error) => void;
  /** The thread's module: server/db/pglite-thread.ts; tests give one that fails on purpose. */
  threadModule?: URL;
}

/**
 * What the thread runs first: Node's compile cache, then the thread's module. Node strips a TypeScript module's
 * types with a WebAssembly parser that it loads on first use and keeps (a few MB for this thread); with the
 * cache on before the first TypeScript module loads, a restart takes the modules stripped from the cache and
 * the parser never loads here (docs/decisions/0020-lean-server-memory-and-fast-restart.md). Only import(), so
 * that it runs as a script or as a module (a parent started with --input-type=module passes that on).
 */
const THREAD_BOOTSTRAP = `
Promise.all([import('node:module'), import('node:worker_threads')]).then(([{ enableCompileCache }, { workerData }]) => {
  if (workerData.compileCache) enableCompileCache(workerData.compileCache);
  return import(workerData.threadModule);
});
`;

/** What a call answers when the database thread is gone: PostgreSQL's admin_shutdown, an outage (503). */
const LOST = { code: '57P01', message: 'The embedded database stopped' };

function rebuild(fields: ErrorFields): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * Embedded PostgreSQL (PGlite) on a thread of its own (docs/decisions/0022-embedded-database-in-a-worker-thread.md):
 * the same Database as server/db/pglite.ts gives, whose every call is a message to server/db/pglite-thread.ts.
 * PostgreSQL's work then runs beside the HTTP work, on the machine's other core, instead of between requests.
 *
 * Notifications come through the same message port as the answers, in the order the thread sent them, and the
 * thread sends a commit's notifications before its answer: so, as in one thread, everything committed before a
 * call is known once the call starts, and caughtUp() need not ask the thread.
 */
export async function openPgliteInWorker(
  dataDir: string | undefined,
  options: PgliteWorkerOptions = {},
): Promise<PgliteWorkerDatabase> {
  const compileCache = getCompileCacheDir();
  const workerData: WorkerOptions = {
    dataDir,
    threadModule: (options.threadModule ?? new URL('./pglite-thread.ts', import.meta.url)).href,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(compileCache ? { compileCache } : {}),
  };
  const worker = new Worker(THREAD_BOOTSTRAP, {
    eval: true,
    workerData,
    // Its JavaScript allocates little that lives (messages, result rows), so a small young generation keeps
    // its heap near its live size. Only without Node flags, though: V8 lets the process-wide
    // --max-semi-space-size of `npm start` (docs/decisions/0020) win over this, for this thread too (16 MB).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, { handlers: ListenHandlers; live: boolean }>();
  let next = 0;
  let closing = false;
  let lost: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: ThreadReply) => {
      if ('event' in message && message.event === 'ready') {
        worker.off('error', reject);
        resolve();
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database could not start (exit ${code})`)));
  });

  worker.on('message', (message: ThreadReply) => {
    if ('event' in message) {
      if (message.event === 'notify') channels.get(message.channel)?.handlers.onNotify(message.payload);
      else if (message.event === 'live') {
        const channel = channels.get(message.channel);
        if (channel) {
          channel.live = message.live;
          channel.handlers.onLive(message.live);
        }
      }
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(rebuild(message.error));
  });

  const end = (error: Error) => {
    if (lost) return;
    lost = error;
    for (const call of pending.values()) call.reject(rebuild(LOST));
    pending.clear();
    for (const channel of channels.values()) {
      if (channel.live) {
        channel.live = false;
        channel.handlers.onLive(false);
      }
    }
    if (!closing) options.onLost?.(error);
  };
  worker.on('error', (error) => end(error));
  worker.on('exit', (code) => end(new Error(`the embedded database stopped (exit ${code})`)));

  await ready;

  const send = (request: Request): { id: number; answer: Promise<unknown> } => {
    const id = (next += 1);
    if (lost) return { id, answer: Promise.reject(rebuild(LOST)) };
    const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    worker.postMessage({ ...request, id });
    return { id, answer };
  };
  const call = <T>(request: Request) => send(request).answer as Promise<T>;

  const queryable = (tx?: number, isOpen: () => boolean = () => true): Queryable => ({
    query: <Row>(text: string, params: readonly unknown[] = []) =>
      isOpen()
        ? call<QueryResult<Row>>({ op: 'query', text, params, ...(tx === undefined ? {} : { tx }) })
        : Promise.reject(new Error('Transaction is closed')),
    exec: (sql: string) =>
      isOpen()
        ? call<void>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) })
        : Promise.reject(new Error('Transaction is closed')),
  });
  const outside = queryable();

  return {
    kind: 'pglite',
    query: outside.query,
    exec: outside.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const { id: tx, answer } = send({ op: 'begin' });
      await answer;
      let open = true;
      let result: T;
      try {
        result = await fn(queryable(tx, () => open));
      } catch (error) {
        open = false;
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      open = false;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel: string, handlers: ListenHandlers): Promise<NotificationListener> {
      const state = { handlers, live: false };
      channels.set(channel, state);
      try {
        await call({ op: 'listen', channel });
      } catch (error) {
        channels.delete(channel);
        throw error;
      }
      return {
        get live() {
          return state.live && !lost;
        },
        caughtUp: () => (state.live && !lost ? Promise.resolve() : Promise.reject(new ListenerDown())),
        async close() {
          if (channels.get(channel) !== state) return;
          channels.delete(channel);
          state.live = false;
          if (!lost) await call({ op: 'unlisten', channel }).catch(() => {});
        },
      };
    },
    dump: () => call<Uint8Array<ArrayBuffer>>({ op: 'dump' }),
    releaseUnusedHeap: () => call<void>({ op: 'releaseHeap' }),
    heapStatistics: () => worker.getHeapStatistics(),
    async close() {
      if (closing) return;
      closing = true;
      if (!lost) await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
