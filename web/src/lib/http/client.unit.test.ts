import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  AUTH_MESSAGES,
  CONNECTION_MESSAGES,
  FORBIDDEN_DESC,
  MESSAGES,
  RESPONSE_CODE,
  XSRF_HEADER,
  fail,
  ok,
  withPhone,
} from '#contract/index.ts';
import {
  PAYLOAD_CRYPTO,
  PAYLOAD_ERRORS,
  generatePayloadKeyPair,
  importPrivateKey,
  openRequest,
  sealAnswer,
  type EncryptedRequest,
  type PayloadCryptoKey,
} from '#contract/crypto/index.ts';
import { on, type AppEvents } from '../events/bus.ts';
import { getClockSkew, resetClockSkew } from '../session/clock.ts';
import { api, loadHttpConfig, resetHttpClient } from './client.ts';
import { callsInFlight, resetCallsInFlight } from './inflight.ts';
import { configureHttp, resetHttpSettings } from './settings.ts';

/**
 * The HTTP layer against a fake fetch: each rule of the interceptor, the headers it sends, time limits,
 * aborts, progress counting and encrypted payloads (the fake server opens them with the same contract
 * code the real server uses).
 */

const PHONE = '1800-111-2222';
const CONFIG = ok({ contactPhone: PHONE, processEngineBase: '/pe', sessionMaxHours: 12, links: {} });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

let handler: Handler;
let seen: Seen[];
let events: Array<{ name: keyof AppEvents; payload: unknown }>;
let unsubscribe: Array<() => void>;
let token: string | null;
let cookies: Record<string, string>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const route =
  (routes: Record<string, Handler>): Handler =>
  (url, init) => {
    const path = url.split('?')[0]!;
    if (path === API_PATHS.config) return json(CONFIG);
    const h = routes[path];
    if (!h) return json(fail('404', 'No such call'), 404);
    return h(url, init);
  };

beforeEach(() => {
  resetHttpSettings();
  resetHttpClient();
  resetCallsInFlight();
  resetClockSkew();
  seen = [];
  events = [];
  token = null;
  cookies = {};
  handler = route({});
  configureHttp({
    fetch: async (input, init = {}) => {
      const url = String(input);
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      seen.push({ url, method: init.method ?? 'GET', headers, body: init.body as string | undefined });
      if (init.signal?.aborted) throw init.signal.reason;
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        Promise.resolve(handler(url, init)).then(resolve, reject);
      });
    },
    getToken: () => token,
    readCookie: (name) => cookies[name] ?? null,
  });
  const names: Array<keyof AppEvents> = [
    'session:forbidden',
    'session:interrupted',
    'session:proxyWithdrawn',
    'session:unauthorized',
    'httpError',
    'networkError',
    'toast',
  ];
  unsubscribe = names.map((name) => on(name, (payload) => events.push({ name, payload })));
});

afterEach(() => {
  for (const u of unsubscribe) u();
});

const callsTo = (path: string) => seen.filter((s) => s.url.split('?')[0] === path);
const names = () => events.map((e) => e.name);

