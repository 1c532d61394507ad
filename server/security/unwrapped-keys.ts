import type { PayloadCryptoKey, UnwrappedKeyCache } from '../../contract/crypto/index.ts';

/**
 * Request keys this process has unwrapped, by wrappedKey as sent (contract/crypto: a client reuses one
 * wrapped key for a while), so an RSA-OAEP unwrap is paid once per client key rather than once per request.
 * A cache, not state: unwrapping is a pure function of the wrapped bytes and our private key, so a miss (on
 * another process, after a restart, after eviction) just unwraps again. Bounded: the least recently used
 * key goes first. Replay protection is not here: it stays in the database (payload_replays).
 */
export class UnwrappedKeys implements UnwrappedKeyCache {
  readonly #max: number;
  /** Insertion order is recency order. */
  readonly #keys = new Map<string, PayloadCryptoKey>();

  constructor(max = 5_000) {
    this.#max = max;
  }

  get(wrappedKey: string): PayloadCryptoKey | undefined {
    const key = this.#keys.get(wrappedKey);
    if (key) {
      this.#keys.delete(wrappedKey);
      this.#keys.set(wrappedKey, key);
    }
    return key;
  }

  set(wrappedKey: string, key: PayloadCryptoKey): void {
    this.#keys.delete(wrappedKey);
    this.#keys.set(wrappedKey, key);
    while (this.#keys.size > this.#max) {
      const oldest = this.#keys.keys().next().value;
      if (oldest === undefined) break;
      this.#keys.delete(oldest);
    }
  }

  get size(): number {
    return this.#keys.size;
  }
}
