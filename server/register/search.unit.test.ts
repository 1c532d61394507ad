import { describe, expect, it } from 'vitest';
import { newReference, wordSlots } from './search.ts';

describe('wordSlots', () => {
  it('joins the two means of a word, the nearest first, without repeats', () => {
    expect(wordSlots([{ similar: ['BENG', 'BEN'], lettered: ['BENG', 'BENJAMIN'] }])).toEqual([
      ['BENG', 'BEN', 'BENJAMIN'],
    ]);
  });

  it("holds a repeated word to its next occurrence, and leaves out a word near none of the register's", () => {
    expect(
      wordSlots([
        { similar: ['HWEE'], lettered: ['HWEE'] },
        { similar: [], lettered: [] },
        { similar: ['HWEE', 'HWA'], lettered: [] },
        { similar: ['TOH'], lettered: ['TOH', 'TEO'] },
        { similar: ['HWEE'], lettered: [] },
      ]),
    ).toEqual([['HWEE'], ['HWEE*2', 'HWA'], ['TOH', 'TEO'], ['HWEE*3']]);
  });
});

describe('newReference', () => {
  it('carries the date in Singapore, where the search was made, not in UTC', () => {
    // 05:51 on 28 November in Singapore is still 27 November in UTC.
    expect(newReference(new Date('2026-11-27T21:51:00Z'))).toMatch(/^RS-20261128-[0-9A-F]{10}$/);
    expect(newReference(new Date('2026-11-28T15:59:00Z'))).toMatch(/^RS-20261128-/);
  });
});
