import { DEFAULT_API_BASE } from '#contract/index.ts';
import { getToken } from '../session/storage.ts';

/**
 * What the HTTP layer depends on, swappable in one place (tests pass a fake fetch, a token source, a
 * time-limit signal they control).
 */
export interface HttpSettings {
  fetch: typeof globalThis.fetch;
  /** The stored bearer token, or null when signed out. */
  getToken: () => string | null;
  /** A cookie's value (the XSRF-TOKEN cookie), or null. */
  readCookie: (name: string) => string | null;
  /** The signal that ends a call after its time limit. */
  timeoutSignal: (ms: number) => AbortSignal;
  /** The API base path ('/' unless the deployment serves the API elsewhere). */
  apiBase: string;
}

function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

const defaults = (): HttpSettings => ({
  // Looked up at call time, so a test's (or a polyfill's) fetch is the one used.
  fetch: (...args) => globalThis.fetch(...args),
  getToken,
  readCookie: readDocumentCookie,
  timeoutSignal: (ms) => AbortSignal.timeout(ms),
  apiBase: DEFAULT_API_BASE,
});

let current: HttpSettings = defaults();

export function httpSettings(): HttpSettings {
  return current;
}

/** Changes some settings (the app at start; tests). */
export function configureHttp(next: Partial<HttpSettings>): void {
  current = { ...current, ...next };
}

/** Back to the defaults (tests). */
export function resetHttpSettings(): void {
  current = defaults();
}
