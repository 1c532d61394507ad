import { fromBase64, toBase64, toBase64Url } from './base64.ts';

/**
 * Hybrid payload encryption, the same code in the browser and on the server. See docs/decisions/ for the
 * scheme and why. The format is defined here once; its primitives are WebCrypto (globalThis.crypto.subtle)
 * unless the caller plugs in others (a PayloadCipher: the server runs openRequest and sealAnswer on
 * node:crypto).
 *
 * Request:  an AES-256-GCM key and a fresh 96-bit IV encrypt `{"ts": epochMs, "bind": true, "data": body}`;
 *           the AES key is wrapped with the server's RSA-OAEP (SHA-256) public key; the body is
 *           { wrappedKey, iv, cipher }. A client may reuse one wrapped key for a while (a RequestKey: at
 *           most REQUEST_KEY_MAX_AGE_MS and REQUEST_KEY_MAX_USES), each request with its own IV, so the
 *           server unwraps it once and remembers the result (an UnwrappedKeyCache).
 * Answer:   the server encrypts the text it would have sent under the same AES key with a fresh IV:
 *           { iv, cipher }.
 * Both directions bind the call's API path as GCM additional data, so a cipher made for one call (or one
 * direction) does not open as another. A request that says `"bind": true` also gets its answer bound to
 * its own IV, so with a reused key one request's answer does not open as another's; a request without it
 * (a page loaded before keys were reused, with a fresh key per request) gets the answer it expects.
 */

export const PAYLOAD_CRYPTO = {
  JWK_ALG: 'RSA-OAEP-256',
  RSA_MODULUS_BITS: 3072,
  AES_KEY_BITS: 256,
  IV_BYTES: 12,
  /** A request's timestamp may differ from the server's clock by at most this much either way. */
  TIMESTAMP_WINDOW_MS: 5 * 60_000,
  /** Upper bound of a cipher's base64 length (the server's body limit is 1 MiB anyway). */
  MAX_CIPHER_CHARS: 1_400_000,
  /** How long a client reuses one wrapped request key, and for how many requests (each with a fresh IV). */
  REQUEST_KEY_MAX_AGE_MS: 10 * 60_000,
  REQUEST_KEY_MAX_USES: 1_000,
} as const;

/** What an encrypted call sends. */
export interface EncryptedRequest {
  wrappedKey: string;
  iv: string;
  cipher: string;
}

/** What an encrypted call answers: the request's key is reused, so wrappedKey is left out. */
export interface EncryptedAnswer {
  wrappedKey?: string;
  iv: string;
  cipher: string;
}

/** The server's public key as published at GET /api/public-key. */
export interface PublicPayloadJwk {
  kty: 'RSA';
  n: string;
  e: string;
  alg: typeof PAYLOAD_CRYPTO.JWK_ALG;
  use: 'enc';
  kid: string;
}

export type PayloadFailure =
  'plain' | 'base64' | 'iv' | 'wrappedKey' | 'unwrap' | 'integrity' | 'content' | 'timestamp' | 'replay';

/** The server's responseDesc for each way an encrypted request can be refused (all answered 400). */
export const PAYLOAD_ERRORS: Record<PayloadFailure, string> = {
  plain: 'This call must be encrypted: send { wrappedKey, iv, cipher } as base64 strings.',
  base64: 'Encrypted payload: wrappedKey, iv and cipher must be valid base64.',
  iv: `Encrypted payload: iv must be ${PAYLOAD_CRYPTO.IV_BYTES} bytes.`,
  wrappedKey: 'Encrypted payload: wrappedKey does not match the size of the server key.',
  unwrap: 'Encrypted payload: the key could not be unwrapped; fetch the current public key and try again.',
  integrity: 'Encrypted payload: the cipher failed its integrity check.',
  content: 'Encrypted payload: the decrypted content is not { ts, data } JSON.',
  timestamp: 'Encrypted payload: the timestamp is outside the allowed window; check the device clock.',
  replay: 'Encrypted payload: this request was already received and is refused as a replay.',
};

export class PayloadError extends Error {
  readonly reason: PayloadFailure;
  constructor(reason: PayloadFailure) {
    super(PAYLOAD_ERRORS[reason]);
    this.reason = reason;
  }
}

/**
 * Key types spelled without the DOM library, so the same file type-checks for the browser and for
 * Node (whose WebCrypto types live in node:crypto).
 */
export type PayloadCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
export interface RsaJwk {
  kty?: string;
  n?: string;
  e?: string;
  d?: string;
  p?: string;
  q?: string;
  dp?: string;
  dq?: string;
  qi?: string;
  alg?: string;
  ext?: boolean;
  key_ops?: string[];
}

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const AES_GCM = 'AES-GCM';
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const subtle = () => globalThis.crypto.subtle;

