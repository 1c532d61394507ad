import {
  API_PATHS,
  CALL_TIMEOUT_MS,
  CONNECTION_MESSAGES,
  DEFAULT_CONTACT_PHONE,
  DEFAULT_PROCESS_ENGINE_BASE,
  RESPONSE_CODE,
  SHELL_MESSAGES,
  XSRF_COOKIE,
  XSRF_HEADER,
  isEncryptedCall,
  withPhone,
} from '#contract/index.ts';
import { emit } from '../events/bus.ts';
import { recordServerDate, serverNow } from '../session/clock.ts';
import { trackCall } from './inflight.ts';
import { difficultiesToast, interpret, type BusEvent } from './interpret.ts';
import type * as Sealing from './payload.ts';
import { httpSettings } from './settings.ts';
import type { ApiFailure, ApiResult, CallOptions } from './types.ts';

/**
 * The one HTTP layer every call of the web app goes through: base paths, bearer token, XSRF header,
 * encrypted payloads, time limit and abort, the envelope read once (interpret.ts), progress counting
 * and the server's clock. No zod here: it is part of the first load.
 */

/** What the HTTP layer needs of GET /api/config. */
export interface HttpConfig {
  contactPhone: string;
  processEngineBase: string;
}

let config: HttpConfig | null = null;
let configLoading: Promise<HttpConfig | null> | null = null;
/** GET /api/config's whole answer: the shell reads its link overrides from the same single call. */
let publicConfig: unknown = null;

function isHttpConfig(value: unknown): value is HttpConfig {
  const v = value as Partial<HttpConfig> | null;
  return typeof v?.contactPhone === 'string' && typeof v.processEngineBase === 'string';
}

/**
 * Loads the deployment's public configuration once per page (again after a failure). Never throws;
 * null when it could not be had.
 */
export function loadHttpConfig(): Promise<HttpConfig | null> {
  if (!configLoading) {
    // Deferred a tick so this promise is stored before the call below asks for it again.
    configLoading = Promise.resolve().then(async () => {
      const result = await call<unknown>('GET', API_PATHS.config, undefined, { background: true });
      if (result.ok) publicConfig = result.responseJSON;
      if (result.ok && isHttpConfig(result.responseJSON)) {
        config = {
          contactPhone: result.responseJSON.contactPhone,
          processEngineBase: result.responseJSON.processEngineBase,
        };
        return config;
      }
      configLoading = null;
      return null;
    });
  }
  return configLoading;
}

/** The deployment's public configuration as the server sent it (null when it could not be had). */
export async function loadPublicConfig(): Promise<unknown> {
  await loadHttpConfig();
  return publicConfig;
}

/** Spec §8's system-difficulties message with the deployment's number: what a screen shows when the server cannot be reached. */
export function systemDifficultiesMessage(): string {
  return withPhone(SHELL_MESSAGES.systemDifficulties, contactPhone());
}

