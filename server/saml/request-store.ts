import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Queryable } from '../db/database.ts';

/**
 * node-saml's store of the AuthnRequest ids it issued, kept in the database so an answer may reach any
 * server process. getAsync does not consume (node-saml asks twice per answer); removeAsync does.
 */
export class DbRequestIdStore implements CacheProvider {
  readonly #db: Queryable;
  readonly #now: () => Date;
  readonly #ttlMs: number;

  constructor(db: Queryable, now: () => Date, ttlMs: number) {
    this.#db = db;
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.#now();
    await this.#db.query('DELETE FROM saml_requests WHERE expires_at <= $1', [now]);
    const { rowCount } = await this.#db.query(
      'INSERT INTO saml_requests (id, created_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      [key, now, new Date(now.getTime() + this.#ttlMs)],
    );
    return rowCount > 0 ? { value, createdAt: now.getTime() } : null;
  }

  /** The request's issue time (ISO), which node-saml checks against its own expiry period too. */
  async getAsync(key: string): Promise<string | null> {
    const { rows } = await this.#db.query<{ created_at: Date }>(
      'SELECT created_at FROM saml_requests WHERE id = $1 AND expires_at > $2',
      [key, this.#now()],
    );
    return rows[0] ? new Date(rows[0].created_at).toISOString() : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    const { rowCount } = await this.#db.query('DELETE FROM saml_requests WHERE id = $1', [key]);
    return rowCount > 0 ? key : null;
  }
}
