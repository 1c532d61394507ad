import { z } from 'zod';
import { QUERY_MESSAGES } from '../messages.ts';
import { DIGITS_ONLY } from '../validation.ts';

/**
 * A whole number that a query parameter carries, as `name`, from `min` to `max`: plain decimal digits, given
 * once. z.coerce.number(), used before, read a repeated parameter (an array) as NaN, which it then reported
 * as "expected number, received NaN", and read ' 1', '1.0', '0x10' and '1e3' as the numbers JavaScript makes
 * of them.
 */
export function queryWholeNumber(name: string, min: number, max: number) {
  return z.unknown().transform((value, ctx) => {
    const n = typeof value === 'string' && DIGITS_ONLY.test(value) ? Number(value) : NaN;
    // Digits too many for a number read as Infinity: over the maximum, as they are.
    const problem = Array.isArray(value)
      ? QUERY_MESSAGES.repeated(name)
      : Number.isNaN(n)
        ? QUERY_MESSAGES.wholeNumber(name)
        : n < min
          ? QUERY_MESSAGES.atLeast(name, min)
          : n > max
            ? QUERY_MESSAGES.atMost(name, max)
            : null;
    if (problem === null) return n;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });
}
