import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Queryable } from '../db/database.ts';

/**
 * node-saml's store of the AuthnRequest ids it issued, kept in the database so an answer may reach any
 * server process. getAsync does not consume (node-saml asks twice per answer); removeAsync does.
 *
 * Each store is made for one browser, named by the hash of its SSO binding cookie: an id is saved with
 * that hash and found only under it, so an answer is good only in the browser that started the sign-in
 * (docs/decisions/0030). A store without a binding finds nothing.
 */
export class DbRequestIdStore implements CacheProvider {
  readonly #db: Queryable;
  readonly #now: () => Date;
  readonly #ttlMs: number;
  readonly #bindingHash: string | null;
  /** Set when an id asked for is live but was issued to another browser (or before browsers were bound). */
  otherBrowser = false;

  constructor(db: Queryable, now: () => Date, ttlMs: number, bindingHash: string | null) {
    this.#db = db;
    this.#now = now;
    this.#ttlMs = ttlMs;
    this.#bindingHash = bindingHash;
  }

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    if (this.#bindingHash === null) throw new Error('an AuthnRequest id needs a browser binding');
    const now = this.#now();
    await this.#db.query('DELETE FROM saml_requests WHERE expires_at <= $1', [now]);
    const { rowCount } = await this.#db.query(
      `INSERT INTO saml_requests (id, created_at, expires_at, binding_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING`,
      [key, now, new Date(now.getTime() + this.#ttlMs), this.#bindingHash],
    );
    return rowCount > 0 ? { value, createdAt: now.getTime() } : null;
  }

  /** The request's issue time (ISO), which node-saml checks against its own expiry period too. */
  async getAsync(key: string): Promise<string | null> {
    const { rows } = await this.#db.query<{ created_at: Date; binding_hash: string | null }>(
      'SELECT created_at, binding_hash FROM saml_requests WHERE id = $1 AND expires_at > $2',
      [key, this.#now()],
    );
    const row = rows[0];
    if (!row) return null;
    if (this.#bindingHash === null || row.binding_hash !== this.#bindingHash) {
      this.otherBrowser = true;
      return null;
    }
    return new Date(row.created_at).toISOString();
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    const { rowCount } = await this.#db.query('DELETE FROM saml_requests WHERE id = $1 AND binding_hash = $2', [
      key,
      this.#bindingHash,
    ]);
    return rowCount > 0 ? key : null;
  }
}
