import { currency as currencyItem } from '../codelists/index.ts';

/**
 * An amount answer's major units (`"1234.5"`) read exactly, in integer minor units (the rules' limits and
 * sums, a fee), and as people read them: the way the portal writes money (`S$1,234.50`, as formatMoney of
 * contract/payments.ts does for cents), in check answers, the acknowledgement, the officer's view and the
 * limits a message names. Zod-free and without state at load, so contract/fees.ts can use it too.
 */

/** Digits of an amount in minor units: 15 keep it exact in a double (a definition's limits go to 1e15). */
const MAX_MINOR_DIGITS = 15;
/** The most an amount answer may be, in minor units of any currency: S$9,999,999,999,999.99, JPY 999,…,999. */
export const LARGEST_AMOUNT = 10 ** MAX_MINOR_DIGITS - 1;

/** An amount typed in major units ("120.50") as its minor units' digits ("12050"), or null if it is not one. */
function minorUnitDigits(amount: string, minorDigits: number): string | null {
  const pattern = minorDigits > 0 ? new RegExp(`^([0-9]+)(?:\\.([0-9]{1,${minorDigits}}))?$`) : /^([0-9]+)()$/;
  const m = pattern.exec(amount.trim());
  return m ? `${m[1]}${(m[2] ?? '').padEnd(minorDigits, '0')}`.replace(/^0+(?=[0-9])/, '') : null;
}

/**
 * An amount typed in major units ("120.50") in integer minor units (12050); null if it is not one, or is
 * more than LARGEST_AMOUNT (isTooLargeAmount tells which).
 */
export function toMinorUnits(amount: string, minorDigits: number): number | null {
  const digits = minorUnitDigits(amount, minorDigits);
  return digits === null || digits.length > MAX_MINOR_DIGITS ? null : Number(digits);
}

/** An amount written as one, but more than LARGEST_AMOUNT. */
export function isTooLargeAmount(amount: string, minorDigits: number): boolean {
  const digits = minorUnitDigits(amount, minorDigits);
  return digits !== null && digits.length > MAX_MINOR_DIGITS;
}

/** Minor units shown in major units: 1 → "0.01". */
export function formatMinorUnits(minor: number | bigint, minorDigits: number): string {
  if (minorDigits === 0) return String(minor);
  const s = String(minor).padStart(minorDigits + 1, '0');
  return `${s.slice(0, -minorDigits)}.${s.slice(-minorDigits)}`;
}

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
