import { createHash } from 'node:crypto';
import { PAYLOAD_CRYPTO } from '../../contract/crypto/index.ts';
import type { Queryable } from '../db/database.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { isDatabaseUnavailable } from '../plugins/errors.ts';

interface Seen {
  digest: string;
  expiresAt: string;
}

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
  /** Requests arriving while one is being recorded are recorded together (server/db/group-commit.ts). */
  readonly #inserts: GroupCommit<Seen, boolean>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#inserts = new GroupCommit<Seen, boolean>({
      key: (seen) => seen.digest,
      isOutage: isDatabaseUnavailable,
      async one({ digest, expiresAt }) {
        const inserted = await db.query(
          'INSERT INTO payload_replays (digest, expires_at) VALUES ($1, $2::timestamptz) ON CONFLICT (digest) DO NOTHING',
          [digest, expiresAt],
        );
        return inserted.rowCount === 1;
      },
      async many(seen) {
        const { rows } = await db.query<{ digest: string }>(
          `INSERT INTO payload_replays (digest, expires_at)
           SELECT * FROM unnest($1::text[], $2::timestamptz[])
           ON CONFLICT (digest) DO NOTHING RETURNING digest`,
          [seen.map((s) => s.digest), seen.map((s) => s.expiresAt)],
        );
        const inserted = new Set(rows.map((row) => row.digest));
        return seen.map((s) => inserted.has(s.digest));
      },
    });
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
    return this.#inserts.run({ digest, expiresAt: new Date(now + REMEMBER_MS).toISOString() });
  }

  /** Forgets entries whose time is up. */
  async sweep(now: number): Promise<number> {
    const deleted = await this.#db.query('DELETE FROM payload_replays WHERE expires_at < $1::timestamptz', [
      new Date(now).toISOString(),
    ]);
    return deleted.rowCount;
  }
}
