import { useEffect, useState, useSyncExternalStore } from 'react';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import type { IdentityStore } from './identity.ts';
import { getToken } from './storage.ts';

export interface UseIdentityOptions {
  /** Load the identity when it is not known (default). The header passes false while signed out. */
  load?: boolean;
  /**
   * While a forgotten identity is loaded again (after a proxy switch), keep answering the previous one
   * instead of null, so a screen is not torn down and rebuilt (which would lose the user's focus).
   */
  keepWhileReloading?: boolean;
}

/**
 * The acting profile's identity for a screen: re-renders when it changes (a proxy switch here or in
 * another tab invalidates it) and loads it again when it is not known.
 */
export function useIdentity(
  store: IdentityStore,
  { load = true, keepWhileReloading = false }: UseIdentityOptions = {},
): UserIdentity | null {
  const identity = useSyncExternalStore(store.subscribe, store.current, store.current);
  const [last, setLast] = useState(identity);
  if (identity && identity !== last) setLast(identity);
  useEffect(() => {
    // Signed out (a logout forgets the identity before the screen is left): nothing to load.
    if (load && identity === null && getToken()) void store.load();
  }, [store, load, identity]);
  return identity ?? (keepWhileReloading ? last : null);
}
