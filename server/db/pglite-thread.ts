/**
 * The embedded database's own thread (docs/decisions/0022-embedded-database-in-a-worker-thread.md): opens
 * PGlite here with the same wrapper the server used in its main thread (prepared statements, transactions,
 * LISTEN), and answers the messages of server/db/pglite-worker.ts. PostgreSQL's work then runs on a core
 * of its own instead of between the HTTP requests.
 */
import { flushCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { releaseUnusedHeap } from '../heap.ts';
import type { NotificationListener, Queryable } from './database.ts';
import type { ErrorFields, ThreadReply, ThreadRequest, WorkerOptions } from './pglite-protocol.ts';

const port = parentPort!;
const options = workerData as WorkerOptions;
const { openPglite } = await import('./pglite.ts');
const db = await openPglite(options.dataDir, options.loadDataDir ? new Blob([options.loadDataDir]) : undefined);
// Now rather than when the thread ends (which a stopping server does not wait for): the next start takes this
// thread's modules, stripped of their types and compiled, from the cache that server/db/pglite-worker.ts turned on.
flushCompileCache();

interface OpenTransaction {
  q: Queryable;
  finish(commit: boolean): void;
  /** Settles once the transaction has committed or rolled back. */
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<string, NotificationListener>();

/** What PostgreSQL said, as plain data: the code (and its details) is what callers look at. */
function fields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

const reply = (message: ThreadReply) => port.postMessage(message);

/** Rolls a transaction back without failing its caller: the caller's own error is what it rethrows. */
class RolledBack extends Error {}

function begin(id: number): void {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  let q!: Queryable;
  const done = db
    .transaction(async (tx) => {
      q = tx;
      entered();
      if (!(await decided)) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  transactions.set(id, {
    get q() {
      return q;
    },
    finish,
    done,
  });
  // A transaction that fails to start (the database closed) answers through `done`.
  Promise.race([inside, done]).then(
    () => reply({ id, ok: true }),
    (error: unknown) => {
      transactions.delete(id);
      reply({ id, ok: false, error: fields(error) });
    },
  );
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const q = request.tx === undefined ? db : transactions.get(request.tx)?.q;
      if (!q) throw new Error('Transaction is closed');
      return q.query(request.text, request.params);
    }
    case 'exec': {
      const q = request.tx === undefined ? db : transactions.get(request.tx)?.q;
      if (!q) throw new Error('Transaction is closed');
      return q.exec(request.sql);
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.tx);
      open.finish(request.commit);
      return open.done;
    }
    case 'listen': {
      const { channel } = request;
      listeners.set(
        channel,
        await db.listen!(channel, {
          onNotify: (payload) => reply({ event: 'notify', channel, payload }),
          onLive: (live) => reply({ event: 'live', channel, live }),
        }),
      );
      return undefined;
    }
    case 'unlisten': {
      const listener = listeners.get(request.channel);
      listeners.delete(request.channel);
      return listener?.close();
    }
    case 'close':
      for (const listener of listeners.values()) await listener.close();
      listeners.clear();
      await db.close();
      return undefined;
    case 'dump':
      return new Uint8Array(await (await db.raw.dumpDataDir('none')).arrayBuffer());
    case 'releaseHeap':
      releaseUnusedHeap();
      return undefined;
    default:
      throw new Error('unknown request');
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.op === 'begin') return begin(request.id);
  handle(request).then(
    (result) => reply({ id: request.id, ok: true, result }),
    (error: unknown) => reply({ id: request.id, ok: false, error: fields(error) }),
  );
});
reply({ event: 'ready' });
