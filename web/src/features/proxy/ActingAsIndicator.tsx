import './proxy.css';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { useSession } from '../../lib/session/useSession.ts';

/**
 * The header's note of whom the user is acting as: 'Acting for X' in proxy mode, otherwise the user's
 * own name. A status region, so a switch (here or in another tab) is announced.
 */
export function ActingAsIndicator() {
  const { signedIn } = useSession();
  const identity = useIdentity(identityStore, { load: signedIn });
  const text = !signedIn || !identity ? '' : describeActing(identity);
  return (
    <p className="acting-as" role="status" data-testid="acting-as">
      {text}
    </p>
  );
}

export function describeActing(identity: {
  PTIBName: string;
  ptibProfileID: string;
  ownPtibProfileID: string;
}): string {
  return identity.ptibProfileID !== identity.ownPtibProfileID
    ? `Acting for ${identity.PTIBName}`
    : `Signed in as ${identity.PTIBName}`;
}
