import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './database.ts';

function adapt(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(text, params as unknown[]);
      // PGlite answers affectedRows 0 for a SELECT: count its rows instead, as pg's rowCount does.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

export interface PgliteDatabase extends Database {
  /** The PGlite instance itself, for dumps in test setup. */
  readonly raw: PGlite;
}

export function wrapPglite(pg: PGlite, onClose: () => void = () => {}): PgliteDatabase {
  const base = adapt(pg);
  return {
    kind: 'pglite',
    raw: pg,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(adapt(tx))),
    close: () => pg.close().finally(onClose),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file holding `text`, or answers false when one is there already. */
function createLock(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** How long a lock file may hold no process id before it is taken for one left by a process that died writing it. */
const LOCK_WRITE_MS = 2_000;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const holderIn = (text: string) => (/^\s*[0-9]+\s*$/.test(text) ? Number.parseInt(text, 10) : null);

/** A lock file as found: which file it is (so a new one under its name is not taken for it) and its holder. */
interface FoundLock {
  ino: number;
  mtimeMs: number;
  text: string;
  /** Its process runs (another's), or it is being written; else it was left by a process that has gone. */
  live: boolean;
}

function findLock(file: string): FoundLock | null {
  let found: Omit<FoundLock, 'live'>;
  try {
    const stat = statSync(file);
    found = { ino: stat.ino, mtimeMs: stat.mtimeMs, text: readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const holder = holderIn(found.text);
  // A file is created before its id is written: without one it is another process's being written, unless it
  // stays so.
  const live =
    holder === null ? Date.now() - found.mtimeMs < LOCK_WRITE_MS : holder !== process.pid && isRunning(holder);
  return { ...found, live };
}

const sameLock = (a: FoundLock | null, b: FoundLock) =>
  a !== null && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.text === b.text;

/**
 * Takes the directory for this process, or refuses with what to do. PGlite itself takes no lock, and two
 * processes on one directory each keep their own buffers and write-ahead log: what one wrote was lost
 * when the other stopped (a command run beside a running server said "added", and after the server's
 * stop it was gone), or the files were left corrupt. The lock is a file beside the directory holding the
 * process id; one whose process no longer runs (killed, crashed) is taken over, and so is one holding this
 * process's own id (a container restarted with the same one). Returns its release.
 *
 * Processes starting together must not each end up holding it. A lock file without an id yet is another's
 * being written. A dead process's lock is removed only by the process holding a second lock, `.takeover`,
 * and only if it is still the very file judged dead: two processes that both found it dead cannot remove
 * one another's new lock in turn.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const guard = `${lockFile}.takeover`;
  const mine = `${process.pid}\n`;
  for (;;) {
    if (createLock(lockFile, mine)) break;
    const seen = findLock(lockFile);
    if (seen === null) continue;
    if (seen.live) {
      const holder = holderIn(seen.text);
      if (holder === null) {
        pause(20);
        continue;
      }
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${holder} (a running server or command): ` +
          `stop it first, then try again (or remove ${lockFile} if that process is not this portal's)`,
      );
    }
    if (!createLock(guard, mine)) {
      // Another process is taking the dead lock over: what it comes to is seen on the next look.
      const taking = findLock(guard);
      if (taking !== null && !taking.live) rmSync(guard, { force: true });
      else pause(20);
      continue;
    }
    try {
      if (sameLock(findLock(lockFile), seen)) rmSync(lockFile, { force: true });
    } finally {
      rmSync(guard, { force: true });
    }
  }
  return () => {
    try {
      if (Number.parseInt(readFileSync(lockFile, 'utf8'), 10) === process.pid) rmSync(lockFile, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}

/**
 * PostgreSQL sizes its shared memory at start and touches all of it, so every byte of it sits in this process's
 * WebAssembly memory, which never shrinks:
 * - shared_buffers: 2 MB (256 pages) instead of 128 MB. Under the benches' whole mix (sign-in, refreshes,
 *   profiles, case lists, search) 0.25 % of page reads missed it, against 0.17 % with 16 MB and 0.9 % with
 *   1 MB; a miss is a read from the operating system's cache. A database whose working set outgrows it
 *   belongs on a PostgreSQL server (DATABASE_URL).
 * - max_connections: 1. PGlite is one backend; the default's 100 sizes lock and process tables (4 MB) for
 *   backends that cannot exist.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=2MB', '-c', 'max_connections=1'];

/**
 * Opens (creating when needed) the embedded database in dataDir; undefined keeps it in memory. The one place
 * every embedded database is created (the server, the tests' template, the benches' seeds): options and
 * extensions for all of them go here. It runs in the server's own thread, between requests
 * (docs/decisions/0047-one-plain-server.md).
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir, {
      startParams: START_PARAMS,
      // The register's fuzzy name search (docs/decisions/0043): loaded like a server's contrib.
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  return wrapPglite(pg, release);
}
