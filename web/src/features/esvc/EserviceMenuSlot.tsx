import { AUTHORIZATION_SEMS01 } from '#contract/index.ts';
import { DefaultMenu } from '../../components/shell/SiteMenu.tsx';
import { lazyPart } from '../../lib/lazy/lazyPart.tsx';
import { identity } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';

// Its own chunk: the catalogue's schemas (zod) stay out of the first load.
// Until it loads (or while it will not, offline), the default links.
const EserviceMenu = lazyPart(() => import('./EserviceMenu.tsx'), { fallback: DefaultMenu });

/**
 * What the header menu holds: the default links for visitors, the e-service menus for a signed-in user
 * who may use e-services. Reads the identity only; it never calls for a signed-out visitor.
 */
export function EserviceMenuSlot() {
  const user = useIdentity(identity, { load: false });
  if (!user || !user.authorizations.includes(AUTHORIZATION_SEMS01)) return <DefaultMenu />;
  return <EserviceMenu profileId={user.ptibProfileID} />;
}
