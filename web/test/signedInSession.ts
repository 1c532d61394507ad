import type { UserIdentity } from '#contract/schemas/auth.ts';
import { createIdentityStore } from '../src/lib/session/identity.ts';

/*
 * A stand-in for web/src/lib/session/index.ts: a session signed in as ptib.demo that never ends, and the
 * real identity store over a profile call that answers at once. A test file names it as the module's
 * factory, `vi.mock('<path to lib/session/index.ts>', () => import('<this file>'))`, so the screens under
 * test render for a signed-in user without the session engine's timers or the sign-in calls.
 */

export const session = {
  getState: () => ({ signedIn: true, startedAt: 1, deadline: null, warning: false }),
  subscribe: () => () => {},
};

export const identity = createIdentityStore(async () => ({
  kind: 'ok',
  identity: { loginName: 'ptib.demo', ptibProfileID: 'PTIB00000001', authorizations: ['SEMS01'] } as UserIdentity,
}));
