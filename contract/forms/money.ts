import { currency as currencyItem } from '../codelists/index.ts';

/**
 * An amount answer's major units (`"1234.5"`) as people read them: the way the portal writes money
 * (`S$1,234.50`, as formatMoney of contract/payments.ts does for cents), in check answers, the
 * acknowledgement, the officer's view and the limits a message names.
 */

/** How an amount's currency is written before it: `S$` for the Singapore dollar, else its code. */
export const currencySign = (currency: string) => (currency === 'SGD' ? 'S$' : currency);

/** A currency in a sentence ("must be in Singapore dollars"): the Singapore dollar by name, others by code. */
export const currencyInWords = (currency: string) => (currency === 'SGD' ? 'Singapore dollars' : currency);

/** `1234.5` in SGD → `S$1,234.50`; other currencies by code: `USD 1,234.50`. */
export function formatMoney(amount: string, currency: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return `${currency} ${amount}`.trim();
  const digits = currencyItem(currency)?.minorDigits ?? 2;
  const whole = m[1]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits > 0 ? `.${(m[2] ?? '').padEnd(digits, '0').slice(0, digits)}` : '';
  return currency === 'SGD' ? `${currencySign(currency)}${whole}${fraction}` : `${currency} ${whole}${fraction}`;
}