const additionalData = (direction: 'request' | 'answer', path: string, boundIv: Uint8Array | null = null) =>
  encoder.encode(boundIv ? `${direction} ${path} ${toBase64(boundIv)}` : `${direction} ${path}`);

/** Bytes a primitive answers: WebCrypto gives an ArrayBuffer, node:crypto a Buffer. */
type CipherBytes = Uint8Array | ArrayBuffer;

/**
 * AES-GCM as the format uses it: the 128-bit tag appended to the cipher. Each may answer synchronously or
 * with a promise, and fails by throwing (anything: the caller says why in a PayloadError).
 */
export interface AesGcmCipher<SecretKey> {
  encrypt(
    key: SecretKey,
    iv: Uint8Array<ArrayBuffer>,
    additionalData: Uint8Array<ArrayBuffer>,
    plaintext: Uint8Array<ArrayBuffer>,
  ): CipherBytes | Promise<CipherBytes>;
  /** Throws when the tag does not verify (cipher, IV, key or additional data changed) or is missing. */
  decrypt(
    key: SecretKey,
    iv: Uint8Array<ArrayBuffer>,
    additionalData: Uint8Array<ArrayBuffer>,
    cipher: Uint8Array<ArrayBuffer>,
  ): CipherBytes | Promise<CipherBytes>;
  /** A fresh random IV of PAYLOAD_CRYPTO.IV_BYTES. */
  randomIv(): Uint8Array<ArrayBuffer>;
}

/**
 * The primitives openRequest and sealAnswer run on. Only these are pluggable: the fields, lengths,
 * additional data, JSON and timestamp checks and PayloadError reasons stay in this file.
 */
export interface PayloadCipher<PrivateKey, SecretKey> extends AesGcmCipher<SecretKey> {
  /** The RSA modulus of the private key, in bits (a wrappedKey is exactly that long). */
  modulusBits(privateKey: PrivateKey): number;
  /**
   * RSA-OAEP (SHA-256) unwraps an AES key; throws when it does not unwrap or is not a raw AES key (16, 24
   * or 32 bytes, as WebCrypto's import takes).
   */
  unwrapKey(privateKey: PrivateKey, wrapped: Uint8Array<ArrayBuffer>): SecretKey | Promise<SecretKey>;
}

/** The default primitives: WebCrypto, in the browser and in Node alike. */
export const webCryptoCipher: PayloadCipher<PayloadCryptoKey, PayloadCryptoKey> = {
  modulusBits: (privateKey) => (privateKey.algorithm as { modulusLength?: number }).modulusLength ?? 0,
  unwrapKey: (privateKey, wrapped) =>
    subtle().unwrapKey(
      'raw',
      wrapped,
      privateKey,
      RSA_OAEP,
      { name: AES_GCM, length: PAYLOAD_CRYPTO.AES_KEY_BITS },
      false,
      ['encrypt', 'decrypt'],
    ),
  encrypt: (key, iv, additionalData, plaintext) =>
    subtle().encrypt({ name: AES_GCM, iv, additionalData }, key, plaintext),
  decrypt: (key, iv, additionalData, cipher) => subtle().decrypt({ name: AES_GCM, iv, additionalData }, key, cipher),
  randomIv: () => globalThis.crypto.getRandomValues(new Uint8Array(PAYLOAD_CRYPTO.IV_BYTES)),
};

/**
 * What an answer is sealed and opened under: the request's AES key (a WebCrypto key unless another
 * PayloadCipher unwrapped it) and, when the request asked for it, the request's IV (bound as additional data).
 */
export interface AnswerKey<SecretKey = PayloadCryptoKey> {
  key: SecretKey;
  boundIv: Uint8Array<ArrayBuffer> | null;
}

/** An AES key wrapped once for the server, reused for several requests (each with a fresh IV). */
export interface RequestKey {
  key: PayloadCryptoKey;
  /** base64, as sent. */
  wrappedKey: string;
  createdAt: number;
  uses: number;
}

/** The server side's memory of unwrapped request keys, by wrappedKey as sent: a cache (a miss unwraps). */
export interface UnwrappedKeyCache<SecretKey = PayloadCryptoKey> {
  get(wrappedKey: string): SecretKey | undefined;
  set(wrappedKey: string, key: SecretKey): void;
}

/** RFC 7638 thumbprint of an RSA public key: the key id. */
export async function jwkThumbprint(jwk: { e: string; n: string }): Promise<string> {
  const canonical = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return toBase64Url(await subtle().digest('SHA-256', encoder.encode(canonical)));
}

