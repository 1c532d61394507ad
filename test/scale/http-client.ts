/**
 * A real-HTTP client for the scale and fault tests, and the benches' client (bench/lib/client.ts): calls a
 * running server (or nginx) the way the web app does. It speaks the same protocol as the API tests'
 * TestClient (server/test/client.ts): cookies kept, the XSRF-TOKEN cookie copied into X-XSRF-TOKEN on non-GET
 * calls, the bearer token, and the hybrid payload encryption of contract/crypto for the calls of
 * ENCRYPTED_CALL_PATHS. Sign-in goes through the shared helpers of server/test/auth.ts (ApiCaller), so there
 * is one sign-in flow for all of them.
 */
import http from 'node:http';
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
  type SealedRequest,
} from '#contract/crypto/index.ts';
import type { ApiCaller } from '../../server/test/auth.ts';
import { openSealedAnswer } from '../../server/test/sealed-answer.ts';

/** A call's answer; for an encrypted call, body and json() are the decrypted answer. */
export interface HttpAnswer {
  statusCode: number;
  headers: Headers;
  body: string;
  /** For an encrypted call: what travelled on the wire. */
  wire?: string;
  json(): unknown;
}

export interface Envelope<T = unknown> {
  header: { responseCode: string; responseDesc: string };
  responseJSON: T;
}

/** No call of these tests may hang: a server that stops answering fails the call, not the whole run. */
const CALL_TIMEOUT_MS = 30_000;

/** Body fields whose values are secrets, collected so a test can look for them in logs and the database. */
const SECRET_FIELDS = /^(password|authenticityToken|token|otp|code)$/;

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Kept-alive connections, as a browser keeps them: the race below only exists on a reused connection. */
const agent = new http.Agent({ keepAlive: true });

/** What a connection closed under a request that had not been answered at all looks like. */
const CLOSED_UNANSWERED = new Set(['ECONNRESET', 'EPIPE']);

