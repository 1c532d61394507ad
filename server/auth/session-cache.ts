import type { Database, NotificationListener } from '../db/database.ts';
import type { SessionRecord } from './sessions.ts';

/** The channel migration 060's triggers notify: a session id, or '*' for "any session may have changed". */
export const SESSION_CHANNEL = 'ptib_session_changed';
export const ALL_SESSIONS = '*';

export interface SessionCacheOptions {
  /** How long a loaded session is used before it is read again, notifications or not. */
  ttlMs?: number;
  /** Most sessions kept; the least recently used go first. */
  maxEntries?: number;
  /** Monotonic milliseconds (tests pass their own). */
  clock?: () => number;
}

interface Entry {
  record: SessionRecord;
  loadedAt: number;
}

/** One load of a session on its way: marked stale when a notification for it arrives meanwhile. */
interface Flight {
  stale: boolean;
  promise: Promise<SessionRecord | null>;
}

export interface SessionCacheStats {
  hits: number;
  loads: number;
  /** Calls served without the cache because no listener was live. */
  bypassed: number;
  invalidations: number;
}

/**
 * The sessions this process loaded, kept for a few seconds so a signed-in call need not read its session
 * again (docs/decisions/0018). The database stays the truth: every change that ends, switches or
 * otherwise alters a session notifies (migration 060), and a copy is used only when
 * - the listener is live and has caught up with everything committed before the call (on PostgreSQL a
 *   shared ping on the listening connection; PGlite hands notifications over in process), so a logout
 *   through another process, committed before this call arrived, has already dropped the copy;
 * - the copy is younger than the TTL and, for a live session, its idle and absolute expiry are still
 *   ahead (a copy that looks expired is read again: another process may have refreshed it).
 * Without a live listener every call reads the database, as before, and nothing is kept.
 */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #clock: () => number;
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  #listener: NotificationListener | null = null;
  /** Bumped whenever every copy is dropped, so a load begun before cannot put its answer back. */
  #generation = 0;
  readonly stats: SessionCacheStats = { hits: 0, loads: 0, bypassed: 0, invalidations: 0 };

  constructor(options: SessionCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 10_000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** Starts listening; without Database.listen the cache stays off. A failed LISTEN leaves it off too. */
  async attach(db: Database): Promise<void> {
    if (!db.listen) return;
    try {
      this.#listener = await db.listen(SESSION_CHANNEL, {
        onNotify: (payload) => this.invalidate(payload),
        // Lost: copies may miss what happens next. Back: what happened meanwhile was missed. Drop all.
        onLive: () => this.flush(),
      });
    } catch {
      // Slower, not wrong: every call reads its session from the database.
      this.#listener = null;
    }
  }

  async detach(): Promise<void> {
    const listener = this.#listener;
    this.#listener = null;
    this.flush();
    await listener?.close();
  }

  /** Whether copies are used at all now. */
  get active(): boolean {
    return this.#listener?.live === true;
  }

  /**
   * The session as `load` reads it from the database, or a copy of it. `now` is the request's time,
   * checked against a copy's expiry.
   */
  async get(
    sessionId: string,
    now: Date,
    load: (sessionId: string) => Promise<SessionRecord | null>,
  ): Promise<SessionRecord | null> {
    const listener = this.#listener;
    if (!listener?.live) return this.#bypass(sessionId, load);
    try {
      await listener.caughtUp();
    } catch {
      return this.#bypass(sessionId, load);
    }
    const entry = this.#entries.get(sessionId);
    if (entry) {
      if (this.#usable(entry, now)) {
        this.#entries.delete(sessionId);
        this.#entries.set(sessionId, entry);
        this.stats.hits += 1;
        return entry.record;
      }
      this.#entries.delete(sessionId);
    }
    let flight = this.#flights.get(sessionId);
    if (!flight) flight = this.#start(sessionId, load);
    return flight.promise;
  }

  /** Drops the copy of one session ('*': of every session), and any load of it on its way. */
  invalidate(payload: string): void {
    this.stats.invalidations += 1;
    if (payload === ALL_SESSIONS) {
      this.flush();
      return;
    }
    this.#entries.delete(payload);
    const flight = this.#flights.get(payload);
    if (flight) {
      flight.stale = true;
      this.#flights.delete(payload);
    }
  }

  flush(): void {
    this.#generation += 1;
    this.#entries.clear();
    for (const flight of this.#flights.values()) flight.stale = true;
    this.#flights.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #bypass(sessionId: string, load: (sessionId: string) => Promise<SessionRecord | null>) {
    this.stats.bypassed += 1;
    return load(sessionId);
  }

  #usable(entry: Entry, now: Date): boolean {
    if (this.#clock() - entry.loadedAt >= this.#ttlMs) return false;
    const r = entry.record;
    // An ended session stays ended; a live one only while both its expiries are ahead.
    return r.endedAt !== null || (now < r.expiresAt && now < r.absoluteExpiresAt);
  }

  #start(sessionId: string, load: (sessionId: string) => Promise<SessionRecord | null>): Flight {
    const generation = this.#generation;
    const loadedAt = this.#clock();
    this.stats.loads += 1;
    const flight: Flight = { stale: false, promise: load(sessionId) };
    this.#flights.set(sessionId, flight);
    const done = () => {
      if (this.#flights.get(sessionId) === flight) this.#flights.delete(sessionId);
    };
    flight.promise.then((record) => {
      done();
      if (!record || flight.stale || generation !== this.#generation || !this.active) return;
      // Shared by every call that hits it: nobody may change it.
      Object.freeze(record.authorities);
      Object.freeze(record.authorizations);
      this.#entries.delete(sessionId);
      this.#entries.set(sessionId, { record: Object.freeze(record), loadedAt });
      while (this.#entries.size > this.#maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest === undefined) break;
        this.#entries.delete(oldest);
      }
    }, done);
    return flight;
  }
}