describe('what every call sends', () => {
  it('the bearer token when one is stored, and none when not', async () => {
    handler = route({ '/api/eservices': () => json(ok([])) });
    await api.get('/api/eservices');
    expect(callsTo('/api/eservices')[0]!.headers.authorization).toBeUndefined();
    token = 'tok-123';
    await api.get('/api/eservices');
    expect(callsTo('/api/eservices')[1]!.headers.authorization).toBe('Bearer tok-123');
  });

  it("the caller's own Authorization header rather than the stored token", async () => {
    token = 'stored';
    handler = route({ [API_PATHS.logout]: () => json(ok(null)) });
    await api.post(API_PATHS.logout, undefined, { headers: { Authorization: 'Bearer ending' } });
    expect(callsTo(API_PATHS.logout)[0]!.headers.authorization).toBe('Bearer ending');
  });

  it('the XSRF cookie as X-XSRF-TOKEN on non-GET calls to relative URLs only', async () => {
    cookies['XSRF-TOKEN'] = 'xsrf-abc';
    token = 'tok-123';
    handler = route({ '/api/rating': () => json(ok(null)), 'https://elsewhere.example/x': () => json(ok(null)) });
    await api.get('/api/rating');
    await api.post('/api/rating', { stars: 5 });
    await api.post('https://elsewhere.example/x', {});
    const [get, post] = callsTo('/api/rating');
    expect(get!.headers[XSRF_HEADER.toLowerCase()]).toBeUndefined();
    expect(post!.headers[XSRF_HEADER.toLowerCase()]).toBe('xsrf-abc');
    expect(post!.headers['content-type']).toBe('application/json');
    expect(post!.body).toBe('{"stars":5}');
    const foreign = callsTo('https://elsewhere.example/x')[0]!;
    // Neither the XSRF value nor the token goes to another site.
    expect(foreign.headers[XSRF_HEADER.toLowerCase()]).toBeUndefined();
    expect(foreign.headers.authorization).toBeUndefined();
  });

  it('the API base and the process-engine base from the configuration', async () => {
    configureHttp({ apiBase: '/ptib/' });
    handler = (url) => (url === '/ptib/api/config' ? json(CONFIG) : json(ok({ url })));
    const a = await api.get<{ url: string }>('/api/eservices');
    const b = await api.post<{ url: string }>('/cases/7/submit', {}, { base: 'processEngine' });
    expect(a.ok && a.responseJSON.url).toBe('/ptib/api/eservices');
    expect(b.ok && b.responseJSON.url).toBe('/pe/cases/7/submit');
  });
});

