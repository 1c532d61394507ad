import { onTestFinished } from 'vitest';
import { API_PATHS } from '../../contract/index.ts';
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
  /** The JSON body, a FormData upload as sent, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
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

/**
 * Fakes the server at the fetch under the real HTTP layer, so a screen's calls, their envelopes and
 * failures go the way they go in the browser. GET /api/config answers by itself unless the test gives
 * a handler; any other call without a handler gets a 404. Records every call; the HTTP layer is reset
 * when the test ends.
 */
export function fakeApi(handlers: FakeRoutes): FakeCall[] {
  const calls: FakeCall[] = [];
  configureHttp({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: FakeCall = {
        method,
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname] ?? builtIn(url.pathname);
      const { status = 200, body } = handler
        ? await handler(call)
        : { status: 404, body: envelope(null, '404', 'No such call') };
      return Response.json(body, { status });
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
  return undefined;
}

export const envelope = (responseJSON: unknown, responseCode = '200', responseDesc = 'OK') => ({
  header: { responseCode, responseDesc },
  responseJSON,
});
