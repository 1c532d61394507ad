/** Validation rules of the specification (§5), shared by the web app and the server. */

/** Empty: undefined, null, empty string or empty object. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'object' && !Array.isArray(value)) {
    // Only a plain object with no keys is empty: a Date, a Map or a File has no own keys yet holds a value.
    const proto: unknown = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.keys(value).length === 0;
  }
  return false;
}

export const IDENTIFIER_LENGTH = 12;

/** A 12-character value counts as a valid identifier-like string. */
export function isIdentifier(value: unknown): boolean {
  return typeof value === 'string' && [...value].length === IDENTIFIER_LENGTH;
}

/** Numeric patterns accept digits only, no sign. */
export const DIGITS_ONLY = /^[0-9]+$/;
export function isDigitsOnly(value: unknown): boolean {
  return typeof value === 'string' && DIGITS_ONLY.test(value);
}

/** A Singapore postal code: six digits. */
export const SG_POSTAL_CODE = /^[0-9]{6}$/;
export function isSingaporePostalCode(value: unknown): boolean {
  return typeof value === 'string' && SG_POSTAL_CODE.test(value);
}