describe('the envelope, read once', () => {
  it('200 with header 200 is a success with responseJSON and header', async () => {
    handler = route({ '/api/eservices': () => json(ok([{ code: 'PD' }], 'Fine')) });
    const result = await api.get<Array<{ code: string }>>('/api/eservices');
    expect(result).toEqual({
      ok: true,
      status: 200,
      header: { responseCode: '200', responseDesc: 'Fine' },
      responseJSON: [{ code: 'PD' }],
    });
    expect(events).toEqual([]);
  });

  it.each([403, 200])('header 403 with responseDesc exactly Forbidden (HTTP %i) ends the session', async (status) => {
    handler = route({ '/api/eservices': () => json(fail(RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC), status) });
    const result = await api.get('/api/eservices');
    expect(result).toMatchObject({ ok: false, kind: 'session', reason: 'forbidden' });
    expect(names()).toEqual(['session:forbidden']);
    expect(events[0]!.payload).toEqual({ url: '/api/eservices' });
  });

  it('a 403 with any other responseDesc is an ordinary refusal for the caller, not a logout', async () => {
    handler = route({
      [API_PATHS.switchProxyProfile]: () => json(fail('403', 'Access forbidden: not in your list'), 403),
    });
    const result = await api.post(API_PATHS.switchProxyProfile, { ptibProfileID: 'X' });
    expect(result).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 403,
      header: { responseCode: '403', responseDesc: 'Access forbidden: not in your list' },
    });
    expect(names()).toEqual(['httpError']);
  });

  it('header 4200 interrupts the session', async () => {
    handler = route({
      '/api/eservices': () => json(fail(RESPONSE_CODE.SESSION_INTERRUPTED, 'Signed in elsewhere'), 403),
    });
    expect(await api.get('/api/eservices')).toMatchObject({ ok: false, kind: 'session', reason: 'interrupted' });
    expect(names()).toEqual(['session:interrupted']);
  });

  it('header 4110 (proxy grant withdrawn) is a refusal that tells the proxy feature, without an error toast', async () => {
    const message = AUTH_MESSAGES.proxyWithdrawn('PTIB00000011');
    handler = route({ '/api/eservices': () => json(fail(RESPONSE_CODE.PROXY_WITHDRAWN, message), 403) });
    expect(await api.get('/api/eservices')).toMatchObject({
      ok: false,
      kind: 'refused',
      header: { responseCode: RESPONSE_CODE.PROXY_WITHDRAWN, responseDesc: message },
    });
    expect(names()).toEqual(['session:proxyWithdrawn']);
  });

  it('HTTP 401 with a message logs out and is broadcast', async () => {
    handler = route({ '/api/eservices': () => json(fail('401', 'Token expired'), 401) });
    expect(await api.get('/api/eservices')).toMatchObject({ ok: false, kind: 'session', reason: 'unauthorized' });
    expect(names()).toEqual(['session:unauthorized', 'httpError']);
    expect(events[1]!.payload).toEqual({
      url: '/api/eservices',
      status: 401,
      responseCode: '401',
      message: 'Token expired',
    });
  });

  it('HTTP 401 with an empty message logs out without an httpError', async () => {
    handler = route({ '/api/eservices': () => new Response('', { status: 401, statusText: 'Unauthorized' }) });
    await api.get('/api/eservices');
    expect(names()).toEqual(['session:unauthorized']);
  });

  it.each([API_PATHS.refresh, API_PATHS.logout, API_PATHS.loginNonce, API_PATHS.samlInitial])(
    'HTTP 401 from the account call %s logs out without an httpError',
    async (path) => {
      handler = route({ [path]: () => json(fail('401', 'No'), 401) });
      await api.post(path, {});
      expect(names()).toEqual(['session:unauthorized']);
    },
  );

  it('a 400 is a refusal for the caller, broadcast as an httpError', async () => {
    handler = route({ '/api/rating': () => json(fail('400', "Invalid request field 'stars'"), 400) });
    const result = await api.post('/api/rating', { stars: 9 });
    expect(result).toMatchObject({
      ok: false,
      kind: 'refused',
      header: { responseDesc: "Invalid request field 'stars'" },
    });
    expect(events).toEqual([
      {
        name: 'httpError',
        payload: { url: '/api/rating', status: 400, responseCode: '400', message: "Invalid request field 'stars'" },
      },
    ]);
  });

  it('an envelope with another code in a 200 is a refusal without an httpError (e.g. 4100)', async () => {
    handler = route({ '/api/eservices': () => json(fail(RESPONSE_CODE.PROFILE_BLOCKED, 'Blocked')) });
    expect(await api.get('/api/eservices')).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 200,
      header: { responseCode: '4100' },
    });
    expect(events).toEqual([]);
  });

  it('a 500 shows the system-difficulties toast with the configured phone number', async () => {
    handler = route({ '/api/rating': () => json(fail('500', 'Sorry (reference x)'), 500) });
    const result = await api.post('/api/rating', {});
    expect(result).toMatchObject({ ok: false, kind: 'server', status: 500 });
    expect(names()).toEqual(['httpError', 'toast']);
    expect(events[1]!.payload).toEqual({
      severity: 'error',
      message: `${withPhone(MESSAGES.systemDifficulties, PHONE)}\nReference: x`,
    });
  });

  it('an error page without an envelope is an http failure', async () => {
    handler = route({
      '/api/eservices': () => new Response('<h1>Bad gateway</h1>', { status: 404, statusText: 'Not Found' }),
    });
    expect(await api.get('/api/eservices')).toEqual({ ok: false, kind: 'http', status: 404, message: 'Not Found' });
  });

  it('reads a text body holding JSON', async () => {
    handler = route({
      '/api/session': () => new Response('{"token":"abc"}', { headers: { 'content-type': 'text/plain' } }),
    });
    const result = await api.post<{ token: string }>('/api/session', {});
    expect(result).toMatchObject({ ok: true, responseJSON: { token: 'abc' }, header: { responseCode: '200' } });
  });

  it('a 200 that is not JSON is a bad answer, not a success', async () => {
    handler = route({ '/api/eservices': () => new Response('<html>', { status: 200 }) });
    expect(await api.get('/api/eservices')).toMatchObject({ ok: false, kind: 'bad-answer' });
  });
});

describe('files', () => {
  it('sends a FormData body as the browser writes it (multipart), with the token and XSRF value', async () => {
    token = 'tok-1';
    cookies = { 'XSRF-TOKEN': 'x1' };
    let body: unknown;
    handler = route({ '/api/cases/7/documents': (_url, init) => ((body = init.body), json(ok({ id: 'd1' }), 201)) });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
    const result = await api.post('/api/cases/7/documents?field=proof', form);
    expect(result).toMatchObject({ ok: true, responseJSON: { id: 'd1' } });
    expect(body).toBe(form);
    const sent = callsTo('/api/cases/7/documents')[0]!;
    // No JSON content type: fetch adds multipart/form-data with its boundary.
    expect(sent.headers['content-type']).toBeUndefined();
    expect(sent.headers.authorization).toBe('Bearer tok-1');
    expect(sent.headers[XSRF_HEADER.toLowerCase()]).toBe('x1');
  });

  it('reads a binary answer as a Blob, and a refusal of it as an envelope', async () => {
    handler = route({
      '/api/cases/7/acknowledgement.pdf': () =>
        new Response('%PDF-1.7 bytes', { headers: { 'content-type': 'application/pdf' } }),
      '/api/cases/8/acknowledgement.pdf': () => json(fail('409', 'Not submitted yet'), 409),
    });
    const got = await api.get<Blob>('/api/cases/7/acknowledgement.pdf', { binary: true });
    expect(got.ok).toBe(true);
    expect(await (got as { responseJSON: Blob }).responseJSON.text()).toBe('%PDF-1.7 bytes');
    expect(await api.get('/api/cases/8/acknowledgement.pdf', { binary: true, quiet: true })).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 409,
      header: { responseDesc: 'Not submitted yet' },
    });
  });
});

