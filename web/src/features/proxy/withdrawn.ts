import { read, readProxyWithdrawn } from '#contract/answers.ts';
import { AUTH_MESSAGES, ROUTES } from '#contract/index.ts';
import { emit } from '../../lib/events/bus.ts';
import { identity as identityStore, session } from '../../lib/session/index.ts';

export interface WithdrawnDeps {
  /** POST switchProxyProfile; '' switches back to the user's own profile. */
  call: (ptibProfileID: string) => Promise<string>;
  navigate: (to: string) => void;
}

/**
 * What to do when the server says the authority to act for the current profile was withdrawn (header
 * 4110, the bus's session:proxyWithdrawn): the user acts as themself again: switch back on the server,
 * tell the other tabs, reload the identity, go to the dashboard and say why (docs/decisions/0029). Calls
 * refused at the same time share one switch back.
 */
export function returnToSelfWhenProxyWithdrawn(deps: WithdrawnDeps): (refusal: { responseJSON: unknown }) => void {
  let returning = false;
  return (refusal) => {
    if (returning) return;
    returning = true;
    // Named as the user knew it: as the refusal names it (the identity in memory may be gone by now, the
    // profile call itself refused), else the identity shown while acting for it.
    const former = read(readProxyWithdrawn, refusal.responseJSON) ?? identityStore.current();
    void (async () => {
      try {
        await deps.call('');
        session.proxySwitched('');
        await identityStore.load();
        deps.navigate(ROUTES.dashboard);
        emit('toast', {
          severity: 'warn',
          message: AUTH_MESSAGES.proxyWithdrawnReturned(former?.PTIBName ?? '', former?.ptibProfileID ?? ''),
        });
      } catch {
        // A session end or an outage on the way back was reported by the HTTP layer already.
      } finally {
        returning = false;
      }
    })();
  };
}

/**
 * The app's handler. This module loads only when a grant is withdrawn (web/src/app/session-wiring.ts,
 * docs/decisions/0038), and the call's module (with the zod schemas it parses with) only then too
 * (docs/decisions/0027).
 */
export const returnToSelfWithSwitch = (navigate: (to: string) => void) =>
  returnToSelfWhenProxyWithdrawn({
    call: (id) => import('./api.ts').then(({ switchProxyProfile }) => switchProxyProfile(id)),
    navigate,
  });
