import { useCallback, useEffect, useState } from 'react';
import type { MasterPtibEntry, UserIdentity } from '../../../../contract/schemas/auth.ts';
import { emit } from '../../lib/events/bus.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { identity as identityStore, session } from '../../lib/session/index.ts';
import { fetchMasterList, switchProxyProfile } from './api.ts';
import { buildProxyOptions, MYSELF_ID, type ProxyOption } from './options.ts';
import { ProxySelector } from './ProxySelector.tsx';
import { switchProxy } from './switchProxy.ts';

type ListState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: MasterPtibEntry[] };

/** The profile acted for, as the selector names it: '' when acting as oneself. */
export const actingIdOf = (identity: UserIdentity) =>
  identity.ptibProfileID === identity.ownPtibProfileID ? MYSELF_ID : identity.ptibProfileID;

/** Whether the signed-in user is a master PTIB user (proxyInd is the user's own, even in proxy mode). */
export const isMasterUser = (identity: UserIdentity) =>
  identity.proxyInd === 'Y' || identity.ptibProfileID !== identity.ownPtibProfileID;

/** The dashboard's proxy panel for a master user: the master list and the switch. */
export function ProxyPanel({ identity }: { identity: UserIdentity }) {
  const router = useRouter();
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchMasterList(controller.signal).then(
      (list) => !controller.signal.aborted && setState({ kind: 'ready', list }),
      () => !controller.signal.aborted && setState({ kind: 'failed' }),
    );
    return () => controller.abort();
  }, [attempt]);

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
      {state.kind === 'loading' && <p role="status">Loading the profiles you may act for…</p>}
      {state.kind === 'failed' && (
        <div role="alert">
          <p>The profiles you may act for could not be loaded.</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' &&
        (state.list.length === 0 ? (
          <p>There are no profiles you may act for.</p>
        ) : (
          <ProxySelector
            options={buildProxyOptions(state.list, identity.PTIBName)}
            actingId={actingId}
            onSwitch={onSwitch}
          />
        ))}
    </section>
  );
}