/** The toll-free number for messages: the deployment's, or the default until it is known. */
export function contactPhone(): string {
  return config?.contactPhone ?? DEFAULT_CONTACT_PHONE;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

function joinBase(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

function sameOrigin(url: string): boolean {
  if (!ABSOLUTE.test(url)) return true;
  try {
    return typeof location !== 'undefined' && new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

function emitAll(events: readonly BusEvent[]): void {
  for (const e of events) emit(e.name, e.payload as never);
}

/**
 * No answer: the one message of this failure, for every caller but a background one. When the browser
 * says it is offline, the trouble is the user's own connection and the message says so; otherwise the
 * server could not be reached (spec §8's system difficulties). Callers show no second toast for these
 * kinds (docs/decisions/0032-losing-the-network.md).
 */
function unreachable(kind: 'network' | 'timeout', url: string, background: boolean | undefined): ApiFailure {
  emit('networkError', { url });
  if (!background)
    emitAll([
      globalThis.navigator?.onLine === false
        ? { name: 'toast', payload: { severity: 'error', message: CONNECTION_MESSAGES.offline } }
        : difficultiesToast(contactPhone()),
    ]);
  return { ok: false, kind };
}

/** The encrypted-call code (payload.ts with the WebCrypto code), loaded on the first encrypted call. */
let sealing: typeof Sealing | null = null;
const loadSealing = async () => (sealing ??= await import('./payload.ts'));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  if (options.signal?.aborted) return { ok: false, kind: 'aborted' };
  if (path !== API_PATHS.config) void loadHttpConfig();
  const settle = trackCall(options.block ?? false);
  try {
    return await perform<T>(method, path, body, options);
  } finally {
    settle();
  }
}

async function perform<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: CallOptions,
): Promise<ApiResult<T>> {
  const settings = httpSettings();
  const absolute = ABSOLUTE.test(path);
  const base =
    options.base === 'processEngine'
      ? ((await loadHttpConfig())?.processEngineBase ?? DEFAULT_PROCESS_ENGINE_BASE)
      : settings.apiBase;
  const url = absolute ? path : joinBase(base, path);
  const contractPath = path.split(/[?#]/, 1)[0] ?? path;

  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9', ...options.headers };
  // The token and the XSRF value go to this site only, never to a foreign address.
  const token = sameOrigin(url) ? settings.getToken() : null;
  const callerHas = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase());
  // A caller's own Authorization wins (logout sends the token it is ending, after storage was cleared).
  if (token && !callerHas('Authorization')) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && !absolute) {
    const xsrf = settings.readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }

  const timeout = settings.timeoutSignal(options.timeoutMs ?? CALL_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const encrypted = !absolute && options.base !== 'processEngine' && isEncryptedCall(contractPath);

  let status: number;
  let statusText: string;
  let text: string;
  let sealed: Sealing.SealedCall | null = null;
  try {
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      // A file upload: the browser writes the multipart body and its boundary (documents are not sealed).
      payload = body;
    } else if (encrypted) {
      sealed = await (await loadSealing()).sealCall(contractPath, body ?? {}, serverNow(), signal);
      payload = JSON.stringify(sealed.body);
    } else if (body !== undefined && method !== 'GET') {
      payload = JSON.stringify(body);
    }
    if (typeof payload === 'string') headers['Content-Type'] = 'application/json';
    const res = await settings.fetch(url, { method, headers, body: payload, signal, credentials: 'same-origin' });
    recordServerDate(res.headers.get('Date'));
    status = res.status;
    statusText = res.statusText;
    // A download (a document, a PDF) answers its bytes; only a refusal comes back as an envelope.
    if (options.binary && res.ok && !/json/i.test(res.headers.get('Content-Type') ?? '')) {
      const blob = await res.blob();
      return {
        ok: true,
        status,
        header: { responseCode: RESPONSE_CODE.OK, responseDesc: '' },
        responseJSON: blob as T,
      };
    }
    text = await res.text();
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, kind: 'aborted' };
    if (timeout.aborted) return unreachable('timeout', url, options.background);
    if (sealing && error instanceof sealing.PublicKeyUnavailable)
      return { ok: false, kind: 'bad-answer', status: 0, message: error.message };
    return unreachable('network', url, options.background);
  }

  let parsed = text.trim() === '' ? undefined : parseJson(text);
  if (sealed) {
    const read = await sealed.read(status, parsed);
    if (read && 'bad' in read) return { ok: false, kind: 'bad-answer', status, message: read.bad };
    if (read && 'unread' in read) return unreachable('network', url, options.background);
    if (read) {
      text = read.text;
      parsed = text.trim() === '' ? undefined : parseJson(text);
    }
  }

  // The server answered with trouble, so it can also tell us its phone number for the toast.
  if (status >= 500 && !config) await loadHttpConfig();
  const { result, events } = interpret<T>(
    { path: contractPath, url, status, statusText, body: parsed, empty: text.trim() === '' },
    { phone: contactPhone(), quiet: options.quiet || options.background },
  );
  emitAll(events);
  return result;
}

/** Every call of the web app. */
export const api = {
  get<T = unknown>(path: string, options?: CallOptions): Promise<ApiResult<T>> {
    return call<T>('GET', path, undefined, options);
  },
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResult<T>> {
    return call<T>('POST', path, body, options);
  },
};

/** For tests: forget the loaded configuration and public key. */
export function resetHttpClient(): void {
  config = null;
  configLoading = null;
  publicConfig = null;
  sealing?.forgetPublicKey();
}
