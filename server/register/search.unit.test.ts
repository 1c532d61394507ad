import { describe, expect, it } from 'vitest';
import { wordSlots } from './search.ts';

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
