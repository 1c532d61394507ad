import { createHash } from 'node:crypto';
import { PAYLOAD_CRYPTO } from '#contract/crypto/index.ts';
import type { Queryable } from '../db/database.ts';

/**
 * A request's timestamp passes while it is within the window of the server's clock, so one accepted at
 * `now` could come back until now + 2 windows: remember it that long.
 */
const REMEMBER_MS = 2 * PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS;

/** Expired entries are swept on every this-many-th request of a process: cheap, and enough to keep the table small. */
const SWEEP_EVERY = 200;

/** The replay guard's memory of encrypted requests, kept in the database so it holds across processes. */
export class ReplayGuard {
  readonly #db: Queryable;
  #sinceSweep = 0;

  constructor(db: Queryable) {
    this.#db = db;
  }

  static digest(wrappedKey: Uint8Array, iv: Uint8Array): string {
    return createHash('sha256').update(wrappedKey).update(iv).digest('hex');
  }

  /** Records a request; answers false when it was already seen (a replay). */
  async remember(digest: string, now: number): Promise<boolean> {
    if (++this.#sinceSweep >= SWEEP_EVERY) {
      this.#sinceSweep = 0;
      await this.sweep(now);
    }
    const inserted = await this.#db.query(
      'INSERT INTO payload_replays (digest, expires_at) VALUES ($1, $2::timestamptz) ON CONFLICT (digest) DO NOTHING',
      [digest, new Date(now + REMEMBER_MS).toISOString()],
    );
    return inserted.rowCount === 1;
  }

  /** Forgets entries whose time is up. */
  async sweep(now: number): Promise<number> {
    const deleted = await this.#db.query('DELETE FROM payload_replays WHERE expires_at < $1::timestamptz', [
      new Date(now).toISOString(),
    ]);
    return deleted.rowCount;
  }
}
