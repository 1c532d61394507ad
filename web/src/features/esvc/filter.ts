import type { CatalogueResponse } from '#contract/schemas/eservices.ts';

type Groups = CatalogueResponse['groups'];

/** Lower case without accents, so 'cafe' finds 'Café'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The e-services whose title or description holds every word of the query (in any order), groups
 * without a match left out. An empty query keeps everything.
 */
export function filterCatalogue(groups: Groups, query: string): Groups {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({
      ...g,
      eservices: g.eservices.filter((e) => {
        const text = fold(`${e.title} ${e.description}`);
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.eservices.length > 0);
}

export function countEservices(groups: Groups): number {
  return groups.reduce((n, g) => n + g.eservices.length, 0);
}

/** The header's menus: each catalogue menu with its e-services, in catalogue order. */
export function menusOf(groups: Groups): Array<{ menu: string; eservices: Groups[number]['eservices'] }> {
  const menus = new Map<string, Groups[number]['eservices']>();
  for (const g of groups) menus.set(g.menu, [...(menus.get(g.menu) ?? []), ...g.eservices]);
  return [...menus].map(([menu, eservices]) => ({ menu, eservices }));
}
