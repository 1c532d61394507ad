import { describe, expect, it } from 'vitest';
import type { CatalogueResponse } from '#contract/schemas/eservices.ts';
import { countEservices, filterCatalogue, menusOf } from './filter.ts';

const e = (code: string, title: string, description: string, group: string, menu: string) => ({
  code,
  title,
  description,
  group,
  menu,
  href: `/generic?app=${code}`,
});
const groups: CatalogueResponse['groups'] = [
  {
    name: 'Payments',
    menu: 'Payments',
    eservices: [e('PD', 'Payment by Debtor', 'Make a payment towards your debts.', 'Payments', 'Payments')],
  },
  {
    name: 'Refunds',
    menu: 'Payments',
    eservices: [e('PRD', 'Refund of Deposits', 'Apply for a refund of deposits or fees.', 'Refunds', 'Payments')],
  },
  {
    name: 'Travel',
    menu: 'Applications',
    eservices: [
      e('PAR', 'Permission to Travel Abroad', 'Travel overseas while bankrupt (café).', 'Travel', 'Applications'),
    ],
  },
];

describe('search-as-you-type over the catalogue', () => {
  it('keeps everything for an empty query', () => {
    expect(filterCatalogue(groups, '  ')).toBe(groups);
    expect(countEservices(groups)).toBe(3);
  });
  it('matches title and description, any case, every word in any order', () => {
    expect(filterCatalogue(groups, 'REFUND').flatMap((g) => g.eservices.map((x) => x.code))).toEqual(['PRD']);
    expect(filterCatalogue(groups, 'debts payment').flatMap((g) => g.eservices.map((x) => x.code))).toEqual(['PD']);
    expect(filterCatalogue(groups, 'overseas').map((g) => g.name)).toEqual(['Travel']);
  });
  it('ignores accents', () => {
    expect(countEservices(filterCatalogue(groups, 'cafe'))).toBe(1);
  });
  it('drops groups with no match', () => {
    expect(filterCatalogue(groups, 'nothing like this')).toEqual([]);
  });
});

describe('menus', () => {
  it('gathers the groups of each menu, in catalogue order', () => {
    expect(menusOf(groups).map((m) => [m.menu, m.eservices.map((x) => x.code)])).toEqual([
      ['Payments', ['PD', 'PRD']],
      ['Applications', ['PAR']],
    ]);
  });
});
