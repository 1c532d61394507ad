import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PATHS, isEncryptedCall } from '#contract/index.ts';
import {
  createRequestKey,
  importPublicKey,
  requestKeyUsable,
  sealRequest,
  type AnswerKey,
  type PayloadCryptoKey,
  type PublicPayloadJwk,
  type RequestKey,
} from '#contract/crypto/index.ts';
import { signIn } from './auth.ts';
import { openSealedAnswer } from './sealed-answer.ts';

/** An answer as tests read it: for an encrypted call, body/payload/json() are the decrypted answer. */
export type TestResponse = LightMyRequestResponse & {
  /** For an encrypted call: what travelled on the wire (the encrypted body, or a plain refusal). */
  wire?: string;
};

/**
 * A test client over app.inject that behaves like the web app: keeps cookies, copies the XSRF-TOKEN
 * cookie into X-XSRF-TOKEN on non-GET calls, and sends the bearer token once it has one.
 * Area helpers (sign-in, encrypted payloads) build on it so every API test calls the API the same way.
 */
export class TestClient {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  remoteAddress = '127.0.0.1';
  #publicKey: Promise<PayloadCryptoKey> | null = null;
  /** Like the web app: one wrapped request key for a while (contract/crypto RequestKey). */
  #requestKey: RequestKey | null = null;
  /** Like a browser that loaded the app first: fetch the XSRF cookie with a GET before the first other call. */
  primeXsrf = true;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(options: {
    method?: InjectOptions['method'];
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Send the bearer token (default: when there is one). */
    auth?: boolean;
    /** Encrypt the body and decrypt the answer (default: for the calls of ENCRYPTED_CALL_PATHS). */
    encrypt?: boolean;
  }): Promise<TestResponse> {
    const method = options.method ?? 'POST';
    const path = this.callPath(options.url);
    let key: AnswerKey | null = null;
    let body = options.body;
    if (options.encrypt ?? isEncryptedCall(path)) {
      // Stamped with the server's clock, which a test may have set to another time.
      const now = this.app.now().getTime();
      const sealed = await sealRequest(
        await this.payloadPublicKey(),
        path,
        body ?? null,
        now,
        await this.requestKey(now),
      );
      body = sealed.body;
      key = sealed.answerKey;
    }
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && this.primeXsrf && !this.cookies.has('XSRF-TOKEN') && !('x-xsrf-token' in headers))
      await this.get(API_PATHS.health);
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    if ((options.auth ?? true) && this.token && !('authorization' in headers))
      headers.authorization = `Bearer ${this.token}`;
    const res = await this.app.inject({
      method,
      url: options.url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    if (key) await decryptInPlace(res, key, path);
    return res;
  }

  /** The call's path as the contract names it: the URL without the API base and query. */
  callPath(url: string): string {
    const path = url.split('?')[0] ?? url;
    const base = this.app.config.API_BASE;
    return base !== '/' && path.startsWith(base) ? path.slice(base.length) : path;
  }

  /** The request key in use, or a new one once it is past its age or uses (as the web app does). */
  async requestKey(now: number): Promise<RequestKey> {
    if (!this.#requestKey || !requestKeyUsable(this.#requestKey, now))
      this.#requestKey = await createRequestKey(await this.payloadPublicKey(), now);
    return this.#requestKey;
  }

  /** The server's public key, fetched once per client like the web app does. */
  payloadPublicKey(): Promise<PayloadCryptoKey> {
    this.#publicKey ??= this.app
      .inject({ method: 'GET', url: this.apiUrl(API_PATHS.publicKey) })
      .then((res) => importPublicKey(res.json() as PublicPayloadJwk));
    return this.#publicKey;
  }

  /** An API path with the app's API base in front. */
  apiUrl(path: string): string {
    const base = this.app.config.API_BASE;
    return base === '/' ? path : base + path;
  }

  get(url: string, headers?: Record<string, string>): Promise<TestResponse> {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>): Promise<TestResponse> {
    return this.request({ method: 'POST', url, body, headers });
  }
}

/**
 * Replaces an encrypted answer's body with its plaintext, keeping the wire form in `wire`. A plain answer
 * (a refusal made before the body could be decrypted) is left as it is.
 */
async function decryptInPlace(res: TestResponse, key: AnswerKey, path: string): Promise<void> {
  const text = await openSealedAnswer(key, path, res.payload);
  if (text === null) return;
  res.wire = res.payload;
  res.payload = text;
  res.body = text;
  res.rawPayload = Buffer.from(text, 'utf8');
}

/** A new client (a new browser) already signed in as `loginName`. */
export async function signedInClient(app: FastifyInstance, loginName: string): Promise<TestClient> {
  const client = new TestClient(app);
  await signIn(client, loginName);
  return client;
}
