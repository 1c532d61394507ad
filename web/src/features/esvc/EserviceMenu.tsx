import { useEffect, useState } from 'react';
import { ROUTES } from '../../../../contract/index.ts';
import type { CatalogueResponse } from '../../../../contract/schemas/eservices.ts';
import { MenuGroup, MenuLink } from '../../components/shell/SiteMenu.tsx';
import { fetchCatalogue } from './api.ts';
import { menusOf } from './filter.ts';

/**
 * The header's e-service menus, built from the acting profile's catalogue (lazily loaded by
 * EserviceMenuSlot once someone is signed in). profileId re-fetches after a proxy switch.
 */
export default function EserviceMenu({ profileId }: { profileId: string }) {
  const [groups, setGroups] = useState<CatalogueResponse['groups'] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchCatalogue({ signal: controller.signal, background: true }).then((result) => {
      if (!controller.signal.aborted) setGroups(result.ok ? result.catalogue.groups : null);
    });
    return () => controller.abort();
  }, [profileId]);

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