/** A new RSA-OAEP key pair: the public half as published, the private half as a JWK to keep. */
export async function generatePayloadKeyPair(): Promise<{ publicJwk: PublicPayloadJwk; privateJwk: RsaJwk }> {
  const pair = await subtle().generateKey(
    {
      ...RSA_OAEP,
      modulusLength: PAYLOAD_CRYPTO.RSA_MODULUS_BITS,
      publicExponent: new Uint8Array([1, 0, 1]),
    },
    true,
    ['wrapKey', 'unwrapKey'],
  );
  const privateJwk = await subtle().exportKey('jwk', pair.privateKey);
  return { publicJwk: await publicJwkOf(privateJwk), privateJwk };
}

/** The public half (n, e) of an RSA JWK, with alg, use and kid. */
export async function publicJwkOf(jwk: RsaJwk): Promise<PublicPayloadJwk> {
  const { kty, n, e } = jwk;
  if (kty !== 'RSA' || !n || !e) throw new Error('Not an RSA key');
  return { kty: 'RSA', n, e, alg: PAYLOAD_CRYPTO.JWK_ALG, use: 'enc', kid: await jwkThumbprint({ n, e }) };
}

/** Imports the published key for wrapping request keys. */
export function importPublicKey(jwk: PublicPayloadJwk): Promise<PayloadCryptoKey> {
  const { kty, n, e } = jwk;
  return subtle().importKey('jwk', { kty, n, e, alg: PAYLOAD_CRYPTO.JWK_ALG, ext: true }, RSA_OAEP, false, ['wrapKey']);
}

/** Imports the server's private key for unwrapping request keys. */
export function importPrivateKey(jwk: RsaJwk): Promise<PayloadCryptoKey> {
  // key_ops and alg of a stored or converted key may name other uses: keep only the key material.
  const { kty, n, e, d, p, q, dp, dq, qi } = jwk;
  return subtle().importKey('jwk', { kty, n, e, d, p, q, dp, dq, qi, alg: PAYLOAD_CRYPTO.JWK_ALG }, RSA_OAEP, false, [
    'unwrapKey',
  ]);
}

/** A new AES key, wrapped for the server's public key, to seal requests with (sealRequest's `requestKey`). */
export async function createRequestKey(publicKey: PayloadCryptoKey, now: number): Promise<RequestKey> {
  const key = await subtle().generateKey({ name: AES_GCM, length: PAYLOAD_CRYPTO.AES_KEY_BITS }, true, [
    'encrypt',
    'decrypt',
  ]);
  const wrapped = await subtle().wrapKey('raw', key, publicKey, RSA_OAEP);
  return { key, wrappedKey: toBase64(wrapped), createdAt: now, uses: 0 };
}

/** May this key seal one more request at `now`? (Past its age or uses, make a new one.) */
export function requestKeyUsable(requestKey: RequestKey, now: number): boolean {
  const age = now - requestKey.createdAt;
  return (
    age >= 0 && age < PAYLOAD_CRYPTO.REQUEST_KEY_MAX_AGE_MS && requestKey.uses < PAYLOAD_CRYPTO.REQUEST_KEY_MAX_USES
  );
}

export interface SealedRequest {
  body: EncryptedRequest;
  /** Opens the answer (openAnswer). */
  answerKey: AnswerKey;
}

/**
 * Encrypts a request body for `path` with a fresh IV, under `requestKey` (counted as one more use) or,
 * without one, under a new key made for this request alone.
 */
export async function sealRequest(
  publicKey: PayloadCryptoKey,
  path: string,
  data: unknown,
  now: number,
  requestKey?: RequestKey,
): Promise<SealedRequest> {
  const used = requestKey ?? (await createRequestKey(publicKey, now));
  used.uses += 1;
  const iv = webCryptoCipher.randomIv();
  const plaintext = encoder.encode(JSON.stringify({ ts: now, bind: true, data: data ?? null }));
  const cipher = await webCryptoCipher.encrypt(used.key, iv, additionalData('request', path), plaintext);
  return {
    body: { wrappedKey: used.wrappedKey, iv: toBase64(iv), cipher: toBase64(cipher) },
    answerKey: { key: used.key, boundIv: iv },
  };
}

export interface OpenedRequest<SecretKey = PayloadCryptoKey> {
  /** The request's AES key (and IV, when it asked for a bound answer): the answer is sealed under it. */
  answerKey: AnswerKey<SecretKey>;
  /** The decoded wrappedKey and iv, for the replay check. */
  wrappedKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ts: number;
  data: unknown;
}

function decode(value: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64(value);
  if (!bytes) throw new PayloadError('base64');
  return bytes;
}

/**
 * Decrypts a request body sent to `path`, checking its timestamp against `now`. Throws PayloadError,
 * never anything else, for bad input. With `keys`, a wrappedKey unwrapped before is not unwrapped again.
 * With `cipher`, its primitives (and its kind of keys) instead of WebCrypto's.
 */
