import type { UserIdentity } from '../../../../contract/schemas/auth.ts';
import { setAuthorizations, setDashboardMessage } from './storage.ts';

/**
 * The signed-in user's identity (spec §3), fetched once per session and kept in memory; fetched again
 * after a proxy switch. Guards read it before protected screens load; screens read it to show it.
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
  /** No identity: the call failed or was refused. */
  | { kind: 'none' };

export type ProfileFetcher = () => Promise<ProfileAnswer>;

export interface IdentityStore {
  /** The identity, fetching it when not known yet. */
  load(): Promise<ProfileAnswer>;
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
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };

  return {
    load() {
      if (identity) return Promise.resolve({ kind: 'ok', identity });
      if (pending) return pending;
      const mine = generation;
      pending = fetchProfile()
        .catch((): ProfileAnswer => ({ kind: 'none' }))
        .then((answer) => {
          if (mine !== generation) return answer;
          pending = null;
          if (answer.kind === 'ok') {
            identity = answer.identity;
            // Cached for the session (spec §6): other screens read them without a call.
            setAuthorizations(answer.identity.authorizations);
            setDashboardMessage(answer.identity.dashboardMessage);
            notify();
          }
          return answer;
        });
      return pending;
    },
    current: () => identity,
    invalidate() {
      generation += 1;
      pending = null;
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
