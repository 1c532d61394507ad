import { API_PATHS, RESPONSE_CODE, isEnvelope } from '#contract/index.ts';
import * as payloadCrypto from '#contract/crypto/index.ts';
import type { EncryptedRequest, PayloadCryptoKey, PublicPayloadJwk, RequestKey } from '#contract/crypto/index.ts';
import { serverNow } from '../session/clock.ts';
import { httpSettings } from './settings.ts';

/*
 * Encrypted calls (contract/calls.ts ENCRYPTED_CALL_PATHS). This module and the shared WebCrypto code
 * are one chunk, which the HTTP client loads on the first such call, so the first page load carries
 * neither (the first-load budget, docs/decisions/0026). The server's public key is fetched once per page (and again after the
 * server refused a payload, in case its key was replaced). One wrapped request key serves the calls of
 * a while (contract/crypto: a fresh IV each, answers bound to their request), so the server unwraps it
 * once instead of once per call.
 */

/** The public key could not be had (the server answered something that is not one). */
export class PublicKeyUnavailable extends Error {}

let publicKey: Promise<PayloadCryptoKey> | null = null;
let requestKey: Promise<RequestKey> | null = null;

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
    return await payloadCrypto.importPublicKey(jwk);
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

/**
 * Fetches the public key, and wraps a request key for it, ahead of the first encrypted call (the login
 * form does while the user types, docs/decisions/0051 and 0052): the profile call after Log in then only
 * encrypts. A failure is not reported: the call itself tries again.
 */
export function preparePublicKey(): void {
  serverPublicKey(new AbortController().signal)
    .then((key) => currentRequestKey(key, serverNow()))
    .catch(() => undefined);
}

/** Forget the public key: the server refused a payload, perhaps because its key was replaced. */
export function forgetPublicKey(): void {
  publicKey = null;
  requestKey = null;
}

/** The request key in use, or a new one when it is past its age or uses (a failed one does not stick). */
async function currentRequestKey(key: PayloadCryptoKey, now: number): Promise<RequestKey> {
  const current = requestKey ? await requestKey.catch(() => null) : null;
  if (current && payloadCrypto.requestKeyUsable(current, now)) return current;
  const making = payloadCrypto.createRequestKey(key, now);
  requestKey = making;
  making.catch(() => {
    if (requestKey === making) requestKey = null;
  });
  return making;
}

export interface SealedCall {
  body: EncryptedRequest;
  /**
   * The answer as the caller reads it: `text`, an encrypted answer opened; null, a refusal in plain text
   * (the only answer that may come back so: the server could not read the request, so has no key);
   * `unread`, the encryption layer's own refusal (below); `bad`, why anything else is no answer. Here, not
   * in the HTTP layer, so that it loads with the encryption code, not with the first load
   * (docs/decisions/0038).
   */
  read(status: number, answer: unknown): Promise<{ text: string } | { bad: string } | { unread: true } | null>;
}

/** Encrypts a call's body for `path`, stamped with `now` (the server-corrected clock). */
export async function sealCall(path: string, data: unknown, now: number, signal: AbortSignal): Promise<SealedCall> {
  const key = await serverPublicKey(signal);
  const sealed = await payloadCrypto.sealRequest(key, path, data, now, await currentRequestKey(key, now));
  return {
    body: sealed.body,
    async read(status, answer) {
      if (payloadCrypto.isEncryptedAnswer(answer)) {
        try {
          return { text: await payloadCrypto.openAnswer(sealed.answerKey, path, answer) };
        } catch {
          return { bad: 'The encrypted answer would not open' };
        }
      }
      const refusal = status >= 400 || (isEnvelope(answer) && answer.header.responseCode !== RESPONSE_CODE.OK);
      if (!refusal) return { bad: 'An encrypted call was answered in plain text' };
      // A plain 400 is the encryption layer refusing to read the request (docs/decisions/0006): its key
      // replaced, or the very bytes already received, as when Chromium sends a request again by itself after
      // its connection closed before the answer. Its words mean nothing to the user, and nothing was done for
      // this copy: no answer, for the user, who tries again with a fresh request (and a fresh key).
      if (status === 400) {
        forgetPublicKey();
        return { unread: true };
      }
      return null;
    },
  };
}
