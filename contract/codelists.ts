/**
 * Code lists of the specification (§3). The small ones live here; the currency (ISO 4217) and
 * nationality lists are generated from npm packages into contract/codelists/ and reached through
 * contract/codelists/index.ts, so the app's first load does not carry them.
 */
export interface CodeItem {
  code: string;
  label: string;
}

export interface CurrencyItem extends CodeItem {
  /** Decimal places of the currency's minor unit (ISO 4217): 2 for SGD, 0 for JPY. */
  minorDigits: number;
}

export const YES_NO: readonly CodeItem[] = [
  { code: 'Y', label: 'Yes' },
  { code: 'N', label: 'No' },
];

export const ENTITY_TYPES: readonly CodeItem[] = [
  { code: 'NI', label: 'Entity' },
  { code: 'I', label: 'Individual' },
];

export const GENDERS: readonly CodeItem[] = [
  { code: 'M', label: 'Male' },
  { code: 'F', label: 'Female' },
];

/** Payment methods. The specification names only the default, GIRO (§9); the others are ours. */
export const PAYMENT_METHODS: readonly CodeItem[] = [
  { code: 'GIRO', label: 'GIRO' },
  { code: 'PAYNOW', label: 'PayNow' },
  { code: 'CARD', label: 'Credit or debit card' },
  { code: 'CHEQUE', label: 'Cheque' },
];
