import { lazy, Suspense } from 'react';
import { AUTHORIZATION_SEMS01 } from '../../../../contract/index.ts';
import { DefaultMenu } from '../../components/shell/SiteMenu.tsx';
import { identity } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';

// Its own chunk: the catalogue's schemas (zod) stay out of the first load.
const EserviceMenu = lazy(() => import('./EserviceMenu.tsx'));

/**
 * What the header menu holds: the default links for visitors, the e-service menus for a signed-in user
 * who may use e-services. Reads the identity only; it never calls for a signed-out visitor.
 */
export function EserviceMenuSlot() {
  const user = useIdentity(identity, { load: false });
  if (!user || !user.authorizations.includes(AUTHORIZATION_SEMS01)) return <DefaultMenu />;
  return (
    <Suspense fallback={<DefaultMenu />}>
      <EserviceMenu profileId={user.ptibProfileID} />
    </Suspense>
  );
}