/**
 * One HTTP call with node:http rather than fetch, because only node:http says whether the request went out
 * on a kept-alive connection (`reusedSocket`). A server may close an idle kept-alive connection at the very
 * moment a request is written on it (nginx does for every idle client connection when it reloads): the
 * request was never read, so a browser sends it again, once, on a new connection (Chromium does this for
 * any method when a reused connection fails before any byte of an answer). This does the same, and only
 * then: a failure on a fresh connection, or after an answer began, is the test's to see.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  retried = false,
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    // Sent again, it goes on a new connection: another kept-alive one may be closing under the same reload.
    const options = { method, headers, agent: retried ? false : agent, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
    const req = http.request(url, options, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ status: res.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && !answered && req.reusedSocket && CLOSED_UNANSWERED.has(error.code ?? '')) {
        resolve(send(url, method, headers, body, true));
      } else reject(error);
    });
    req.end(body);
  });
}

export class HttpClient implements ApiCaller<HttpAnswer> {
  /** Where calls go: one server process, or nginx. Tests move a client between processes by setting it. */
  base: string;
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  /** Sent as X-Forwarded-For: the client's address as a load balancer in front would report it. */
  forwardedFor: string | null = null;
  /**
   * Every secret this client sent or was given (passwords, nonces, tokens, cookie values), unless made with
   * `keepSecrets: false` (a load generator, where reading every answer for them costs the run's CPU).
   */
  readonly secrets = new Set<string>();
  readonly #keepSecrets: boolean;
  #publicKey: Promise<PayloadCryptoKey> | null = null;
  /** One wrapped request key for a while, as the web app keeps one (contract/crypto RequestKey). */
  #requestKey: RequestKey | null = null;

  constructor(base: string, options: { forwardedFor?: string; keepSecrets?: boolean } = {}) {
    this.base = base;
    this.forwardedFor = options.forwardedFor ?? null;
    this.#keepSecrets = options.keepSecrets ?? true;
  }

  /** A second browser tab: the same cookies and token, calling `base`. */
  tab(base = this.base): HttpClient {
    const other = new HttpClient(base, {
      forwardedFor: this.forwardedFor ?? undefined,
      keepSecrets: this.#keepSecrets,
    });
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    other.token = this.token;
    other.#publicKey = this.#publicKey;
    return other;
  }

  async request(options: {
    method?: 'GET' | 'POST';
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Send the bearer token (default: when there is one). */
    auth?: boolean;
    /** Encrypt the body and decrypt the answer (default: for the calls of ENCRYPTED_CALL_PATHS). */
    encrypt?: boolean;
  }): Promise<HttpAnswer> {
    const method = options.method ?? 'POST';
    const path = options.url.split('?')[0] ?? options.url;
    this.collectSecrets(options.body);
    let key: AnswerKey | null = null;
    let body = options.body;
    if (method !== 'GET' && (options.encrypt ?? isEncryptedCall(path))) {
      const sealed = await this.seal(path, body);
      body = sealed.body;
      key = sealed.answerKey;
    }
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.get(API_PATHS.health);
    const headers = this.headers(method, options.auth ?? true);
    if (body !== undefined && method !== 'GET') headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const res = await send(
      this.base + options.url,
      method,
      headers,
      body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
    );
    this.keepCookies(res.headers);
    const wire = res.text;
    const opened = key ? await openSealedAnswer(key, path, wire) : null;
    const text = opened ?? wire;
    this.collectAnswerSecrets(text);
    return {
      statusCode: res.status,
      headers: res.headers,
      body: text,
      ...(opened === null ? {} : { wire }),
      json: () => JSON.parse(text) as unknown,
    };
  }

  get(url: string): Promise<HttpAnswer> {
    return this.request({ method: 'GET', url });
  }

  post(url: string, body: unknown = {}): Promise<HttpAnswer> {
    return this.request({ method: 'POST', url, body });
  }

  /**
   * The headers the web app sends with a call: the cookies, X-XSRF-TOKEN (not on a GET), the bearer token
   * when `auth` and there is one, X-Forwarded-For when set. (The benches give them to their load generators.)
   */
  headers(method: 'GET' | 'POST' = 'POST', auth = true): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    if (auth && this.token) {
      headers.authorization = `Bearer ${this.token}`;
      this.#remember(this.token);
    }
    return headers;
  }

  /**
   * A sealed body for `path` and the key that opens its answer, under the request key this client keeps
   * while it may (as the web app does). The benches seal their pools of encrypted requests with it.
   */
  async seal(path: string, data: unknown): Promise<SealedRequest> {
    const publicKey = await this.payloadPublicKey();
    const now = Date.now();
    if (!this.#requestKey || !requestKeyUsable(this.#requestKey, now))
      this.#requestKey = await createRequestKey(publicKey, now);
    return sealRequest(publicKey, path, data ?? null, now, this.#requestKey);
  }

  /** The server's public key, fetched once per client like the web app does (every process shares it). */
  payloadPublicKey(): Promise<PayloadCryptoKey> {
    this.#publicKey ??= send(this.base + API_PATHS.publicKey, 'GET', {}, undefined)
      .then((res) => {
        if (res.status !== 200) throw new Error(`public key: ${res.status} ${res.text}`);
        return importPublicKey(JSON.parse(res.text) as PublicPayloadJwk);
      })
      .catch((error: unknown) => {
        this.#publicKey = null; // fetch it again next time, as the web app does
        throw error;
      });
    return this.#publicKey;
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else {
        this.cookies.set(name, value);
        this.#remember(value);
      }
    }
  }

  #remember(secret: string): void {
    if (this.#keepSecrets) this.secrets.add(secret);
  }

  private collectSecrets(value: unknown): void {
    if (!this.#keepSecrets) return;
    if (typeof value !== 'object' || value === null) return;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && v.length >= 6 && SECRET_FIELDS.test(k)) this.#remember(v);
      else this.collectSecrets(v);
    }
  }

  private collectAnswerSecrets(text: string): void {
    if (!this.#keepSecrets) return;
    try {
      this.collectSecrets(JSON.parse(text));
    } catch {
      /* not JSON */
    }
  }
}

/** The envelope of an answer (throws, failing the test, when the answer is not one). */
export function envelope<T = unknown>(answer: HttpAnswer): Envelope<T> {
  const body = answer.json() as Envelope<T>;
  if (!body || typeof body !== 'object' || !('header' in body)) throw new Error(`not an envelope: ${answer.body}`);
  return body;
}
