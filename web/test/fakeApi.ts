import { onTestFinished } from 'vitest';
import { API_PATHS, isEncryptedCall } from '#contract/index.ts';
import {
  PAYLOAD_ERRORS,
  generatePayloadKeyPair,
  importPrivateKey,
  openRequest,
  sealAnswer,
  type EncryptedRequest,
  type PayloadCryptoKey,
  type PayloadFailure,
  type PublicPayloadJwk,
} from '#contract/crypto/index.ts';
import { TEST_CONFIG } from '../src/components/shell/testkit.tsx';
import { configureHttp, resetHttpClient, resetHttpSettings } from '../src/lib/http/index.ts';

/*
 * The one way component tests fake the API (not part of the app). It lives in web/test, beside the
 * other stand-ins the jsdom tests share (the <dialog> stand-in, the in-memory storage), not under
 * web/src: nothing in the app may import it.
 */

export interface FakeCall {
  method: string;
  /** Path and query, as sent. */
  path: string;
  /**
   * The JSON body (an encrypted call's as the server reads it, opened), a FormData upload as sent, or
   * undefined.
   */
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** Not sealed, though the call is encrypted: the server's encryption layer refusing to read the request. */
  plain?: boolean;
}

/** Gives the answer, or throws for a connection that failed (see unreachable). */
export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Handlers by path without query ('/api/cases', any method) or by method and path ('POST /api/cases'),
 * the latter first. Looked up at each call, so a test may add or replace one after fakeApi.
 */
export type FakeRoutes = Record<string, FakeHandler>;

/** A handler for a call whose connection fails (offline, the server gone), as fetch rejects then. */
export const unreachable: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

/** One key pair per test file, made on its first encrypted call: RSA key generation is slow. */
let keyPair: Promise<{ publicJwk: PublicPayloadJwk; privateKey: PayloadCryptoKey }> | null = null;
const serverKeys = () =>
  (keyPair ??= generatePayloadKeyPair().then(async ({ publicJwk, privateJwk }) => ({
    publicJwk,
    privateKey: await importPrivateKey(privateJwk),
  })));

/**
 * Fakes the server at the fetch under the real HTTP layer, so a screen's calls, their envelopes and
 * failures go the way they go in the browser. GET /api/config and the public key answer by themselves
 * unless the test gives a handler; an encrypted call is opened and its answer sealed as the server does,
 * so its handler sees and gives plain JSON. Any other call without a handler gets a 404. Records every
 * call; the HTTP layer is reset when the test ends.
 */
export function fakeApi(handlers: FakeRoutes): FakeCall[] {
  const calls: FakeCall[] = [];
  configureHttp({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const sent = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined);
      const opened = isEncryptedCall(url.pathname)
        ? await openRequest((await serverKeys()).privateKey, url.pathname, sent as EncryptedRequest, Date.now())
        : null;
      const call: FakeCall = {
        method,
        path: `${url.pathname}${url.search}`,
        body: opened ? opened.data : sent,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname] ?? builtIn(url.pathname);
      const {
        status = 200,
        body,
        plain,
      } = handler ? await handler(call) : { status: 404, body: envelope(null, '404', 'No such call') };
      if (!opened || plain) return Response.json(body, { status });
      const sealed = await sealAnswer(opened.answerKey, url.pathname, JSON.stringify(body));
      return new Response(JSON.stringify(sealed), { status, headers: { 'Content-Type': 'text/plain' } });
    },
  });
  onTestFinished(() => {
    resetHttpSettings();
    resetHttpClient();
  });
  return calls;
}

function builtIn(path: string): FakeHandler | undefined {
  if (path === API_PATHS.config)
    return () => ({ body: envelope({ ...TEST_CONFIG, processEngineBase: '/process-engine', sessionMaxHours: 12 }) });
  if (path === API_PATHS.publicKey) return async () => ({ body: (await serverKeys()).publicJwk });
  return undefined;
}

/** The server refusing an encrypted request it will not read (docs/decisions/0006), in its own words. */
export const payloadRefused = (reason: PayloadFailure): FakeAnswer => ({
  status: 400,
  body: envelope(null, '400', PAYLOAD_ERRORS[reason]),
  plain: true,
});

export const envelope = (responseJSON: unknown, responseCode = '200', responseDesc = 'OK') => ({
  header: { responseCode, responseDesc },
  responseJSON,
});
