import { onTestFinished } from 'vitest';
import { configureHttp, resetHttpClient, resetHttpSettings } from '../src/lib/http/index.ts';
import { TEST_CONFIG } from '../src/components/shell/testkit.tsx';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/*
 * It lives in web/test, beside the other stand-ins the jsdom tests share (the <dialog> stand-in, the
 * in-memory storage), not under web/src: nothing in the app may import it.
 */

/**
 * The one way component tests fake the API (not part of the app): at the fetch under the real HTTP
 * layer, so a screen's calls, their envelopes and failures go the way they go in the browser. A handler
 * per path (without query) gives status and body, or throws for a connection that failed; GET /api/config
 * answers by itself. Records every call.
 */
export function fakeApi(
  handlers: Record<
    string,
    (call: FakeCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>
  >,
): FakeCall[] {
  const calls: FakeCall[] = [];
  configureHttp({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      };
      calls.push(call);
      if (url.pathname === '/api/config') {
        return Response.json({
          header: { responseCode: '200', responseDesc: 'OK' },
          responseJSON: { ...TEST_CONFIG, processEngineBase: '/process-engine', sessionMaxHours: 12 },
        });
      }
      const handler = handlers[url.pathname];
      if (!handler)
        return Response.json(
          { header: { responseCode: '404', responseDesc: 'No such call' }, responseJSON: null },
          { status: 404 },
        );
      const { status = 200, body } = await handler(call);
      return Response.json(body, { status });
    },
  });
  onTestFinished(() => {
    resetHttpSettings();
    resetHttpClient();
  });
  return calls;
}

export const envelope = (responseJSON: unknown, responseCode = '200', responseDesc = 'OK') => ({
  header: { responseCode, responseDesc },
  responseJSON,
});