describe('failures to reach the server', () => {
  it('a network failure shows the toast, reports networkError and returns a failure', async () => {
    handler = route({
      '/api/rating': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await api.get('/api/eservices'); // loads the configuration (phone number)
    events.length = 0;
    expect(await api.post('/api/rating', { stars: 5 })).toEqual({ ok: false, kind: 'network' });
    expect(names()).toEqual(['networkError', 'toast']);
    expect(events[1]!.payload).toEqual({ severity: 'error', message: withPhone(MESSAGES.systemDifficulties, PHONE) });
  });

  it('uses the default phone number when the configuration is not known', async () => {
    handler = () => {
      throw new TypeError('offline');
    };
    await api.get('/api/eservices');
    const toast = events.find((e) => e.name === 'toast')!.payload as AppEvents['toast'];
    expect(toast.message).toBe(withPhone(MESSAGES.systemDifficulties, '1800-225-5529'));
  });

  it('the time limit ends a call as a timeout, with the toast', async () => {
    const limit = new AbortController();
    const asked: number[] = [];
    configureHttp({
      timeoutSignal: (ms) => {
        asked.push(ms);
        // Only this call's limit runs out (the configuration call in the background keeps its own).
        return ms === 1234 ? limit.signal : new AbortController().signal;
      },
    });
    handler = route({ '/api/rating': () => new Promise<Response>(() => {}) });
    const pending = api.post('/api/rating', {}, { timeoutMs: 1234 });
    await Promise.resolve();
    limit.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await pending).toEqual({ ok: false, kind: 'timeout' });
    expect(asked).toContain(1234);
    expect(names()).toEqual(['networkError', 'toast']);
  });

  it("when the browser is offline, the one toast says that the user's connection is lost", async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const result = await api.post('/api/rating', { stars: 5 }, { quiet: true });
      expect(result).toEqual({ ok: false, kind: 'network' });
    } finally {
      vi.unstubAllGlobals();
    }
    const toasts = events.filter((e) => e.name === 'toast').map((e) => e.payload);
    expect(toasts).toEqual([{ severity: 'error', message: CONNECTION_MESSAGES.offline }]);
  });

  it('a quiet call that cannot reach the server still shows the toast; a background call does not', async () => {
    handler = route({
      '/api/rating': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await api.get('/api/eservices'); // loads the configuration (phone number)
    events.length = 0;
    const quiet = await api.post('/api/rating', { stars: 5 }, { quiet: true });
    expect(quiet.ok).toBe(false);
    expect(names()).toEqual(['networkError', 'toast']);
    events.length = 0;
    const background = await api.post('/api/rating', { stars: 5 }, { background: true });
    expect(background.ok).toBe(false);
    expect(names()).toEqual(['networkError']);
  });

  it('a call whose screen went away is aborted quietly', async () => {
    const screen = new AbortController();
    handler = route({ '/api/rating': () => new Promise<Response>(() => {}) });
    const pending = api.post('/api/rating', {}, { signal: screen.signal });
    screen.abort();
    expect(await pending).toEqual({ ok: false, kind: 'aborted' });
    expect(events).toEqual([]);
    expect(await api.get('/api/rating', { signal: screen.signal })).toEqual({ ok: false, kind: 'aborted' });
  });
});

describe('calls in flight', () => {
  it('are counted, so overlapping calls keep the bar up until the last settles, never stuck after a throw', async () => {
    await loadHttpConfig(); // loaded now: no background call to count below
    const counts: Array<AppEvents['calls:inflight']> = [];
    const off = on('calls:inflight', (c) => counts.push(c));
    let release!: () => void;
    handler = route({
      '/api/slow': () => new Promise<Response>((resolve) => (release = () => resolve(json(ok(null))))),
      '/api/broken': () => {
        throw new TypeError('boom');
      },
    });
    const slow = api.get('/api/slow', { block: true });
    await api.get('/api/broken');
    expect(callsInFlight()).toEqual({ count: 1, blocking: 1 });
    release();
    await slow;
    off();
    expect(callsInFlight()).toEqual({ count: 0, blocking: 0 });
    expect(counts).toEqual([
      { count: 1, blocking: 1 },
      { count: 2, blocking: 1 },
      { count: 1, blocking: 1 },
      { count: 0, blocking: 0 },
    ]);
  });
});

describe('server clock', () => {
  it("records the skew from the server's Date header", async () => {
    const serverTime = new Date(Date.now() + 3_600_000);
    handler = route({ '/api/eservices': () => json(ok([]), 200, { date: serverTime.toUTCString() }) });
    await api.get('/api/eservices');
    expect(getClockSkew()).toBeGreaterThan(3_590_000);
    expect(getClockSkew()).toBeLessThan(3_610_000);
  });
});

describe('encrypted calls', () => {
  let privateKey: PayloadCryptoKey;
  let publicJwk: Awaited<ReturnType<typeof generatePayloadKeyPair>>['publicJwk'];

  beforeEach(async () => {
    const pair = ((globalThis as { __testPair?: Awaited<ReturnType<typeof generatePayloadKeyPair>> }).__testPair ??=
      await generatePayloadKeyPair());
    publicJwk = pair.publicJwk;
    privateKey = await importPrivateKey(pair.privateJwk);
  });

  /** A fake server that opens the request like the real one and answers `reply(data)` encrypted. */
  const encryptedServer =
    (path: string, reply: (data: unknown) => string, seenData: unknown[] = []): Handler =>
    async (_url, init) => {
      const opened = await openRequest(
        privateKey,
        path,
        JSON.parse(init.body as string) as EncryptedRequest,
        Date.now(),
      );
      seenData.push(opened.data);
      return new Response(JSON.stringify(await sealAnswer(opened.answerKey, path, reply(opened.data))), {
        headers: { 'content-type': 'text/plain' },
      });
    };

  it('encrypts authenticate, sends only { wrappedKey, iv, cipher }, and reads the decrypted text answer', async () => {
    const data: unknown[] = [];
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.authenticate]: encryptedServer(API_PATHS.authenticate, () => '{"token":"tok-9"}', data),
    });
    const login = { loginName: 'ptib.demo', password: 'Demo!2345', model: 'm', authenticityToken: 'n' };
    const result = await api.post<{ token: string }>(API_PATHS.authenticate, login);
    expect(result).toMatchObject({ ok: true, responseJSON: { token: 'tok-9' } });
    expect(data).toEqual([login]);
    const wire = callsTo(API_PATHS.authenticate)[0]!.body!;
    expect(Object.keys(JSON.parse(wire) as object).sort()).toEqual(['cipher', 'iv', 'wrappedKey']);
    expect(wire).not.toContain('Demo!2345');
  });

  it('fetches the public key once for many calls', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: encryptedServer(API_PATHS.retrieveProfile, () => JSON.stringify(ok({ a: 1 }))),
    });
    for (let i = 0; i < 3; i++) expect((await api.post(API_PATHS.retrieveProfile)).ok).toBe(true);
    expect(callsTo(API_PATHS.publicKey)).toHaveLength(1);
  });

  it('reuses one wrapped request key for many calls, each with its own IV', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: encryptedServer(API_PATHS.retrieveProfile, () => JSON.stringify(ok({ a: 1 }))),
    });
    for (let i = 0; i < 3; i++) expect((await api.post(API_PATHS.retrieveProfile)).ok).toBe(true);
    const bodies = callsTo(API_PATHS.retrieveProfile).map((c) => JSON.parse(c.body!) as EncryptedRequest);
    expect(new Set(bodies.map((b) => b.wrappedKey)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.iv)).size).toBe(3);
  });

  it('makes a new request key once the old one is too old, and after a plain 400 refusal', async () => {
    let refuse = false;
    const answer = encryptedServer(API_PATHS.retrieveProfile, () => JSON.stringify(ok({})));
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: (url, init) =>
        refuse ? json(fail('400', 'Encrypted payload: the key could not be unwrapped'), 400) : answer(url, init),
    });
    const wrappedKeys = () =>
      callsTo(API_PATHS.retrieveProfile).map((c) => (JSON.parse(c.body!) as EncryptedRequest).wrappedKey);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await api.post(API_PATHS.retrieveProfile);
      vi.setSystemTime(Date.now() + PAYLOAD_CRYPTO.REQUEST_KEY_MAX_AGE_MS);
      await api.post(API_PATHS.retrieveProfile);
      refuse = true;
      await api.post(API_PATHS.retrieveProfile);
      refuse = false;
      await api.post(API_PATHS.retrieveProfile);
    } finally {
      vi.useRealTimers();
    }
    const [first, second, refused, after] = wrappedKeys();
    expect(second).not.toBe(first);
    expect(refused).toBe(second);
    expect(after).not.toBe(refused);
  });

  it('decrypted session outcomes still apply (header 403 Forbidden)', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: encryptedServer(API_PATHS.retrieveProfile, () =>
        JSON.stringify(fail('403', FORBIDDEN_DESC)),
      ),
    });
    expect(await api.post(API_PATHS.retrieveProfile)).toMatchObject({ kind: 'session', reason: 'forbidden' });
    expect(names()).toEqual(['session:forbidden']);
  });

  it.each([PAYLOAD_ERRORS.unwrap, PAYLOAD_ERRORS.replay])(
    'a plain 400 refusal ("%s") is no answer: the connection toast, never its words; the key fetched again',
    async (words) => {
      handler = route({
        [API_PATHS.publicKey]: () => json(publicJwk),
        [API_PATHS.verifyOtp]: () => json(fail('400', words), 400),
      });
      await loadHttpConfig(); // the phone number
      expect(await api.post(API_PATHS.verifyOtp, { otp: '1' }, { quiet: true })).toEqual({
        ok: false,
        kind: 'network',
      });
      expect(names()).toEqual(['networkError', 'toast']);
      expect(events[1]!.payload).toEqual({ severity: 'error', message: withPhone(MESSAGES.systemDifficulties, PHONE) });
      expect(JSON.stringify(events)).not.toContain(words);
      await api.post(API_PATHS.verifyOtp, { otp: '1' });
      expect(callsTo(API_PATHS.publicKey)).toHaveLength(2);
    },
  );

  it('a plain refusal other than a 400 is still the refusal it is (a 429, say)', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.authenticate]: () => json(fail('429', AUTH_MESSAGES.lockedOut(15)), 429),
    });
    expect(await api.post(API_PATHS.authenticate, {})).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 429,
      header: { responseDesc: AUTH_MESSAGES.lockedOut(15) },
    });
  });

  it('a success in plain text to an encrypted call is not believed', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: () => json(ok({ loginName: 'mallory' })),
    });
    expect(await api.post(API_PATHS.retrieveProfile)).toMatchObject({ ok: false, kind: 'bad-answer' });
  });

  it('a tampered answer is a bad answer', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => json(publicJwk),
      [API_PATHS.retrieveProfile]: async (url, init) => {
        const res = await encryptedServer(API_PATHS.retrieveProfile, () => JSON.stringify(ok({})))(url, init);
        const body = (await res.json()) as { iv: string; cipher: string };
        return json({
          ...body,
          cipher: body.cipher.startsWith('A') ? `B${body.cipher.slice(1)}` : `A${body.cipher.slice(1)}`,
        });
      },
    });
    expect(await api.post(API_PATHS.retrieveProfile)).toMatchObject({ ok: false, kind: 'bad-answer' });
  });

  it('without the public key (offline) the call fails as a network failure with the toast', async () => {
    handler = route({
      [API_PATHS.publicKey]: () => {
        throw new TypeError('offline');
      },
    });
    expect(await api.post(API_PATHS.sendOtpSms, {})).toEqual({ ok: false, kind: 'network' });
    expect(names()).toContain('toast');
    expect(callsTo(API_PATHS.sendOtpSms)).toHaveLength(0);
  });
});
