/**
 * A client of the running server that calls the API the way the web app does: cookies kept, the
 * XSRF-TOKEN cookie copied into X-XSRF-TOKEN on POSTs, the bearer token, and the hybrid payload
 * encryption of contract/crypto for the calls of ENCRYPTED_CALL_PATHS (one wrapped request key reused
 * while it may be, as the web app does).
 */
import { API_PATHS, isEncryptedCall } from '../../contract/index.ts';
import {
  createRequestKey,
  importPublicKey,
  isEncryptedAnswer,
  openAnswer,
  requestKeyUsable,
  sealRequest,
  type AnswerKey,
  type PayloadCryptoKey,
  type PublicPayloadJwk,
  type RequestKey,
  type SealedRequest,
} from '../../contract/crypto/index.ts';
import { DEMO_PASSWORD } from '../../server/db/seed.ts';

export interface CallResult {
  status: number;
  /** Decrypted when the call was encrypted. */
  text: string;
  json<T = unknown>(): T;
}

export class BenchClient {
  readonly base: string;
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  #publicKey: Promise<PayloadCryptoKey> | null = null;
  #requestKey: RequestKey | null = null;

  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Headers of a signed-in POST, as the web app sends them. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { 'content-type': 'application/json', ...extra };
    if (this.cookies.size > 0) h.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = xsrf;
    if (this.token) h.authorization = `Bearer ${this.token}`;
    return h;
  }

  publicKey(): Promise<PayloadCryptoKey> {
    this.#publicKey ??= fetch(`${this.base}${API_PATHS.publicKey}`)
      .then((r) => r.json() as Promise<PublicPayloadJwk>)
      .then(importPublicKey);
    return this.#publicKey;
  }

  /** A sealed body for `path`, and the key that opens its answer. */
  async seal(path: string, data: unknown): Promise<SealedRequest> {
    const publicKey = await this.publicKey();
    const now = Date.now();
    if (!this.#requestKey || !requestKeyUsable(this.#requestKey, now))
      this.#requestKey = await createRequestKey(publicKey, now);
    return sealRequest(publicKey, path, data ?? null, now, this.#requestKey);
  }

  async call(method: 'GET' | 'POST', path: string, data?: unknown): Promise<CallResult> {
    let key: AnswerKey | null = null;
    let body: string | undefined;
    if (method === 'POST') {
      if (isEncryptedCall(path)) {
        const sealed = await this.seal(path, data);
        key = sealed.answerKey;
        body = JSON.stringify(sealed.body);
      } else body = JSON.stringify(data ?? {});
    }
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: method === 'POST' ? this.headers() : this.headers({}),
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    let text = await res.text();
    if (key) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (isEncryptedAnswer(parsed)) text = await openAnswer(key, path, parsed);
      } catch {
        /* a plain refusal */
      }
    }
    return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
  }

  /** The real sign-in: nonce (and cookies), then the encrypted authenticate call. Keeps the token. */
  async signIn(loginName = 'ptib.demo', password = DEMO_PASSWORD): Promise<string> {
    const nonce = await this.call('GET', API_PATHS.loginNonce);
    if (nonce.status !== 200) throw new Error(`login nonce: ${nonce.status} ${nonce.text}`);
    const { authenticityToken } = nonce.json<{ responseJSON: { authenticityToken: string } }>().responseJSON;
    const res = await this.call('POST', API_PATHS.authenticate, {
      loginName,
      password,
      model: 'bench',
      authenticityToken,
      rememberMe: false,
    });
    if (res.status !== 200) throw new Error(`sign-in of ${loginName}: ${res.status} ${res.text}`);
    const token = res.json<{ token?: string }>().token;
    if (!token) throw new Error(`sign-in of ${loginName} gave no token: ${res.text}`);
    this.token = token;
    return token;
  }
}
