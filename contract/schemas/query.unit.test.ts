import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { QUERY_MESSAGES } from '../messages.ts';
import { queryWholeNumber } from './query.ts';

/** What a schema says of a value: the number it reads, or the message of its first issue. */
function read(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
}

describe('a whole number in a query', () => {
  const page = queryWholeNumber('page', 1, 500);

  it.each([
    ['1', 1],
    ['500', 500],
    ['007', 7],
  ])('%s reads as %s', (text, n) => expect(read(page, text)).toBe(n));

  it.each(['0x10', '1e3', '1.0', ' 1', '1 ', '+1', '-1', '', 'abc', '١'])(
    '%j is refused: only plain decimal digits are a number',
    (text) => expect(read(page, text)).toBe(QUERY_MESSAGES.wholeNumber('page')),
  );

  it('outside its range says which end', () => {
    expect(read(page, '0')).toBe(QUERY_MESSAGES.atLeast('page', 1));
    expect(read(page, '501')).toBe(QUERY_MESSAGES.atMost('page', 500));
    // Too many digits for a number: over the maximum all the same.
    expect(read(page, '9'.repeat(400))).toBe(QUERY_MESSAGES.atMost('page', 500));
  });
});
