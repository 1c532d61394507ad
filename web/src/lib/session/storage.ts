import { STORAGE_KEYS } from './keys.ts';

/**
 * Token storage as the specification demands (§4): localStorage when the user chose "remember me",
 * otherwise sessionStorage. Storage can throw (private mode, quota, disabled): every read here is
 * safe and answers null; storeSession throws so the caller can send the user to the logout screen.
 */

export { STORAGE_KEYS } from './keys.ts';

type Kind = 'local' | 'session';

function store(kind: Kind): Storage | null {
  try {
    return (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Best effort: what cannot be kept is fetched again or shown without.
  }
}

/** The storage that holds the session: the one with the token (sessionStorage wins if both do). */
function sessionStore(): Storage | null {
  const session = store('session');
  if (read(session, STORAGE_KEYS.token)) return session;
  const local = store('local');
  if (read(local, STORAGE_KEYS.token)) return local;
  return null;
}

/** The current bearer token, or null when signed out. The HTTP layer reads it for every call. */
export function getToken(): string | null {
  return read(store('session'), STORAGE_KEYS.token) || read(store('local'), STORAGE_KEYS.token) || null;
}

/** True when the token lives in localStorage ("remember me"). */
export function isRemembered(): boolean {
  return !read(store('session'), STORAGE_KEYS.token) && !!read(store('local'), STORAGE_KEYS.token);
}

/** Keys that belong to the token's storage (moved together, cleared together). */
const TOKEN_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.loginTime,
  STORAGE_KEYS.lastRefresh,
  STORAGE_KEYS.lastActivity,
  STORAGE_KEYS.tokenExpiry,
] as const;

export interface NewSession {
  token: string;
  /** localStorage when true, otherwise sessionStorage. */
  rememberMe: boolean;
  /** Epoch ms of sign-in, which is also the token's issue. */
  now: number;
}

/**
 * Stores a new session's token and records login and last-refresh times (spec §4). Throws when the
 * token is empty or the storage refuses it, leaving nothing half-stored.
 */
export function storeSession({ token, rememberMe, now }: NewSession): void {
  if (!token) throw new Error('Empty token');
  const target = store(rememberMe ? 'local' : 'session');
  if (!target) throw new Error('Storage unavailable');
  try {
    target.setItem(STORAGE_KEYS.token, token);
    target.setItem(STORAGE_KEYS.loginTime, String(now));
    target.setItem(STORAGE_KEYS.lastRefresh, String(now));
    target.removeItem(STORAGE_KEYS.lastActivity);
    target.removeItem(STORAGE_KEYS.tokenExpiry);
  } catch (error) {
    for (const key of TOKEN_KEYS) write(target, key, null);
    throw error;
  }
  // A previous session in the other storage would shadow or outlive this one.
  const other = store(rememberMe ? 'session' : 'local');
  for (const key of TOKEN_KEYS) write(other, key, null);
}

/** Begins a new session in storage: whatever an earlier one left goes (clearSession), then storeSession. */
export function replaceSession(session: NewSession): void {
  clearSession();
  storeSession(session);
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

/** Authorizations cached in sessionStorage after sign-in (spec §6). */
export function setAuthorizations(authorizations: readonly string[] | null): void {
  write(store('session'), STORAGE_KEYS.authorizations, authorizations ? JSON.stringify(authorizations) : null);
}

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

export function setDashboardMessage(message: string | null): void {
  write(store('session'), STORAGE_KEYS.dashboardMessage, message);
}
export const getDashboardMessage = (): string | null => read(store('session'), STORAGE_KEYS.dashboardMessage);

/** Proxy mode: the profile acted for ('' = myself), kept in sessionStorage (spec §4). */
export function setProxyProfileId(ptibProfileId: string | null): void {
  write(store('session'), STORAGE_KEYS.proxyProfileId, ptibProfileId);
}
export const getProxyProfileId = (): string | null => read(store('session'), STORAGE_KEYS.proxyProfileId);

/** Remembers the address a failed guard was asked for, to reopen after signing in. */
export function setReturnTo(target: string | null): void {
  write(store('session'), STORAGE_KEYS.returnTo, target);
}

/** Reads and forgets the remembered address. */
export function takeReturnTo(): string | null {
  const value = read(store('session'), STORAGE_KEYS.returnTo);
  write(store('session'), STORAGE_KEYS.returnTo, null);
  return value;
}

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

/**
 * Logout's clean-up (spec §4): tokens and times, dashboard message, authorizations, proxy choice and
 * case identity, from both storages. Never throws.
 */
export function clearSession(): void {
  const keys = [
    ...TOKEN_KEYS,
    STORAGE_KEYS.authorizations,
    STORAGE_KEYS.dashboardMessage,
    STORAGE_KEYS.proxyProfileId,
    STORAGE_KEYS.caseIdentity,
  ];
  for (const kind of ['local', 'session'] as const) {
    const storage = store(kind);
    for (const key of keys) write(storage, key, null);
  }
}
