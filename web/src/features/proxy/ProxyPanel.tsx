import { useCallback } from 'react';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { emit } from '../../lib/events/bus.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { identity as identityStore, session } from '../../lib/session/index.ts';
import { fetchUnreadByProfile } from '../../app/masterParts.ts';
import { fetchMasterList, switchProxyProfile } from './api.ts';
import {
  actingIdOf,
  buildProxyOptions,
  isMasterUser,
  MYSELF_ID,
  PROXY_HEADING_ID,
  type ProxyOption,
} from './options.ts';
import { ProxySelector } from './ProxySelector.tsx';
import { switchProxy } from './switchProxy.ts';

export { actingIdOf, isMasterUser };

/** The dashboard's proxy panel for a master user: the master list and the switch. */
export function ProxyPanel({ identity }: { identity: UserIdentity }) {
  const router = useRouter();
  const { state, retry } = useLoad('master-list', fetchMasterList);
  // Each profile's unread messages by its choice: those profiles have no holder of their own to read them
  // (docs/decisions/0101). Without them the choice still works, so a failure shows nothing.
  const counts = useLoad('unread-by-profile', fetchUnreadByProfile);
  const unread =
    counts.state.kind === 'ready'
      ? new Map([...counts.state.value].map(([id, n]) => [id === identity.ownPtibProfileID ? MYSELF_ID : id, n]))
      : undefined;

  const onSwitch = useCallback(
    async (option: ProxyOption) => {
      await switchProxy(option, {
        call: switchProxyProfile,
        recordSwitch: (id) => session.proxySwitched(id),
        reloadIdentity: () => identityStore.load(),
        navigate: (to) => router.navigate(to),
        recheckRoute: () => router.refresh(),
        emit,
      });
    },
    [router],
  );

  const actingId = actingIdOf(identity);
  return (
    <section aria-labelledby={PROXY_HEADING_ID} className="dashboard-panel">
      <h2 id={PROXY_HEADING_ID}>Act for another profile</h2>
      <LoadStatus
        state={state}
        loading="Loading the profiles you may act for…"
        failed="The profiles you may act for could not be loaded."
        retry={retry}
      />
      {state.kind === 'ready' &&
        (state.value.length === 0 ? (
          <p>There are no profiles you may act for.</p>
        ) : (
          <ProxySelector
            options={buildProxyOptions(state.value, identity.PTIBName)}
            actingId={actingId}
            unread={unread}
            onSwitch={onSwitch}
          />
        ))}
    </section>
  );
}
