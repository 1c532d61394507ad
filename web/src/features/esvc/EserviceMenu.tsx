import { ROUTES } from '#contract/index.ts';
import { MenuGroup } from '../../components/shell/MenuGroup.tsx';
import { MenuLink } from '../../components/shell/SiteMenu.tsx';
import { fetchCatalogue } from '../../lib/catalogue.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { menusOf } from './filter.ts';

/**
 * The header's e-service menus, built from the acting profile's catalogue (lazily loaded by
 * EserviceMenuSlot once someone is signed in). profileId re-fetches after a proxy switch.
 */
export default function EserviceMenu({ profileId }: { profileId: string }) {
  // A background call: the menus simply have no e-service groups when it fails.
  const { state } = useLoad(profileId, (signal) => fetchCatalogue(signal, { background: true }));
  const groups = state.kind === 'ready' ? state.value.groups : null;

  return (
    <>
      <MenuLink href={`#${ROUTES.dashboard}`}>Dashboard</MenuLink>
      <MenuLink href={`#${ROUTES.esvc}`}>All e-services</MenuLink>
      {groups &&
        menusOf(groups).map(({ menu, eservices }) => (
          <MenuGroup key={menu} label={menu}>
            {eservices.map((e) => (
              <MenuLink key={e.code} href={`#${e.href}`}>
                {e.title}
              </MenuLink>
            ))}
          </MenuGroup>
        ))}
    </>
  );
}
