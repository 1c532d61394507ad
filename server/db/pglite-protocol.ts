/** The messages between server/db/pglite-worker.ts (the server's thread) and server/db/pglite-thread.ts. */

export interface WorkerOptions {
  /** undefined: in memory. */
  dataDir: string | undefined;
  /** The thread's module (a file: URL), which the thread imports once the compile cache is on. */
  threadModule: string;
  /** A dump (PGlite's dumpDataDir) to start from, for tests. */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** Node's compile cache directory, when the server's thread uses one: the database's thread uses it too. */
  compileCache?: string;
}

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: readonly unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' }
  | { id: number; op: 'dump' }
  | { id: number; op: 'releaseHeap' };

/** An error as plain data: its message, name, and PostgreSQL's fields (code, detail, constraint …). */
export type ErrorFields = { message: string; name?: string } & Record<string, string | number | undefined>;

export type ThreadReply =
  | { id: number; ok: true; result?: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { event: 'ready' }
  | { event: 'notify'; channel: string; payload: string }
  | { event: 'live'; channel: string; live: boolean };
