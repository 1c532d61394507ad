import { useSyncExternalStore } from 'react';
import type { SessionEngine, SessionState } from './engine.ts';
import { session } from './index.ts';

/** The session's state (signed in, deadline, warning), re-rendering when it changes. */
export function useSession(engine: SessionEngine = session): SessionState {
  return useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
}
