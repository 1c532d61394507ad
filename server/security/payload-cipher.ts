import {
  constants,
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  privateDecrypt,
  randomFillSync,
  type CipherGCMTypes,
  type KeyObject,
} from 'node:crypto';
import { PAYLOAD_CRYPTO, type PayloadCipher } from '#contract/crypto/index.ts';

/**
 * The primitives of contract/crypto's openRequest and sealAnswer on synchronous node:crypto (docs/decisions/0021):
 * WebCrypto's per-call overhead (a promise job per operation, algorithm normalisation, a threadpool hop)
 * cost a quarter of the server's main thread, while AES-GCM over these small bodies takes microseconds.
 * Only the primitives live here; the format and its checks stay in the contract.
 *
 * It takes and refuses what WebCrypto does: an unwrapped key of 16, 24 or 32 bytes (WebCrypto's raw AES
 * import accepts all three), the 16-byte tag appended to the cipher, a cipher shorter than its tag refused.
 */

/** WebCrypto's AES-GCM default and the only length the contract uses. */
const TAG_BYTES = 16;

const GCM_BY_KEY_BYTES: Readonly<Record<number, CipherGCMTypes>> = {
  16: 'aes-128-gcm',
  24: 'aes-192-gcm',
  32: 'aes-256-gcm',
};

function gcmOf(key: KeyObject): CipherGCMTypes {
  const algorithm = key.type === 'secret' ? GCM_BY_KEY_BYTES[key.symmetricKeySize ?? 0] : undefined;
  if (!algorithm) throw new Error('not an AES key');
  return algorithm;
}

/** asymmetricKeyDetails builds a new object on every read: 1.2 % of the main thread under retrieveProfile. */
const modulusBitsOf = new WeakMap<KeyObject, number>();

export const nodePayloadCipher: PayloadCipher<KeyObject, KeyObject> = {
  modulusBits(privateKey) {
    let bits = modulusBitsOf.get(privateKey);
    if (bits === undefined) {
      bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
      modulusBitsOf.set(privateKey, bits);
    }
    return bits;
  },

  unwrapKey(privateKey, wrapped) {
    const raw = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    );
    try {
      if (!GCM_BY_KEY_BYTES[raw.length]) throw new Error('not an AES key');
      return createSecretKey(raw);
    } finally {
      // The KeyObject keeps its own copy.
      raw.fill(0);
    }
  },

  encrypt(key, iv, additionalData, plaintext) {
    const cipher = createCipheriv(gcmOf(key), key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData);
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  },

  decrypt(key, iv, additionalData, sealed) {
    if (sealed.length < TAG_BYTES) throw new Error('cipher shorter than its tag');
    const end = sealed.length - TAG_BYTES;
    const decipher = createDecipheriv(gcmOf(key), key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData);
    decipher.setAuthTag(sealed.subarray(end));
    return Buffer.concat([decipher.update(sealed.subarray(0, end)), decipher.final()]);
  },

  randomIv,
};

/**
 * IVs are cut from random bytes drawn 4 KB at a time: one call to the generator per 341 IVs instead of one
 * each (randomFillSync's fixed cost was 4 % of the main thread under retrieveProfile, for 12 bytes). The same
 * CSPRNG output either way; each byte is handed out once, as a copy.
 */
const IV_POOL_BYTES = PAYLOAD_CRYPTO.IV_BYTES * 341;
let ivPool = new Uint8Array(0);
let ivOffset = 0;

function randomIv(): Uint8Array<ArrayBuffer> {
  if (ivOffset + PAYLOAD_CRYPTO.IV_BYTES > ivPool.length) {
    ivPool = randomFillSync(new Uint8Array(IV_POOL_BYTES));
    ivOffset = 0;
  }
  const iv = ivPool.slice(ivOffset, ivOffset + PAYLOAD_CRYPTO.IV_BYTES);
  ivOffset += PAYLOAD_CRYPTO.IV_BYTES;
  return iv;
}
