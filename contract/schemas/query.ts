import { z } from 'zod';
import { QUERY_MESSAGES } from '../messages.ts';
import { DIGITS_ONLY } from '../validation.ts';

/**
 * A whole number that a query parameter carries, as `name`, from `min` to `max`: plain decimal digits.
 * z.coerce.number(), used before, read ' 1', '1.0', '0x10' and '1e3' as the numbers JavaScript makes of them.
 * A parameter given twice is refused as such for every field (server/plugins/errors.ts).
 */
export function queryWholeNumber(name: string, min: number, max: number) {
  return z.unknown().transform((value, ctx) => {
    const n = typeof value === 'string' && DIGITS_ONLY.test(value) ? Number(value) : NaN;
    // Digits too many for a number read as Infinity: over the maximum, as they are.
    const problem = Number.isNaN(n)
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
