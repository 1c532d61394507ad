import type { ScreenProps } from '../../lib/router/router.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { ProfileDetails } from './ProfileDetails.tsx';

/** #/profile: the identity of the profile the user acts for (spec §3). */
export default function ProfileScreen(_props: ScreenProps) {
  const identity = useIdentity(identityStore, { keepWhileReloading: true });
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Profile
      </h1>
      {identity ? <ProfileDetails identity={identity} /> : <p role="status">Loading the profile…</p>}
    </section>
  );
}
