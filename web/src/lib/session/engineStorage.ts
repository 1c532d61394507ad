import { STORAGE_KEYS } from './keys.ts';
import { getToken, read, setAuthorizations, store, write } from './storage.ts';

/**
 * The session engine's part of token storage (storage.ts says what the storage is and why this part
 * is apart): times, refreshed tokens, the proxy choice and the hand-over between tabs, and the sign-in
 * steps' look at the remembered address. With all of storage.ts, so that the engine reads one module.
 */

export * from './storage.ts';

/** The storage that holds the session: the one with the token (sessionStorage wins if both do). */
export function sessionStore(): Storage | null {
  const session = store('session');
  if (read(session, STORAGE_KEYS.token)) return session;
  const local = store('local');
  if (read(local, STORAGE_KEYS.token)) return local;
  return null;
}

/** Reads the remembered address, leaving it remembered. */
export function peekReturnTo(): string | null {
  return read(store('session'), STORAGE_KEYS.returnTo);
}

/** Authorizations cached in sessionStorage after sign-in (spec §6; storage.ts's setAuthorizations). */
export function getAuthorizations(): string[] | null {
  const raw = read(store('session'), STORAGE_KEYS.authorizations);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** True when the token lives in localStorage ("remember me"). */
export function isRemembered(): boolean {
  return !read(store('session'), STORAGE_KEYS.token) && !!read(store('local'), STORAGE_KEYS.token);
}

/** Replaces the token after a refresh, in the storage the session already uses. */
export function storeRefreshedToken(token: string, now: number, expiresAt: number | null): void {
  const target = sessionStore() ?? store('session');
  write(target, STORAGE_KEYS.token, token);
  write(target, STORAGE_KEYS.lastRefresh, String(now));
  write(target, STORAGE_KEYS.tokenExpiry, expiresAt === null ? null : String(expiresAt));
}

export function storeLastActivity(at: number): void {
  write(sessionStore(), STORAGE_KEYS.lastActivity, String(at));
}

function readNumber(key: string): number | null {
  const raw = read(sessionStore(), key);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export const getLoginTime = (): number | null => readNumber(STORAGE_KEYS.loginTime);
export const getLastRefresh = (): number | null => readNumber(STORAGE_KEYS.lastRefresh);
export const getLastActivity = (): number | null => readNumber(STORAGE_KEYS.lastActivity);
export const getTokenExpiry = (): number | null => readNumber(STORAGE_KEYS.tokenExpiry);

/** Proxy mode: the profile acted for ('' = myself), kept in sessionStorage (spec §4). */
export function setProxyProfileId(ptibProfileId: string | null): void {
  write(store('session'), STORAGE_KEYS.proxyProfileId, ptibProfileId);
}
export const getProxyProfileId = (): string | null => read(store('session'), STORAGE_KEYS.proxyProfileId);

/** What a live tab hands to a new tab of the same browser (sessionStorage mode). */
export interface SessionSnapshot {
  token: string;
  loginTime: number | null;
  lastRefresh: number | null;
  expiresAt: number | null;
  lastActivity: number | null;
  authorizations: string[] | null;
  proxyProfileId: string | null;
}

export function readSnapshot(): SessionSnapshot | null {
  const token = getToken();
  if (!token) return null;
  return {
    token,
    loginTime: getLoginTime(),
    lastRefresh: getLastRefresh(),
    expiresAt: getTokenExpiry(),
    lastActivity: getLastActivity(),
    authorizations: getAuthorizations(),
    proxyProfileId: getProxyProfileId(),
  };
}

/** Adopts a session handed over by another tab, in this tab's sessionStorage. Throws if it cannot. */
export function adoptSnapshot(snapshot: SessionSnapshot): void {
  const target = store('session');
  if (!target || !snapshot.token) throw new Error('Storage unavailable');
  const num = (n: number | null) => (n === null ? null : String(n));
  target.setItem(STORAGE_KEYS.token, snapshot.token);
  write(target, STORAGE_KEYS.loginTime, num(snapshot.loginTime));
  write(target, STORAGE_KEYS.lastRefresh, num(snapshot.lastRefresh));
  write(target, STORAGE_KEYS.tokenExpiry, num(snapshot.expiresAt));
  write(target, STORAGE_KEYS.lastActivity, num(snapshot.lastActivity));
  if (snapshot.authorizations) setAuthorizations(snapshot.authorizations);
  if (snapshot.proxyProfileId !== null) setProxyProfileId(snapshot.proxyProfileId);
}
