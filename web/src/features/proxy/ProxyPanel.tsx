import { useCallback } from 'react';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { emit } from '../../lib/events/bus.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { identity as identityStore, session } from '../../lib/session/index.ts';
import { fetchMasterList, switchProxyProfile } from './api.ts';
import { buildProxyOptions, MYSELF_ID, type ProxyOption } from './options.ts';
import { ProxySelector } from './ProxySelector.tsx';
import { switchProxy } from './switchProxy.ts';

/** The profile acted for, as the selector names it: '' when acting as oneself. */
export const actingIdOf = (identity: UserIdentity) =>
  identity.ptibProfileID === identity.ownPtibProfileID ? MYSELF_ID : identity.ptibProfileID;

/** Whether the signed-in user is a master PTIB user (proxyInd is the user's own, even in proxy mode). */
export const isMasterUser = (identity: UserIdentity) =>
  identity.proxyInd === 'Y' || identity.ptibProfileID !== identity.ownPtibProfileID;

/** The dashboard's proxy panel for a master user: the master list and the switch. */
export function ProxyPanel({ identity }: { identity: UserIdentity }) {
  const router = useRouter();
  const { state, retry } = useLoad('master-list', fetchMasterList);

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
    <section aria-labelledby="proxy-heading" className="dashboard-panel">
      <h2 id="proxy-heading">Act for another profile</h2>
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
            onSwitch={onSwitch}
          />
        ))}
    </section>
  );
}
