import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Database, Queryable } from '../db/database.ts';

/** The one signing algorithm: asymmetric, so a verifier never holds what signs. */
export const TOKEN_ALG = 'ES256';
/** ES256's curve, as node:crypto names it. */
const CURVE = 'prime256v1';

/** Any fixed number: every process creating the first key takes this advisory lock, so only one does. */
const FIRST_KEY_LOCK = 724_010;

/** How long this process trusts its copy of the key list before reading the table again. */
const CACHE_MS = 30_000;
/** An unknown kid reloads the list at most this often, so a flood of forged kids is not a flood of queries. */
const UNKNOWN_KID_RELOAD_MS = 1_000;

/** node:crypto key objects (docs/decisions/0021), made once per kid: no key is imported per request. */
export interface LiveKey {
  kid: string;
  createdAt: Date;
  publicKey: KeyObject;
  privateKey: KeyObject;
}

interface KeyRow {
  kid: string;
  private_jwk: JsonWebKey;
  public_jwk: JsonWebKey;
  created_at: Date;
}

const generateEcKeyPair = promisify(generateKeyPair);

async function newKeyRow(now: Date): Promise<[string, string, string, Date]> {
  const { publicKey, privateKey } = await generateEcKeyPair('ec', { namedCurve: CURVE });
  const kid = randomUUID();
  // Stored as JWK, as before: every process (and any jose-based one) reads the same rows.
  const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: TOKEN_ALG, use: 'sig' };
  const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: TOKEN_ALG, use: 'sig' };
  return [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk), now];
}

/** A stored JWK as a key object, refused unless it is a P-256 key of the expected kind (as jose's importJWK did). */
function importKey(jwk: JsonWebKey, type: 'public' | 'private'): KeyObject {
  const key =
    type === 'public' ? createPublicKey({ key: jwk, format: 'jwk' }) : createPrivateKey({ key: jwk, format: 'jwk' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== CURVE) {
    throw new Error(`signing key ${String(jwk.kid)} is not a ${TOKEN_ALG} key`);
  }
  return key;
}

const INSERT_KEY =
  'INSERT INTO signing_keys (kid, alg, private_jwk, public_jwk, created_at) VALUES ($1, $5, $2::jsonb, $3::jsonb, $4)';

/** Creates the first key when there is none; safe when several processes start at once. */
export async function ensureSigningKey(db: Database, now: Date): Promise<void> {
  const live = await db.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
  if (live.rows.length > 0) return;
  const row = await newKeyRow(now);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_KEY_LOCK]);
    const again = await tx.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
    if (again.rows.length === 0) await tx.query(INSERT_KEY, [...row, TOKEN_ALG]);
  });
}

/**
 * The live signing keys, read from the database and kept briefly in this process. Keys are never
 * taken from a token (no jwk/jku header): a kid is looked up here or refused.
 */
export class SigningKeys {
  readonly db: Database;
  private keys = new Map<string, LiveKey>();
  private newest: LiveKey | null = null;
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(db: Database) {
    this.db = db;
  }

  /** Forget the cached list (after a rotation or retirement made by this process). */
  invalidate(): void {
    this.loadedAt = -Infinity;
  }

  private async reload(): Promise<void> {
    this.loading ??= (async () => {
      const { rows } = await this.db.query<KeyRow>(
        'SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys WHERE retired_at IS NULL ORDER BY seq DESC',
      );
      const next = new Map<string, LiveKey>();
      for (const row of rows) {
        // Import once per kid: key material of a kid never changes.
        const known = this.keys.get(row.kid);
        next.set(
          row.kid,
          known ?? {
            kid: row.kid,
            createdAt: new Date(row.created_at),
            publicKey: importKey(row.public_jwk, 'public'),
            privateKey: importKey(row.private_jwk, 'private'),
          },
        );
      }
      this.keys = next;
      this.newest = rows[0] ? (next.get(rows[0].kid) ?? null) : null;
      this.loadedAt = performance.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async fresh(): Promise<void> {
    if (performance.now() - this.loadedAt > CACHE_MS) await this.reload();
  }

  /** The newest live key: new tokens are signed with it. */
  async signingKey(): Promise<LiveKey> {
    await this.fresh();
    if (!this.newest) await this.reload();
    if (!this.newest) throw new Error('No live signing key');
    return this.newest;
  }

  /** The public key for a kid, or null when it is not one of our live keys. */
  async verificationKey(kid: string): Promise<KeyObject | null> {
    await this.fresh();
    let key = this.keys.get(kid);
    if (!key && performance.now() - this.loadedAt > UNKNOWN_KID_RELOAD_MS) {
      await this.reload();
      key = this.keys.get(kid);
    }
    return key?.publicKey ?? null;
  }
}

/** Adds a new signing key; tokens signed with older live keys stay valid until they are retired. */
export async function addSigningKey(db: Queryable, now: Date): Promise<string> {
  const row = await newKeyRow(now);
  await db.query(INSERT_KEY, [...row, TOKEN_ALG]);
  return row[0];
}

/** Retires a key: tokens it signed are refused from then on (by other processes within CACHE_MS). */
export async function retireSigningKey(db: Queryable, kid: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE signing_keys SET retired_at = $2 WHERE kid = $1 AND retired_at IS NULL', [
    kid,
    now,
  ]);
  return rowCount > 0;
}
