import { ENTITY_TYPES, GENDERS, PAYMENT_METHODS, YES_NO, type CodeItem, type CurrencyItem } from '../codelists.ts';
import { CURRENCIES } from './currency.ts';
import { NATIONALITIES } from './nationality.ts';

export { CURRENCIES, CURRENCY_SOURCE } from './currency.ts';
export { NATIONALITIES, NATIONALITY_SOURCE } from './nationality.ts';

/**
 * Every code list a form field may name. Countries share the nationality list's ISO 3166-1 alpha-2
 * codes; their names come from the runtime's Intl data (see countryLabel), so no second list ships.
 */
export const CODE_LIST_NAMES = [
  'yesNo',
  'entityType',
  'gender',
  'paymentMethod',
  'currency',
  'nationality',
  'country',
] as const;
export type CodeListName = (typeof CODE_LIST_NAMES)[number];

let countries: readonly CodeItem[] | null = null;

/** English name of an ISO 3166-1 alpha-2 region, or the code when the runtime has no name for it. */
export function countryLabel(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function countryList(): readonly CodeItem[] {
  countries ??= NATIONALITIES.map((n) => ({ code: n.code, label: countryLabel(n.code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
  return countries;
}

export function codeList(name: CodeListName): readonly CodeItem[] {
  switch (name) {
    case 'yesNo':
      return YES_NO;
    case 'entityType':
      return ENTITY_TYPES;
    case 'gender':
      return GENDERS;
    case 'paymentMethod':
      return PAYMENT_METHODS;
    case 'currency':
      return CURRENCIES;
    case 'nationality':
      return NATIONALITIES;
    case 'country':
      return countryList();
  }
}

const codeSets = new Map<CodeListName, ReadonlySet<string>>();

/** Is code one of the list's codes? (Compared exactly: codes are upper case.) */
export function isInCodeList(name: CodeListName, code: unknown): boolean {
  if (typeof code !== 'string') return false;
  let set = codeSets.get(name);
  if (!set)
    codeSets.set(name, (set = new Set((name === 'country' ? NATIONALITIES : codeList(name)).map((c) => c.code))));
  return set.has(code);
}

export function currency(code: string): CurrencyItem | undefined {
  return CURRENCIES.find((c) => c.code === code);
}
