/**
 * App-wide events between the HTTP layer, the session engine and the shell, so none imports the
 * others' internals. Names are fixed here; payloads are typed.
 */
export interface AppEvents {
  /** Header 403 + Forbidden: wrong, expired or revoked token (spec §8). */
  'session:forbidden': { url: string };
  /** Header 4200: the same login signed in elsewhere. */
  'session:interrupted': { url: string };
  /**
   * Header 4110: the session acts for a profile whose grant was withdrawn (docs/decisions/0029); the
   * proxy feature switches back to the user's own profile.
   */
  /** responseJSON: the refusal's body, which names the profile (contract's readProxyWithdrawn). */
  'session:proxyWithdrawn': { url: string; message: string; responseJSON: unknown };
  /** HTTP 401 on any call. */
  'session:unauthorized': { url: string };
  /** Any other HTTP error, except 401 with an empty message or from an account call (spec §8). */
  httpError: { url: string; status: number; responseCode?: string; message: string };
  /** A call could not reach the server at all (network failure or time-out). */
  networkError: { url: string };
  /** Calls in flight changed (the progress bar counts them); blocking is true for full-page-block calls. */
  'calls:inflight': { count: number; blocking: number };
  toast: { severity: 'success' | 'warn' | 'info' | 'error'; message: string; title?: string };
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;

const handlers = new Map<keyof AppEvents, Set<Handler<keyof AppEvents>>>();

export function on<K extends keyof AppEvents>(event: K, handler: Handler<K>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as Handler<keyof AppEvents>);
  return () => set.delete(handler as Handler<keyof AppEvents>);
}

export function emit<K extends keyof AppEvents>(event: K, payload: AppEvents[K]): void {
  for (const h of handlers.get(event) ?? []) (h as Handler<K>)(payload);
}
