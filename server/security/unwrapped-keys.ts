import type { KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { UnwrappedKeyCache } from '#contract/crypto/index.ts';

/**
 * Request keys this process has unwrapped, by wrappedKey as sent (contract/crypto: a client reuses one
 * wrapped key for a while), so an RSA-OAEP unwrap is paid once per client key rather than once per request.
 * A cache, not state: unwrapping is a pure function of the wrapped bytes and our private key, so a miss (on
 * another process, after a restart, after eviction) just unwraps again. Bounded: the least recently used
 * key goes first. Replay protection is not here: it stays in the database (payload_replays). The keys are
 * node:crypto KeyObjects (server/security/payload-cipher.ts) unless another kind is asked for.
 */
export class UnwrappedKeys<SecretKey extends object = KeyObject>
  extends LRUCache<string, SecretKey>
  implements UnwrappedKeyCache<SecretKey>
{
  constructor(max = 5_000) {
    super({ max });
  }
}
