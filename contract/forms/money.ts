import { currency as currencyItem } from '../codelists/index.ts';

/**
 * An amount answer's major units (`"1234.5"`) as people read them: the way the portal writes money
 * (`S$1,234.50`, as formatMoney of contract/payments.ts does for cents), in check answers, the
 * acknowledgement, the officer's view and the limits a message names.
 */

/** `1234.5` in SGD → `S$1,234.50`; other currencies by code: `USD 1,234.50`. */
export function formatMoney(amount: string, currency: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return `${currency} ${amount}`.trim();
  const digits = currencyItem(currency)?.minorDigits ?? 2;
  const whole = m[1]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits > 0 ? `.${(m[2] ?? '').padEnd(digits, '0').slice(0, digits)}` : '';
  return currency === 'SGD' ? `S$${whole}${fraction}` : `${currency} ${whole}${fraction}`;
}
