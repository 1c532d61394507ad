import type { UserIdentity } from '#contract/schemas/auth.ts';
import { setAuthorizations, setDashboardMessage } from './storage.ts';

/**
 * The signed-in user's identity (spec §3), kept in memory for the screens that show it. The server
 * vouches for it again at every guarded navigation (confirm), so a session ended elsewhere shows nothing
 * of the user from memory (docs/decisions/0050-a-guarded-navigation-asks-the-server.md).
 */
export type ProfileAnswer =
  | { kind: 'ok'; identity: UserIdentity }
  /** Header 4100: the profile is blocked (spec §6). */
  | { kind: 'blocked' }
  /**
   * PTACC-951: the account may not use the PTIB screens at all (an officer's, docs/decisions/0049): access
   * denied, not a sign-in again.
   */
  | { kind: 'denied' }
  /**
   * Header 4110: the grant to act for the profile was withdrawn. The session is good: the proxy feature
   * switches the user back to themself (docs/decisions/0029), which is not a reason to sign in again.
   */
  | { kind: 'withdrawn' }
  /** No identity: the server said the session is over (403, 4200, 401), or answered none. */
  | { kind: 'none' }
  /**
   * No answer (offline, a time-out, a failing server), or a refusal that ends no session (the request refused
   * unread, say): the server said nothing about the session.
   */
  | { kind: 'unreachable' };

export type ProfileFetcher = () => Promise<ProfileAnswer>;

export interface IdentityStore {
  /** The identity, fetching it when not known yet. */
  load(): Promise<ProfileAnswer>;
  /**
   * For a guarded navigation: asks the server again, unless the last answer was fetched for this very
   * navigation (prime). A server that cannot be reached leaves the identity as it was.
   */
  confirm(): Promise<ProfileAnswer>;
  /**
   * Fetches the identity now, or takes the one a sign-in's answer held (docs/decisions/0058), and lets it
   * stand for the next guarded navigation (that sign-in's); so does a refusal fetched (an officer's account
   * or a blocked profile), which turns that navigation elsewhere without asking again.
   */
  prime(known?: UserIdentity): Promise<ProfileAnswer>;
  /** The identity if known, without fetching. */
  current(): UserIdentity | null;
  /** Forgets it (logout, proxy switch): the next load fetches again. */
  invalidate(): void;
  subscribe(listener: () => void): () => void;
}

export function createIdentityStore(fetchProfile: ProfileFetcher): IdentityStore {
  let identity: UserIdentity | null = null;
  let pending: Promise<ProfileAnswer> | null = null;
  /** Bumped by invalidate, so an answer fetched for an older session is dropped. */
  let generation = 0;
  /**
   * What the server said for the navigation about to happen (prime): an identity, or a refusal that turns
   * it elsewhere (an officer's account, a blocked profile), so that navigation need not ask again.
   */
  let primed: ProfileAnswer | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };

  function fetchNow(): Promise<ProfileAnswer> {
    if (pending) return pending;
    const mine = generation;
    pending = fetchProfile()
      .catch((): ProfileAnswer => ({ kind: 'unreachable' }))
      .then((answer) => {
        if (mine !== generation) return answer;
        pending = null;
        take(answer);
        return answer;
      });
    return pending;
  }

  /** What the server said of the identity, kept. */
  function take(answer: ProfileAnswer): void {
    if (answer.kind === 'ok') {
      identity = answer.identity;
      // Cached for the session (spec §6): other screens read them without a call.
      setAuthorizations(answer.identity.authorizations);
      setDashboardMessage(answer.identity.dashboardMessage);
      notify();
    } else if (answer.kind !== 'unreachable' && identity !== null) {
      // The server no longer vouches for the identity in memory: no screen may show it.
      identity = null;
      notify();
    }
  }

  return {
    load() {
      if (identity) return Promise.resolve({ kind: 'ok', identity });
      return fetchNow();
    },
    confirm() {
      const standing = primed;
      primed = null;
      // An identity stands while it is still the one in memory (no answer since has dropped it).
      if (standing && (standing.kind !== 'ok' || identity)) return Promise.resolve(standing);
      return fetchNow().then((answer) => {
        // Offline, the screens keep what the server last said (docs/decisions/0032): it has not ended
        // the session as far as anyone here can tell.
        if (answer.kind === 'unreachable' && identity) return { kind: 'ok', identity };
        return answer;
      });
    },
    prime(known) {
      if (known) {
        // Given with the token it came with: whatever was being fetched was for an earlier session.
        generation += 1;
        pending = null;
        const answer: ProfileAnswer = { kind: 'ok', identity: known };
        take(answer);
        primed = answer;
        return Promise.resolve(answer);
      }
      return fetchNow().then((answer) => {
        // No identity and no refusal (none, unreachable): the navigation asks for itself.
        primed = answer.kind === 'none' || answer.kind === 'unreachable' ? null : answer;
        return answer;
      });
    },
    current: () => identity,
    invalidate() {
      generation += 1;
      pending = null;
      primed = null;
      if (identity === null) return;
      identity = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
