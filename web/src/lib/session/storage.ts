import { STORAGE_KEYS } from './keys.ts';

/**
 * Token storage as the specification demands (§4): localStorage when the user chose "remember me",
 * otherwise sessionStorage. Storage can throw (private mode, quota, disabled): every read here is
 * safe and answers null; storeSession throws so the caller can send the user to the logout screen.
 *
 * What the first load needs (the token, the start of a session, the guards' return address, logout's
 * clean-up). What only the lazily loaded session engine and sign-in steps need is in engineStorage.ts,
 * which builds on store, read and write here: everything a module of the first load exports that any
 * chunk uses is in the first load (docs/decisions/0038-first-load-back-under-budget.md).
 */

export { STORAGE_KEYS } from './keys.ts';

type Kind = 'local' | 'session';

export function store(kind: Kind): Storage | null {
  try {
    return (kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(storage: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Best effort: what cannot be kept is fetched again or shown without.
  }
}

/** The current bearer token, or null when signed out. The HTTP layer reads it for every call. */
export function getToken(): string | null {
  return read(store('session'), STORAGE_KEYS.token) || read(store('local'), STORAGE_KEYS.token) || null;
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

/** Authorizations cached in sessionStorage after sign-in (spec §6). */
export function setAuthorizations(authorizations: readonly string[] | null): void {
  write(store('session'), STORAGE_KEYS.authorizations, authorizations ? JSON.stringify(authorizations) : null);
}

export function setDashboardMessage(message: string | null): void {
  write(store('session'), STORAGE_KEYS.dashboardMessage, message);
}
export const getDashboardMessage = (): string | null => read(store('session'), STORAGE_KEYS.dashboardMessage);

/**
 * Remembers the address a failed guard was asked for, to reopen after signing in; or, with `login`, the
 * form that login left unsaved when its session ended, to reopen for that login only (docs/decisions/0010).
 */
export function setReturnTo(target: string | null, login: string | null = null): void {
  write(store('session'), STORAGE_KEYS.returnTo, target);
  write(store('session'), STORAGE_KEYS.returnToLogin, target === null ? null : login);
}

/**
 * Reads and forgets the remembered address, for the login just signed in (null: not known). Another
 * login's unsaved form is not this one's to open: that user lands on their own start.
 */
export function takeReturnTo(login: string | null): string | null {
  const session = store('session');
  const value = read(session, STORAGE_KEYS.returnTo);
  const owner = read(session, STORAGE_KEYS.returnToLogin);
  setReturnTo(null);
  if (owner !== null && owner.toLowerCase() !== login?.toLowerCase()) return null;
  return value;
}

/**
 * Logout's clean-up (spec §4): tokens and times, dashboard message, authorizations, proxy choice and
 * case identity, from both storages, or only from this tab's (`kinds`) when the shared one may already
 * hold another tab's new session. Never throws.
 */
export function clearSession(kinds: readonly Kind[] = ['local', 'session']): void {
  const keys = [
    ...TOKEN_KEYS,
    STORAGE_KEYS.authorizations,
    STORAGE_KEYS.dashboardMessage,
    STORAGE_KEYS.proxyProfileId,
    STORAGE_KEYS.caseIdentity,
    // A one-time password step left unfinished: a session begun or ended since is not to come back to it.
    STORAGE_KEYS.otpPending,
  ];
  for (const kind of kinds) {
    const storage = store(kind);
    for (const key of keys) write(storage, key, null);
  }
}