export function openRequest(
  privateKey: PayloadCryptoKey,
  path: string,
  body: EncryptedRequest,
  now: number,
  keys?: UnwrappedKeyCache,
): Promise<OpenedRequest>;
export function openRequest<PrivateKey, SecretKey>(
  privateKey: PrivateKey,
  path: string,
  body: EncryptedRequest,
  now: number,
  keys: NoInfer<UnwrappedKeyCache<SecretKey>> | undefined,
  cipher: PayloadCipher<PrivateKey, SecretKey>,
): Promise<OpenedRequest<SecretKey>>;
export async function openRequest<PrivateKey, SecretKey>(
  privateKey: PrivateKey,
  path: string,
  body: EncryptedRequest,
  now: number,
  keys?: UnwrappedKeyCache<SecretKey>,
  // The first overload is the only one without a cipher, and its keys are WebCrypto's.
  cipher = webCryptoCipher as unknown as PayloadCipher<PrivateKey, SecretKey>,
): Promise<OpenedRequest<SecretKey>> {
  const wrappedKey = decode(body.wrappedKey);
  const iv = decode(body.iv);
  const encrypted = decode(body.cipher);
  if (iv.length !== PAYLOAD_CRYPTO.IV_BYTES) throw new PayloadError('iv');
  if (wrappedKey.length !== cipher.modulusBits(privateKey) / 8) throw new PayloadError('wrappedKey');
  let key = keys?.get(body.wrappedKey);
  if (!key) {
    try {
      key = await cipher.unwrapKey(privateKey, wrappedKey);
    } catch {
      throw new PayloadError('unwrap');
    }
    keys?.set(body.wrappedKey, key);
  }
  let plaintext: string;
  try {
    const bytes = await cipher.decrypt(key, iv, additionalData('request', path), encrypted);
    plaintext = decoder.decode(bytes);
  } catch {
    throw new PayloadError('integrity');
  }
  let sealed: unknown;
  try {
    sealed = JSON.parse(plaintext);
  } catch {
    throw new PayloadError('content');
  }
  if (typeof sealed !== 'object' || sealed === null || Array.isArray(sealed) || !('data' in sealed))
    throw new PayloadError('content');
  const ts = (sealed as { ts?: unknown }).ts;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) throw new PayloadError('content');
  if (Math.abs(now - ts) > PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS) throw new PayloadError('timestamp');
  const bound = (sealed as { bind?: unknown }).bind === true;
  return {
    answerKey: { key, boundIv: bound ? iv : null },
    wrappedKey,
    iv,
    ts,
    data: (sealed as { data: unknown }).data,
  };
}

/**
 * Encrypts an answer's text for `path` under the request's key (bound to its IV when asked), with a fresh
 * IV, on `cipher`'s primitives when given (those that opened the request).
 */
export function sealAnswer(answerKey: AnswerKey, path: string, text: string): Promise<EncryptedAnswer>;
export function sealAnswer<SecretKey>(
  answerKey: AnswerKey<SecretKey>,
  path: string,
  text: string,
  cipher: AesGcmCipher<SecretKey>,
): Promise<EncryptedAnswer>;
export async function sealAnswer<SecretKey>(
  answerKey: AnswerKey<SecretKey>,
  path: string,
  text: string,
  cipher = webCryptoCipher as unknown as AesGcmCipher<SecretKey>,
): Promise<EncryptedAnswer> {
  const iv = cipher.randomIv();
  const sealed = await cipher.encrypt(
    answerKey.key,
    iv,
    additionalData('answer', path, answerKey.boundIv),
    encoder.encode(text),
  );
  return { iv: toBase64(iv), cipher: toBase64(sealed) };
}

/** Is this body an encrypted answer ({ iv, cipher }, optionally an empty wrappedKey)? */
export function isEncryptedAnswer(value: unknown): value is EncryptedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.iv === 'string' && typeof v.cipher === 'string' && (v.wrappedKey ?? '') === '';
}

/**
 * Decrypts the answer to a call made to `path` (sealRequest's answerKey). Throws PayloadError('integrity')
 * when it will not open, an answer to another request under the same key included.
 */
export async function openAnswer(answerKey: AnswerKey, path: string, body: EncryptedAnswer): Promise<string> {
  const iv = decode(body.iv);
  const cipher = decode(body.cipher);
  if (iv.length !== PAYLOAD_CRYPTO.IV_BYTES) throw new PayloadError('iv');
  try {
    const bytes = await webCryptoCipher.decrypt(
      answerKey.key,
      iv,
      additionalData('answer', path, answerKey.boundIv),
      cipher,
    );
    return decoder.decode(bytes);
  } catch {
    throw new PayloadError('integrity');
  }
}
