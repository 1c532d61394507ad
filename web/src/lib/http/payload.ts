import { API_PATHS } from '../../../../contract/index.ts';
import type { EncryptedRequest, PayloadCryptoKey, PublicPayloadJwk } from '../../../../contract/crypto/index.ts';
import { httpSettings } from './settings.ts';

/**
 * Encrypted calls (contract/calls.ts ENCRYPTED_CALL_PATHS): the shared WebCrypto code is loaded on the
 * first such call, so the first page load does not carry it; the server's public key is fetched once
 * per page (and again after the server refused a payload, in case its key was replaced).
 */
const cryptoModule = () => import('../../../../contract/crypto/index.ts');

/** The public key could not be had (the server answered something that is not one). */
export class PublicKeyUnavailable extends Error {}

let publicKey: Promise<PayloadCryptoKey> | null = null;

function joinBase(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

async function fetchPublicKey(signal: AbortSignal): Promise<PayloadCryptoKey> {
  const { fetch, apiBase } = httpSettings();
  const res = await fetch(joinBase(apiBase, API_PATHS.publicKey), {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  const jwk = (await res.json().catch(() => null)) as PublicPayloadJwk | null;
  if (!res.ok || jwk?.kty !== 'RSA') throw new PublicKeyUnavailable(`public key: HTTP ${res.status}`);
  try {
    return await (await cryptoModule()).importPublicKey(jwk);
  } catch {
    throw new PublicKeyUnavailable('public key: not an RSA-OAEP key');
  }
}

function serverPublicKey(signal: AbortSignal): Promise<PayloadCryptoKey> {
  if (!publicKey) {
    const loading = fetchPublicKey(signal);
    publicKey = loading;
    // A failed fetch (offline, aborted) must not stick: the next call tries again.
    loading.catch(() => {
      if (publicKey === loading) publicKey = null;
    });
  }
  return publicKey;
}

/** Forget the public key: the server refused a payload, perhaps because its key was replaced. */
export function forgetPublicKey(): void {
  publicKey = null;
}

export interface SealedCall {
  body: EncryptedRequest;
  /** Decrypts the answer's text; null when the answer is not an encrypted answer or will not open. */
  open(answer: unknown): Promise<string | null>;
  /** Is this body an encrypted answer? */
  isEncrypted(answer: unknown): boolean;
}

/** Encrypts a call's body for `path`, stamped with `now` (the server-corrected clock). */
export async function sealCall(path: string, data: unknown, now: number, signal: AbortSignal): Promise<SealedCall> {
  const [crypto, key] = await Promise.all([cryptoModule(), serverPublicKey(signal)]);
  const sealed = await crypto.sealRequest(key, path, data, now);
  return {
    body: sealed.body,
    isEncrypted: (answer) => crypto.isEncryptedAnswer(answer),
    async open(answer) {
      if (!crypto.isEncryptedAnswer(answer)) return null;
      try {
        return await crypto.openAnswer(sealed.key, path, answer);
      } catch {
        return null;
      }
    },
  };
}
