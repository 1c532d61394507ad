import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  PAYLOAD_CRYPTO,
  generatePayloadKeyPair,
  publicJwkOf,
  type PublicPayloadJwk,
  type RsaJwk,
} from '#contract/crypto/index.ts';
import type { Queryable } from '../db/database.ts';

/** The server's payload-encryption key: the published public half and the private key for unwrapping. */
export interface PayloadKey {
  kid: string;
  publicJwk: PublicPayloadJwk;
  /** For the server's node:crypto primitives (server/security/payload-cipher.ts), which unwrap with it. */
  privateKey: KeyObject;
}

/**
 * Reads a PKCS#8 (or PKCS#1) PEM RSA private key file; throws one clear line when it is unreadable, not
 * RSA, or shorter than the scheme's 3072 bits. Called at start, so a bad file stops the start.
 */
export function readPrivateKeyFile(file: string): RsaJwk {
  let key;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PAYLOAD_PRIVATE_KEY_FILE=${file}: not a readable PEM private key (${reason})`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < PAYLOAD_CRYPTO.RSA_MODULUS_BITS) {
    throw new Error(
      `PAYLOAD_PRIVATE_KEY_FILE=${file}: must be an RSA key of at least ${PAYLOAD_CRYPTO.RSA_MODULUS_BITS} bits`,
    );
  }
  return key.export({ format: 'jwk' }) as RsaJwk;
}

/**
 * The private key as a node:crypto KeyObject, made from the JWK (once per key: KeyObject.from() on our
 * non-extractable CryptoKey is deprecated, DEP0204). Only the key material is read, as importPrivateKey does.
 */
export function privateKeyObjectOf(jwk: RsaJwk): KeyObject {
  const { kty, n, e, d, p, q, dp, dq, qi } = jwk;
  return createPrivateKey({ key: { kty, n, e, d, p, q, dp, dq, qi }, format: 'jwk' });
}

/** The key kept in the database, created by the first process that needs it (the others read the same row). */
async function loadOrCreate(db: Queryable): Promise<RsaJwk> {
  const select = 'SELECT private_jwk FROM payload_keys WHERE slot = 1';
  const found = await db.query<{ private_jwk: RsaJwk }>(select);
  if (found.rows[0]) return found.rows[0].private_jwk;
  const { publicJwk, privateJwk } = await generatePayloadKeyPair();
  // Two processes may generate at once: the first insert wins and both use its key.
  await db.query(
    `INSERT INTO payload_keys (slot, kid, public_jwk, private_jwk)
     VALUES (1, $1, $2::text::jsonb, $3::text::jsonb) ON CONFLICT (slot) DO NOTHING`,
    [publicJwk.kid, JSON.stringify(publicJwk), JSON.stringify(privateJwk)],
  );
  const stored = await db.query<{ private_jwk: RsaJwk }>(select);
  if (!stored.rows[0]) throw new Error('payload key was not stored');
  return stored.rows[0].private_jwk;
}

/**
 * The key, loaded once per process on first use (a configured file, else the database row, generated
 * when missing). Lazy, so a process that never sees an encrypted call never pays for RSA key generation.
 */
export class PayloadKeyStore {
  readonly #db: Queryable;
  readonly #configured: RsaJwk | null;
  #current: Promise<PayloadKey> | null = null;

  constructor(db: Queryable, configured: RsaJwk | null) {
    this.#db = db;
    this.#configured = configured;
  }

  get(): Promise<PayloadKey> {
    if (!this.#current) {
      this.#current = this.#load();
      // A failure (say, the database was down) must not stick: the next call tries again.
      this.#current.catch(() => {
        this.#current = null;
      });
    }
    return this.#current;
  }

  async #load(): Promise<PayloadKey> {
    const jwk = this.#configured ?? (await loadOrCreate(this.#db));
    const publicJwk = await publicJwkOf(jwk);
    return { kid: publicJwk.kid, publicJwk, privateKey: privateKeyObjectOf(jwk) };
  }
}
