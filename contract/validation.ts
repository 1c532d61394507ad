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

/**
 * Characters that show nothing: white space of every kind, control characters, and the default-ignorable
 * ones a paste brings along unseen (zero-width space and joiners, word joiner, byte order mark, direction
 * marks, soft hyphen, Hangul fillers), and the blank Braille pattern.
 */
const SHOWS_NOTHING = /^[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Text that shows nothing to its reader: as empty as '' for a required answer, reason, message or note
 * (trim() keeps a zero-width space, so "\u200b" would otherwise pass as written).
 */
export function showsNothing(text: string): boolean {
  return SHOWS_NOTHING.test(text);
}

/** Characters of no width that a paste brings along: zero-width space and joiners, word joiner, byte order mark. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** Arabic-Indic (U+0660-0669) and Extended Arabic-Indic (U+06F0-06F9) digits, which NFKC leaves as they are. */
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * Text that must be digits, a code or an identifier, in the characters the rules read, however the keyboard
 * or the paste gave it (docs/decisions/0035: let people type what comes naturally): full-width forms of an
 * input method in full-width mode ("９１２３４５６７") by NFKC, Arabic-Indic digits ("١٢٣") as 0-9, and the
 * zero-width characters a copy brings along dropped. Never for names or free text: NFKC changes what people
 * wrote (ligatures, superscripts, compatibility ideographs).
 */
export function inPlainCharacters(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .replace(ARABIC_INDIC_DIGITS, (digit) => String(digit.codePointAt(0)! & 0xf));
}

/**
 * Characters that reorder the text around them: "Tan\u202E0001 ot yaP" shows its reader "Tan Pay to 1000"
 * reversed into place. Nobody types them on purpose in a Singapore portal, so they are dropped from what
 * people write for others to read (docs/decisions/0031). The marks (U+200E, U+200F), which reorder nothing,
 * stay for right-to-left names.
 */
const DIRECTION_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * A string, or the strings of plain objects and arrays (keys too), without direction overrides. Copied level
 * by level from a list of its own rather than by recursion, so that no depth overflows the stack: the server
 * calls it on whatever a request brings (docs/decisions/0031).
 */
export function withoutDirectionOverrides(value: unknown): unknown {
  // Each container copied, but not yet filled: filling it copies its members, which may add more.
  const unfilled: Array<() => void> = [];
  const copy = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(DIRECTION_OVERRIDES, '');
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      unfilled.push(() => {
        for (const item of v) out.push(copy(item));
      });
      return out;
    }
    if (typeof v !== 'object' || v === null) return v;
    // A Buffer, a Date or a stream is left as it is: only what JSON parses to is text to clean.
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    unfilled.push(() => {
      // Defined, not assigned: a key named __proto__ stays a key, as JSON.parse made it.
      for (const [key, item] of Object.entries(v))
        Object.defineProperty(out, key.replace(DIRECTION_OVERRIDES, ''), {
          value: copy(item),
          writable: true,
          enumerable: true,
          configurable: true,
        });
    });
    return out;
  };
  const cleaned = copy(value);
  for (let fill = unfilled.pop(); fill; fill = unfilled.pop()) fill();
  return cleaned;
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

/** A Singapore postal code: six digits, the first two its postal sector (01 to 82). */
export const SG_POSTAL_CODE = /^(?:0[1-9]|[1-7][0-9]|8[0-2])[0-9]{4}$/;
export function isSingaporePostalCode(value: unknown): boolean {
  return typeof value === 'string' && SG_POSTAL_CODE.test(value);
}
